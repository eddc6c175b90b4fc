// SPDX-License-Identifier: GPL-2.0
/*
 * One report assembled from kernels' build folders (and report.json files
 * merged from other machines): the model the writers read, and its
 * queries.  It prints nothing; report-cmd.c hands it to the writers.
 */
#define _GNU_SOURCE
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/dirs.h"
#include "report/merge.h"
#include "report/report.h"
#include "base/util.h"

const char *first_tree(const struct report *r)
{
	return r->n ? r->ks[0].tree : DEFAULT_TREE;
}

int tree_count(const struct report *r)
{
	int i, j, n = 0;

	for (i = 0; i < r->n; i++) {
		for (j = 0; j < i && strcmp(r->ks[j].tree, r->ks[i].tree); j++)
			;
		n += j == i;
	}
	return n;
}

int trees_of_kind(const struct report *r, int i)
{
	int j, n = 0;

	for (j = 0; j < i; j++)
		if (same_kind(&r->ks[j], &r->ks[i]))
			return 0;
	for (j = i; j < r->n; j++)
		n += same_kind(&r->ks[j], &r->ks[i]);
	return n;
}

static void link_baselines(struct report *r, const char *baseline)
{
	int i, j;

	for (i = 0; i < r->n; i++)
		for (j = 0; j < r->n; j++)
			if (same_group(&r->ks[j], &r->ks[i]) && !strcmp(r->ks[j].variant, baseline))
				r->ks[i].base = &r->ks[j];
}

/*
 * --budget CONFIG[/OPT]=FILE; a variant line is checked against
 * FRAGMENTS/variant-V.config (by default the budget file's own folder).
 */
static int read_budget_arg(struct budget *b, const char *arg, const char *fragments, char **err)
{
	const char *eq = strchr(arg, '=');
	char *config, *copy, *dir;

	if (!eq || eq == arg || !eq[1]) {
		*err = xasprintf("--budget %s: expected CONFIG=FILE", arg);
		return -1;
	}
	config = xasprintf("%.*s", (int)(eq - arg), arg);
	copy = xstrdup(eq + 1);
	dir = dirname(copy);
	budget_read(b, config, eq + 1, fragments ? fragments : dir);
	free(copy);
	free(config);
	return 0;
}

/* An input that could not be read, WHY (taken over): a cause of the report's failure. */
static void input_error(struct report *r, char *why)
{
	strlist_add(&r->errors, &r->nerrors, why);
}

/* A config's budget holds for it on every tree: the kernel an upgrade must fit. */
static void link_budgets(struct report *r, const struct budget *bs, int nb)
{
	int i, j;

	for (i = 0; i < r->n; i++) {
		char *config_opt = xasprintf("%s/%s", r->ks[i].config, r->ks[i].opt);

		for (j = 0; j < nb; j++)
			if (!strcmp(config_opt, bs[j].config) || !strcmp(r->ks[i].config, bs[j].config))
				r->ks[i].budget = &bs[j];
		free(config_opt);
	}
}

/* A budget line for a variant that exists but was not in this run is noted. */
static void note_unchecked(struct report *r, const struct budget *bs, int nb)
{
	int i, j, l;

	for (j = 0; j < nb; j++)
		for (l = 0; l < bs[j].n; l++) {
			const struct budget_line *bl = &bs[j].lines[l];

			if (!bl->variant[0])
				continue;
			for (i = 0; i < r->n; i++)
				if (r->ks[i].budget == &bs[j] && !strcmp(r->ks[i].variant, bl->variant))
					break;
			if (i < r->n)
				continue;
			strlist_add(&r->notes, &r->nnotes,
				    xasprintf("%s:%d: variant %s of %s is not in this run; its %s%s%s limit was not"
					      " checked", bs[j].path, bl->lineno, bl->variant, bs[j].config,
					      bl->dir[0] ? "dir " : "", bl->dir[0] ? bl->dir : "",
					      budget_key_names[bl->key]));
		}
}

