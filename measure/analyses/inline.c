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

#include "analyses/inline.h"
#include "base/paths.h"
#include "base/ranges.h"
#include "base/util.h"
#include "readers/dwarfwalk.h"
#include "readers/elfio.h"

struct fn {
	char *name;
	long long bytes;
	long sites, cus, last_cu;
	unsigned declared:1, outofline:1;
	/* per definition only (inline_candidates): live out-of-line copies,
	 * and the unit with the most expansions, where a shared definition
	 * would go */
	long copies;
	long long copy_bytes;
	long home_sites;
	/* columns to test the cost model against, not in its prediction:
	 * the largest expansion, and the expansions with a constant argument
	 * (gcc may have folded those, so they understate the body); in it,
	 * the constant arguments over all expansions (each up to a 5-byte
	 * mov $imm at a call), and the definition's parameters (a variadic
	 * one's named ones) */
	long long max_site;
	long const_sites, const_args;
	int params;
	const char *home;	/* a DW_AT_name, valid while the Dwarf is open */
	/* every unit with expansions, and how many: another home when the
	 * one with the most is not built by every config (deinline/rank.sh) */
	struct unit_sites *units;
	size_t nunits;
};

struct unit_sites {
	const char *name;	/* a DW_AT_name, as home */
	long sites;
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
	struct fntab *defs;	/* also per definition, "FILE\tLINE\tNAME", or NULL */
	const char *cu_name;	/* the unit being walked */
	long cu;		/* and its index */
	const struct range *code;	/* the image's code sections, sorted */
	size_t ncode;
	struct range *outer;	/* live ranges of outermost expansions */
	size_t nouter, capouter;
	const char *fault;	/* the first DWARF call that failed, if any */
	int lto;		/* a unit of GCC's LTO stage: no DW_AT_inline anywhere */
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
		*live |= range_holds(w->code, w->ncode, start);
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

/*
 * The table entry of the definition ORIGIN stands for: functions of one
 * name in two files (a static inline in each .c) are two candidates.
 */
/*
 * PATH without its "DIR/../" pieces, in place: arch/x86/events/perf_event.h
 * is reached as intel/../perf_event.h and amd/../perf_event.h, and is one
 * file, one definition.
 */
static char *collapse_dotdot(char *path)
{
	char *up;

	while ((up = strstr(path, "/../")) && up > path) {
		char *dir = up;

		while (dir > path && dir[-1] != '/')
			dir--;
		memmove(dir, up + 4, strlen(up + 4) + 1);
	}
	return path;
}

static struct fn *definition(struct walk *w, Dwarf_Die *origin, const char *name)
{
	const char *file = dwarf_decl_file(origin);
	int line = 0;
	char *key;
	struct fn *f;

