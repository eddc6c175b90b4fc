/* SPDX-License-Identifier: GPL-2.0 */
/* Printing a diff_table the way the kernel's scripts/bloat-o-meter does. */
#ifndef TINYKERN_BLOAT_H
#define TINYKERN_BLOAT_H

#include <stdio.h>

#include "analyses/difftab.h"

/* "add/remove: A/R grow/shrink: G/S up/down: U/-D (U-D)", after INDENT. */
void bloat_counts(FILE *f, const char *indent, const struct symdiff_total *t);
/* "Total: Before=B, After=A, chg +P%", after INDENT. */
void bloat_total(FILE *f, const char *indent, const struct symdiff_total *t);
/* The whole table: the counts, the heading, each row that changed, the total. */
void bloat_print(FILE *f, const struct diff_table *t);

#endif
