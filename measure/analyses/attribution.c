// SPDX-License-Identifier: GPL-2.0
/* An attribution's rows and sections (attribution.h). */
#include <stdlib.h>
#include <string.h>

#include "analyses/attribution.h"

const char *const attr_col_names[A_NCOLS] = { "text", "data", "bss", "code", "written" };

int attribute_order(const void *a, const void *b)
{
	const struct attr_row *x = a, *y = b;
	long long dx = x->v[A_TEXT] + x->v[A_DATA] + x->v[A_BSS];
	long long dy = y->v[A_TEXT] + y->v[A_DATA] + y->v[A_BSS];

	if (dx != dy)
		return dx < dy ? 1 : -1;
	if (x->v[A_WRITTEN] != y->v[A_WRITTEN])
		return x->v[A_WRITTEN] < y->v[A_WRITTEN] ? 1 : -1;
	return strcmp(x->path, y->path);
}

void attribute_free(struct attribution *a)
{
	size_t i;

	for (i = 0; i < a->nrows; i++)
		free(a->rows[i].path);
	for (i = 0; i < a->nsecs; i++)
		free(a->secs[i].name);
	free(a->rows);
	free(a->secs);
	free(a->error);
	memset(a, 0, sizeof(*a));
}
