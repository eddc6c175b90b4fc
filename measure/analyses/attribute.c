// SPDX-License-Identifier: GPL-2.0
/*
 * Where the bytes go: every allocated byte of a linked vmlinux, attributed
 * to the source file that owns it, read through libelf and libdw.
 *
 * Pre-link object sizes (ksize.sh's built-in.o sums) are wrong twice over:
 * --gc-sections drops code after the objects are built, and code inlined
 * from a header counts for the object that inlined it.  So this reads the
 * linked image and its DWARF:
 *  - code where it lives: each compilation unit's address ranges, owned
 *    by the unit's source file;
 *  - code where it was written: the line tables, whose rows name the
 *    innermost source of every address, the header for inlined code;
 *  - data, rodata and bss: DWARF's variables with a fixed address
 *    (DW_OP_addr), sized by the symbol at that address, or by their type;
 *  - with the link map (CONFIG_VMLINUX_MAP), first of all: each input
 *    section belongs to its object's source file, the unit DWARF names
 *    for it, so merged strings, compiler constants, jump tables, the x86
 *    tables and the brk reservations find their owner, and ld's fill is
 *    "[padding]"; DWARF's ranges and variables then place what the map
 *    does not.
 * Under GCC's LTO (CONFIG_LTO_GCC) the code of the whole kernel is one
 * unit, "<artificial>", whose functions and variables name, as their
 * abstract origin, a DIE in the unit of the file that defined them (the
 * early debug info of each object): code and data live there, in the
 * unit that would have compiled them, and the link map's one object,
 * vmlinux.o, places nothing.
 * Every range is clipped to the allocated sections first: the DWARF of the
 * code and data the linker dropped stays in vmlinux with its addresses
 * tombstoned near 0, and counts nowhere.
 *
 * Each byte has one owner: the ranges are swept in address order and a
 * byte already owned is not counted again.  A section's remainder is the
 * union of the gaps between owned ranges, computed on its own, so that
 * files + remainder = the section's size is a check, not a definition.
 * Without the map, merged strings, compiler constants and jump tables, the
 * x86 tables, the brk area and padding have no DWARF owner; they are the
 * row "[SECTION]", as is whatever the map does not place either.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/attribute.h"
#include "readers/dwarfwalk.h"
#include "readers/elfio.h"
#include "readers/linkmap.h"
#include "base/util.h"


/* A section's Berkeley class is its column: the sweep and the tables index by it. */
_Static_assert(A_TEXT == (int)BK_TEXT && A_DATA == (int)BK_DATA && A_BSS == (int)BK_BSS,
	       "enum attr_col starts with enum berkeley's classes");

/* A range of addresses, the source file (index) that owns it, and its place in the list. */
struct piece {
	uint64_t start, end;
	size_t owner, seq;
};

struct pieces {
	struct piece *v;
	size_t n, cap;
};

/* An object symbol's extent, to size DWARF's variables. */
struct extent {
	uint64_t addr, size;
};

struct attr_walk {
	const char *vmlinux;
	struct elf_section *secs;
	size_t nsecs;
	struct extent *objs;	/* STT_OBJECT symbols with a size, by address */
	size_t nobjs, capobjs;
	uint64_t *funcs;	/* STT_FUNC symbols' addresses */
	size_t nfuncs, capfuncs;
	char **prefixes;	/* the source and object trees, stripped from paths */
	size_t nprefixes;
	struct strmap owners;	/* tree-relative path -> owner index */
	struct strmap raw;	/* path as DWARF spells it -> raw index */
	size_t *raw_owner;
	size_t capraw;
	struct pieces lives, written;
	struct pieces mapped;	/* the link map's input sections, by object */
	size_t *units;		/* the owners that are compilation units' files */
	size_t nunits;
	struct pieces ranges;	/* the unit being walked's ranges */
	int lto;		/* GCC's LTO unit seen: the map's one object, vmlinux.o, places nothing */
	const char *fault;	/* the first DWARF call that failed */
};

static void push_piece(struct pieces *p, uint64_t start, uint64_t end, size_t owner)
{
	if (start >= end)
		return;
	if (p->n == p->cap)
		p->v = xrealloc(p->v, (p->cap = p->cap ? 2 * p->cap : 65536) * sizeof(*p->v));
	p->v[p->n] = (struct piece){ start, end, owner, p->n };
	p->n++;
}

/* The same, joined to the last piece when it continues it for the same owner. */
static void add_piece(struct pieces *p, uint64_t start, uint64_t end, size_t owner)
{
	/* the line tables give runs of rows of one file: keep them one piece */
	if (start < end && p->n && p->v[p->n - 1].end == start && p->v[p->n - 1].owner == owner) {
		p->v[p->n - 1].end = end;
		return;
	}
	push_piece(p, start, end, owner);
}

