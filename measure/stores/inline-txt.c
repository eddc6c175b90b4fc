// SPDX-License-Identifier: GPL-2.0
/*
 * KDIR/inline.txt, both ways (stores/inline-txt.h): what `tksize inline`
 * prints, pfunct's columns then a totals line, which the Makefile keeps so
 * that the report need not read DWARF again.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "stores/inline-txt.h"

void inline_txt_write(FILE *f, const struct inline_facts *in)
{
	size_t i;

	fprintf(f, "%-40s %10s %8s %5s\n", "name", "totsz", "exp#", "src#");
	for (i = 0; i < in->nrows; i++)
		fprintf(f, "%-40s %10lld %8ld %5ld\n", in->rows[i].name, in->rows[i].bytes, in->rows[i].sites,
			in->rows[i].cus);
	fprintf(f, "# declared %ld declared_inlined %ld outofline %ld undeclared_inlined %ld"
		   " sites %ld bytes %lld\n", in->declared, in->declared_inlined, in->outofline,
		in->undeclared_inlined, in->sites, in->bytes);
}

/* One row "NAME TOTSZ EXP# SRC#" into IN's top list; NAME is any length. */
static void load_row(struct inline_facts *in, char *line)
{
	char *name = strtok(line, " \t\n"), *rest = strtok(NULL, "\n");
	struct inline_fn fn = { 0 };

	if (!name || !rest || in->ntop >= INLINE_TOP ||
	    sscanf(rest, "%lld %ld %ld", &fn.bytes, &fn.sites, &fn.cus) != 3)
		return;
	fn.name = xstrdup(name);
	in->top[in->ntop++] = fn;
}

int inline_load(const char *path, struct inline_facts *in, char **err)
{
	char *line = NULL;
	size_t cap = 0;
	FILE *f = fopen(path, "r");
	int totals = 0;
	ssize_t n;

	memset(in, 0, sizeof(*in));
	if (!f)
		return 1;
	n = getline(&line, &cap, f);
	if (n > 0 && !strncmp(line, "# not measured: ", 16)) {
		/* built without DWARF on purpose (DEBUG_INFO=no): no figure, no fault */
		fclose(f);
		free(line);
		in->not_measured = 1;
		return 1;
	} else if (n > 0 && !strncmp(line, "# unavailable: ", 15)) {
		/* the Makefile's note that `tksize inline` failed, and why */
		line[strcspn(line, "\n")] = '\0';
		fclose(f);
		*err = xstrdup(line + 15);
		free(line);
		return -1;
	} else if (n > 0) {	/* the column header */
		while (getline(&line, &cap, f) > 0) {
			if (sscanf(line, "# declared %ld declared_inlined %ld outofline %ld"
				   " undeclared_inlined %ld sites %ld bytes %lld", &in->declared,
				   &in->declared_inlined, &in->outofline, &in->undeclared_inlined,
				   &in->sites, &in->bytes) == 6)
				totals = 1;
			else
				load_row(in, line);
		}
	}
	free(line);
	fclose(f);
	if (!totals)
		{
		inline_free(in);
		*err = xasprintf("%s: no totals line; remake it with tksize inline", path);
		return -1;
	}
	in->valid = 1;
	return 0;
}

