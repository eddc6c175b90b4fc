/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_ATTRIBUTE_H
#define TINYKERN_ATTRIBUTE_H

#include <stdio.h>

#include "difftab.h"

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

/*
 * Attribute every allocated byte of VMLINUX (built with debug info) to a
 * source file, relative to the kernel tree: code from the compilation
 * units' ranges and the line tables, data from DWARF's variables sized by
 * their symbols.  Ranges outside the allocated sections (the tombstoned
 * DWARF of code --gc-sections dropped) count nowhere.  With MAP, ld's
 * link map of it, each input section goes to its object's source file
 * first (merged strings, constants, the x86 tables, the brk reservations
 * included), ld's fill to "[padding]", and DWARF places what is left.  The bytes of a section
 * that no file owns are its row "[SECTION]".  Returns 0, or -1 with *ERR
 * naming the file.
 */
int attribute_read(const char *vmlinux, const char *map, struct attribution *a, char **err);
/* VMLINUX.map, where kbuild's CONFIG_VMLINUX_MAP puts it, if it is there; free it. */
char *attribute_map_of(const char *vmlinux);
void attribute_free(struct attribution *a);

/* dirs.c, what is done with an attribution once read. */

/* Largest first (text + data + bss), then most code written, then by path; for qsort. */
int attribute_order(const void *a, const void *b);
/*
 * The rows rolled up to directories of at most DEPTH levels ("kernel/" at
 * 1, "kernel/sched/" at 2); DEPTH 0 keeps the files.  Largest first.
 */
void attribute_rollup(const struct attribution *files, int depth, struct attribution *out);
/*
 * -1 with *ERR when more than the allowed share of the code, or of a code
 * section that holds functions, has no source file; with the link map,
 * when any byte of any section has none.
 */
int attribute_check(const struct attribution *a, const char *vmlinux, char **err);
/* The rows, a total row equal to `size`, then the sections' table. */
void attribute_print(FILE *f, const struct attribution *a);
/*
 * COL summed over the files under directory DIR ("fs/", "fs/ext2/") or
 * the file DIR itself.  *MATCHED counts the rows it took.
 */
long long attribute_under(const struct attribution *files, const char *dir, enum attr_col col,
			  int *matched);
/*
 * The change from OLD to NEW per directory DEPTH levels deep (0: per
 * file), in text, as a table bloat.c prints the way bloat-o-meter prints
 * a symbol diff; free it with diff_table_free().
 */
void attribute_diff(const struct attribution *old, const struct attribution *new, int depth, struct diff_table *t);
/* Code written in headers (".h" files) and inlined into the code of the image. */
long long attribute_headers(const struct attribution *files);

#endif
