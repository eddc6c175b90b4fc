/* SPDX-License-Identifier: GPL-2.0 */
/* What is done with an attribution once read: roll-ups, the coverage check, sums and diffs. */
#ifndef TINYKERN_DIRS_H
#define TINYKERN_DIRS_H

#include "analyses/attribution.h"
#include "analyses/difftab.h"

/*
 * The rows rolled up to directories of at most DEPTH levels ("kernel/" at
 * 1, "kernel/sched/" at 2); DEPTH 0 keeps the files.  Largest first.
 */
void attribute_rollup(const struct attribution *files, int depth, struct attribution *out);
/*
 * -1 with *ERR when more than the allowed share of the code, or of a code
 * section that holds functions, has no source file; with the link map,
 * when any byte of any section has none.
 */
int attribute_check(const struct attribution *a, const char *vmlinux, char **err);
/*
 * COL summed over the files under directory DIR ("fs/", "fs/ext2/") or
 * the file DIR itself.  *MATCHED counts the rows it took.
 */
long long attribute_under(const struct attribution *files, const char *dir, enum attr_col col,
			  int *matched);
/*
 * The change from OLD to NEW per directory DEPTH levels deep (0: per
 * file), in text, as a table bloat.c prints the way bloat-o-meter prints
 * a symbol diff; free it with diff_table_free().
 */
void attribute_diff(const struct attribution *old, const struct attribution *new, int depth, struct diff_table *t);
/* Code written in headers (".h" files) and inlined into the code of the image. */
long long attribute_headers(const struct attribution *files);

#endif
