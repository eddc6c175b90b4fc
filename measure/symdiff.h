/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_SYMDIFF_H
#define TINYKERN_SYMDIFF_H

#include <stdio.h>

/* bloat-o-meter's modes: default, -c, -d, -t */
enum symdiff_mode { SYMDIFF_ALL, SYMDIFF_CATEGORIES, SYMDIFF_DATA, SYMDIFF_TEXT };

struct symdiff_total {
	long long add, remove, grow, shrink, up, down, before, after;
};

/*
 * Print the bloat-o-meter table of OLDFILE -> NEWFILE to F.  TOT, if not
 * NULL, gets the summary figures (not filled in SYMDIFF_CATEGORIES mode).
 * Returns 0, or -1 with *ERR naming the file that could not be read (a
 * stripped or truncated file is such a file, never an empty one).
 */
int symdiff(FILE *f, enum symdiff_mode mode, const char *oldfile, const char *newfile,
	    struct symdiff_total *tot, char **err);

#endif
