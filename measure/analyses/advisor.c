// SPDX-License-Identifier: GPL-2.0
/*
 * tksize advisor TDIR: one de-inlining advisor run's figures, from its
 * journal.  The report's advisor section reads the same struct, so the
 * figures make deinline prints and the scatter plot in report.html are
 * one computation.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/advisor.h"
#include "base/util.h"
#include "readers/journal.h"

static int members(const char *tid)
{
	int n = 1;

	for (; *tid; tid++)
		n += *tid == '+';
	return n;
}

/* The sum of the journaled predictions of TID's candidates. */
static long predicted(const char *tid, struct strmap *ids, const long *pred, struct journal *j)
{
	char *copy = xstrdup(tid), *save, *id;
	long sum = 0;

	for (id = strtok_r(copy, "+", &save); id; id = strtok_r(NULL, "+", &save)) {
		int added;
		size_t i = strmap_index(ids, id, &added);

		if (added) {
			journal_fault(j, "trial %s has a result but candidate %s no prediction before it", tid, id);
			break;
		}
		sum += pred[i];
	}
	free(copy);
	return sum;
}

/* The reason's kind: up to its first ':' or " (". */
static void count_reason(struct advisor_facts *a, const char *reason)
{
	size_t len = strcspn(reason, ":");
	const char *paren = strstr(reason, " (");
	int i;

	if (paren && (size_t)(paren - reason) < len)
		len = (size_t)(paren - reason);
	for (i = 0; i < a->nreasons; i++)
		if (strlen(a->reasons[i].reason) == len && !strncmp(a->reasons[i].reason, reason, len)) {
			a->reasons[i].n++;
			return;
		}
	a->reasons = xrealloc(a->reasons, (size_t)(a->nreasons + 1) * sizeof(*a->reasons));
	a->reasons[a->nreasons].reason = strndup(reason, len);
	a->reasons[a->nreasons++].n = 1;
}

/* A trial's point, found again by its TID (a replay is tried twice), or a new one. */
static struct advisor_point *point(struct advisor_facts *a, const char *tid)
{
	int i;

	for (i = 0; i < a->npoints; i++)
		if (!strcmp(a->points[i].tid, tid))
			return &a->points[i];
	a->points = xrealloc(a->points, (size_t)(a->npoints + 1) * sizeof(*a->points));
	memset(&a->points[a->npoints], 0, sizeof(*a->points));
	a->points[a->npoints].tid = xstrdup(tid);
	return &a->points[a->npoints++];
}

static void forget_point(struct advisor_facts *a, const char *tid)
{
	int i;

	for (i = 0; i < a->npoints; i++)
		if (!strcmp(a->points[i].tid, tid)) {
			free(a->points[i].tid);
			free(a->points[i].names);
			memmove(&a->points[i], &a->points[i + 1], (size_t)(a->npoints - i - 1) * sizeof(*a->points));
			a->npoints--;
			return;
		}
}

/* Drops that measured nothing: a refused edit, a failed build, a new warning, a failed boot. */
static int measured_drop(const char *reason)
{
	return strncmp(reason, "edit:", 5) && strncmp(reason, "build failed", 12) &&
		strncmp(reason, "new warning", 11) && strncmp(reason, "boot failed", 11);
}

/* What the advisor did not build: a refused edit, a drop for a failed boot. */
static int built(const char *reason)
{
	return strncmp(reason, "edit:", 5) && strncmp(reason, "boot failed", 11);
}

static int cmp_predicted_desc(const void *pa, const void *pb)
{
	const struct advisor_point *const *a = pa, *const *b = pb;

	if ((*a)->predicted != (*b)->predicted)
		return (*a)->predicted < (*b)->predicted ? 1 : -1;
	return (*a < *b) ? -1 : (*a > *b);	/* journal order */
}

static void ranks(const long *v, double *r, int n)
{
	int i, j;

	for (i = 0; i < n; i++) {
		int less = 0, same = 0;

		for (j = 0; j < n; j++) {
			less += v[j] < v[i];
			same += v[j] == v[i];
		}
		r[i] = less + (same + 1) / 2.0;
	}
}

double spearman(const long *x, const long *y, int n)
{
	double *rx = xcalloc((size_t)n, sizeof(double)), *ry = xcalloc((size_t)n, sizeof(double));
	double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0, rho;
	int i;

	ranks(x, rx, n);
	ranks(y, ry, n);
	for (i = 0; i < n; i++) {
		mx += rx[i] / n;
		my += ry[i] / n;
	}
	for (i = 0; i < n; i++) {
		sxy += (rx[i] - mx) * (ry[i] - my);
		sxx += (rx[i] - mx) * (rx[i] - mx);
		syy += (ry[i] - my) * (ry[i] - my);
	}
	rho = sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : NAN;
	free(rx);
	free(ry);
	return rho;
}

/* Spearman over the first N of SINGLE's trials into *RHO, or 0 below 3. */
static void rank_first(struct advisor_point **single, int n, double *rho)
{
	long *x = xcalloc((size_t)n + 1, sizeof(long)), *y = xcalloc((size_t)n + 1, sizeof(long));
	int i;

	for (i = 0; i < n; i++) {
		x[i] = single[i]->predicted;
		y[i] = single[i]->measured;
	}
	*rho = n >= 3 ? spearman(x, y, n) : 0;
	free(x);
	free(y);
}