/* PATH with "." and ".." components resolved, lexically. */
static char *canonical(const char *path)
{
	char *out = xmalloc(strlen(path) + 2), *o = out;
	const char *p = path;

	if (*p == '/')
		*o++ = '/';
	while (*p) {
		const char *e = strchr(p, '/');
		size_t len = e ? (size_t)(e - p) : strlen(p);

		if ((len == 1 && p[0] == '.') || !len) {
			/* nothing */
		} else if (len == 2 && p[0] == '.' && p[1] == '.' && o > out + (out[0] == '/') &&
			   !(o - out >= 3 && !strncmp(o - 3, "../", 3) && (o - out == 3 || o[-4] == '/'))) {
			o--;	/* drop the last component and its '/' */
			while (o > out + (out[0] == '/') && o[-1] != '/')
				o--;
		} else {
			memcpy(o, p, len);
			o += len;
			*o++ = '/';
		}
		p += len + (e != NULL);
	}
	if (o > out + (out[0] == '/'))
		o--;	/* the trailing '/' */
	*o = '\0';
	return out;
}

/* PATH relative to the longest source or object tree it lies in. */
static const char *tree_relative(const struct attr_walk *w, const char *path)
{
	size_t i, best = 0;

	for (i = 0; i < w->nprefixes; i++) {
		size_t len = strlen(w->prefixes[i]);

		if (len > best && !strncmp(path, w->prefixes[i], len) && path[len] == '/')
			best = len + 1;
	}
	return path + best;
}

/* The owner index of a source file as DWARF spells it. */
static size_t owner_of(struct attr_walk *w, const char *raw)
{
	int added;
	size_t r = strmap_index(&w->raw, raw, &added);

	if (added) {
		char *c = canonical(raw);

		if (r >= w->capraw)
			w->raw_owner = xrealloc(w->raw_owner,
						(w->capraw = w->capraw ? 2 * w->capraw : 4096) * sizeof(size_t));
		w->raw_owner[r] = strmap_index(&w->owners, tree_relative(w, c), &added);
		free(c);
	}
	return w->raw_owner[r];
}

/*
 * gas names an assembler unit after the first file its line directives
 * name, which is a header when the .S file starts with a macro from one
 * (entry_32.S's unit is called asm/idtentry.h): take the unit's .S file.
 */
static const char *assembler_source(Dwarf_Die *cu, const char *name)
{
	Dwarf_Files *files;
	size_t i, n, len = strlen(name);

	if (dwarf_srclang(cu) != DW_LANG_Mips_Assembler || (len > 2 && !strcmp(name + len - 2, ".S")) ||
	    dwarf_getsrcfiles(cu, &files, &n))
		return name;
	for (i = 0; i < n; i++) {
		const char *f = dwarf_filesrc(files, i, NULL, NULL);

		if (f && (len = strlen(f)) > 2 && !strcmp(f + len - 2, ".S"))
			return f;
	}
	return name;
}

/* A compilation unit's source file, joined to its directory when relative. */
static char *cu_path(Dwarf_Die *cu)
{
	const char *name = dwarf_diename(cu), *dir;
	Dwarf_Attribute attr;

	if (!name)
		return NULL;
	name = assembler_source(cu, name);
	if (name[0] == '/' || !dwarf_attr(cu, DW_AT_comp_dir, &attr) || !(dir = dwarf_formstring(&attr)))
		return xstrdup(name);
	return xasprintf("%s/%s", dir, name);
}

static void add_prefix(struct attr_walk *w, const char *dir)
{
	size_t i;

	for (i = 0; i < w->nprefixes; i++)
		if (!strcmp(w->prefixes[i], dir))
			return;
	w->prefixes = xrealloc(w->prefixes, (w->nprefixes + 1) * sizeof(char *));
	w->prefixes[w->nprefixes++] = canonical(dir);
}

/* The top folders of a kernel tree: where a source path's tree ends. */
static int is_top_folder(const char *name, size_t len)
{
	static const char *const tops[] = {
		"arch", "block", "certs", "crypto", "drivers", "fs", "include", "init", "io_uring",
		"ipc", "kernel", "lib", "mm", "net", "rust", "samples", "scripts", "security",
		"sound", "usr", "virt",
	};
	size_t i;

	for (i = 0; i < sizeof(tops) / sizeof(tops[0]); i++)
		if (strlen(tops[i]) == len && !strncmp(tops[i], name, len))
			return 1;
	return 0;
}

