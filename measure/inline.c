// SPDX-License-Identifier: GPL-2.0
/*
 * Inline cost of one kernel, from the DWARF of a vmlinux built with debug
 * info, read through libdw: the modern form of Ingo's "22,000+ inline
 * functions ... inlined about a 100,000 times".
 *
 * Only live code counts.  Under --gc-sections the DWARF of the functions
 * the linker dropped stays in vmlinux with its addresses tombstoned near 0,
 * so every address range is clipped to the image's allocated code sections
 * first; an expansion with no byte left there is not counted at all.
 *
 * Per function name, summed over every compilation unit as dwarves'
 * `pfunct --total_inline_stats` sums them (tests/90 compares the two):
 *  - each DW_TAG_inlined_subroutine in live code (a range of it starts in
 *    a code section, even an empty one, or it has no range and its entry
 *    pc is there: gcc folded the call into its caller) is one expansion,
 *    nested ones included, and its live bytes are its code.  A row therefore
 *    includes the code of the expansions nested in it: __read_cr4's row
 *    holds native_read_cr4's bytes inlined into it;
 *  - a DW_TAG_subprogram with DW_AT_inline says whether the function was
 *    declared inline (DW_INL_declared_inlined, _declared_not_inlined);
 *  - a DW_TAG_subprogram with live code that is (or has as abstract
 *    origin) a function with DW_AT_inline is an out-of-line copy.
 *
 * The kernel-wide byte total counts each byte of the image once: it is the
 * union of the live ranges of the outermost expansions, so it is not the
 * sum of the rows.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elfio.h"
#include "inline.h"
#include "util.h"

struct fn {
	char *name;
	long long bytes;
	long sites, cus, last_cu;
	unsigned declared:1, outofline:1;
};

/* Functions by name: the map gives each name its index in V. */
struct fntab {
	struct strmap names;
	struct fn *v;
	size_t cap;
};

/* What one walk over the DWARF collects. */
struct walk {
	struct fntab fns;
	const struct range *code;	/* the image's code sections, sorted */
	size_t ncode;
	struct range *outer;	/* live ranges of outermost expansions */
	size_t nouter, capouter;
	const char *fault;	/* the first DWARF call that failed, if any */
};

static struct fn *lookup(struct fntab *t, const char *name)
{
	int added;
	size_t i = strmap_index(&t->names, name, &added);

	if (added) {
		if (i == t->cap)
			t->v = xrealloc(t->v, (t->cap = t->cap ? 2 * t->cap : 4096) * sizeof(*t->v));
		t->v[i] = (struct fn){ .name = xstrdup(name), .last_cu = -1 };
	}
	return &t->v[i];
}

static void add_outer(struct walk *w, unsigned long long start, unsigned long long end)
{
	if (w->nouter == w->capouter)
		w->outer = xrealloc(w->outer, (w->capouter = w->capouter ? 2 * w->capouter : 4096) *
					      sizeof(*w->outer));
	w->outer[w->nouter++] = (struct range){ start, end };
}

/* Does ADDR lie in one of the image's code sections? */
static int in_code(const struct walk *w, Dwarf_Addr addr)
{
	size_t i;

	for (i = 0; i < w->ncode && w->code[i].start <= addr; i++)
		if (addr < w->code[i].end)
			return 1;
	return 0;
}

/*
 * Live bytes of a DIE: its address ranges clipped to the code sections.
 * With OUTER, the clipped pieces are also kept for the union.  *LIVE says
 * whether a range starts inside a code section, so that an expansion that
 * left no code of its own (gcc folded it into its caller) still counts as
 * one in live code, and one whose addresses were tombstoned does not.
 */
static long long live_bytes(struct walk *w, Dwarf_Die *die, int outer, int *live)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	long long sum = 0;
	size_t i;

	*live = 0;
	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		*live |= in_code(w, start);
		for (i = 0; i < w->ncode && w->code[i].start < end; i++) {
			Dwarf_Addr s = start > w->code[i].start ? start : w->code[i].start;
			Dwarf_Addr e = end < w->code[i].end ? end : w->code[i].end;

			if (s >= e)
				continue;
			sum += (long long)(e - s);
			if (outer)
				add_outer(w, s, e);
		}
	}
	if (off < 0 && !w->fault)
		w->fault = "dwarf_ranges";
	return sum;
}

