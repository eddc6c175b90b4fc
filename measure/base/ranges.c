// SPDX-License-Identifier: GPL-2.0
/* base/ranges.c: address ranges (base/ranges.h). */
#include <stdlib.h>

#include "base/ranges.h"

static int by_start(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

void range_sort(struct range *v, size_t n)
{
	qsort(v, n, sizeof(*v), by_start);
}

int range_holds(const struct range *v, size_t n, uint64_t addr)
{
	size_t i;

	for (i = 0; i < n && v[i].start <= addr; i++)
		if (addr < v[i].end)
			return 1;
	return 0;
}

long long range_union_bytes(struct range *v, size_t n)
{
	unsigned long long sum = 0, end = 0;
	size_t i;

	range_sort(v, n);
	for (i = 0; i < n; i++) {
		unsigned long long s = v[i].start > end ? v[i].start : end;

		if (v[i].end > s)
			sum += v[i].end - s;
		if (v[i].end > end)
			end = v[i].end;
	}
	return (long long)sum;
}
