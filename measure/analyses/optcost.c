// SPDX-License-Identifier: GPL-2.0
/*
 * tksize optcost TDIR: one make option-cost run's table, from its journal.
 * The report's option-cost section prints the same struct, so the table
 * make option-cost prints and the report's are one computation.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/optcost.h"
#include "base/util.h"
#include "readers/journal.h"

/* The four deltas of L: text, data, bss, bzImage. */
static void read_delta(struct optcost_delta *d, const struct journal_line *l)
{
	d->text = journal_get_number(l, "dtext");
	d->data = journal_get_number(l, "ddata");
	d->bss = journal_get_number(l, "dbss");
	d->bzimage = journal_get_number(l, "dbzimage");
}

/* The fields an option line and a forced line share, into O. */
static void read_row(struct optcost_option *o, const struct journal_line *l, struct journal *j)
{
	const char *status = journal_get(l, "status");

	o->status = !strcmp(status, "measured") ? OPTCOST_MEASURED :
		    !strcmp(status, "cannot") ? OPTCOST_CANNOT : OPTCOST_FAILED;
	read_delta(&o->d, l);
	o->boot = xstrdup(journal_get(l, "boot"));
	if (o->status != OPTCOST_MEASURED && strcmp(o->boot, "-"))
		journal_fault(j, "%s was not built, yet booted", o->symbol);
	o->seconds = journal_get_number(l, "seconds");
	o->changed = xstrdup(journal_get(l, "changed"));
	o->reason = xstrdup(journal_get(l, "reason"));
	if (o->status != OPTCOST_MEASURED && !strcmp(o->reason, "-"))
		journal_fault(j, "%s has no reason", o->symbol);
}

/* A new row at the end of ROWS (N of them) for L's symbol; its build's
 * seconds count toward the run's. */
static struct optcost_option *append_row(struct optcost_facts *c, struct optcost_option **rows, int *n,
					 const struct journal_line *l, struct journal *j)
{
	struct optcost_option *o;

	*rows = xrealloc(*rows, (size_t)(*n + 1) * sizeof(**rows));
	o = &(*rows)[(*n)++];
	memset(o, 0, sizeof(*o));
	o->symbol = xstrdup(journal_get(l, "symbol"));
	read_row(o, l, j);
	c->seconds += o->seconds;
	return o;
}

static void read_option(struct optcost_facts *c, const struct journal_line *l, struct journal *j)
{
	const char *sym = journal_get(l, "symbol"), *dir = journal_get(l, "dir");
	struct optcost_option *o;
	int i;

	for (i = 0; i < c->noptions; i++)
		if (!strcmp(c->options[i].symbol, sym) && c->options[i].on == !strcmp(dir, "on"))
			journal_fault(j, "%s %s is in the journal twice", sym, dir);
	o = append_row(c, &c->options, &c->noptions, l, j);
	o->on = !strcmp(dir, "on");
}

/* forced SYMBOL SELECTORS ...: always "off", against its selectors. */
static void read_forced(struct optcost_facts *c, const struct journal_line *l, struct journal *j)
{
	const char *sym = journal_get(l, "symbol");
	struct optcost_option *o;
	int i;

	for (i = 0; i < c->nforced; i++)
		if (!strcmp(c->forced[i].symbol, sym))
			journal_fault(j, "forced %s is in the journal twice", sym);
	o = append_row(c, &c->forced, &c->nforced, l, j);
	o->selectors = xstrdup(journal_get(l, "selectors"));
}

static void read_group(struct optcost_facts *c, struct optcost_group *g, const struct journal_line *l)
{
	/* a rerun that measured more options builds the group again: the last line holds */
	if (g->present) {
		free(g->names);
		free(g->boot);
		free(g->dropped);
		g->dropped = NULL;
	}
	g->present = 1;
	g->names = xstrdup(journal_get(l, "names"));
	read_delta(&g->d, l);
	g->boot = xstrdup(journal_get(l, "boot"));
	g->seconds = journal_get_number(l, "seconds");
	c->seconds += g->seconds;
	if (!strcmp(l->kind->kind, "combined"))
		g->sum_dtext = journal_get_number(l, "sumdtext");
	else
		g->dropped = xstrdup(journal_get(l, "dropped"));
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
	char *path = xasprintf("%s/journal", tdir), *fill;
	struct journal j = { path, 0, NULL };
	struct journal_lines lines;
	int i;

	memset(c, 0, sizeof(*c));
	c->name = xstrdup(name);
	fill = xasprintf("%s/data-less-init-fill", tdir);
	c->data_less_init_fill = !access(fill, F_OK);
	free(fill);
	journal_load(path, "option-cost", &lines, &j.error);
	for (i = 0; i < lines.n && !j.error; i++) {
		const struct journal_line *l = &lines.v[i];
		const char *kind = l->kind->kind;

		j.lineno = l->lineno;
		if (!strcmp(kind, "option"))
			read_option(c, l, &j);
		else if (!strcmp(kind, "forced"))
			read_forced(c, l, &j);
		else
			read_group(c, !strcmp(kind, "combined") ? &c->combined : &c->fragment, l);
	}
	journal_lines_free(&lines);
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