/* The function a DIE stands for: its abstract origin, if it has one. */
static const char *origin_name(Dwarf_Die *die, Dwarf_Die *origin)
{
	Dwarf_Attribute attr;

	if (!dwarf_attr(die, DW_AT_abstract_origin, &attr) || !dwarf_formref_die(&attr, origin))
		return NULL;
	return dwarf_diename(origin);
}

static void visit_inlined(struct walk *w, Dwarf_Die *die, long cu, int nested)
{
	Dwarf_Die origin;
	const char *name = origin_name(die, &origin);
	int live;
	long long bytes = live_bytes(w, die, !nested, &live);
	Dwarf_Addr entry;
	struct fn *f;

	/* an expansion that kept no code, not even an empty range, may still
	 * say where it was: its entry pc */
	if (!live && dwarf_entrypc(die, &entry) == 0)
		live = in_code(w, entry);
	if (!name || !live)
		return;
	f = lookup(&w->fns, name);
	f->sites++;
	f->bytes += bytes;
	if (f->last_cu != cu) {
		f->cus++;
		f->last_cu = cu;
	}
}

static void visit_subprogram(struct walk *w, Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Die origin;
	Dwarf_Word inl;
	const char *name;
	struct fn *f;
	int live;

	if (dwarf_attr(die, DW_AT_inline, &attr) && !dwarf_formudata(&attr, &inl)) {
		name = dwarf_diename(die);
		if (!name)
			return;
		f = lookup(&w->fns, name);
		f->declared |= inl == DW_INL_declared_inlined || inl == DW_INL_declared_not_inlined;
		f->outofline |= live_bytes(w, die, 0, &live) > 0;
	} else if ((name = origin_name(die, &origin)) && dwarf_hasattr(&origin, DW_AT_inline) &&
		   live_bytes(w, die, 0, &live) > 0) {
		lookup(&w->fns, name)->outofline = 1;
	}
}

/* NESTED: DIE lies inside an inlined subroutine. */
static void visit(struct walk *w, Dwarf_Die *die, long cu, int nested)
{
	Dwarf_Die child;
	int tag = dwarf_tag(die);

	if (tag == DW_TAG_inlined_subroutine)
		visit_inlined(w, die, cu, nested);
	else if (tag == DW_TAG_subprogram)
		visit_subprogram(w, die);
	int r = dwarf_child(die, &child);

	if (r < 0 && !w->fault)
		w->fault = "dwarf_child";
	while (r == 0) {
		visit(w, &child, cu, nested || tag == DW_TAG_inlined_subroutine);
		r = dwarf_siblingof(&child, &child);
		if (r < 0 && !w->fault)
			w->fault = "dwarf_siblingof";
	}
}

static int by_bytes(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes < y->bytes ? 1 : -1;
	return strcmp(x->name, y->name);
}

