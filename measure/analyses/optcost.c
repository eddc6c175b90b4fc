// SPDX-License-Identifier: GPL-2.0
/*
 * tksize optcost TDIR: one make option-cost run's table, from its journal.
 * The report's option-cost section prints the same struct, so the table
 * make option-cost prints and the report's are one computation.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/optcost.h"
#include "base/util.h"

#define MAX_FIELDS 12

/* Four journal fields from F: text, data, bss, bzImage. */
static void read_delta(struct optcost_delta *d, char **f, const char *path, int lineno)
{
	d->text = journal_number(f[0], path, lineno);
	d->data = journal_number(f[1], path, lineno);
	d->bss = journal_number(f[2], path, lineno);
	d->bzimage = journal_number(f[3], path, lineno);
}

/* The fields an option line and a forced line share: STATUS on, into O. */
static void read_row(struct optcost_option *o, char **f, const char *path, int lineno)
{
	if (!strcmp(f[3], "measured"))
		o->status = OPTCOST_MEASURED;
	else if (!strcmp(f[3], "cannot"))
		o->status = OPTCOST_CANNOT;
	else if (!strcmp(f[3], "failed"))
		o->status = OPTCOST_FAILED;
	else
		die("%s:%d: status '%s', not measured, cannot or failed", path, lineno, f[3]);
	read_delta(&o->d, f + 4, path, lineno);
	if (strcmp(f[8], "PASS") && strcmp(f[8], "FAIL") && strcmp(f[8], "-"))
		die("%s:%d: boot '%s', not PASS, FAIL or -", path, lineno, f[8]);
	if (o->status != OPTCOST_MEASURED && strcmp(f[8], "-"))
		die("%s:%d: %s was not built, yet booted", path, lineno, f[1]);
	o->boot = xstrdup(f[8]);
	o->seconds = journal_number(f[9], path, lineno);
	o->changed = xstrdup(f[10]);
	o->reason = xstrdup(f[11]);
	if (o->status != OPTCOST_MEASURED && !strcmp(o->reason, "-"))
		die("%s:%d: %s has no reason", path, lineno, f[1]);
}

/* A new row at the end of ROWS (N of them) for SYMBOL f[1], read from F;
 * its build's seconds count toward the run's. */
static struct optcost_option *append_row(struct optcost_facts *c, struct optcost_option **rows, int *n, char **f,
					 const char *path, int lineno)
{
	struct optcost_option *o;

	*rows = xrealloc(*rows, (size_t)(*n + 1) * sizeof(**rows));
	o = &(*rows)[(*n)++];
	memset(o, 0, sizeof(*o));
	o->symbol = xstrdup(f[1]);
	read_row(o, f, path, lineno);
	c->seconds += o->seconds;
	return o;
}

static void read_option(struct optcost_facts *c, char **f, const char *path, int lineno)
{
	struct optcost_option *o;
	int i;

	if (strcmp(f[2], "on") && strcmp(f[2], "off"))
		die("%s:%d: direction '%s', not on or off", path, lineno, f[2]);
	for (i = 0; i < c->noptions; i++)
		if (!strcmp(c->options[i].symbol, f[1]) && c->options[i].on == !strcmp(f[2], "on"))
			die("%s:%d: %s %s is in the journal twice", path, lineno, f[1], f[2]);
	o = append_row(c, &c->options, &c->noptions, f, path, lineno);
	o->on = !strcmp(f[2], "on");
}

/* forced SYMBOL SELECTORS ...: always "off", against its selectors. */
static void read_forced(struct optcost_facts *c, char **f, const char *path, int lineno)
{
	struct optcost_option *o;
	int i;

	for (i = 0; i < c->nforced; i++)
		if (!strcmp(c->forced[i].symbol, f[1]))
			die("%s:%d: forced %s is in the journal twice", path, lineno, f[1]);
	o = append_row(c, &c->forced, &c->nforced, f, path, lineno);
	o->selectors = xstrdup(f[2]);
}

