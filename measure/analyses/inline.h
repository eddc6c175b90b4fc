/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_INLINE_H
#define TINYKERN_INLINE_H

#include <stddef.h>

/* One inline function as pfunct --total_inline_stats counts it. */
struct inline_fn {
	char *name;
	long long bytes;	/* live code of all its expansions, nested ones included */
	long sites;		/* expansions in live code */
	long cus;		/* compilation units holding them */
};

#define INLINE_TOP 20
struct inline_facts {
	int valid;		/* the figures below were read */
	char *error;		/* the report's: why not, when they could not be */
	int not_measured;	/* none, on purpose: built without DWARF */
	/*
	 * These four come from DW_AT_inline, which the DWARF of GCC's LTO
	 * stage (CONFIG_LTO_GCC) does not have: -1 there, not known.
	 */
	long declared;		/* functions declared inline */
	long declared_inlined;	/* ... of which inlined at least once in live code */
	long outofline;		/* ... of which also have a live out-of-line copy */
	long undeclared_inlined;	/* not declared inline, inlined by gcc */
	long sites;		/* expansions in live code, nested ones included */
	long long bytes;	/* bytes of the image that are inlined code, each once */
	int ntop;
	struct inline_fn top[INLINE_TOP];	/* most inlined bytes first */
	struct inline_fn *rows;	/* every function inlined in live code, when asked */
	size_t nrows;
};

/* One definition declared inline, and what uninlining it would save (inline_candidates). */
struct candidate {
	char *file, *line, *name;	/* where it is defined, relative to the tree */
	long sites, cus;	/* expansions in live code, and the units holding them */
	long long bytes;	/* their bytes, nested expansions included */
	long copies;		/* live out-of-line copies */
	long long copy_bytes;
	char *home;		/* the unit with the most expansions */
	long long predicted, body;	/* the cost model's saving, and its body estimate */
	long long max_site;	/* the largest expansion */
	long const_sites, const_args;	/* expansions with a constant argument; constant arguments */
	int params;
	char *units;		/* "fs/namei.c:12,fs/open.c:3": every unit, most expansions first */
};

/*
 * Read the DWARF of VMLINUX (built with debug info) through libdw.  With
 * ALL_ROWS, IN->rows gets every inlined function's row, as pfunct counts
 * it.  Returns 0, or -1 with *ERR naming the file and the fault.
 */
int inline_read(const char *vmlinux, struct inline_facts *in, int all_rows, char **err);
/*
 * The de-inlining candidates of VMLINUX (docs/deinline.md): one row per
 * definition declared inline in a file under TREE, with its expansions in
 * live code, the units holding them, their bytes, its live out-of-line
 * copies, the unit with the most expansions, and the predicted saving of
 * one shared out-of-line body; largest prediction first.  Returns 0, or -1
 * with *ERR.
 */
int inline_candidates(const char *vmlinux, const char *tree, struct candidate **rows, size_t *n, char **err);
void candidates_free(struct candidate *rows, size_t n);
void inline_free(struct inline_facts *in);

#endif