/*
 * The folders of PATH that could be its tree: each one whose next
 * component is a kernel top folder ("/x/linux" of "/x/linux/fs/a.c", and
 * "/x/linux/drivers" of "/x/linux/drivers/net/b.c"), into OUT (to be
 * freed); the count.
 */
static int tree_candidates(const char *path, char **out, int max)
{
	const char *p = path;
	int n = 0;

	while (n < max && (p = strchr(p, '/')) && p[1]) {
		const char *next = p + 1;
		size_t len = strcspn(next, "/");

		if (next[len] == '/' && p > path && is_top_folder(next, len))
			out[n++] = xasprintf("%.*s", (int)(p - path), path);
		p = next;
	}
	return n;
}

/* The votes of the folders that could be trees, by index in a strmap. */
struct tree_votes {
	struct strmap names;
	char **name;		/* index -> folder */
	size_t *votes;
};

static size_t tree_index(struct tree_votes *t, const char *folder)
{
	int added;
	size_t i = strmap_index(&t->names, folder, &added);

	if (added) {
		t->name = xrealloc(t->name, t->names.n * sizeof(*t->name));
		t->votes = xrealloc(t->votes, t->names.n * sizeof(*t->votes));
		t->name[i] = xstrdup(folder);
		t->votes[i] = 0;
	}
	return i;
}

/*
 * The trees that paths are made relative to: every unit's build directory
 * (objects built in the object tree name generated files there), and the
 * source trees of the units whose source lies outside it (an O= build).
 * A kernel may come from two trees: a build folder seeded from another
 * tree's (kbuild/seed.sh: the deinline variant, the advisor's trials)
 * keeps the objects that did not change, and their DWARF names the first
 * tree.  So each source path votes for every folder that could be its
 * tree (kernel top folders follow it), and takes the one most paths voted
 * for, the longest on a tie: "/x/linux" over "/x/linux/drivers" for
 * drivers/net/b.c, and a lone file of the second tree its own.  Paths
 * with no kernel top folder (not a kernel) fall back to their longest
 * common folder.
 */
#define MAX_CANDIDATES 16
static void find_trees(struct attr_walk *w, Dwarf *dw)
{
	Dwarf_Off off, next;
	struct tree_votes t = { { 0 }, NULL, NULL };
	size_t hsize, npaths = 0, i;
	char *common = NULL, **paths = NULL, *cand[MAX_CANDIDATES];
	int k, n;

	for (off = 0; dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0; off = next) {
		Dwarf_Attribute attr;
		const char *dir = NULL;
		Dwarf_Die cu;
		char *path, *c;
		size_t len;

		if (!dwarf_offdie(dw, off + hsize, &cu) || !(path = cu_path(&cu)))
			continue;
		if (dwarf_attr(&cu, DW_AT_comp_dir, &attr) && (dir = dwarf_formstring(&attr)))
			add_prefix(w, dir);
		c = canonical(path);
		free(path);
		len = dir ? strlen(dir) : 0;
		if (c[0] != '/' || (dir && !strncmp(c, dir, len) && c[len] == '/')) {
			free(c);
			continue;
		}
		paths = xrealloc(paths, (npaths + 1) * sizeof(*paths));
		paths[npaths++] = c;
		n = tree_candidates(c, cand, MAX_CANDIDATES);
		for (k = 0; k < n; k++) {
			size_t j = tree_index(&t, cand[k]);	/* before t.votes is read: it may move */

			t.votes[j]++;
			free(cand[k]);
		}
		if (n)
			continue;
		if (!common) {
			common = xstrdup(c);
		} else {
			size_t j = 0;

			while (common[j] && common[j] == c[j])
				j++;
			common[j] = '\0';
		}
	}
	for (i = 0; i < npaths; i++) {
		size_t best = 0;

		n = tree_candidates(paths[i], cand, MAX_CANDIDATES);
		for (k = 0; k < n; k++) {
			size_t j = tree_index(&t, cand[k]);

			if (!k || t.votes[j] > t.votes[best] ||
			    (t.votes[j] == t.votes[best] && strlen(t.name[j]) > strlen(t.name[best])))
				best = j;
			free(cand[k]);
		}
		if (n)
			add_prefix(w, t.name[best]);
		free(paths[i]);
	}
	if (common) {
		char *slash = strrchr(common, '/');

		if (slash && slash != common) {
			*slash = '\0';	/* a whole directory, not part of a name */
			add_prefix(w, common);
		}
		free(common);
	}
	for (i = 0; i < t.names.n; i++)
		free(t.name[i]);
	free(t.name);
	free(t.votes);
	free(paths);
	strmap_free(&t.names);
}