static void read_group(struct optcost_facts *c, struct optcost_group *g, char **f, const char *path, int lineno)
{
	/* a rerun that measured more options builds the group again: the last line holds */
	if (g->present) {
		free(g->names);
		free(g->boot);
		free(g->dropped);
		g->dropped = NULL;
	}
	g->present = 1;
	g->names = xstrdup(f[1]);
	read_delta(&g->d, f + 2, path, lineno);
	if (strcmp(f[6], "PASS") && strcmp(f[6], "FAIL") && strcmp(f[6], "-"))
		die("%s:%d: boot '%s', not PASS, FAIL or -", path, lineno, f[6]);
	g->boot = xstrdup(f[6]);
	g->seconds = journal_number(f[7], path, lineno);
	c->seconds += g->seconds;
	if (!strcmp(f[0], "combined"))
		g->sum_dtext = journal_number(f[8], path, lineno);
	else
		g->dropped = xstrdup(f[8]);
}

static long labs_(long v)
{
	return v < 0 ? -v : v;
}

/* Measured first, the largest text change first; then failed builds; then what kconfig would not flip. */
static int cmp_options(const void *pa, const void *pb)
{
	const struct optcost_option *a = pa, *b = pb;
	static const int rank[] = { [OPTCOST_MEASURED] = 0, [OPTCOST_FAILED] = 1, [OPTCOST_CANNOT] = 2 };

	if (rank[a->status] != rank[b->status])
		return rank[a->status] - rank[b->status];
	if (labs_(a->d.text) != labs_(b->d.text))
		return labs_(a->d.text) < labs_(b->d.text) ? 1 : -1;
	return strcmp(a->symbol, b->symbol);
}

void optcost_read(const char *tdir, const char *name, struct optcost_facts *c)
{
	char *path = xasprintf("%s/journal", tdir), *line = NULL, *f[MAX_FIELDS + 1];
	size_t cap = 0;
	int lineno = 0;
	FILE *in = fopen(path, "r");

	memset(c, 0, sizeof(*c));
	c->name = xstrdup(name);
	if (!in)
		die("%s: %s", path, strerror(errno));
	free(path);
	path = xasprintf("%s/data-less-init-fill", tdir);
	c->data_less_init_fill = !access(path, F_OK);
	free(path);
	path = xasprintf("%s/journal", tdir);
	while (getline(&line, &cap, in) > 0) {
		int n = split_tabs(line, f, MAX_FIELDS);

		lineno++;
		if (!strcmp(f[0], "option") || !strcmp(f[0], "forced")) {
			if (n != 12)
				die("%s:%d: %s %s line with %d fields, not 12", path, lineno,
				    f[0][0] == 'o' ? "an" : "a", f[0], n);
			if (f[0][0] == 'o')
				read_option(c, f, path, lineno);
			else
				read_forced(c, f, path, lineno);
		} else if (!strcmp(f[0], "combined") || !strcmp(f[0], "fragment")) {
			if (n != 9)
				die("%s:%d: a %s line with %d fields, not 9", path, lineno, f[0], n);
			read_group(c, f[0][0] == 'c' ? &c->combined : &c->fragment, f, path, lineno);
		} else {
			die("%s:%d: not a journal line: %s", path, lineno, f[0]);
		}
	}
	fclose(in);
	free(line);
	free(path);
	if (c->noptions)
		qsort(c->options, (size_t)c->noptions, sizeof(*c->options), cmp_options);
	if (c->nforced)
		qsort(c->forced, (size_t)c->nforced, sizeof(*c->forced), cmp_options);
	path = xasprintf("%s/nodce/journal", tdir);
	if (!access(path, F_OK)) {
		char *sub = xasprintf("%s/nodce", tdir);

		c->nodce = xcalloc(1, sizeof(*c->nodce));
		optcost_read(sub, "nodce", c->nodce);
		free(sub);
	}
	free(path);
}

static void free_group(struct optcost_group *g)
{
	free(g->names);
	free(g->boot);
	free(g->dropped);
}