/* KEY of the bytes K's attribution gives directory or file DIR; *MATCHED rows. */
static long long dir_value(const struct kernel *k, const char *dir, enum budget_key key, int *matched)
{
	static const enum attr_col col[] = { [B_TEXT] = A_TEXT, [B_DATA] = A_DATA, [B_BSS] = A_BSS };

	if (key == B_DEC)
		return attribute_under(&k->attr, dir, A_TEXT, matched) +
		       attribute_under(&k->attr, dir, A_DATA, matched) +
		       attribute_under(&k->attr, dir, A_BSS, matched);
	return attribute_under(&k->attr, dir, col[key], matched);
}

/*
 * Does DIR match a source file of any kernel of K's budget?  DCE can take
 * every byte of a directory out of one variant: that is a 0, not a typo.
 */
static int dir_in_config(const struct report *r, const struct kernel *k, const char *dir)
{
	int i, matched = 0;

	for (i = 0; i < r->n && !matched; i++)
		if (r->ks[i].budget == k->budget && r->ks[i].attr.valid)
			attribute_under(&r->ks[i].attr, dir, A_TEXT, &matched);
	return matched;
}

/*
 * K's directory limits: each "dir" line that applies to K and is not
 * overridden by K's variant's own line for the same directory and key.
 * A directory that matches no source file of any kernel of the config is
 * a typo: fatal.
 */
static void dir_rows(struct report *r, const struct kernel *k)
{
	int i, matched;

	for (i = 0; i < k->budget->n; i++) {
		const struct budget_line *l = &k->budget->lines[i];
		long long value;

		if (!l->dir[0] || budget_dir_line(k->budget, k->variant, l->dir, l->key) != l)
			continue;
		if (!k->attr.valid) {
			strlist_add(&r->notes, &r->nnotes,
				    xasprintf("%s:%d: %s has no attribution (%s); its dir %s %s limit was not checked",
					      k->budget->path, l->lineno, k->name,
					      k->attr.error ? k->attr.error : "built without DWARF", l->dir,
					      budget_key_names[l->key]));
			continue;
		}
		value = dir_value(k, l->dir, l->key, &matched);
		if (!matched && !dir_in_config(r, k, l->dir)) {
			input_error(r, xasprintf("%s:%d: dir %s matches no source file of %s", k->budget->path,
						 l->lineno, l->dir, k->name));
			continue;
		}
		r->rows = xrealloc(r->rows, (size_t)(r->nrows + 1) * sizeof(*r->rows));
		r->rows[r->nrows++] = (struct limit_row){ k, l->dir, l->key, l->max, value, l->lineno };
		r->over += value > l->max;
	}
}

static void budget_rows(struct report *r)
{
	int i, key;

	r->rows = xcalloc((size_t)r->n * B_NKEYS, sizeof(*r->rows));
	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];

		for (key = 0; k->budget && k->built && key < B_NKEYS; key++) {
			long long max = budget_limit(k->budget, k->variant, key);

			if (max < 0)
				continue;
			r->rows[r->nrows++] = (struct limit_row){ k, NULL, key, max, budget_value(k, key), 0 };
			r->over += r->rows[r->nrows - 1].value > max;
		}
	}
	for (i = 0; i < r->n; i++)
		if (r->ks[i].budget && r->ks[i].built)
			dir_rows(r, &r->ks[i]);
}

static const struct kernel *find_kernel(const struct report *r, const struct kernel *like,
					const char *variant)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (same_group(&r->ks[i], like) && !strcmp(r->ks[i].variant, variant))
			return &r->ks[i];
	return NULL;
}

static void add_missing(struct report *r, const struct kernel *a, const struct kernel *b, char *why,
			int fault)
{
	r->missing = xrealloc(r->missing, (size_t)(r->nmissing + 1) * sizeof(*r->missing));
	r->missing[r->nmissing++] = (struct missing_pair){ a, b, why, fault };
	r->unavailable += fault;
}

/* The symbol diff of two kernels read here, from their vmlinux files. */
static void diff_here(struct report *r, const struct kernel *a, const struct kernel *b)
{
	char *fa = xasprintf("%s/vmlinux", a->dir), *fb = xasprintf("%s/vmlinux", b->dir), *err = NULL;
	struct pair *p = &r->pairs[r->np];
	int n;

	p->from = a;
	p->to = b;
	if (symdiff(SYMDIFF_ALL, fa, fb, &p->table, &n, &err)) {
		add_missing(r, a, b, err, 1);
	} else {
		p->tot = p->table.tot;
		r->np++;
	}
	free(fa);
	free(fb);
}

