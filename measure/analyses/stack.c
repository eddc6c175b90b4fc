// SPDX-License-Identifier: GPL-2.0
/*
 * Stack footprint of one kernel, from gcc's own -fstack-usage output.
 *
 * kbuild/stack-usage.sh gathers the .su files of the objects linked into
 * vmlinux into KDIR/stack.su, each object's lines after a line naming it:
 *
 *	# object mm/slab.o
 *	mm/slab.c:3242:1:kmem_cache_alloc	40	static
 *
 * A frame counts when its function is still in vmlinux: objects in lib.a
 * that nothing pulled in, and functions that --gc-sections dropped, have
 * .su lines but no code.  The join is per object, never by name alone, so
 * a static that survives in one file does not count for a same-named
 * static that was dropped from another:
 *  - a global function of the object counts when vmlinux has it with the
 *    same binding (a weak one that a strong definition overrode does not);
 *  - a static counts when the object's own STT_FILE group in vmlinux (the
 *    locals the linker wrote after the object's file symbol) has it, with
 *    the same size.  Objects come in link order, as vmlinux's groups do: an
 *    object's group is the first one of its file name not yet taken, when
 *    every symbol in it is one of the object's locals, and, where two
 *    objects share a file name, every function in it has the object's code
 *    but for the bytes relocations patch.  An object that kept no local
 *    has no group: the linker writes no file symbol for it.
 * Which functions are static, and the rest of each object's symbols, are
 * read from the object itself (KDIR/obj).
 */
#define _GNU_SOURCE
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readers/elfio.h"
#include "analyses/stack.h"
#include "base/util.h"

/* A function or data symbol with a size. */
struct sym {
	char *name;
	unsigned long long size;
	int bind, type;
	int claimed;	/* by a .su line already (an object's functions) */
	uint64_t value;	/* address (vmlinux) or offset in section SHNDX (objects) */
	size_t shndx;
};

struct syms {
	struct sym *v;
	size_t n, cap;
};

/*
 * The local symbols the linker wrote after one STT_FILE symbol: those of
 * one input object that survived the link.  TAKEN: matched to an object.
 */
struct group {
	char *file;
	struct syms locals;
	int taken;
};

/* What one symbol table holds, in the shape the join needs. */
struct symtab {
	struct group *groups;	/* in symbol table (link) order */
	size_t ngroups, capgroups;
	size_t *order;		/* group indices by (file, index) */
	struct syms globals;	/* FUNC symbols that are not local */
	struct syms funcs;	/* every FUNC, in symbol table order (objects) */
	struct group *mine;	/* an object's: its group in vmlinux, or NULL */
};

static void add_sym(struct syms *t, const char *name, const GElf_Sym *s, size_t shndx)
{
	if (t->n == t->cap)
		t->v = xrealloc(t->v, (t->cap = t->cap ? 2 * t->cap : 256) * sizeof(*t->v));
	t->v[t->n++] = (struct sym){ xstrdup(name), s->st_size, GELF_ST_BIND(s->st_info),
				     GELF_ST_TYPE(s->st_info), 0, s->st_value, shndx };
}

static void free_syms(struct syms *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->v[i].name);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

static void free_symtab(struct symtab *t)
{
	size_t i;

	for (i = 0; i < t->ngroups; i++) {
		free(t->groups[i].file);
		free_syms(&t->groups[i].locals);
	}
	free(t->groups);
	free(t->order);
	free_syms(&t->globals);
	free_syms(&t->funcs);
	memset(t, 0, sizeof(*t));
}

static struct group *new_group(struct symtab *t, const char *file)
{
	if (t->ngroups == t->capgroups)
		t->groups = xrealloc(t->groups, (t->capgroups = t->capgroups ? 2 * t->capgroups : 256) *
						sizeof(*t->groups));
	t->groups[t->ngroups] = (struct group){ xstrdup(file), { 0 }, 0 };
	return &t->groups[t->ngroups++];
}

