/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_INLINE_TXT_H
#define TINYKERN_INLINE_TXT_H

#include <stdio.h>

#include "analyses/inline.h"

/* What `tksize inline` prints: every row IN kept (inline_read's ALL_ROWS), then the totals. */
void inline_txt_write(FILE *f, const struct inline_facts *in);
/*
 * Read it back (KDIR/inline.txt): top rows and totals.  Returns 0; 1 when
 * there is no such file, or it says the kernel was built without DWARF
 * (IN->not_measured); -1 with *ERR (a file of one line "# unavailable:
 * REASON" gives REASON).
 */
int inline_load(const char *path, struct inline_facts *in, char **err);

#endif
