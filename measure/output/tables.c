// SPDX-License-Identifier: GPL-2.0
/*
 * The report's tables in the shapes people paste: the 2005 cover letter's
 * size table, one per opt level, the boot, stack, inline, directory and
 * across-trees tables, the bloat-o-meter summaries, the budgets and the
 * causes.  Every writer that shows them (text, md, html) prints them here.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/bloat.h"
#include "analyses/dirs.h"
#include "output/tables.h"
#include "base/util.h"

/* "CONFIG_CC_OPTIMIZE_FOR_SIZE" for Os: how the cover letter named its tables
 * (and patch 0014 the third). */
static const char *opt_title(const char *opt)
{
	if (!strcmp(opt, "Os"))
		return "-Os, CONFIG_CC_OPTIMIZE_FOR_SIZE";
	if (!strcmp(opt, "O2"))
		return "-O2, CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE";
	if (!strcmp(opt, "Oz"))
		return "-Oz, CONFIG_CC_OPTIMIZE_FOR_SIZE_AGGRESSIVE";
	return opt;
}

static void print_opt_table(FILE *f, const struct report *r, const char *opt, const char *indent)
{
	char buf[32];
	int i;

	fprintf(f, "%s   text    data     bss     dec     hex filename                         text%%  bzImage  boot\n",
		indent);
	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];
		char file[300], *c;

		if (strcmp(k->opt, opt))
			continue;
		/* vmlinux-6.12-tiny-Os-dce: the name, as a file name */
		snprintf(file, sizeof(file), "vmlinux-%s", k->name);
		for (c = file; (c = strchr(c, '/')); )
			*c = '-';
		if (k->unavailable) {
			fprintf(f, "%s%7s %7s %7s %7s %7s %-31s %s\n", indent,
				"-", "-", "-", "-", "-", file, "not available");
			continue;
		}
		if (!k->built) {
			fprintf(f, "%s%7s %7s %7s %7s %7s %-31s %7s %8s  %s\n", indent,
				"-", "-", "-", "-", "-", file, "n/a", "-", k->boot);
			continue;
		}
		fprintf(f, "%s%7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %7" PRIx64
			" %-31s %7s %8lld  %s\n", indent,
			k->sz.text, k->sz.data, k->sz.bss, dec(k), dec(k), file,
			text_change(k, buf, sizeof(buf)), k->bzimage, k->boot);
	}
}

/* One line for each kernel its tree cannot have: why. */
static void print_unavailable(FILE *f, const struct report *r, const char *opt, const char *indent)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (r->ks[i].unavailable && !strcmp(r->ks[i].opt, opt))
			fprintf(f, "%s  %s: %s\n", indent, r->ks[i].name, r->ks[i].unavailable);
}

void print_size_tables(FILE *f, const struct report *r, const char *indent)
{
	int i, j, shown = 0;

	for (i = 0; i < r->n; i++) {
		for (j = 0; j < i && strcmp(r->ks[j].opt, r->ks[i].opt); j++)
			;
		if (j < i)
			continue;	/* this opt level's table is printed */
		if (strcmp(r->ks[i].opt, "-"))
			fprintf(f, "%s%s%s:\n", shown++ ? "\n" : "", indent, opt_title(r->ks[i].opt));
		print_opt_table(f, r, r->ks[i].opt, indent);
		print_unavailable(f, r, r->ks[i].opt, indent);
	}
}

void print_boot_table(FILE *f, const struct report *r)
{
	int i;

	fprintf(f, "\n%-22s %8s %7s %9s %9s %8s\n", "boot", "kernel s", "wall s",
		"MemTotal", "MemFree", "min RAM");
	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];
		char ram[32] = "-";

		if (!passed(k))
			continue;
		if (k->min_ram_mib)
			snprintf(ram, sizeof(ram), "%ld MiB", k->min_ram_mib);
		fprintf(f, "%-22s %8.2f %7.2f %6ld kB %6ld kB %8s\n", k->name, k->uptime_s,
			k->boot_seconds, k->memtotal_kb, k->memfree_kb, ram);
	}
}

void print_stack_summary(FILE *f, const char *name, const struct stack_facts *st)
{
	if (st->error) {
		fprintf(f, "%-22s unavailable: %s\n", name, st->error);
		return;
	}
	if (!st->valid) {
		fprintf(f, "%-22s no stack.su\n", name);
		return;
	}
	fprintf(f, "%-22s %6ld %6ld %9lld %7.1f %5ld  %s\n", name, st->funcs,
		st->ntop ? st->top[0].bytes : 0, st->sum,
		st->funcs ? (double)st->sum / (double)st->funcs : 0.0, st->over,
		st->ntop ? st->top[0].name : "-");
}