static void free_options(struct optcost_option *o, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(o[i].symbol);
		free(o[i].boot);
		free(o[i].changed);
		free(o[i].reason);
		free(o[i].selectors);
	}
	free(o);
}

void optcost_free(struct optcost_facts *c)
{
	free_options(c->options, c->noptions);
	free_options(c->forced, c->nforced);
	free_group(&c->combined);
	free_group(&c->fragment);
	free(c->name);
	if (c->nodce) {
		optcost_free(c->nodce);
		free(c->nodce);
	}
}

/* "+3 (PI, FUTEX_PI, ...)": how many symbols kconfig changed with it, the first few named. */
static void print_changed(FILE *f, const char *changed)
{
	const char *p = changed;
	int n = 1, shown = 0;

	if (!strcmp(changed, "-"))
		return;
	for (; *p; p++)
		n += *p == ',';
	fprintf(f, "  %d:", n);
	for (p = changed; *p && shown < 4; shown++) {
		size_t len = strcspn(p, ",");

		fprintf(f, " %.*s", (int)len, p);
		p += len + (p[len] == ',');
	}
	if (n > shown)
		fputs(" ...", f);
}

/* The length of a boot reason's first clause: a console line up to its first
 * sentence, and not the rest (the whole is in the journal and the JSON). */
static int first_clause(const char *reason)
{
	size_t len = strcspn(reason, ";");
	const char *stop = strstr(reason, ". ");

	if (stop && (size_t)(stop - reason) < len)
		len = (size_t)(stop - reason);
	return len > 100 ? 100 : (int)len;
}

static int count_names(const char *names)
{
	int n = 1;

	for (; *names; names++)
		n += *names == ',';
	return n;
}

/* One row: figures, or why there are none; a forced row ends naming its
 * selectors.  Returns the row's status. */
static enum optcost_status print_row(FILE *f, const struct optcost_option *o, const char *indent)
{
	fprintf(f, "%s%-24s %-4s ", indent, o->symbol, o->on ? "on" : "off");
	if (o->status == OPTCOST_CANNOT) {
		fprintf(f, "%s\n", o->reason);
		return o->status;
	}
	if (o->status == OPTCOST_FAILED) {
		fprintf(f, "build failed after %lds: %s%s%s\n", o->seconds, o->reason,
			o->selectors ? "; selected by " : "", o->selectors ? o->selectors : "");
		return o->status;
	}
	fprintf(f, "%+8ld %+7ld %+7ld %+8ld  %-4s %5lds", o->d.text, o->d.data, o->d.bss, o->d.bzimage, o->boot,
		o->seconds);
	print_changed(f, o->changed);
	if (!strcmp(o->boot, "FAIL") && strcmp(o->reason, "-"))
		fprintf(f, "  (boot: %.*s)", first_clause(o->reason), o->reason);
	if (o->selectors)
		fprintf(f, "  (selected by %s)", o->selectors);
	fputc('\n', f);
	return o->status;
}

/* The option SYMBOL, ON, of N in O; NULL if none. */
static const struct optcost_option *find_option(const struct optcost_option *o, int n, const char *symbol, int on)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(o[i].symbol, symbol) && o[i].on == on)
			return &o[i];
	return NULL;
}

/* Each option measured again without DCE beside its text with DCE, in the
 * table's order (the largest change first). */
static void print_nodce(FILE *f, const struct optcost_facts *c, const char *indent)
{
	int i;

	fprintf(f, "%swithout DCE: the options that move text most, each measured again on the same kernel"
		" without it:\n", indent);
	fprintf(f, "%s%-24s %-4s %9s %9s %9s  %s\n", indent, "option (CONFIG_)", "to", "with DCE", "without",
		"change", "boot");
	for (i = 0; i < c->noptions; i++) {
		const struct optcost_option *o = &c->options[i];
		const struct optcost_option *n = find_option(c->nodce->options, c->nodce->noptions, o->symbol, o->on);

		if (!n || o->status != OPTCOST_MEASURED)
			continue;
		fprintf(f, "%s%-24s %-4s %+9ld ", indent, o->symbol, o->on ? "on" : "off", o->d.text);
		if (n->status == OPTCOST_MEASURED)
			fprintf(f, "%+9ld %+9ld  %s\n", n->d.text, n->d.text - o->d.text, n->boot);
		else
			fprintf(f, "%s\n", n->reason);
	}
	fprintf(f, "%s%ld s of builds without DCE\n", indent, c->nodce->seconds);
}