/* Sort a symbol table's symbols into the groups and lists above. */
static void collect(Elf *elf, const GElf_Sym *s, size_t shndx, const char *name, void *arg)
{
	struct symtab *t = arg;
	int bind = GELF_ST_BIND(s->st_info), type = GELF_ST_TYPE(s->st_info);

	(void)elf;
	if (type == STT_FILE && bind == STB_LOCAL) {
		new_group(t, name);
		return;
	}
	if ((type != STT_FUNC && type != STT_OBJECT) || !s->st_size || shndx == SHN_UNDEF || !*name)
		return;
	if (bind == STB_LOCAL)
		add_sym(&(t->ngroups ? &t->groups[t->ngroups - 1] : new_group(t, ""))->locals, name, s, shndx);
	else if (type == STT_FUNC)
		add_sym(&t->globals, name, s, shndx);
	if (type == STT_FUNC)
		add_sym(&t->funcs, name, s, shndx);
}

static int by_name_size(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->size < y->size ? -1 : x->size > y->size;
}

static const struct sym *find(const struct syms *t, const char *name, unsigned long long size)
{
	struct sym key = { (char *)name, size, 0, 0, 0, 0, 0 };

	return bsearch(&key, t->v, t->n, sizeof(*t->v), by_name_size);
}

static const struct symtab *order_of;	/* for by_file() */

static int by_file(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(order_of->groups[x].file, order_of->groups[y].file);

	return c ? c : x < y ? -1 : x > y;
}

/* Make the lookups fast: sorted locals and globals, groups by file. */
static void index_symtab(struct symtab *t)
{
	size_t i;

	for (i = 0; i < t->ngroups; i++)
		qsort(t->groups[i].locals.v, t->groups[i].locals.n, sizeof(struct sym), by_name_size);
	qsort(t->globals.v, t->globals.n, sizeof(struct sym), by_name_size);
	t->order = xmalloc((t->ngroups + 1) * sizeof(*t->order));
	for (i = 0; i < t->ngroups; i++)
		t->order[i] = i;
	order_of = t;
	qsort(t->order, t->ngroups, sizeof(*t->order), by_file);
}

/* Is the code of vmlinux's V the code of the object's O, but for relocations? */
static int same_code(Elf *vm, const struct sym *v, Elf *obj, const struct sym *o)
{
	unsigned char *vmask = NULL, *omask = NULL;
	unsigned char *a = elf_bytes(vm, 0, v->value, v->size, &vmask);
	unsigned char *b = elf_bytes(obj, o->shndx, o->value, o->size, &omask);
	size_t i;
	int same = a && b;

	for (i = 0; same && i < v->size; i++)
		same = !omask[i] || a[i] == b[i];
	free(a);
	free(b);
	free(vmask);
	free(omask);
	return same;
}

/*
 * Could group G be object OBJ's: is every symbol in G one of OBJ's locals?
 * With OBJ_ELF (when another object has the same file name), each function
 * must also have the object's code, but for what relocations patch, so
 * that two util.c files with a helper() of one size are told apart.
 */
static int fits(const struct group *g, const struct group *obj, Elf *vm, Elf *obj_elf)
{
	size_t i;

	for (i = 0; i < g->locals.n; i++) {
		const struct sym *v = &g->locals.v[i], *o = find(&obj->locals, v->name, v->size);

		if (!o || (obj_elf && v->type == STT_FUNC && !same_code(vm, v, obj_elf, o)))
			return 0;
	}
	return 1;
}

/*
 * Find the object's group in vmlinux.  Objects come in link order, and so
 * do vmlinux's groups; the first group of the object's file name not yet
 * taken is its own when it fits.  Otherwise the object kept no local in
 * vmlinux (the linker writes no STT_FILE for it then).
 */