	dwarf_decl_line(origin, &line);
	key = collapse_dotdot(xasprintf("%s\t%d\t%s", file ? file : "?", line, name));
	f = lookup(w->defs, key);
	free(key);
	return f;
}

/* Is the location expression OPS a constant: DW_OP_implicit_value, or a
 * literal, constant or address then DW_OP_stack_value? */
static int constant_expression(const Dwarf_Op *ops, size_t n)
{
	if (n == 1 && ops[0].atom == DW_OP_implicit_value)
		return 1;
	return n == 2 && ops[1].atom == DW_OP_stack_value &&
	       (ops[0].atom == DW_OP_addr || (ops[0].atom >= DW_OP_lit0 && ops[0].atom <= DW_OP_lit31) ||
		(ops[0].atom >= DW_OP_const1u && ops[0].atom <= DW_OP_consts));
}

/* Is the formal parameter PARAM a constant: a DW_AT_const_value, or a
 * location (list) whose every expression is a constant? */
static int constant_parameter(Dwarf_Die *param)
{
	Dwarf_Attribute attr;
	Dwarf_Addr base, start, end;
	Dwarf_Op *ops;
	size_t n;
	ptrdiff_t off = 0;
	int exprs = 0, constant = 1;

	if (dwarf_hasattr(param, DW_AT_const_value))
		return 1;
	if (!dwarf_attr(param, DW_AT_location, &attr))
		return 0;
	/* an empty expression is a range where the value is gone (optimized
	 * out): it says nothing either way */
	while ((off = dwarf_getlocations(&attr, off, &base, &start, &end, &ops, &n)) > 0) {
		if (!n)
			continue;
		exprs++;
		constant &= constant_expression(ops, n);
	}
	return exprs && constant;
}

/*
 * How many of the expansion DIE's parameters are constants.  gcc may give
 * one parameter two entries in one expansion (a kzalloc() expansion in
 * tiny/Os/dce has two for its size): a parameter is one, by the
 * definition's parameter it stands for, and constant if any entry is.
 */
static int constant_arguments(Dwarf_Die *die)
{
	Dwarf_Die child, origin;
	Dwarf_Attribute attr;
	Dwarf_Off *seen = NULL;
	size_t nseen = 0, i;
	int r = dwarf_child(die, &child), count = 0;

	for (; r == 0; r = dwarf_siblingof(&child, &child)) {
		Dwarf_Off key;

		if (dwarf_tag(&child) != DW_TAG_formal_parameter || !constant_parameter(&child))
			continue;
		key = dwarf_attr(&child, DW_AT_abstract_origin, &attr) && dwarf_formref_die(&attr, &origin)
			? dwarf_dieoffset(&origin) : dwarf_dieoffset(&child);
		for (i = 0; i < nseen && seen[i] != key; i++)
			;
		if (i < nseen)
			continue;
		seen = xrealloc(seen, (nseen + 1) * sizeof(*seen));
		seen[nseen++] = key;
		count++;
	}
	free(seen);
	return count;
}

/* The formal parameters DIE declares (an abstract origin's: all of them). */
static int parameters(Dwarf_Die *die)
{
	Dwarf_Die child;
	int r = dwarf_child(die, &child), count = 0;

	for (; r == 0; r = dwarf_siblingof(&child, &child))
		count += dwarf_tag(&child) == DW_TAG_formal_parameter;
	return count;
}

static void count_definition(struct walk *w, Dwarf_Die *origin, const char *name,
			     long long bytes, long cu, int constant)
{
	Dwarf_Attribute attr;
	Dwarf_Word inl;
	struct fn *f = definition(w, origin, name);

	if (dwarf_attr(origin, DW_AT_inline, &attr) && !dwarf_formudata(&attr, &inl))
		f->declared |= inl == DW_INL_declared_inlined || inl == DW_INL_declared_not_inlined;
	f->sites++;
	f->bytes += bytes;
	f->const_sites += constant > 0;
	f->const_args += constant;
	f->params = parameters(origin);
	if (bytes > f->max_site)
		f->max_site = bytes;
	if (f->last_cu != cu) {
		f->cus++;
		f->last_cu = cu;
		f->units = xrealloc(f->units, (f->nunits + 1) * sizeof(*f->units));
		f->units[f->nunits++] = (struct unit_sites){ w->cu_name, 0 };
	}
	if (++f->units[f->nunits - 1].sites > f->home_sites) {
		f->home_sites = f->units[f->nunits - 1].sites;
		f->home = w->cu_name;
	}
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
		live = range_holds(w->code, w->ncode, entry);
	if (!name || !live)
		return;
	f = lookup(&w->fns, name);
	f->sites++;
	f->bytes += bytes;
	if (f->last_cu != cu) {
		f->cus++;
		f->last_cu = cu;
	}
	if (w->defs)
		count_definition(w, &origin, name, bytes, cu, constant_arguments(die));
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
	} else if (w->defs && !dwarf_hasattr(die, DW_AT_abstract_origin) && (name = dwarf_diename(die))) {
		/* a unit that never inlined it has a plain copy: no abstract
		 * instance, just the function, which a shared definition
		 * would replace too */
		long long bytes = live_bytes(w, die, 0, &live);

		if (bytes > 0) {
			f = definition(w, die, name);
			f->copies++;
			f->copy_bytes += bytes;
		}
	} else if ((name = origin_name(die, &origin)) && dwarf_hasattr(&origin, DW_AT_inline)) {
		long long bytes = live_bytes(w, die, 0, &live);

		if (bytes <= 0)
			return;
		lookup(&w->fns, name)->outofline = 1;
		if (w->defs) {
			f = definition(w, &origin, name);
			f->copies++;
			f->copy_bytes += bytes;
		}
	}
}

/* NESTED: DIE lies inside an inlined subroutine; so do its children if it is one. */
static unsigned visit(Dwarf_Die *die, unsigned nested, void *arg)
{
	struct walk *w = arg;
	int tag = dwarf_tag(die);

	if (tag == DW_TAG_inlined_subroutine)
		visit_inlined(w, die, w->cu, nested);
	else if (tag == DW_TAG_subprogram)
		visit_subprogram(w, die);
	return nested || tag == DW_TAG_inlined_subroutine;
}

static const char *visit_unit(Dwarf_Die *cu, long index, void *arg)
{
	struct walk *w = arg;
	const char *fault;

	w->cu_name = dwarf_diename(cu);
	w->cu = index;
	if (dwarf_is_lto_unit(cu))
		w->lto = 1;
	fault = dwarf_each_die(cu, 0, visit, w);
	if (fault && !w->fault)
		w->fault = fault;
	return w->fault;
}

