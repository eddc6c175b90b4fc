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
static void read_delta(struct optcost_delta *d, char **f, struct journal *j)
{
	d->text = journal_number(j, f[0]);
	d->data = journal_number(j, f[1]);
	d->bss = journal_number(j, f[2]);
	d->bzimage = journal_number(j, f[3]);
}

/* The fields an option line and a forced line share: STATUS on, into O. */
static void read_row(struct optcost_option *o, char **f, struct journal *j)
{
	if (!strcmp(f[3], "measured"))
		o->status = OPTCOST_MEASURED;
	else if (!strcmp(f[3], "cannot"))
		o->status = OPTCOST_CANNOT;
	else if (!strcmp(f[3], "failed"))
		o->status = OPTCOST_FAILED;
	else
		journal_fault(j, "status '%s', not measured, cannot or failed", f[3]);
	read_delta(&o->d, f + 4, j);
	if (strcmp(f[8], "PASS") && strcmp(f[8], "FAIL") && strcmp(f[8], "-"))
		journal_fault(j, "boot '%s', not PASS, FAIL or -", f[8]);
	if (o->status != OPTCOST_MEASURED && strcmp(f[8], "-"))
		journal_fault(j, "%s was not built, yet booted", f[1]);
	o->boot = xstrdup(f[8]);
	o->seconds = journal_number(j, f[9]);
	o->changed = xstrdup(f[10]);
	o->reason = xstrdup(f[11]);
	if (o->status != OPTCOST_MEASURED && !strcmp(o->reason, "-"))
		journal_fault(j, "%s has no reason", f[1]);
}

/* A new row at the end of ROWS (N of them) for SYMBOL f[1], read from F;
 * its build's seconds count toward the run's. */
static struct optcost_option *append_row(struct optcost_facts *c, struct optcost_option **rows, int *n, char **f,
					 struct journal *j)
{
	struct optcost_option *o;

	*rows = xrealloc(*rows, (size_t)(*n + 1) * sizeof(**rows));
	o = &(*rows)[(*n)++];
	memset(o, 0, sizeof(*o));
	o->symbol = xstrdup(f[1]);
	read_row(o, f, j);
	c->seconds += o->seconds;
	return o;
}

static void read_option(struct optcost_facts *c, char **f, struct journal *j)
{
	struct optcost_option *o;
	int i;

	if (strcmp(f[2], "on") && strcmp(f[2], "off"))
		journal_fault(j, "direction '%s', not on or off", f[2]);
	for (i = 0; i < c->noptions; i++)
		if (!strcmp(c->options[i].symbol, f[1]) && c->options[i].on == !strcmp(f[2], "on"))
			journal_fault(j, "%s %s is in the journal twice", f[1], f[2]);
	o = append_row(c, &c->options, &c->noptions, f, j);
	o->on = !strcmp(f[2], "on");
}

/* forced SYMBOL SELECTORS ...: always "off", against its selectors. */
static void read_forced(struct optcost_facts *c, char **f, struct journal *j)
{
	struct optcost_option *o;
	int i;

	for (i = 0; i < c->nforced; i++)
		if (!strcmp(c->forced[i].symbol, f[1]))
			journal_fault(j, "forced %s is in the journal twice", f[1]);
	o = append_row(c, &c->forced, &c->nforced, f, j);
	o->selectors = xstrdup(f[2]);
}

static void read_group(struct optcost_facts *c, struct optcost_group *g, char **f, struct journal *j)
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
	read_delta(&g->d, f + 2, j);
	if (strcmp(f[6], "PASS") && strcmp(f[6], "FAIL") && strcmp(f[6], "-"))
		journal_fault(j, "boot '%s', not PASS, FAIL or -", f[6]);
	g->boot = xstrdup(f[6]);
	g->seconds = journal_number(j, f[7]);
	c->seconds += g->seconds;
	if (!strcmp(f[0], "combined"))
		g->sum_dtext = journal_number(j, f[8]);
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

int optcost_read(const char *tdir, const char *name, struct optcost_facts *c, char **err)
{
	char *path = xasprintf("%s/journal", tdir), *line = NULL, *f[MAX_FIELDS + 1], *fill;
	struct journal j = { path, 0, NULL };
	size_t cap = 0;
	FILE *in = fopen(path, "r");

	memset(c, 0, sizeof(*c));
	c->name = xstrdup(name);
	if (!in)
		journal_fault(&j, "%s", strerror(errno));
	fill = xasprintf("%s/data-less-init-fill", tdir);
	c->data_less_init_fill = !access(fill, F_OK);
	free(fill);
	while (in && !j.error && getline(&line, &cap, in) > 0) {
		int n = split_tabs(line, f, MAX_FIELDS);

		j.lineno++;
		if (!strcmp(f[0], "option") || !strcmp(f[0], "forced")) {
			if (n != 12)
				journal_fault(&j, "%s %s line with %d fields, not 12", f[0][0] == 'o' ? "an" : "a", f[0], n);
			else if (f[0][0] == 'o')
				read_option(c, f, &j);
			else
				read_forced(c, f, &j);
		} else if (!strcmp(f[0], "combined") || !strcmp(f[0], "fragment")) {
			if (n != 9)
				journal_fault(&j, "a %s line with %d fields, not 9", f[0], n);
			else
				read_group(c, f[0][0] == 'c' ? &c->combined : &c->fragment, f, &j);
		} else {
			journal_fault(&j, "not a journal line: %s", f[0]);
		}
	}
	if (in)
		fclose(in);
	free(line);
	free(path);
	if (j.error) {
		*err = j.error;
		return -1;
	}
	if (c->noptions)
		qsort(c->options, (size_t)c->noptions, sizeof(*c->options), cmp_options);
	if (c->nforced)
		qsort(c->forced, (size_t)c->nforced, sizeof(*c->forced), cmp_options);
	path = xasprintf("%s/nodce/journal", tdir);
	if (!access(path, F_OK)) {
		char *sub = xasprintf("%s/nodce", tdir);

		c->nodce = xcalloc(1, sizeof(*c->nodce));
		if (optcost_read(sub, "nodce", c->nodce, err)) {
			free(sub);
			free(path);
			return -1;
		}
		free(sub);
	}
	free(path);
	return 0;
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