static void find_group(struct symtab *vm, struct symtab *obj, Elf *vm_elf, Elf *obj_elf)
{
	const struct group *own = obj->ngroups ? &obj->groups[0] : NULL;
	size_t lo = 0, hi = vm->ngroups;

	obj->mine = NULL;
	if (!own)
		return;
	while (lo < hi) {	/* the first group of that file */
		size_t mid = (lo + hi) / 2;

		if (strcmp(vm->groups[vm->order[mid]].file, own->file) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < vm->ngroups && !strcmp(vm->groups[vm->order[lo]].file, own->file); lo++) {
		struct group *g = &vm->groups[vm->order[lo]];

		if (g->taken)
			continue;
		if (fits(g, own, vm_elf, obj_elf)) {
			g->taken = 1;
			obj->mine = g;
		}
		return;
	}
}

/*
 * Does symbol SYM stand for the .su name NAME?  -fstack-usage names a
 * clone without the number gcc gives its symbol: "foo.constprop" for
 * foo.constprop.0.
 */
static int su_name_is(const char *sym, const char *name)
{
	size_t n = strlen(name);
	const char *p = sym + n;

	if (strncmp(sym, name, n))
		return 0;
	if (!*p)
		return 1;
	if (*p++ != '.' || !*p)
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return !*p;
}

/* The object's function for the .su name NAME, not claimed before. */
static struct sym *claim(struct symtab *obj, const char *name)
{
	size_t i;

	for (i = 0; i < obj->funcs.n; i++)
		if (!obj->funcs.v[i].claimed && !strcmp(obj->funcs.v[i].name, name))
			goto found;
	for (i = 0; i < obj->funcs.n; i++)
		if (!obj->funcs.v[i].claimed && su_name_is(obj->funcs.v[i].name, name))
			goto found;
	return NULL;
found:
	obj->funcs.v[i].claimed = 1;
	return &obj->funcs.v[i];
}

/* Is the function of .su name NAME, of object OBJ, in vmlinux VM? */
static int live(const struct symtab *vm, struct symtab *obj, const char *name)
{
	const struct sym *o = claim(obj, name), *g;

	if (!o)
		return 0;	/* not in the object's symbol table: never emitted */
	if (o->bind == STB_LOCAL)
		return obj->mine && find(&obj->mine->locals, o->name, o->size);
	g = find(&vm->globals, o->name, o->size);
	return g && g->bind == o->bind;
}

/* Keep the STACK_TOP largest frames, largest first; ties keep file order. */
static void keep_top(struct stack_facts *st, const struct frame *fr)
{
	int i;

	if (st->ntop == STACK_TOP && st->top[STACK_TOP - 1].bytes >= fr->bytes)
		return;
	if (st->ntop == STACK_TOP) {
		free(st->top[STACK_TOP - 1].name);
		free(st->top[STACK_TOP - 1].where);
		free(st->top[STACK_TOP - 1].kind);
	}
	i = st->ntop < STACK_TOP ? st->ntop++ : STACK_TOP - 1;
	while (i > 0 && st->top[i - 1].bytes < fr->bytes) {
		st->top[i] = st->top[i - 1];
		i--;
	}
	st->top[i] = (struct frame){ xstrdup(fr->name), xstrdup(fr->where), xstrdup(fr->kind), fr->bytes };
}

/* Split "file:line:col:function<TAB>bytes<TAB>kind" in place into FR. */
static int parse_su_line(char *line, struct frame *fr)
{
	char *tab = strchr(line, '\t'), *name, *kind;

	if (!tab)
		return -1;
	*tab = '\0';
	name = strrchr(line, ':');
	if (!name)
		return -1;
	*name++ = '\0';
	fr->bytes = strtol(tab + 1, &kind, 10);
	if (*kind != '\t')
		return -1;
	kind[strcspn(kind, "\n")] = '\0';
	fr->name = name;
	fr->where = line;
	fr->kind = kind + 1;
	return 0;
}

static int fail(struct stack_facts *st, char *why, char **err)
{
	stack_free(st);
	*err = why;
	return -1;
}

/*
 * The symbols of the object OBJPATH of KDIR/obj, and its group in VM.
 * TWINS: another object of the link has the same file name.
 */
static int read_object(const char *kdir, const char *objpath, struct symtab *vm, Elf *vm_elf,
		       int twins, struct symtab *obj, char **err)
{
	char *path = xasprintf("%s/obj/%s", kdir, objpath);
	Elf *obj_elf = NULL;
	int ret, fd = -1;

	free_symtab(obj);
	ret = elf_each_symbol(path, collect, obj, err);
	if (!ret && twins && !(obj_elf = elf_open(path, &fd, err)))
		ret = -1;
	if (!ret) {
		if (obj->ngroups)
			qsort(obj->groups[0].locals.v, obj->groups[0].locals.n, sizeof(struct sym),
			      by_name_size);
		find_group(vm, obj, vm_elf, obj_elf);
	}
	if (obj_elf)
		elf_close(obj_elf, fd);
	free(path);
	return ret;
}

/* The file-name stem of an object path: "mm/slab.o" -> "slab". */
static const char *stem(const char *objpath, size_t *len)
{
	const char *base = strrchr(objpath, '/');

	base = base ? base + 1 : objpath;
	*len = strcspn(base, ".\n");
	return base;
}

static int by_stem(const void *a, const void *b)
{
	size_t la, lb;
	const char *x = stem(*(char *const *)a, &la), *y = stem(*(char *const *)b, &lb);
	int c = strncmp(x, y, la < lb ? la : lb);

	return c ? c : la < lb ? -1 : la > lb;
}

/* For each of the N OBJECTS: does another one have the same stem? */
static char *twins_of(char **objects, size_t n)
{
	char **sorted = xmalloc((n + 1) * sizeof(*sorted)), *twin = xcalloc(n + 1, 1);
	size_t i, j;

	memcpy(sorted, objects, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), by_stem);
	for (i = 0; i < n; i++) {
		int dup = (i > 0 && !by_stem(&sorted[i - 1], &sorted[i])) ||
			  (i + 1 < n && !by_stem(&sorted[i], &sorted[i + 1]));

		if (!dup)
			continue;
		for (j = 0; j < n; j++)	/* back to stack.su order; only twins get here */
			if (objects[j] == sorted[i])
				twin[j] = 1;
	}
	free(sorted);
	return twin;
}

