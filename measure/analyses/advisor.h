/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What one de-inlining advisor run measured, read from its folder's
 * journal (deinline/advisor.sh documents the lines): the trials, what was
 * kept and dropped, and each measured trial's predicted against measured
 * saving, with Spearman's rank correlation between the two.
 */
#ifndef TINYKERN_ADVISOR_H
#define TINYKERN_ADVISOR_H

/* One trial that built and was measured: kept, dropped on its figures, or split. */
struct advisor_point {
	char *tid;		/* its candidates' IDs joined by '+' */
	char *names;
	long predicted;		/* the sum of its candidates' journaled predictions */
	long measured;		/* the text symbols' saving (-DFUNCS) */
	long dtext;		/* the Berkeley .text delta */
	int members;		/* candidates in the trial */
	int kept;		/* kept, and not undone by a failed boot */
	int undone;		/* kept, then undone by a failed boot, not tried again yet */
};

struct advisor_reason {
	char *reason;		/* up to its first ':' or " (" */
	int n;
};

/* The correlation is over this many single-candidate trials, best predicted first. */
#define ADVISOR_SPEARMAN_TOP 50

struct advisor_facts {
	char *name;		/* the run's label, e.g. tiny-Os-dce */
	int trials;		/* builds, the refused edits and boot drops left out */
	long seconds;		/* their wall time */
	long wall;		/* TDIR/wall: every run's wall time, ranking and boots too; -1 if none */
	int splits;
	int kept;		/* candidates kept */
	long saved;		/* text bytes the kept trials saved */
	int boots_pass, boots_fail;
	struct advisor_reason *reasons;
	int nreasons;
	struct advisor_point *points;	/* in journal order */
	int npoints;
	int queued;		/* trials left in TDIR/pending */
	int spearman_n;		/* single trials correlated; below 3, no figure */
	double spearman;	/* NAN when one side is constant */
	int spearman_all_n;	/* every single trial, the best-predicted or not */
	double spearman_all;
};

/*
 * Read TDIR/journal (and TDIR/pending and TDIR/wall).  Returns 0, or -1
 * with *ERR naming the file and line of the first bad one; free A with
 * advisor_free() either way.
 */
int advisor_read(const char *tdir, const char *name, struct advisor_facts *a, char **err);
/* Spearman's rho of X and Y (N pairs), ties at their mean rank; NAN when a side is constant. */
double spearman(const long *x, const long *y, int n);
void advisor_free(struct advisor_facts *a);

#endif