/* PATH without its last ".c", ".S" or ".o": "kernel/fork". */
static char *stem(const char *path)
{
	const char *dot = strrchr(path, '.');

	if (dot && (!strcmp(dot, ".c") || !strcmp(dot, ".S") || !strcmp(dot, ".o")))
		return strndup(path, (size_t)(dot - path));
	return xstrdup(path);
}

/*
 * The link map's input sections as pieces of the object's source file:
 * kernel/fork.o's are kernel/fork.c's, the file whose unit DWARF names;
 * an object with no unit (no DWARF, or generated) is a row of its own
 * name, and ld's fill between input sections is "[padding]".
 */
/*
 * A map of another link (an older build, another kernel) would put bytes
 * in the wrong hands without a word: each allocated section of the image
 * must be in the map, where the image has it.
 */
static int map_matches(const struct attr_walk *w, const struct linkmap *m, const char *map, char **err)
{
	size_t k, i;

	for (k = 0; k < w->nsecs; k++) {
		const struct elf_section *s = &w->secs[k];

		for (i = 0; i < m->nout && strcmp(m->out[i].name, s->name); i++)
			;
		if (i == m->nout) {
			*err = xasprintf("%s: not the map of %s: it has no section %s", map, w->vmlinux, s->name);
			return -1;
		}
		if (m->out[i].start != s->start || m->out[i].size != s->end - s->start) {
			*err = xasprintf("%s: not the map of %s: section %s is %llu bytes at %#llx there,"
					 " %llu bytes at %#llx in the image", map, w->vmlinux, s->name,
					 (unsigned long long)m->out[i].size, (unsigned long long)m->out[i].start,
					 (unsigned long long)(s->end - s->start), (unsigned long long)s->start);
			return -1;
		}
	}
	return 0;
}

static int map_pieces(struct attr_walk *w, const char *map, char **err)
{
	struct strmap stems = { 0 };
	size_t *stem_owner = NULL, cap = 0, units = w->nunits, i, n;
	const char **names;
	struct map_input *in;
	struct linkmap m;
	int added;

	if (linkmap_read(map, &m, err))
		return -1;
	if (map_matches(w, &m, map, err)) {
		linkmap_free(&m);
		return -1;
	}
	in = m.in;
	n = m.nin;
	names = xcalloc(w->owners.n + 1, sizeof(*names));
	for (i = 0; i < w->owners.cap; i++)
		if (w->owners.keys[i])
			names[w->owners.idx[i]] = w->owners.keys[i];
	/* a stem's owner: a unit's file first, else the object's own row */
	for (i = 0; i < units + n; i++) {
		const char *path = i < units ? names[w->units[i]] : in[i - units].object;
		size_t k;
		char *s;

		if (!path)
			continue;
		s = stem(path);
		k = strmap_index(&stems, s, &added);
		free(s);
		if (!added)
			continue;
		if (k >= cap)
			stem_owner = xrealloc(stem_owner, (cap = cap ? 2 * cap : 4096) * sizeof(size_t));
		stem_owner[k] = i < units ? w->units[i] : strmap_index(&w->owners, path, &added);
	}
	free(names);
	for (i = 0; i < n; i++) {
		size_t owner;

		/* the whole kernel prelinked (GCC's LTO): DWARF places it, unit by unit */
		if (in[i].object && !strcmp(in[i].object, "vmlinux.o"))
			continue;
		if (in[i].object) {
			char *s = stem(in[i].object);

			owner = stem_owner[strmap_index(&stems, s, &added)];
			free(s);
		} else {
			owner = strmap_index(&w->owners, "[padding]", &added);
		}
		/* one piece each: ld's overlapping string sections are ranked by length */
		push_piece(&w->mapped, in[i].start, in[i].start + in[i].size, owner);
	}
	free(stem_owner);
	strmap_free(&stems);
	linkmap_free(&m);
	return 0;
}

/* The symbols that size DWARF's variables, and where functions are. */
static void note_symbol(Elf *elf, const GElf_Sym *sym, size_t shndx, const char *name, void *arg)
{
	struct attr_walk *w = arg;

	(void)elf, (void)name;
	if (shndx == SHN_UNDEF || shndx >= SHN_LORESERVE)
		return;
	if (GELF_ST_TYPE(sym->st_info) == STT_FUNC) {
		if (w->nfuncs == w->capfuncs)
			w->funcs = xrealloc(w->funcs, (w->capfuncs = w->capfuncs ? 2 * w->capfuncs : 4096) *
						      sizeof(*w->funcs));
		w->funcs[w->nfuncs++] = sym->st_value;
	}
	if (GELF_ST_TYPE(sym->st_info) != STT_OBJECT || !sym->st_size)
		return;
	if (w->nobjs == w->capobjs)
		w->objs = xrealloc(w->objs, (w->capobjs = w->capobjs ? 2 * w->capobjs : 4096) *
					    sizeof(*w->objs));
	w->objs[w->nobjs++] = (struct extent){ sym->st_value, sym->st_size };
}

