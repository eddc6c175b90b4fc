// SPDX-License-Identifier: GPL-2.0
/* `tksize attribute`'s table (attribute-print.h). */
#include <stdio.h>

#include "output/attribute-print.h"

#define ROW_HEADER "   text\t   data\t    bss\t    dec\t   code\twritten\tpath"
#define SECTION_HEADER "section                      class  functions      size      owned  remainder    written  remainder"

void attribute_print(FILE *f, const struct attribution *a)
{
	long long total[A_NCOLS] = { 0 };
	size_t i;
	int c;

	fprintf(f, "%s\n", ROW_HEADER);
	for (i = 0; i < a->nrows; i++) {
		const long long *v = a->rows[i].v;

		fprintf(f, "%7lld\t%7lld\t%7lld\t%7lld\t%7lld\t%7lld\t%s\n", v[A_TEXT], v[A_DATA], v[A_BSS],
			v[A_TEXT] + v[A_DATA] + v[A_BSS], v[A_CODE], v[A_WRITTEN], a->rows[i].path);
		for (c = 0; c < A_NCOLS; c++)
			total[c] += v[c];
	}
	fprintf(f, "%7lld\t%7lld\t%7lld\t%7lld\t%7lld\t%7lld\t(TOTALS)\n", total[A_TEXT], total[A_DATA],
		total[A_BSS], total[A_TEXT] + total[A_DATA] + total[A_BSS], total[A_CODE], total[A_WRITTEN]);
	fprintf(f, "\n%s\n", SECTION_HEADER);
	for (i = 0; i < a->nsecs; i++) {
		const struct attr_section *s = &a->secs[i];
		fprintf(f, "%-28s %-5s %10ld %9lld %10lld %10lld", s->name, s->code ? "code" : attr_col_names[s->cls],
			s->functions, s->size, s->owned, s->remainder);
		if (s->code)
			fprintf(f, " %10lld %10lld", s->written, s->written_remainder);
		fputc('\n', f);
	}
}
