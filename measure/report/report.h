/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One report: the kernels, their budget rows and symbol diffs, assembled by
 * report.c, and written by one room per format: report-text.c (what make
 * prints), report-md.c, report-json.c and report-html.c, which read struct
 * report and the shared tables (tables.c), and never each other.
 */
#ifndef TINYKERN_REPORT_H
#define TINYKERN_REPORT_H

#include <stdio.h>

#include "analyses/advisor.h"
#include "analyses/budget.h"
#include "report/kernel.h"
#include "report/pair.h"
#include "analyses/optcost.h"
#include "analyses/symdiff.h"

/* One budgeted figure of one built kernel: the whole kernel's, or a directory's. */
struct limit_row {
	const struct kernel *k;
	const char *dir;	/* NULL: the whole kernel */
	enum budget_key key;
	long long max, value;
	int lineno;		/* of the budget line */
};

struct report {
	struct kernel *ks;
	int n;
	struct pair *pairs;
	int np;
	struct missing_pair *missing;
	int nmissing;
	struct limit_row *rows;
	int nrows;
	char **notes;		/* budget lines not checked, and why */
	int nnotes;
	struct advisor_facts *advisors;	/* make deinline runs, from --deinline */
	int nadvisors;
	struct optcost_facts *optcosts;	/* make option-cost runs, from --optcost */
	int noptcosts;
	struct budget *budgets;	/* from --budget */
	int nbudgets;
	int failed;		/* kernels that failed a stage */
	int unavailable;	/* figures that could not be read (stack, inline, diffs) */
	int over;		/* figures over budget */
	char **errors;		/* inputs that could not be read: budget lines, merged files; they fail it */
	int nerrors;
	char **notices;		/* what a merge left out, and why */
	int nnotices;
};

/* What a report is made of: tksize report's options but where it goes. */
struct report_inputs {
	const char *baseline, *fragments;
	char **specs;		/* --diff FROM:TO */
	int nspecs;
	char **budget_args;	/* --budget CONFIG[/OPT]=FILE */
	int nbudgets;
	char **merge_paths;	/* --merge REPORT.json */
	int nmerges;
	char **kernel_args;	/* CONFIG/OPT/VARIANT=KDIR */
	int nkernels;
	char **deinline_args;	/* --deinline NAME=TDIR */
	int ndeinline;
	char **optcost_args;	/* --optcost NAME=TDIR */
	int noptcost;
};

/*
 * Assemble R from IN: load the kernels, merge the report.json files, read
 * the budgets, make the diffs, read the runs.  An input that cannot be
 * read (a budget line, a merged file) goes into R's errors, and the rest
 * is still assembled.  -1 with *ERR when IN itself is wrong (an argument
 * not in its shape, no kernel at all).  Free R with report_free() either way.
 */
int report_build(struct report *r, const struct report_inputs *in, char **err);
void report_free(struct report *r);
/* The tree of the report's first kernel, which the others are held against. */
const char *first_tree(const struct report *r);
/* How many trees the report's kernels come from. */
int tree_count(const struct report *r);
/*
 * For the first kernel of its config, opt and variant (I), how many
 * kernels of that kind the report has, one a tree; 0 for the others, whose
 * kind is counted at the first.
 */
int trees_of_kind(const struct report *r, int i);

#endif