void print_stack_top(FILE *f, const struct stack_facts *st)
{
	int i;

	for (i = 0; i < st->ntop; i++)
		fprintf(f, "  %6ld  %-40s %-16s %s\n", st->top[i].bytes, st->top[i].name,
			st->top[i].kind, st->top[i].where);
}

const char *inline_count(char *buf, size_t len, long v)
{
	if (v < 0)
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%ld", v);
	return buf;
}

void print_inline_note(FILE *f, const struct report *r, const char *prefix)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (r->ks[i].built && r->ks[i].inl.valid && r->ks[i].inl.declared < 0) {
			fprintf(f, "%sn/a: the DWARF of GCC's LTO stage has no DW_AT_inline, so which functions"
				   " were declared inline is not known there\n", prefix);
			return;
		}
}

void print_inline_summary(FILE *f, const char *name, const struct inline_facts *in)
{
	char a[24], b[24], c[24], d[24];

	if (in->error) {
		fprintf(f, "%-22s unavailable: %s\n", name, in->error);
		return;
	}
	if (!in->valid) {
		fprintf(f, "%-22s %s\n", name, in->not_measured ?
			"not measured: built without DWARF (DEBUG_INFO=no)" : "no inline table");
		return;
	}
	fprintf(f, "%-22s %8s %8s %8s %8s %9ld %10lld\n", name, inline_count(a, sizeof(a), in->declared),
		inline_count(b, sizeof(b), in->declared_inlined), inline_count(c, sizeof(c), in->outofline),
		inline_count(d, sizeof(d), in->undeclared_inlined), in->sites, in->bytes);
}

static double pct(double from, double to)
{
	return from ? 100.0 * (to - from) / from : 0.0;
}

static double mean(const struct stack_facts *st)
{
	return st->funcs ? (double)st->sum / (double)st->funcs : 0.0;
}

/* The seed's "+5% stack footprint", re-measured: FROM -> TO. */
static void print_stack_change(FILE *f, const struct kernel *a, const struct kernel *b)
{
	const struct stack_facts *x = &a->stack, *y = &b->stack;

	if (!x->valid || !y->valid)
		return;
	fprintf(f, "  stack: sum %lld -> %lld (%+.2f%%), functions %ld -> %ld, largest %ld -> %ld,"
		   " mean %.1f -> %.1f (%+.2f%%), >%ld: %ld -> %ld\n",
		x->sum, y->sum, pct((double)x->sum, (double)y->sum), x->funcs, y->funcs,
		x->ntop ? x->top[0].bytes : 0, y->ntop ? y->top[0].bytes : 0,
		mean(x), mean(y), pct(mean(x), mean(y)), x->threshold, x->over, y->over);
}

static void print_inline_change(FILE *f, const struct kernel *a, const struct kernel *b)
{
	const struct inline_facts *x = &a->inl, *y = &b->inl;
	char from[24], to[24];

	if (!x->valid || !y->valid)
		return;
	fprintf(f, "  inline: sites %ld -> %ld, inlined bytes %lld -> %lld (%+.2f%%),"
		   " declared inline with out-of-line copies %s -> %s\n",
		x->sites, y->sites, x->bytes, y->bytes, pct((double)x->bytes, (double)y->bytes),
		inline_count(from, sizeof(from), x->outofline), inline_count(to, sizeof(to), y->outofline));
}

const char *pair_title(const struct pair *p, char *buf, size_t len)
{
	if (p->across)
		snprintf(buf, len, "%s/%s/%s: %s -> %s", p->from->config, p->from->opt, p->from->variant,
			 p->from->tree, p->to->tree);
	else
		snprintf(buf, len, "%s: %s -> %s", p->from->group, p->from->variant, p->to->variant);
	return buf;
}

void print_pair_summary(FILE *f, const struct pair *p)
{
	const struct symdiff_total *t = &p->tot;
	char title[400];

	fprintf(f, "\n%s (bloat-o-meter)\n", pair_title(p, title, sizeof(title)));
	bloat_counts(f, "  ", t);
	bloat_total(f, "  ", t);
	print_stack_change(f, p->from, p->to);
	print_inline_change(f, p->from, p->to);
}

void print_budgets(FILE *f, const struct report *r, const char *indent)
{
	int i;

	for (i = 0; i < r->nrows; i++) {
		const struct limit_row *l = &r->rows[i];
		int over = l->value > l->max;
		char label[300];

		fprintf(f, "%s%-22s %-7s %8lld of %8lld  %s %lld\n", indent, l->k->name,
			limit_label(l, label, sizeof(label)), l->value, l->max, over ? "OVER by" : "headroom",
			over ? l->value - l->max : l->max - l->value);
	}
	for (i = 0; i < r->nnotes; i++)
		fprintf(f, "%snote: %s\n", indent, r->notes[i]);
}