static int by_addr(const void *a, const void *b)
{
	const struct extent *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->size < y->size ? 1 : x->size > y->size ? -1 : 0;	/* largest first */
}

/* The size of the object symbol at ADDR, or 0. */
static uint64_t object_size(const struct attr_walk *w, uint64_t addr)
{
	size_t lo = 0, hi = w->nobjs;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (w->objs[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < w->nobjs && w->objs[lo].addr == addr ? w->objs[lo].size : 0;
}

/* A variable with a fixed address: its bytes belong to the unit that defines it. */
static void visit_variable(struct attr_walk *w, Dwarf_Die *die, size_t owner)
{
	Dwarf_Attribute attr;
	Dwarf_Word size;
	Dwarf_Die type;
	Dwarf_Op *ops;
	size_t nops;

	if (!dwarf_attr(die, DW_AT_location, &attr) || dwarf_getlocation(&attr, &ops, &nops) ||
	    nops != 1 || ops[0].atom != DW_OP_addr)
		return;
	size = object_size(w, ops[0].number);
	if (!size && dwarf_attr_integrate(die, DW_AT_type, &attr) && dwarf_formref_die(&attr, &type) &&
	    dwarf_aggregate_size(&type, &size))
		size = 0;
	add_piece(&w->lives, ops[0].number, ops[0].number + size, owner);
}

/* The DIEs of the unit whose file is OWNER: its variables are its. */
static unsigned visit_variables(Dwarf_Die *die, unsigned owner, void *arg)
{
	if (dwarf_tag(die) == DW_TAG_variable)
		visit_variable(arg, die, owner);
	return owner;
}

/*
 * The owner of a DIE of GCC's LTO unit: the file of the unit that holds
 * its abstract origin (or the declaration it completes); (size_t)-1 when
 * it has neither.
 */
static size_t origin_owner(struct attr_walk *w, Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Die origin = *die, cu;
	size_t owner;
	char *path;
	int hops;

	/* the LTO unit's concrete DIE names an abstract one of its own, which names the early unit's */
	for (hops = 0; hops < 4; hops++) {
		if (!(dwarf_attr(&origin, DW_AT_abstract_origin, &attr) ||
		      dwarf_attr(&origin, DW_AT_specification, &attr)) ||
		    !dwarf_formref_die(&attr, &origin) || !dwarf_diecu(&origin, &cu, NULL, NULL))
			return (size_t)-1;
		if (!dwarf_is_lto_unit(&cu))
			break;
	}
	if (hops == 4 || !(path = cu_path(&cu)))
		return (size_t)-1;
	owner = owner_of(w, path);
	free(path);
	return owner;
}

/* DIE's address ranges: where code lives, for OWNER unless it is -1, and into ALSO too when given. */
static void die_ranges(struct attr_walk *w, Dwarf_Die *die, size_t owner, struct pieces *also)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		if (owner != (size_t)-1)
			add_piece(&w->lives, start, end, owner);
		if (also)
			add_piece(also, start, end, owner);
	}
	if (off < 0 && !w->fault)
		w->fault = "dwarf_ranges";
}

/* GCC's LTO unit: each function's code and each variable where its origin's unit is. */
static void visit_lto_unit(struct attr_walk *w, Dwarf_Die *cu)
{
	Dwarf_Die die;
	int r;

	for (r = dwarf_child(cu, &die); r == 0; r = dwarf_siblingof(&die, &die)) {
		int tag = dwarf_tag(&die);
		size_t owner = tag == DW_TAG_subprogram || tag == DW_TAG_variable ? origin_owner(w, &die) : (size_t)-1;

		if (owner == (size_t)-1)
			continue;
		if (tag == DW_TAG_variable)
			visit_variable(w, &die, owner);
		else
			die_ranges(w, &die, owner, NULL);
	}
	if (r < 0 && !w->fault)
		w->fault = "dwarf_child";
}

/*
 * By address, the longer first, then in the order they were listed: ld
 * lists several objects' merged strings at one address (the strings they
 * share), and the first it lists keeps them.
 */
