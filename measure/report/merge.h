/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_MERGE_H
#define TINYKERN_MERGE_H

#include "report/kernel.h"
#include "report/pair.h"

/*
 * The report.json at PATH, read whole: NULL with *ERR ("--merge PATH:
 * why") when it is not one, or a kernel record in it is bad.
 * merge_count() says how many kernels it has; merge_kernels() moves those
 * not already built here into KS (room for them), each one it leaves a
 * line in *NOTES, and merge_pairs() gives up to ROOM symbol-diff totals
 * between two kernels of which neither was read here and both came from
 * this file.
 */
struct merged;
struct merged *merge_open(const char *path, char **err);
int merge_count(const struct merged *m);
int merge_kernels(struct merged *m, struct kernel *ks, int n, char ***notes, int *nnotes);
int merge_pairs(const struct merged *m, const struct kernel *ks, int n, struct pair *out, int room);
void merge_close(struct merged *m);

#endif