static int by_bytes(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes < y->bytes ? 1 : -1;
	return strcmp(x->name, y->name);
}

static void free_table(struct fntab *t)
{
	size_t i;

	for (i = 0; i < t->names.n; i++) {
		free(t->v[i].name);
		free(t->v[i].units);
	}
	free(t->v);
	strmap_free(&t->names);
}

/* Count, rank and free the table; with ALL_ROWS, keep every inlined function's row. */
static void summarise(struct fntab *t, struct inline_facts *in, int all_rows, int lto)
{
	struct fn *v = t->v;
	size_t i, n = t->names.n;

	qsort(v, n, sizeof(*v), by_bytes);
	if (all_rows)
		in->rows = xcalloc(n + 1, sizeof(*in->rows));
	for (i = 0; i < n; i++) {
		in->declared += v[i].declared;
		in->declared_inlined += v[i].declared && v[i].sites;
		in->outofline += v[i].declared && v[i].outofline;
		in->undeclared_inlined += !v[i].declared && v[i].sites;
		in->sites += v[i].sites;
		if (v[i].sites && in->ntop < INLINE_TOP)
			in->top[in->ntop++] = (struct inline_fn){ xstrdup(v[i].name), v[i].bytes,
								   v[i].sites, v[i].cus };
		if (all_rows && v[i].sites)
			in->rows[in->nrows++] = (struct inline_fn){ xstrdup(v[i].name), v[i].bytes, v[i].sites,
								    v[i].cus };
	}
	if (lto)
		in->declared = in->declared_inlined = in->outofline = in->undeclared_inlined = -1;
	free_table(t);
}

/*
 * Open VMLINUX and walk its DWARF into W; then DONE(W, ARG) runs while the
 * DWARF is still open (the per-definition table points into it).  Returns
 * 0, or -1 with *ERR naming the file and the fault.
 */
static int walk_file(const char *vmlinux, struct walk *w,
		     void (*done)(struct walk *w, void *arg), void *arg, char **err)
{
	struct range *code = NULL;
	Dwarf *dw;
	Elf *elf;
	int fd;

	*err = NULL;
	elf = elf_open(vmlinux, &fd, err);
	if (!elf)
		return -1;
	if (elf_code_ranges(elf, vmlinux, &code, &w->ncode, err)) {
		elf_close(elf, fd);
		return -1;
	}
	dw = dwarf_of(elf, vmlinux, err);
	if (dw) {
		w->code = code;
		if (!dwarf_each_unit(dw, vmlinux, visit_unit, w, err))
			done(w, arg);
		dwarf_end(dw);
	}
	elf_close(elf, fd);
	free(code);
	free(w->outer);
	return *err ? -1 : 0;
}

static void sum_outer(struct walk *w, void *arg)
{
	((struct inline_facts *)arg)->bytes = range_union_bytes(w->outer, w->nouter);
}

int inline_read(const char *vmlinux, struct inline_facts *in, int all_rows, char **err)
{
	struct walk w = { 0 };

	memset(in, 0, sizeof(*in));
	if (walk_file(vmlinux, &w, sum_outer, in, err)) {
		free_table(&w.fns);
		inline_free(in);
		return -1;
	}
	summarise(&w.fns, in, all_rows, w.lto);
	in->valid = 1;
	return 0;
}

/*
 * The cost model of uninlining one definition (docs/deinline.md): every
 * expansion and every live out-of-line copy give way to one shared body
 * and a call per expansion.  The body is the mean size of the copies
 * there are, or else of the expansions, plus a ret.  A call (i386,
 * regparm(3)) is the 5-byte call rel32; a 2-byte move for each of the
 * first three arguments into eax, edx or ecx, and a push of 5 for each
 * one after; 3 more for each constant argument (a 5-byte mov $imm where
 * a move would do); and 3 for what the call clobbers (eax, ecx and edx:
 * a value live in one of them is saved and loaded again).
 *
 * The third version adds what the runs' journals (docs/runs/) measured:
 * an expansion with a constant argument had folded, so the call that
 * replaces it loses 3/10 of a mean expansion more; and one expansion
 * beside an out-of-line copy saved nothing in 21 of the 26 such -Os
 * trials (gcc's own copy and its one inlined use are what uninlining
 * would make), so it is predicted to save nothing, and not tried.
 */
