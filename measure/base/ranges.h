/* SPDX-License-Identifier: GPL-2.0 */
/* Address ranges [start, end): what the readers and analyses measure code in. */
#ifndef TINYKERN_RANGES_H
#define TINYKERN_RANGES_H

#include <stddef.h>
#include <stdint.h>

struct range {
	uint64_t start, end;
};

/* Sort V's N ranges by start. */
void range_sort(struct range *v, size_t n);
/* Does one of V's N ranges, sorted, hold ADDR? */
int range_holds(const struct range *v, size_t n, uint64_t addr);
/* The bytes the union of V's N ranges covers, each once; sorts V. */
long long range_union_bytes(struct range *v, size_t n);

#endif