/* Was FROM -> TO of A's config made by a merged report? */
static int have_pair(const struct report *r, const struct kernel *a, const struct kernel *b)
{
	int i;

	for (i = 0; i < r->np; i++)
		if (r->pairs[i].from == a && r->pairs[i].to == b)
			return 1;
	return 0;
}

/*
 * Each kernel of a later tree against the same config, opt and variant of
 * the first tree, when both were built here: what the upgrade costs.
 */
static void make_tree_pairs(struct report *r)
{
	const char *first = first_tree(r);
	int i, j, had;

	for (i = 0; i < r->n; i++) {
		const struct kernel *a = &r->ks[i];

		if (!a->built || a->origin || strcmp(a->tree, first))
			continue;
		for (j = 0; j < r->n; j++) {
			const struct kernel *b = &r->ks[j];

			if (!b->built || b->origin || !same_kind(a, b) || !strcmp(b->tree, first))
				continue;
			had = r->np;
			diff_here(r, a, b);
			if (r->np > had)
				r->pairs[had].across = 1;
		}
	}
}

/*
 * For each FROM:TO in O's specs and each config that has both kernels
 * built: the symbol diff, made here or taken from a merged report; when
 * neither can give it, say why.
 */
static int make_pairs(struct report *r, const struct report_inputs *o, struct merged **merges, char **err)
{
	int i, s;

	/* room for a merged and a local pair per spec and kernel, and one across trees */
	r->pairs = xcalloc((size_t)((2 * o->nspecs + 1) * r->n) + 1, sizeof(*r->pairs));
	for (i = 0; i < o->nmerges; i++)
		if (merges[i])
			r->np += merge_pairs(merges[i], r->ks, r->n, r->pairs + r->np, o->nspecs * r->n - r->np);
	for (s = 0; s < o->nspecs; s++) {
		char *from, *to = strchr(o->specs[s], ':');

		if (!to || to == o->specs[s] || !to[1]) {
			*err = xasprintf("--diff %s: expected FROM:TO", o->specs[s]);
			return -1;
		}
		from = xasprintf("%.*s", (int)(to - o->specs[s]), o->specs[s]);
		to++;
		for (i = 0; i < r->n; i++) {
			const struct kernel *a = &r->ks[i], *b;

			if (strcmp(a->variant, from) || !(b = find_kernel(r, a, to)) || !a->built || !b->built)
				continue;
			if (!a->origin && !b->origin)
				diff_here(r, a, b);
			else if (!have_pair(r, a, b))
				add_missing(r, a, b, xasprintf("%s came from %s and %s from %s, and no"
							       " report.json has this diff", a->name,
							       a->origin ? a->origin : "this build folder",
							       b->name, b->origin ? b->origin : "this build folder"), 0);
		}
		free(from);
	}
	make_tree_pairs(r);
	return 0;
}

/* OPTION's argument NAME=TDIR: NAME, allocated; *TDIR points into ARG. */
static char *name_of_run(const char *option, const char *arg, const char **tdir, char **err)
{
	const char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1]) {
		*err = xasprintf("%s %s: expected NAME=TDIR", option, arg);
		return NULL;
	}
	*tdir = eq + 1;
	return xasprintf("%.*s", (int)(eq - arg), arg);
}