#define CALL_BYTES 5
#define REG_ARG_BYTES 2
#define STACK_ARG_BYTES 5
#define CONST_ARG_BYTES 3
#define CLOBBER_BYTES 3
#define REG_ARGS 3
#define RET_BYTES 1
#define FOLDED_SITE_TENTHS 3

static long long body_estimate(const struct fn *f)
{
	return f->copies ? f->copy_bytes / f->copies : f->bytes / f->sites + RET_BYTES;
}

static long long call_bytes(const struct fn *f)
{
	int regs = f->params < REG_ARGS ? f->params : REG_ARGS;

	return CALL_BYTES + CLOBBER_BYTES + regs * REG_ARG_BYTES + (f->params - regs) * STACK_ARG_BYTES;
}

static long long predicted_saving(const struct fn *f)
{
	long long folded = f->sites ? (long long)f->const_sites * f->bytes * FOLDED_SITE_TENTHS / (10LL * f->sites) : 0;

	if (f->sites == 1 && f->copies > 0)
		return 0;
	return f->bytes + f->copy_bytes - body_estimate(f) - (long long)f->sites * call_bytes(f) -
	       (long long)f->const_args * CONST_ARG_BYTES - folded;
}

struct candidates {
	const char *tree;	/* prefix to strip, ending in '/' */
	struct candidate *rows;
	size_t n;
};

static int by_sites(const void *a, const void *b)
{
	const struct unit_sites *x = a, *y = b;

	if (x->sites != y->sites)
		return x->sites < y->sites ? 1 : -1;
	return strcmp(x->name ? x->name : "", y->name ? y->name : "");
}

/* F's units in TREE, most expansions first: "fs/namei.c:12,fs/open.c:3" */
static char *units_of(struct fn *f, const char *tree)
{
	char *s = xstrdup(""), *next;
	size_t i;

	qsort(f->units, f->nunits, sizeof(*f->units), by_sites);
	for (i = 0; i < f->nunits; i++) {
		const char *u = path_in_tree(f->units[i].name, tree);

		if (u) {
			next = xasprintf("%s%s%s:%ld", s, *s ? "," : "", u, f->units[i].sites);
			free(s);
			s = next;
		}
	}
	return s;
}

static int by_prediction(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;
	long long px = predicted_saving(x), py = predicted_saving(y);

	if (px != py)
		return px < py ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* The rows, copied out while the DWARF their names point into is open. */
static void collect_candidates(struct walk *w, void *arg)
{
	struct candidates *c = arg;
	struct fntab *t = w->defs;
	size_t i;

	qsort(t->v, t->names.n, sizeof(*t->v), by_prediction);
	c->rows = xcalloc(t->names.n + 1, sizeof(*c->rows));
	for (i = 0; i < t->names.n; i++) {
		struct fn *f = &t->v[i];
		char *key = xstrdup(f->name), *line = strchr(key, '\t'), *name = NULL;
		const char *file, *home = path_in_tree(f->home, c->tree);

		if (line) {
			*line++ = '\0';
			name = strchr(line, '\t');
			if (name)
				*name++ = '\0';
		}
		file = path_in_tree(key, c->tree);
		if (f->declared && f->sites && file && home && line && name)
			c->rows[c->n++] = (struct candidate){
				xstrdup(file), xstrdup(line), xstrdup(name), f->sites, f->cus, f->bytes,
				f->copies, f->copy_bytes, xstrdup(home), predicted_saving(f), body_estimate(f),
				f->max_site, f->const_sites, f->const_args, f->params, units_of(f, c->tree) };
		free(key);
	}
}

int inline_candidates(const char *vmlinux, const char *tree, struct candidate **rows, size_t *n, char **err)
{
	struct fntab defs = { 0 };
	struct walk w = { .defs = &defs };
	char *prefix = xasprintf("%s/", tree);
	struct candidates c = { prefix, NULL, 0 };
	int r;

	r = walk_file(vmlinux, &w, collect_candidates, &c, err);
	free_table(&w.fns);
	free_table(&defs);
	free(prefix);
	*rows = c.rows;
	*n = c.n;
	return r;
}

void candidates_free(struct candidate *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(rows[i].file);
		free(rows[i].line);
		free(rows[i].name);
		free(rows[i].home);
		free(rows[i].units);
	}
	free(rows);
}

void inline_free(struct inline_facts *in)
{
	int i;

	size_t r;

	for (i = 0; i < in->ntop; i++)
		free(in->top[i].name);
	for (r = 0; r < in->nrows; r++)
		free(in->rows[r].name);
	free(in->rows);
	in->rows = NULL;
	in->nrows = 0;
	free(in->error);
	in->ntop = 0;
	in->error = NULL;
	in->valid = 0;
}
