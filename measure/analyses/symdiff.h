/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_SYMDIFF_H
#define TINYKERN_SYMDIFF_H

#include "analyses/difftab.h"

/* bloat-o-meter's modes: default, -c, -d, -t */
enum symdiff_mode { SYMDIFF_ALL, SYMDIFF_CATEGORIES, SYMDIFF_DATA, SYMDIFF_TEXT };

/*
 * The symbol diff of OLDFILE -> NEWFILE, with bloat-o-meter's rules: into
 * TABLES (room for 3) *N tables, three in SYMDIFF_CATEGORIES mode, one in
 * the others; free each with diff_table_free().  Returns 0, or -1 with
 * *ERR naming the file that could not be read (a stripped or truncated
 * file is such a file, never an empty one).
 */
int symdiff(enum symdiff_mode mode, const char *oldfile, const char *newfile, struct diff_table *tables,
	    int *n, char **err);

#endif