/* Spearman over the measured single-candidate trials: the best-predicted, and all. */
static void correlate(struct advisor_facts *a)
{
	struct advisor_point **single = xcalloc((size_t)a->npoints + 1, sizeof(*single));
	int i, n = 0;

	for (i = 0; i < a->npoints; i++)
		if (a->points[i].members == 1 && !a->points[i].undone)
			single[n++] = &a->points[i];
	qsort(single, (size_t)n, sizeof(*single), cmp_predicted_desc);
	a->spearman_all_n = n;
	rank_first(single, n, &a->spearman_all);
	a->spearman_n = n > ADVISOR_SPEARMAN_TOP ? ADVISOR_SPEARMAN_TOP : n;
	rank_first(single, a->spearman_n, &a->spearman);
	free(single);
}

static int count_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	int c, n = 0;

	if (!f)
		return 0;
	while ((c = getc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

/* TDIR/wall's seconds (advisor.sh writes it after each trial), or -1 without one; J's fault. */
static long read_wall(struct journal *j)
{
	FILE *f = fopen(j->path, "r");
	char *line = NULL;
	size_t cap = 0;
	long s = -1;

	if (!f) {
		if (errno != ENOENT)
			journal_fault(j, "%s", strerror(errno));
		return -1;
	}
	if (getline(&line, &cap, f) <= 0) {
		journal_fault(j, "empty");
	} else {
		line[strcspn(line, "\n")] = 0;
		j->lineno = 1;
		s = journal_number(j, line);
		if (s < 0)
			journal_fault(j, "%ld seconds", s);
	}
	free(line);
	fclose(f);
	return s;
}

/* One kept, dropped or split line: its trial's figures. */
static void read_result(struct advisor_facts *a, const struct journal_line *l, struct strmap *ids, const long *pred,
			struct journal *j)
{
	const char *kind = l->kind->kind, *tid = journal_get(l, "tid");
	const char *reason = strcmp(kind, "kept") ? journal_get(l, "reason") : "";
	long secs = journal_get_number(l, "seconds");
	struct advisor_point *p;

	if (secs < 0) {
		journal_fault(j, "%ld seconds", secs);
		return;
	}
	if (built(reason)) {
		a->trials++;
		a->seconds += secs;
	}
	if (!strcmp(kind, "split"))
		a->splits++;
	if (!strcmp(kind, "dropped"))
		count_reason(a, reason);
	if (strcmp(kind, "kept") && !measured_drop(reason)) {
		/* nothing measured; a replay that failed its boot alone keeps no point */
		if (!strcmp(kind, "dropped"))
			forget_point(a, tid);
		return;
	}
	p = point(a, tid);
	free(p->names);
	p->names = xstrdup(journal_get(l, "names"));
	p->members = members(tid);
	p->predicted = predicted(tid, ids, pred, j);
	p->measured = -journal_get_number(l, "dfuncs");
	p->dtext = journal_get_number(l, "dtext");
	p->kept = !strcmp(kind, "kept");
	p->undone = 0;
}

/* unkept TID: a failed boot undid the kept trial TID. */
static void read_unkept(struct advisor_facts *a, const char *tid, struct journal *j)
{
	int i, found = 0;

	for (i = 0; i < a->npoints; i++)
		if (!strcmp(a->points[i].tid, tid) && a->points[i].kept) {
			a->points[i].kept = 0;
			a->points[i].undone = 1;
			found = 1;
		}
	if (!found)
		journal_fault(j, "trial %s is undone but was not kept", tid);
}

int advisor_read(const char *tdir, const char *name, struct advisor_facts *a, char **err)
{
	char *path = xasprintf("%s/journal", tdir), *pending = xasprintf("%s/pending", tdir), *wall;
	struct journal j = { path, 0, NULL }, w;
	struct journal_lines lines;
	struct strmap ids = { 0 };
	long *pred = NULL;
	int i;

	memset(a, 0, sizeof(*a));
	a->name = xstrdup(name);
	journal_load(path, "deinline", &lines, &j.error);
	for (i = 0; i < lines.n && !j.error; i++) {
		const struct journal_line *l = &lines.v[i];
		const char *kind = l->kind->kind;

		j.lineno = l->lineno;
		if (!strcmp(kind, "try")) {
			int added;
			size_t k = strmap_index(&ids, journal_get(l, "id"), &added);

			pred = xrealloc(pred, ids.n * sizeof(long));
			pred[k] = journal_get_number(l, "predicted");
		} else if (!strcmp(kind, "unkept")) {
			read_unkept(a, journal_get(l, "tid"), &j);
		} else if (!strcmp(kind, "boot")) {
			a->boots_pass += !strcmp(journal_get(l, "verdict"), "PASS");
			a->boots_fail += !strcmp(journal_get(l, "verdict"), "FAIL");
		} else {
			read_result(a, l, &ids, pred, &j);
		}
	}
	journal_lines_free(&lines);
	for (i = 0; i < a->npoints; i++)
		if (a->points[i].kept) {
			a->kept += a->points[i].members;
			a->saved -= a->points[i].dtext;
		}
	a->queued = count_lines(pending);
	wall = xasprintf("%s/wall", tdir);
	w = (struct journal){ wall, 0, NULL };
	a->wall = read_wall(&w);
	correlate(a);
	free(pred);
	strmap_free(&ids);
	free(path);
	free(pending);
	free(wall);
	*err = j.error ? j.error : w.error;
	if (j.error)
		free(w.error);
	return *err ? -1 : 0;
}

void advisor_free(struct advisor_facts *a)
{
	int i;

	for (i = 0; i < a->npoints; i++) {
		free(a->points[i].tid);
		free(a->points[i].names);
	}
	for (i = 0; i < a->nreasons; i++)
		free(a->reasons[i].reason);
	free(a->points);
	free(a->reasons);
	free(a->name);
}
