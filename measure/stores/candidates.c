// SPDX-License-Identifier: GPL-2.0
/*
 * The de-inlining advisor's candidates file (stores/candidates.h), as
 * `tksize candidates` prints it and deinline/rank.sh reads it by its
 * header's column names.
 */
#include <stdio.h>

#include "stores/candidates.h"

void candidates_write(FILE *f, const struct candidate *rows, size_t n)
{
	size_t i;

	fprintf(f, "# file\tline\tname\tsites\tunits\tbytes\tcopies\tcopy_bytes\thome\tpredicted\tbody"
		"\tmax_site\tconst_sites\tconst_args\tparams\tunits_sites\n");
	for (i = 0; i < n; i++) {
		const struct candidate *c = &rows[i];

		fprintf(f, "%s\t%s\t%s\t%ld\t%ld\t%lld\t%ld\t%lld\t%s\t%lld\t%lld\t%lld\t%ld\t%ld\t%d\t%s\n",
			c->file, c->line, c->name, c->sites, c->cus, c->bytes, c->copies, c->copy_bytes, c->home,
			c->predicted, c->body, c->max_site, c->const_sites, c->const_args, c->params, c->units);
	}
}
