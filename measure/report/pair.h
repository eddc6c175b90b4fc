/* SPDX-License-Identifier: GPL-2.0 */
/* A diff between two kernels of a report, made here or merged from a report.json. */
#ifndef TINYKERN_PAIR_H
#define TINYKERN_PAIR_H

#include "analyses/difftab.h"
#include "report/kernel.h"

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

#endif