/* --deinline NAME=TDIR: a make deinline run's journal; --optcost, a make option-cost run's. */
static int read_runs(struct report *r, const struct report_inputs *o, char **err)
{
	const char *tdir;
	char *name, *why;
	int i;

	r->advisors = xcalloc((size_t)o->ndeinline + 1, sizeof(*r->advisors));
	for (i = 0; i < o->ndeinline; i++) {
		if (!(name = name_of_run("--deinline", o->deinline_args[i], &tdir, err)))
			return -1;
		/* a journal that cannot be read fails the report, and the rest is still made */
		if (advisor_read(tdir, name, &r->advisors[r->nadvisors], &why)) {
			advisor_free(&r->advisors[r->nadvisors]);
			input_error(r, why);
		} else {
			r->nadvisors++;
		}
		free(name);
	}
	r->optcosts = xcalloc((size_t)o->noptcost + 1, sizeof(*r->optcosts));
	for (i = 0; i < o->noptcost; i++) {
		if (!(name = name_of_run("--optcost", o->optcost_args[i], &tdir, err)))
			return -1;
		if (optcost_read(tdir, name, &r->optcosts[r->noptcosts], &why)) {
			optcost_free(&r->optcosts[r->noptcosts]);
			input_error(r, why);
		} else {
			r->noptcosts++;
		}
		free(name);
	}
	return 0;
}

int report_build(struct report *r, const struct report_inputs *o, char **err)
{
	struct merged **merges;
	int i, ret = -1, room;

	memset(r, 0, sizeof(*r));
	*err = NULL;
	merges = xcalloc((size_t)o->nmerges + 1, sizeof(*merges));
	room = o->nkernels;
	for (i = 0; i < o->nmerges; i++) {
		char *why = NULL;

		/* a file that is not a report.json fails the report, and the rest is still made */
		merges[i] = merge_open(o->merge_paths[i], &why);
		if (merges[i])
			room += merge_count(merges[i]);
		else
			input_error(r, why);
	}
	r->ks = xcalloc((size_t)room + 1, sizeof(*r->ks));
	for (i = 0; i < o->nkernels; i++)
		if (kernel_load(&r->ks[r->n++], o->kernel_args[i], err))
			goto out;
	for (i = 0; i < o->nmerges; i++)
		if (merges[i])
			r->n = merge_kernels(merges[i], r->ks, r->n, &r->notices, &r->nnotices);
	if (!r->n && !r->nerrors) {
		*err = xstrdup("no kernel to report");
		goto out;
	}
	r->budgets = xcalloc((size_t)o->nbudgets + 1, sizeof(*r->budgets));
	for (i = 0; i < o->nbudgets; i++) {
		int j;

		if (read_budget_arg(&r->budgets[r->nbudgets], o->budget_args[i], o->fragments, err))
			goto out;
		for (j = 0; j < r->budgets[r->nbudgets].nerrors; j++)
			input_error(r, xstrdup(r->budgets[r->nbudgets].errors[j]));
		r->nbudgets++;
	}
	link_baselines(r, o->baseline);
	link_budgets(r, r->budgets, r->nbudgets);
	note_unchecked(r, r->budgets, r->nbudgets);
	for (i = 0; i < r->n; i++) {
		r->failed += available_failed(&r->ks[i]);
		r->unavailable += !!r->ks[i].stack.error + !!r->ks[i].inl.error + !!r->ks[i].attr.error;
	}
	budget_rows(r);
	if (make_pairs(r, o, merges, err) || read_runs(r, o, err))
		goto out;
	ret = 0;
out:
	for (i = 0; i < o->nmerges; i++)
		if (merges[i])
			merge_close(merges[i]);
	free(merges);
	return ret;
}

void report_free(struct report *r)
{
	int i;

	for (i = 0; i < r->np; i++)
		diff_table_free(&r->pairs[i].table);
	for (i = 0; i < r->nmissing; i++)
		free(r->missing[i].why);
	strlist_free(r->errors, r->nerrors);
	strlist_free(r->notices, r->nnotices);
	strlist_free(r->notes, r->nnotes);
	for (i = 0; i < r->nbudgets; i++)
		budget_free(&r->budgets[i]);
	for (i = 0; i < r->n; i++)
		kernel_free(&r->ks[i]);
	free(r->missing);
	free(r->pairs);
	free(r->rows);
	free(r->ks);
	free(r->budgets);
	for (i = 0; i < r->nadvisors; i++)
		advisor_free(&r->advisors[i]);
	free(r->advisors);
	for (i = 0; i < r->noptcosts; i++)
		optcost_free(&r->optcosts[i]);
	free(r->optcosts);
}