static int by_piece_start(const void *a, const void *b)
{
	const struct piece *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? 1 : -1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Code where it lives: the unit's address ranges, kept in *R sorted; OWNER -1: in *R alone. */
static void unit_ranges(struct attr_walk *w, Dwarf_Die *cu, size_t owner, struct pieces *r)
{
	r->n = 0;
	die_ranges(w, cu, owner, r);
	qsort(r->v, r->n, sizeof(*r->v), by_piece_start);
}

/* The end of the unit range in R that holds ADDR, or 0 when none does. */
static uint64_t range_end(const struct pieces *r, uint64_t addr)
{
	size_t i;

	for (i = 0; i < r->n && r->v[i].start <= addr; i++)
		if (addr < r->v[i].end)
			return r->v[i].end;
	return 0;
}

/*
 * Code where it was written: each line table row up to the next, inside
 * the unit range that holds it.  libdw sorts the rows of all sequences
 * by address, and a sequence's end can sort after a row of the next one,
 * so a row is never let run past its own range.
 */
static void unit_lines(struct attr_walk *w, Dwarf_Die *cu, const struct pieces *r)
{
	const char *last = NULL;
	size_t i, n, owner = 0;
	Dwarf_Lines *lines;

	if (dwarf_getsrclines(cu, &lines, &n)) {
		if (dwarf_errno() && !w->fault)
			w->fault = "dwarf_getsrclines";
		return;
	}
	for (i = 0; i + 1 < n; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i), *next = dwarf_onesrcline(lines, i + 1);
		Dwarf_Addr a, b, end;
		bool endseq;
		const char *src;

		if (!l || !next || dwarf_lineendsequence(l, &endseq) || endseq ||
		    dwarf_lineaddr(l, &a) || dwarf_lineaddr(next, &b) || !(end = range_end(r, a)) ||
		    !(src = dwarf_linesrc(l, NULL, NULL)))
			continue;
		if (src != last) {
			owner = owner_of(w, src);
			last = src;
		}
		add_piece(&w->written, a, b < end ? b : end, owner);
	}
}

static const char *visit_unit(Dwarf_Die *cu, long index, void *arg)
{
	struct attr_walk *w = arg;
	const char *fault;
	char *path = cu_path(cu);
	size_t owner;

	(void)index;
	if (!path)
		return NULL;
	if (dwarf_is_lto_unit(cu)) {
		free(path);
		w->lto = 1;
		/* its ranges bound its line table's rows; its DIEs say where code lives */
		unit_ranges(w, cu, (size_t)-1, &w->ranges);
		unit_lines(w, cu, &w->ranges);
		visit_lto_unit(w, cu);
		return w->fault;
	}
	owner = owner_of(w, path);
	free(path);
	w->units = xrealloc(w->units, (w->nunits + 1) * sizeof(size_t));
	w->units[w->nunits++] = owner;
	unit_ranges(w, cu, owner, &w->ranges);
	unit_lines(w, cu, &w->ranges);
	fault = dwarf_each_die(cu, owner, visit_variables, w);
	if (fault && !w->fault)
		w->fault = fault;
	return w->fault;
}

