/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_CANDIDATES_H
#define TINYKERN_CANDIDATES_H

#include <stdio.h>

#include "analyses/inline.h"

/* A header line naming the columns, then one tab-separated row per candidate. */
void candidates_write(FILE *f, const struct candidate *rows, size_t n);

#endif
