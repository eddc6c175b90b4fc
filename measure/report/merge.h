/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_MERGE_H
#define TINYKERN_MERGE_H

#include "report/kernel.h"
#include "report/pair.h"

/*
 * The report.json at PATH, parsed.  merge_count() says how many kernels
 * it has; merge_kernels() appends those not already built here to KS (room
 * for them), and merge_pairs() up to ROOM symbol-diff totals between two
 * kernels of which neither was read here and both came from this file.
 */
struct merged;
struct merged *merge_open(const char *path);
int merge_count(const struct merged *m);
int merge_kernels(const struct merged *m, struct kernel *ks, int n);
int merge_pairs(const struct merged *m, const struct kernel *ks, int n, struct pair *out, int room);
void merge_close(struct merged *m);

#endif
