/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One report: the kernels, their budget rows and symbol diffs, assembled by
 * report.c, and written by one room per format: report-text.c (what make
 * prints), report-md.c, report-json.c and report-html.c.  The writers read
 * struct report and nothing else.
 */
#ifndef TINYKERN_REPORT_H
#define TINYKERN_REPORT_H

#include <stdio.h>

#include "advisor.h"
#include "budget.h"
#include "kernel.h"
#include "optcost.h"
#include "symdiff.h"

/*
 * One --diff FROM:TO for one config: the symbol diff between two kernels;
 * or, ACROSS trees, one kernel of the report's first tree against the
 * same config, opt and variant of another.
 */
struct pair {
	const struct kernel *from, *to;
	struct symdiff_total tot;
	struct diff_table table;	/* the whole bloat-o-meter table; no rows when merged */
	int across;
};

/*
 * A --diff that could not be made for a config that has both kernels:
 * a FAULT when a vmlinux could not be read (that fails the report), or
 * because the two came from different machines' report.json files.
 */
struct missing_pair {
	const struct kernel *from, *to;
	char *why;
	int fault;
};

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
	int failed;		/* kernels that failed a stage */
	int unavailable;	/* figures that could not be read (stack, inline, diffs) */
	int over;		/* figures over budget */
};

/* tksize report ARGS: assemble, print and write the report; the exit code. */
int report_main(int argc, char **argv);

/* report-text.c: the tables make prints, in the shapes people paste. */
#define STACK_HEADER "stack                   funcs    max       sum    mean  >512  largest frame"
#define INLINE_HEADER "inline                 declared  inlined  out-of-l  gcc-only     sites   inl.bytes"
void print_size_tables(FILE *f, const struct report *r, const char *indent);
void print_boot_table(FILE *f, const struct report *r);
void print_stack_summary(FILE *f, const char *name, const struct stack_facts *st);
void print_stack_top(FILE *f, const struct stack_facts *st);
void print_inline_summary(FILE *f, const char *name, const struct inline_facts *in);
void print_pair_summary(FILE *f, const struct pair *p);
/* "tiny/Os: orig -> dce", or across trees "tiny/Os/dce: 6.1 -> 6.12" */
const char *pair_title(const struct pair *p, char *buf, size_t len);
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
/* "tiny/Os: orig -> dce", or across trees "tiny/Os/dce: 6.1 -> 6.12", for a diff that failed */
const char *missing_title(const struct missing_pair *m, char *buf, size_t len);
/* Each config and variant on every tree, side by side, when there are two or more. */
void print_tree_tables(FILE *f, const struct report *r);
void print_budgets(FILE *f, const struct report *r, const char *indent);
/* What a limit row limits: "text", or "dir fs/ text". */
const char *limit_label(const struct limit_row *l, char *buf, size_t len);
/* The directory table: per config and opt, text by top directory per variant. */
void print_dir_tables(FILE *f, const struct report *r);
/* The failures and unavailable figures, one line each, PREFIX first. */
void print_causes(FILE *f, const struct report *r, const char *prefix);
void print_text(FILE *f, const struct report *r);

void write_md(const char *path, const struct report *r);
void write_json(const char *path, const struct report *r);
/* self-contained, no network fetches */
void write_html(const char *path, const struct report *r);

#endif
