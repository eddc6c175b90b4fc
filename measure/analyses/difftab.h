/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A size diff as bloat-o-meter reports it, computed and not printed: its
 * rows, largest growth first, and its totals.  symdiff.c makes one per
 * symbol, dirs.c per directory or file; bloat.c prints either.
 */
#ifndef TINYKERN_DIFFTAB_H
#define TINYKERN_DIFFTAB_H

#include <stddef.h>

/* bloat-o-meter's summary: DOWN counts the bytes that went, as a positive number. */
struct symdiff_total {
	long long add, remove, grow, shrink, up, down, before, after;
};

struct diff_row {
	char *name;
	long long old, new;	/* -1: not in that file */
	long long delta;
};

struct diff_table {
	const char *title;	/* the first column's heading: "Function", "directory (text)" */
	struct diff_row *rows;	/* every row, those that did not change too */
	size_t n;
	struct symdiff_total tot;
};

void diff_table_free(struct diff_table *t);

#endif
