/* SPDX-License-Identifier: GPL-2.0 */
/* make smallest's output: one line to quote, then each step. */
#ifndef TINYKERN_SMALLEST_PRINT_H
#define TINYKERN_SMALLEST_PRINT_H

#include <stdio.h>

#include "analyses/difftab.h"
#include "report/smallest.h"

/*
 * "tiny i386, Linux 6.1.158, gcc 12.2.0: stock T -> smallest N bytes of
 * text (-X%), bzImage A -> B, boots in C MiB", then a table of the
 * steps, each against the one before it, then bloat-o-meter's summary
 * of stock -> smallest (DIFF, or NULL for none).  S->best must be >= 0.
 */
void smallest_print(FILE *f, const struct smallest *s, const struct diff_table *diff);

#endif
