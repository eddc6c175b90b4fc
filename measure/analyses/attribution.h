/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a kernel's bytes go: the rows of source files or directories and
 * the sections, as attribute.c reads them, dirs.c rolls them up and
 * compares them, and attribute-json.c stores them.
 */
#ifndef TINYKERN_ATTRIBUTION_H
#define TINYKERN_ATTRIBUTION_H

#include <stddef.h>

/*
 * The columns of a row: Berkeley text, data and bss as `size` counts them
 * (where the bytes live: the compilation unit that holds them), then code
 * alone (SHF_EXECINSTR, where it lives) and code where it was written (the
 * line tables' innermost source, so a header's inlined code is the header's).
 */
enum attr_col { A_TEXT, A_DATA, A_BSS, A_CODE, A_WRITTEN, A_NCOLS };
extern const char *const attr_col_names[A_NCOLS];

struct attr_row {
	char *path;		/* "kernel/fork.c", "kernel/", or "[SECTION]": its bytes no source owns */
	long long v[A_NCOLS];
};

struct attr_section {
	char *name;
	int cls;		/* enum berkeley */
	int code;		/* SHF_EXECINSTR */
	long functions;		/* FUNC symbols in it */
	long long size;
	long long owned;	/* bytes a source file owns, where they live */
	long long remainder;	/* the union of the bytes no file owns */
	long long written;	/* code: bytes the line tables give a file */
	long long written_remainder;
};

struct attribution {
	int valid;		/* the rows below were read */
	int not_measured;	/* none, on purpose: built without DWARF */
	int mapped;		/* read with the link map, which places every byte */
	char *error;		/* why not, or why they fail the coverage check */
	struct attr_row *rows;
	size_t nrows;
	struct attr_section *secs;
	size_t nsecs;
};

/* No more of a code section's bytes may be left without a source file. */
#define ATTR_MAX_REMAINDER_PERCENT 3

void attribute_free(struct attribution *a);
/* Largest first (text + data + bss), then most code written, then by path; for qsort. */
int attribute_order(const void *a, const void *b);

#endif