/* The objects stack.su names, in order. */
static char **objects_of(FILE *f, size_t *n)
{
	char **v = NULL, *line = NULL;
	size_t cap = 0, room = 0;

	*n = 0;
	while (getline(&line, &cap, f) > 0) {
		if (strncmp(line, "# object ", 9))
			continue;
		line[strcspn(line, "\n")] = '\0';
		if (*n == room)
			v = xrealloc(v, (room = room ? 2 * room : 1024) * sizeof(*v));
		v[(*n)++] = xstrdup(line + 9);
	}
	free(line);
	rewind(f);
	return v;
}

int stack_read(const char *kdir, long threshold, struct stack_facts *st, char **errp)
{
	struct symtab vm = { 0 }, obj = { 0 };
	char *path, *line = NULL, *err = NULL, **objects, *twins;
	size_t cap = 0, nobjects, i, next = 0;
	long lineno = 0;
	int have_obj = 0, fd = -1;
	Elf *vm_elf;
	FILE *f;

	memset(st, 0, sizeof(*st));
	st->threshold = threshold;
	path = xasprintf("%s/stack.su", kdir);
	f = fopen(path, "r");
	free(path);
	if (!f)
		return 1;
	path = xasprintf("%s/vmlinux", kdir);
	if (elf_each_symbol(path, collect, &vm, &err) || !(vm_elf = elf_open(path, &fd, &err))) {
		free(path);
		fclose(f);
		free_symtab(&vm);
		return fail(st, err, errp);
	}
	free(path);
	index_symtab(&vm);
	objects = objects_of(f, &nobjects);
	twins = twins_of(objects, nobjects);
	while (getline(&line, &cap, f) > 0) {
		struct frame fr;

		lineno++;
		if (!strncmp(line, "# object ", 9)) {
			line[strcspn(line, "\n")] = '\0';
			if (read_object(kdir, line + 9, &vm, vm_elf, next < nobjects && twins[next++],
					&obj, &err))
				break;
			have_obj = 1;
			continue;
		}
		if (parse_su_line(line, &fr))
			continue;
		if (!have_obj) {
			err = xasprintf("%s/stack.su:%ld: a frame before any '# object' line"
					" (gathered by an older tinykern? rebuild the kernel)", kdir, lineno);
			break;
		}
		if (!live(&vm, &obj, fr.name))
			continue;
		st->funcs++;
		st->sum += fr.bytes;
		st->over += fr.bytes > threshold;
		st->dynamic += !!strstr(fr.kind, "dynamic");
		keep_top(st, &fr);
	}
	free(line);
	fclose(f);
	elf_close(vm_elf, fd);
	for (i = 0; i < nobjects; i++)
		free(objects[i]);
	free(objects);
	free(twins);
	free_symtab(&vm);
	free_symtab(&obj);
	if (err)
		return fail(st, err, errp);
	st->valid = 1;
	return 0;
}

void stack_free(struct stack_facts *st)
{
	int i;

	for (i = 0; i < st->ntop; i++) {
		free(st->top[i].name);
		free(st->top[i].where);
		free(st->top[i].kind);
	}
	free(st->error);
	st->ntop = 0;
	st->error = NULL;
	st->valid = 0;
}