void optcost_print(FILE *f, const struct optcost_facts *c, const char *indent)
{
	int i, cannot = 0, failed = 0;

	fprintf(f, "%s%-24s %-4s %8s %7s %7s %8s  %-4s %6s  %s\n", indent, "option (CONFIG_)", "to", "text", "data",
		"bss", "bzImage", "boot", "build", "changed with it (+on -off ~value)");
	for (i = 0; i < c->noptions; i++) {
		enum optcost_status s = print_row(f, &c->options[i], indent);

		cannot += s == OPTCOST_CANNOT;
		failed += s == OPTCOST_FAILED;
	}
	fprintf(f, "%s%d options: %d measured, %d kconfig would not flip, %d failed to build; %ld s of builds\n", indent,
		c->noptions, c->noptions - cannot - failed, cannot, failed, c->seconds);
	if (c->data_less_init_fill)
		fprintf(f, "%sdata: size's, less the page of fill .data's init stack takes or gives back as .text moves\n",
			indent);
	else
		fprintf(f, "%sdata: size's, with the page of fill .data's init stack takes or gives back as .text moves"
			" (measured before option-cost left it out): a figure may be 4,096 off\n", indent);
	if (c->nforced) {
		fprintf(f, "%sforced on: selected by symbols no user can set, so kconfig would not turn them off;"
			" each built with those select lines taken out:\n", indent);
		for (i = 0; i < c->nforced; i++)
			print_row(f, &c->forced[i], indent);
	}
	if (c->nodce)
		print_nodce(f, c, indent);
	if (c->combined.present) {
		const struct optcost_group *g = &c->combined;

		fprintf(f, "%scombined: the %d options that save most and boot, together: text %+ld against %+ld summed"
			" one at a time", indent, count_names(g->names), g->d.text, g->sum_dtext);
		if (g->sum_dtext)
			fprintf(f, " (%.1f%%)", 100.0 * (double)g->d.text / (double)g->sum_dtext);
		fprintf(f, ", data %+ld, bss %+ld, bzImage %+ld, boot %s\n%s  %s\n", g->d.data, g->d.bss, g->d.bzimage,
			g->boot, indent, g->names);
	}
	if (c->fragment.present && !strcmp(c->fragment.names, "-")) {
		fprintf(f, "%sfragment: none; each option that saves bytes was dropped, and still no kernel passed"
			" the boot check: %s\n", indent, c->fragment.dropped);
	} else if (c->fragment.present) {
		const struct optcost_group *g = &c->fragment;

		fprintf(f, "%sfragment: %d options that save bytes, together: text %+ld, data %+ld, bss %+ld,"
			" bzImage %+ld, boot %s", indent, count_names(g->names), g->d.text, g->d.data, g->d.bss,
			g->d.bzimage, g->boot);
		if (strcmp(g->dropped, "-"))
			fprintf(f, "; dropped to pass the boot check: %s", g->dropped);
		fputc('\n', f);
	}
}

int optcost_main(int argc, char **argv)
{
	struct optcost_facts c;
	const char *slash;
	char *name;

	if (argc != 1)
		die("usage: tksize optcost TDIR");
	slash = strrchr(argv[0], '/');
	name = xstrdup(slash && slash[1] ? slash + 1 : argv[0]);
	optcost_read(argv[0], name, &c);
	printf("option cost, %s (against the base kernel):\n", name);
	optcost_print(stdout, &c, "  ");
	optcost_free(&c);
	free(name);
	return 0;
}