const char *limit_label(const struct limit_row *l, char *buf, size_t len)
{
	if (!l->dir)
		return budget_key_names[l->key];
	snprintf(buf, len, "dir %s %s", l->dir, budget_key_names[l->key]);
	return buf;
}

/* The kernels of K's config and opt with an attribution, in report order. */
static int group_of(const struct report *r, const struct kernel *k, const struct kernel **out)
{
	int i, n = 0;

	for (i = 0; i < r->n; i++)
		if (same_group(&r->ks[i], k) && r->ks[i].built && r->ks[i].attr.valid)
			out[n++] = &r->ks[i];
	return n;
}

/* One directory's text in each kernel of a group. */
struct dir_line {
	const char *path;
	long long *text;	/* one per kernel */
};

static int dir_cols;	/* the kernels in the table being sorted */

static int by_last_text(const void *a, const void *b)
{
	const struct dir_line *x = a, *y = b;
	int i;

	for (i = dir_cols - 1; i >= 0; i--)
		if (x->text[i] != y->text[i])
			return x->text[i] < y->text[i] ? 1 : -1;
	return strcmp(x->path, y->path);
}

/*
 * G's N kernels side by side under TITLE, each column headed by its
 * variant or, ACROSS trees, its tree: each top directory's text, largest
 * in the last first.
 */
static void print_dir_table(FILE *f, const char *title, const struct kernel **g, int n, int across)
{
	struct attribution *dirs = xcalloc((size_t)n, sizeof(*dirs));
	struct dir_line *lines = NULL;
	struct strmap paths = { 0 };
	size_t j, nlines = 0;
	int i, added;

	for (i = 0; i < n; i++) {
		attribute_rollup(&g[i]->attr, 1, &dirs[i]);
		for (j = 0; j < dirs[i].nrows; j++) {
			size_t at = strmap_index(&paths, dirs[i].rows[j].path, &added);

			if (added) {
				lines = xrealloc(lines, (nlines + 1) * sizeof(*lines));
				lines[nlines].text = xcalloc((size_t)n, sizeof(long long));
				lines[nlines++].path = dirs[i].rows[j].path;
			}
			lines[at].text[i] = dirs[i].rows[j].v[A_TEXT];
		}
	}
	dir_cols = n;
	qsort(lines, nlines, sizeof(*lines), by_last_text);
	fprintf(f, "\n%s: text by directory, where it lives (tksize attribute; [section]: no source file's)\n",
		title);
	fprintf(f, "  %-24s", "directory");
	for (i = 0; i < n; i++)
		fprintf(f, " %12s", across ? g[i]->tree : g[i]->variant);
	fprintf(f, "  %s->%s\n", across ? g[0]->tree : g[0]->variant, across ? g[n - 1]->tree : g[n - 1]->variant);
	for (j = 0; j < nlines; j++) {
		long long any = 0;

		for (i = 0; i < n; i++)
			any |= lines[j].text[i];
		if (!any)
			continue;	/* data or bss only */
		fprintf(f, "  %-24s", lines[j].path);
		for (i = 0; i < n; i++)
			fprintf(f, " %12lld", lines[j].text[i]);
		fprintf(f, "  %+lld\n", lines[j].text[n - 1] - lines[j].text[0]);
	}
	fprintf(f, "  %-24s", "total (size's text)");
	for (i = 0; i < n; i++)
		fprintf(f, " %12" PRIu64, g[i]->sz.text);
	fprintf(f, "  %+lld\n", (long long)g[n - 1]->sz.text - (long long)g[0]->sz.text);
	fprintf(f, "  %-24s", "code written in headers");
	for (i = 0; i < n; i++)
		fprintf(f, " %12lld", attribute_headers(&g[i]->attr));
	fprintf(f, "  (inlined; above, where it lives)\n");
	for (i = 0; i < n; i++)
		attribute_free(&dirs[i]);
	for (j = 0; j < nlines; j++)
		free(lines[j].text);
	strmap_free(&paths);
	free(lines);
	free(dirs);
}

