// SPDX-License-Identifier: GPL-2.0
/*
 * Inline cost of one kernel, from the DWARF of a vmlinux built with debug
 * info, read through libdw: the modern form of Ingo's "22,000+ inline
 * functions ... inlined about a 100,000 times".
 *
 * Per function name, summed over every compilation unit as dwarves'
 * `pfunct --total_inline_stats` sums them (tests/90 compares the two):
 *  - each DW_TAG_inlined_subroutine, nested ones included, is one
 *    expansion, and the sum of its address ranges is its code;
 *  - a DW_TAG_subprogram with DW_AT_inline says whether the function was
 *    declared inline (DW_INL_declared_inlined, _declared_not_inlined);
 *  - a DW_TAG_subprogram with code that is (or has as abstract origin) a
 *    function with DW_AT_inline is an out-of-line copy.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"

struct fn {
	char *name;
	long long bytes;
	long sites, cus, last_cu;
	unsigned declared:1, outofline:1;
};

/* Functions by name: open addressing, grown at half full. */
struct fntab {
	struct fn *v;
	size_t cap, n;
};

static size_t hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void grow(struct fntab *t);

static struct fn *lookup(struct fntab *t, const char *name)
{
	size_t i;

	if (2 * (t->n + 1) > t->cap)
		grow(t);
	for (i = hash(name) & (t->cap - 1); t->v[i].name; i = (i + 1) & (t->cap - 1))
		if (!strcmp(t->v[i].name, name))
			return &t->v[i];
	t->v[i].name = strdup(name);
	t->v[i].last_cu = -1;
	t->n++;
	return &t->v[i];
}

static void grow(struct fntab *t)
{
	struct fntab bigger = { calloc(t->cap ? 2 * t->cap : 4096, sizeof(struct fn)),
				t->cap ? 2 * t->cap : 4096, 0 };
	size_t i;

	if (!bigger.v)
		die("out of memory");
	for (i = 0; i < t->cap; i++)
		if (t->v[i].name) {
			size_t j = hash(t->v[i].name) & (bigger.cap - 1);

			while (bigger.v[j].name)
				j = (j + 1) & (bigger.cap - 1);
			bigger.v[j] = t->v[i];
			bigger.n++;
		}
	free(t->v);
	*t = bigger;
}

/* Bytes of code a DIE covers: the sum of its address ranges. */
static long long code_bytes(Dwarf_Die *die)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	long long sum = 0;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
		sum += (long long)(end - start);
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

static void visit(struct fntab *t, Dwarf_Die *die, long cu)
{
	Dwarf_Die origin, child;
	Dwarf_Attribute attr;
	Dwarf_Word inl;
	const char *name;
	struct fn *f;

	switch (dwarf_tag(die)) {
	case DW_TAG_inlined_subroutine:
		name = origin_name(die, &origin);
		if (!name)
			break;
		f = lookup(t, name);
		f->sites++;
		f->bytes += code_bytes(die);
		if (f->last_cu != cu) {
			f->cus++;
			f->last_cu = cu;
		}
		break;
	case DW_TAG_subprogram:
		if (dwarf_attr(die, DW_AT_inline, &attr) && !dwarf_formudata(&attr, &inl)) {
			name = dwarf_diename(die);
			if (!name)
				break;
			f = lookup(t, name);
			f->declared |= inl == DW_INL_declared_inlined || inl == DW_INL_declared_not_inlined;
			f->outofline |= code_bytes(die) > 0;
		} else if ((name = origin_name(die, &origin)) && code_bytes(die) > 0 &&
			   dwarf_hasattr(&origin, DW_AT_inline)) {
			lookup(t, name)->outofline = 1;
		}
		break;
	}
	if (dwarf_child(die, &child) == 0) {
		do
			visit(t, &child, cu);
		while (dwarf_siblingof(&child, &child) == 0);
	}
}

static int by_bytes(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes < y->bytes ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* Count, rank and free the table. */
static void summarise(struct fntab *t, struct inline_facts *in, FILE *all)
{
	struct fn *v = malloc((t->n + 1) * sizeof(*v));
	size_t i, n = 0;

	if (!v)
		die("out of memory");
	for (i = 0; i < t->cap; i++)
		if (t->v[i].name)
			v[n++] = t->v[i];
	qsort(v, n, sizeof(*v), by_bytes);
	if (all)
		fprintf(all, "%-40s %10s %8s %5s\n", "name", "totsz", "exp#", "src#");
	for (i = 0; i < n; i++) {
		in->declared += v[i].declared;
		in->declared_inlined += v[i].declared && v[i].sites;
		in->outofline += v[i].declared && v[i].outofline;
		in->undeclared_inlined += !v[i].declared && v[i].sites;
		in->sites += v[i].sites;
		in->bytes += v[i].bytes;
		if (v[i].sites && in->ntop < INLINE_TOP) {
			struct inline_fn *top = &in->top[in->ntop++];

			snprintf(top->name, sizeof(top->name), "%s", v[i].name);
			top->bytes = v[i].bytes;
			top->sites = v[i].sites;
			top->cus = v[i].cus;
		}
		if (all && v[i].sites)
			fprintf(all, "%-40s %10lld %8ld %5ld\n", v[i].name, v[i].bytes, v[i].sites, v[i].cus);
		free(v[i].name);
	}
	free(v);
	free(t->v);
}

int inline_read(const char *vmlinux, struct inline_facts *in, FILE *all)
{
	struct fntab t = { 0 };
	Dwarf_Off off = 0, next;
	size_t hsize;
	long cu = 0;
	Dwarf *dw;
	int fd;

	memset(in, 0, sizeof(*in));
	fd = open(vmlinux, O_RDONLY);
	if (fd < 0)
		return -1;
	dw = dwarf_begin(fd, DWARF_C_READ);
	if (!dw) {
		fprintf(stderr, "tksize: %s: no DWARF: %s\n", vmlinux, dwarf_errmsg(-1));
		close(fd);
		return -1;
	}
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cudie;

		if (dwarf_offdie(dw, off + hsize, &cudie))
			visit(&t, &cudie, cu++);
		off = next;
	}
	summarise(&t, in, all);
	dwarf_end(dw);
	close(fd);
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

int inline_load(const char *path, struct inline_facts *in)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int totals = 0;

	memset(in, 0, sizeof(*in));
	if (!f)
		return -1;
	if (!fgets(line, sizeof(line), f))	/* the column header */
		goto bad;
	while (fgets(line, sizeof(line), f)) {
		struct inline_fn fn;

		if (sscanf(line, "# declared %ld declared_inlined %ld outofline %ld undeclared_inlined %ld"
			   " sites %ld bytes %lld", &in->declared, &in->declared_inlined, &in->outofline,
			   &in->undeclared_inlined, &in->sites, &in->bytes) == 6)
			totals = 1;
		else if (in->ntop < INLINE_TOP &&
			 sscanf(line, "%127s %lld %ld %ld", fn.name, &fn.bytes, &fn.sites, &fn.cus) == 4)
			in->top[in->ntop++] = fn;
	}
bad:
	fclose(f);
	if (!totals) {
		fprintf(stderr, "tksize: %s: no totals line; remake it with tksize inline\n", path);
		memset(in, 0, sizeof(*in));
		return -1;
	}
	in->valid = 1;
	return 0;
}