/* The first section that ends after ADDR. */
static size_t section_at(const struct attr_walk *w, uint64_t addr)
{
	size_t lo = 0, hi = w->nsecs;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (w->secs[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Give each byte of P's pieces inside a section to the first piece that
 * covers it: into the owner's row (COL, or the section's Berkeley column
 * when COL is -1) and the section's OWNED.  Returns the union of the
 * owned ranges, clipped to the sections, in address order.
 */
static struct pieces sweep(struct attr_walk *w, struct pieces *p, struct attr_row *rows, int col,
			   long long *owned)
{
	struct pieces covered = { 0 };
	uint64_t mark = 0;
	size_t i;

	qsort(p->v, p->n, sizeof(*p->v), by_piece_start);
	for (i = 0; i < p->n; i++) {
		uint64_t s = p->v[i].start > mark ? p->v[i].start : mark, e = p->v[i].end;
		size_t k;

		if (s >= e)
			continue;
		mark = e;
		for (k = section_at(w, s); k < w->nsecs && w->secs[k].start < e; k++) {
			uint64_t cs = s > w->secs[k].start ? s : w->secs[k].start;
			uint64_t ce = e < w->secs[k].end ? e : w->secs[k].end;
			int c = col >= 0 ? col : (int)w->secs[k].cls;

			if (cs >= ce || (col >= 0 && !w->secs[k].code))
				continue;
			rows[p->v[i].owner].v[c] += (long long)(ce - cs);
			if (col < 0 && w->secs[k].code)
				rows[p->v[i].owner].v[A_CODE] += (long long)(ce - cs);
			owned[k] += (long long)(ce - cs);
			add_piece(&covered, cs, ce, 0);
		}
	}
	return covered;
}

/*
 * The parts of P's pieces that no range of COVERED (sorted, disjoint)
 * holds: DWARF fills only what the link map left.
 */
static struct pieces uncovered(struct pieces *p, const struct pieces *covered)
{
	struct pieces out = { 0 };
	size_t i, j = 0;

	qsort(p->v, p->n, sizeof(*p->v), by_piece_start);
	for (i = 0; i < p->n; i++) {
		uint64_t at = p->v[i].start, end = p->v[i].end;
		size_t k;

		while (j < covered->n && covered->v[j].end <= at)
			j++;
		for (k = j; k < covered->n && covered->v[k].start < end; k++) {
			add_piece(&out, at, covered->v[k].start, p->v[i].owner);
			if (covered->v[k].end > at)
				at = covered->v[k].end;
		}
		add_piece(&out, at, end, p->v[i].owner);
	}
	return out;
}

/*
 * Without the map, the bytes between two functions that only align the
 * second (fewer than 16, ending on a 16-byte boundary: gcc's -O2 and the
 * kernel's asm align no further) are "[padding]", as ld's map calls its
 * fill; a longer gap stays unowned.  COVERED is sorted and disjoint.
 */
static struct pieces alignment_gaps(struct attr_walk *w, const struct pieces *covered)
{
	struct pieces pad = { 0 };
	size_t i, k;
	int added;
	size_t owner = strmap_index(&w->owners, "[padding]", &added);

	for (i = 1; i < covered->n; i++) {
		uint64_t s = covered->v[i - 1].end, e = covered->v[i].start;

		k = section_at(w, s);
		if (k < w->nsecs && w->secs[k].code && w->secs[k].start <= s && e <= w->secs[k].end &&
		    e - s < 16 && !(e & 15))
			push_piece(&pad, s, e, owner);
	}
	return pad;
}

/* The union of two sorted, disjoint lists of ranges. */
static struct pieces merged(const struct pieces *a, const struct pieces *b)
{
	struct pieces out = { 0 }, both = { 0 };
	size_t i;

	both.v = xmalloc((a->n + b->n + 1) * sizeof(*both.v));
	memcpy(both.v, a->v, a->n * sizeof(*a->v));
	memcpy(both.v + a->n, b->v, b->n * sizeof(*b->v));
	both.n = a->n + b->n;
	qsort(both.v, both.n, sizeof(*both.v), by_piece_start);
	for (i = 0; i < both.n; i++)
		add_piece(&out, both.v[i].start, both.v[i].end, 0);
	free(both.v);
	return out;
}

/* Per section, the bytes no range of COVERED (sorted, disjoint) holds. */
static void gaps(const struct attr_walk *w, const struct pieces *covered, long long *remainder, int code_only)
{
	size_t k, i = 0;

	for (k = 0; k < w->nsecs; k++) {
		uint64_t at = w->secs[k].start;

		if (code_only && !w->secs[k].code)
			continue;
		while (i < covered->n && covered->v[i].end <= w->secs[k].start)
			i++;
		for (; i < covered->n && covered->v[i].start < w->secs[k].end; i++) {
			if (covered->v[i].start > at)
				remainder[k] += (long long)(covered->v[i].start - at);
			at = covered->v[i].end;
			if (covered->v[i].end > w->secs[k].end)
				break;
		}
		if (w->secs[k].end > at)
			remainder[k] += (long long)(w->secs[k].end - at);
	}
}

/* The rows of the owners that hold a byte, then one "[SECTION]" row per remainder. */
static void assemble(struct attr_walk *w, struct attribution *a)
{
	struct attr_row *rows = xcalloc(w->owners.n + 1, sizeof(*rows));
	long long *owned = xcalloc(w->nsecs, sizeof(long long)), *written = xcalloc(w->nsecs, sizeof(long long));
	struct pieces lc, wc;
	size_t i, k;

	for (i = 0; i < w->owners.cap; i++)
		if (w->owners.keys[i])
			rows[w->owners.idx[i]].path = w->owners.keys[i];
	/*
	 * The link map is the linker's own account of every input section,
	 * so it goes first; DWARF's ranges and variables place what it does
	 * not (and everything when there is no map).
	 */
	lc = sweep(w, w->mapped.n ? &w->mapped : &w->lives, rows, -1, owned);
	if (w->mapped.n) {
		struct pieces rest = uncovered(&w->lives, &lc), dc = sweep(w, &rest, rows, -1, owned);
		struct pieces all = merged(&lc, &dc);

		free(lc.v);
		free(dc.v);
		free(rest.v);
		lc = all;
	} else {
		struct pieces pad = alignment_gaps(w, &lc), pc = sweep(w, &pad, rows, -1, owned);
		struct pieces all = merged(&lc, &pc);

		free(lc.v);
		free(pc.v);
		free(pad.v);
		lc = all;
	}
	wc = sweep(w, &w->written, rows, A_WRITTEN, written);
	a->nsecs = w->nsecs;
	a->secs = xcalloc(w->nsecs, sizeof(*a->secs));
	for (k = 0; k < w->nsecs; k++)
		a->secs[k] = (struct attr_section){ xstrdup(w->secs[k].name), w->secs[k].cls, w->secs[k].code,
						    0, (long long)(w->secs[k].end - w->secs[k].start), owned[k],
						    0, written[k], 0 };
	for (i = 0; i < w->nfuncs; i++)
		if ((k = section_at(w, w->funcs[i])) < w->nsecs && w->secs[k].start <= w->funcs[i])
			a->secs[k].functions++;
	{
		long long *rem = xcalloc(w->nsecs, sizeof(long long)), *wrem = xcalloc(w->nsecs, sizeof(long long));

		gaps(w, &lc, rem, 0);
		gaps(w, &wc, wrem, 1);
		for (k = 0; k < w->nsecs; k++) {
			a->secs[k].remainder = rem[k];
			a->secs[k].written_remainder = wrem[k];
		}
		free(rem);
		free(wrem);
	}
	a->rows = xcalloc(w->owners.n + w->nsecs + 1, sizeof(*a->rows));
	for (i = 0; i < w->owners.n; i++) {
		int c, any = 0;

		for (c = 0; c < A_NCOLS; c++)
			any |= rows[i].v[c] != 0;
		if (any) {
			a->rows[a->nrows] = rows[i];
			a->rows[a->nrows++].path = xstrdup(rows[i].path);
		}
	}
	for (k = 0; k < w->nsecs; k++) {
		struct attr_row *r;

		if (!a->secs[k].remainder)
			continue;
		r = &a->rows[a->nrows++];
		r->path = xasprintf("[%s]", w->secs[k].name);
		r->v[w->secs[k].cls] = a->secs[k].remainder;
		if (w->secs[k].code)
			r->v[A_CODE] = a->secs[k].remainder;
	}
	qsort(a->rows, a->nrows, sizeof(*a->rows), attribute_order);
	free(rows);
	free(owned);
	free(written);
	free(lc.v);
	free(wc.v);
}

char *attribute_map_of(const char *vmlinux)
{
	char *map = xasprintf("%s.map", vmlinux);

	if (!access(map, R_OK))
		return map;
	free(map);
	return NULL;
}

int attribute_read(const char *vmlinux, const char *map, struct attribution *a, char **err)
{
	struct attr_walk w = { .vmlinux = vmlinux };
	Dwarf *dw = NULL;
	Elf *elf;
	int fd, ret = -1;
	size_t i;

	memset(a, 0, sizeof(*a));
	if (elf_each_symbol(vmlinux, note_symbol, &w, err))
		goto out;
	qsort(w.objs, w.nobjs, sizeof(*w.objs), by_addr);
	elf = elf_open(vmlinux, &fd, err);
	if (!elf)
		goto out;
	if (!elf_alloc_sections(elf, vmlinux, &w.secs, &w.nsecs, err)) {
		dw = dwarf_of(elf, vmlinux, err);
		if (dw) {
			find_trees(&w, dw);
			if (!dwarf_each_unit(dw, vmlinux, visit_unit, &w, err) && (!map || !map_pieces(&w, map, err))) {
				int added;

				strmap_index(&w.owners, "[padding]", &added);	/* before the rows exist */
				assemble(&w, a);
				a->valid = 1;
				/* under LTO the map places no code: not the map's reading */
				a->mapped = map && !w.lto;
				ret = 0;
			}
			dwarf_end(dw);
		}
	}
	elf_close(elf, fd);
out:
	elf_sections_free(w.secs, w.nsecs);
	free(w.objs);
	free(w.funcs);
	for (i = 0; i < w.nprefixes; i++)
		free(w.prefixes[i]);
	free(w.prefixes);
	strmap_free(&w.owners);
	strmap_free(&w.raw);
	free(w.raw_owner);
	free(w.lives.v);
	free(w.written.v);
	free(w.mapped.v);
	free(w.ranges.v);
	free(w.units);
	return ret;
}