void print_dir_tables(FILE *f, const struct report *r)
{
	const struct kernel **g = xcalloc((size_t)r->n, sizeof(*g));
	int i, j, n;

	for (i = 0; i < r->n; i++) {
		for (j = 0; j < i && !same_group(&r->ks[j], &r->ks[i]); j++)
			;
		if (j < i)
			continue;	/* this group's table is printed */
		n = group_of(r, &r->ks[i], g);
		if (n)
			print_dir_table(f, g[0]->group, g, n, 0);
	}
	/* an upgrade, directory by directory */
	for (i = 0; i < r->np; i++) {
		const struct pair *p = &r->pairs[i];
		char title[400];

		if (!p->across || !p->from->attr.valid || !p->to->attr.valid)
			continue;
		g[0] = p->from;
		g[1] = p->to;
		print_dir_table(f, pair_title(p, title, sizeof(title)), g, 2, 1);
	}
	free(g);
}

/* One kernel's row of the across-trees table; REF is the first tree's. */
static void print_tree_row(FILE *f, const struct kernel *k, const struct kernel *ref)
{
	char ram[32] = "-";

	fprintf(f, "  %-14s %-10s", k->variant, k->tree);
	if (k->unavailable) {
		fprintf(f, " not available\n");
		return;
	}
	if (!k->built) {
		fprintf(f, " %8s %7s %7s %8s %8s  %-4s\n", "-", "-", "-", "-", "-", k->boot);
		return;
	}
	if (k->min_ram_mib)
		snprintf(ram, sizeof(ram), "%ld MiB", k->min_ram_mib);
	fprintf(f, " %8" PRIu64 " %7" PRIu64 " %7" PRIu64 " %8lld %8s  %-4s", k->sz.text, k->sz.data,
		k->sz.bss, k->bzimage, ram, k->boot);
	if (k != ref && ref->built)
		fprintf(f, " %+8.2f%% %+8.2f%%", pct((double)ref->sz.text, (double)k->sz.text),
			pct((double)ref->bzimage, (double)k->bzimage));
	fputc('\n', f);
}

void print_tree_tables(FILE *f, const struct report *r)
{
	const struct kernel *last = NULL;
	int i, j;

	if (tree_count(r) < 2)
		return;
	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];

		/* printed with the first of its kind, when two trees or more built it */
		if (trees_of_kind(r, i) < 2)
			continue;
		if (!last || strcmp(last->config, k->config) || strcmp(last->opt, k->opt)) {
			fprintf(f, "\nacross trees, %s/%s (bytes; the change is against %s):\n", k->config,
				k->opt, k->tree);
			fprintf(f, "  %-14s %-10s %8s %7s %7s %8s %8s  %-4s %9s %9s\n", "variant", "tree",
				"text", "data", "bss", "bzImage", "min RAM", "boot", "text", "bzImage");
		}
		last = k;
		for (j = i; j < r->n; j++)
			if (same_kind(&r->ks[j], k))
				print_tree_row(f, &r->ks[j], k);
	}
}

void print_causes(FILE *f, const struct report *r, const char *prefix)
{
	int i;

	for (i = 0; i < r->nerrors; i++)
		fprintf(f, "%s%s\n", prefix, r->errors[i]);
	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];

		if (available_failed(k))
			fprintf(f, "%s%s: FAIL at %s: %s\n", prefix, k->name, k->stage ? k->stage : "boot",
				k->reason ? k->reason : "");
		if (k->stack.error)
			fprintf(f, "%s%s: stack figures unavailable: %s\n", prefix, k->name, k->stack.error);
		if (k->inl.error)
			fprintf(f, "%s%s: inline figures unavailable: %s\n", prefix, k->name, k->inl.error);
		if (k->attr.error)
			fprintf(f, "%s%s: attribution unavailable: %s\n", prefix, k->name, k->attr.error);
	}
	for (i = 0; i < r->nmissing; i++) {
		char title[400];

		fprintf(f, "%s%s: symbol diff unavailable: %s\n", prefix,
			missing_title(&r->missing[i], title, sizeof(title)), r->missing[i].why);
	}
}

const char *missing_title(const struct missing_pair *m, char *buf, size_t len)
{
	struct pair p = { .from = m->from, .to = m->to, .across = strcmp(m->from->tree, m->to->tree) != 0 };

	return pair_title(&p, buf, len);
}

/* Over-budget figures, one line each: they are causes of the exit code too. */
void print_over(FILE *f, const struct report *r, const char *prefix)
{
	int i;

	for (i = 0; i < r->nrows; i++) {
		const struct limit_row *l = &r->rows[i];
		char label[300];

		if (l->value > l->max)
			fprintf(f, "%s%s: over budget: %s %lld > %lld by %lld (%s%s%.0d)\n", prefix, l->k->name,
				limit_label(l, label, sizeof(label)), l->value, l->max, l->value - l->max,
				l->k->budget->path, l->lineno ? ":" : "", l->lineno);
	}
}