static int by_start(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Bytes covered by the union of V's ranges. */
static long long union_bytes(struct range *v, size_t n)
{
	unsigned long long sum = 0, end = 0;
	size_t i;

	qsort(v, n, sizeof(*v), by_start);
	for (i = 0; i < n; i++) {
		unsigned long long s = v[i].start > end ? v[i].start : end;

		if (v[i].end > s)
			sum += v[i].end - s;
		if (v[i].end > end)
			end = v[i].end;
	}
	return (long long)sum;
}

/* Count, rank and free the table. */
static void summarise(struct fntab *t, struct inline_facts *in, FILE *all)
{
	struct fn *v = t->v;
	size_t i, n = t->names.n;

	qsort(v, n, sizeof(*v), by_bytes);
	if (all)
		fprintf(all, "%-40s %10s %8s %5s\n", "name", "totsz", "exp#", "src#");
	for (i = 0; i < n; i++) {
		in->declared += v[i].declared;
		in->declared_inlined += v[i].declared && v[i].sites;
		in->outofline += v[i].declared && v[i].outofline;
		in->undeclared_inlined += !v[i].declared && v[i].sites;
		in->sites += v[i].sites;
		if (v[i].sites && in->ntop < INLINE_TOP)
			in->top[in->ntop++] = (struct inline_fn){ xstrdup(v[i].name), v[i].bytes,
								   v[i].sites, v[i].cus };
		if (all && v[i].sites)
			fprintf(all, "%-40s %10lld %8ld %5ld\n", v[i].name, v[i].bytes, v[i].sites, v[i].cus);
		free(v[i].name);
	}
	free(v);
	strmap_free(&t->names);
}

static int fail(struct inline_facts *in, char *why)
{
	inline_free(in);
	in->error = why;
	return -1;
}

/* Walk every CU; -1 with *ERR on a DWARF error, never a partial success. */
static int walk_cus(Dwarf *dw, struct walk *w, const char *vmlinux, char **err)
{
	Dwarf_Off off = 0, next;
	size_t hsize;
	long cu = 0;
	int r;

	while ((r = dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) == 0) {
		Dwarf_Die cudie;

		if (!dwarf_offdie(dw, off + hsize, &cudie)) {
			*err = xasprintf("%s: DWARF: no compilation unit DIE at offset %#llx: %s", vmlinux,
					 (unsigned long long)(off + hsize), dwarf_errmsg(-1));
			return -1;
		}
		visit(w, &cudie, cu++, 0);
		if (w->fault) {
			*err = xasprintf("%s: DWARF: %s failed in the unit at offset %#llx: %s", vmlinux,
					 w->fault, (unsigned long long)off, dwarf_errmsg(-1));
			return -1;
		}
		off = next;
	}
	if (r < 0) {
		*err = xasprintf("%s: DWARF: bad unit header at offset %#llx: %s", vmlinux,
				 (unsigned long long)off, dwarf_errmsg(-1));
		return -1;
	}
	if (!cu) {
		*err = xasprintf("%s: no compilation units in .debug_info", vmlinux);
		return -1;
	}
	return 0;
}

int inline_read(const char *vmlinux, struct inline_facts *in, FILE *all)
{
	struct walk w = { 0 };
	struct range *code = NULL;
	char *err = NULL;
	Dwarf *dw;
	Elf *elf;
	int fd;

	memset(in, 0, sizeof(*in));
	elf = elf_open(vmlinux, &fd, &err);
	if (!elf)
		return fail(in, err);
	if (elf_code_ranges(elf, vmlinux, &code, &w.ncode, &err)) {
		elf_close(elf, fd);
		return fail(in, err);
	}
	dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
	if (!dw) {
		err = xasprintf("%s: no DWARF (built without debug info?): %s", vmlinux, dwarf_errmsg(-1));
	} else {
		w.code = code;
		if (!walk_cus(dw, &w, vmlinux, &err))
			in->bytes = union_bytes(w.outer, w.nouter);
		dwarf_end(dw);
	}
	elf_close(elf, fd);
	free(code);
	free(w.outer);
	if (err) {
		size_t i;

		for (i = 0; i < w.fns.names.n; i++)
			free(w.fns.v[i].name);
		free(w.fns.v);
		strmap_free(&w.fns.names);
		return fail(in, err);
	}
	summarise(&w.fns, in, all);
	in->valid = 1;
	return 0;
}

/*
 * The totals line that ends `tksize inline` output, which the Makefile
 * keeps as KDIR/inline.txt so the report need not read DWARF again.
 */
void inline_print_totals(FILE *f, const struct inline_facts *in)
{
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

int inline_load(const char *path, struct inline_facts *in)
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
		in->error = xstrdup(line + 15);
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
		return fail(in, xasprintf("%s: no totals line; remake it with tksize inline", path));
	in->valid = 1;
	return 0;
}

void inline_free(struct inline_facts *in)
{
	int i;

	for (i = 0; i < in->ntop; i++)
		free(in->top[i].name);
	free(in->error);
	in->ntop = 0;
	in->error = NULL;
	in->valid = 0;
}
