/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_INLINE_H
#define TINYKERN_INLINE_H

#include <stdio.h>

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
	char *error;		/* why not, when they could not be */
	int not_measured;	/* none, on purpose: built without DWARF */
	long declared;		/* functions declared inline */
	long declared_inlined;	/* ... of which inlined at least once in live code */
	long outofline;		/* ... of which also have a live out-of-line copy */
	long undeclared_inlined;	/* not declared inline, inlined by gcc */
	long sites;		/* expansions in live code, nested ones included */
	long long bytes;	/* bytes of the image that are inlined code, each once */
	int ntop;
	struct inline_fn top[INLINE_TOP];	/* most inlined bytes first */
};

/*
 * Read the DWARF of VMLINUX (built with debug info) through libdw.  With
 * ALL, every function's row is printed to ALL as pfunct does.  Returns 0,
 * or -1 with IN->error naming the file and the fault.
 */
int inline_read(const char *vmlinux, struct inline_facts *in, FILE *all);
/*
 * The de-inlining candidates of VMLINUX (docs/deinline.md): one row per
 * definition declared inline in a file under TREE, with its expansions in
 * live code, the units holding them, their bytes, its live out-of-line
 * copies, the unit with the most expansions, and the predicted saving of
 * one shared out-of-line body; largest prediction first.  Returns 0, or -1
 * with *ERR.
 */
int inline_candidates(const char *vmlinux, const char *tree, FILE *out, char **err);
void inline_print_totals(FILE *f, const struct inline_facts *in);
/*
 * Read what `tksize inline` printed (KDIR/inline.txt): top rows and
 * totals.  Returns 0, 1 when there is no such file, -1 with IN->error (a
 * file of one line "# unavailable: REASON" gives REASON).
 */
int inline_load(const char *path, struct inline_facts *in);
void inline_free(struct inline_facts *in);

#endif
