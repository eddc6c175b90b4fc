// SPDX-License-Identifier: GPL-2.0
/* bloat.c: a diff_table in bloat-o-meter's shape (bloat.h). */
#include "output/bloat.h"

void bloat_counts(FILE *f, const char *indent, const struct symdiff_total *t)
{
	fprintf(f, "%sadd/remove: %lld/%lld grow/shrink: %lld/%lld up/down: %lld/%lld (%lld)\n", indent, t->add,
		t->remove, t->grow, t->shrink, t->up, -t->down, t->up - t->down);
}

void bloat_total(FILE *f, const char *indent, const struct symdiff_total *t)
{
	fprintf(f, "%sTotal: Before=%lld, After=%lld, chg %+.2f%%\n", indent, t->before, t->after,
		t->before ? (double)(t->after - t->before) * 100.0 / (double)t->before : 0.0);
}

/* A size, or "-" for a symbol not in that file. */
static void fmt_size(char *buf, size_t len, long long v)
{
	if (v < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%lld", v);
}

void bloat_print(FILE *f, const struct diff_table *t)
{
	size_t i;

	bloat_counts(f, "", &t->tot);
	fprintf(f, "%-40s %7s %7s %7s\n", t->title, "old", "new", "delta");
	for (i = 0; i < t->n; i++) {
		char ob[32], nb[32];

		if (!t->rows[i].delta)
			continue;
		fmt_size(ob, sizeof(ob), t->rows[i].old);
		fmt_size(nb, sizeof(nb), t->rows[i].new);
		fprintf(f, "%-40s %7s %7s %+7lld\n", t->rows[i].name, ob, nb, t->rows[i].delta);
	}
	bloat_total(f, "", &t->tot);
}
