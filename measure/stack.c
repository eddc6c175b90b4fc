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
 *  - a static counts when vmlinux has a local function of that name and
 *    size among the locals of the object's source file (the STT_FILE group
 *    that the linker writes for every input object).  Two objects with the
 *    same file name and the same static take vmlinux's copies in link
 *    order.
 * Which functions are static is read from the object itself (KDIR/obj).
 */
#define _GNU_SOURCE
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfio.h"
#include "stack.h"
#include "util.h"

/* A function symbol: the STT_FILE group it sits in ("" for globals). */
struct fsym {
	char *file, *name;
	unsigned long long size;
	int bind;
	long count;	/* copies in vmlinux not yet claimed by a .su line */
};

struct fsyms {
	struct fsym *v;
	size_t n, cap;
	char *file;	/* the STT_FILE group being read */
};

static void add_fsym(struct fsyms *t, const char *file, const char *name,
		     unsigned long long size, int bind)
{
	if (t->n == t->cap)
		t->v = xrealloc(t->v, (t->cap = t->cap ? 2 * t->cap : 4096) * sizeof(*t->v));
	t->v[t->n++] = (struct fsym){ xstrdup(file), xstrdup(name), size, bind, 1 };
}

static void free_fsyms(struct fsyms *t)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		free(t->v[i].file);
		free(t->v[i].name);
	}
	free(t->v);
	free(t->file);
	memset(t, 0, sizeof(*t));
}

/* Collect FUNC symbols with code; locals under the STT_FILE before them. */
static void collect(Elf *elf, const GElf_Sym *s, size_t shndx, const char *name, void *arg)
{
	struct fsyms *t = arg;
	int bind = GELF_ST_BIND(s->st_info);

	(void)elf;
	if (GELF_ST_TYPE(s->st_info) == STT_FILE) {
		free(t->file);
		t->file = xstrdup(name);
		return;
	}
	if (GELF_ST_TYPE(s->st_info) != STT_FUNC || !s->st_size || shndx == SHN_UNDEF || !*name)
		return;
	add_fsym(t, bind == STB_LOCAL && t->file ? t->file : "", name, s->st_size, bind);
}

static int by_key(const void *a, const void *b)
{
	const struct fsym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (!c)
		c = strcmp(x->file, y->file);
	if (!c)
		c = x->size < y->size ? -1 : x->size > y->size;
	return c;
}

/* Sort by (name, file, size) and fold equal keys into one with a count. */
static void fold(struct fsyms *t)
{
	size_t i, o = 0;

	qsort(t->v, t->n, sizeof(*t->v), by_key);
	for (i = 0; i < t->n; i++) {
		if (o && !by_key(&t->v[o - 1], &t->v[i])) {
			t->v[o - 1].count++;
			free(t->v[i].file);
			free(t->v[i].name);
		} else {
			t->v[o++] = t->v[i];
		}
	}
	t->n = o;
}

static struct fsym *find(const struct fsyms *t, const char *file, const char *name,
			 unsigned long long size)
{
	struct fsym key = { (char *)file, (char *)name, size, 0, 0 };

	return bsearch(&key, t->v, t->n, sizeof(*t->v), by_key);
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

/*
 * The object's function for the .su name NAME: its exact symbol, else the
 * first clone of that name not yet claimed.  OBJ is in symbol table order;
 * a symbol is claimed by setting its count to 0.
 */
static struct fsym *claim(struct fsyms *obj, const char *name)
{
	size_t i;

	for (i = 0; i < obj->n; i++)
		if (obj->v[i].count && !strcmp(obj->v[i].name, name))
			goto found;
	for (i = 0; i < obj->n; i++)
		if (obj->v[i].count && su_name_is(obj->v[i].name, name))
			goto found;
	return NULL;
found:
	obj->v[i].count = 0;
	return &obj->v[i];
}

/*
 * Is the function NAME of an object (whose symbols are OBJ) in vmlinux
 * (whose symbols are VM)?  A static claims one of vmlinux's copies.
 */
static int live(struct fsyms *vm, struct fsyms *obj, const char *name)
{
	const struct fsym *o = claim(obj, name), *g;
	struct fsym *v;

	if (!o)
		return 0;	/* not in the object's symbol table: never emitted */
	if (o->bind == STB_LOCAL) {
		v = find(vm, o->file, o->name, o->size);
		if (!v || !v->count)
			return 0;
		v->count--;
		return 1;
	}
	g = find(vm, "", o->name, o->size);
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

static int fail(struct stack_facts *st, char *why)
{
	stack_free(st);
	st->error = why;
	return -1;
}

/* The function symbols of the object OBJPATH of KDIR/obj, in *OBJ. */
static int read_object(const char *kdir, const char *objpath, struct fsyms *obj, char **err)
{
	char *path = xasprintf("%s/obj/%s", kdir, objpath);
	int ret;

	free_fsyms(obj);
	ret = elf_each_symbol(path, collect, obj, err);
	free(path);
	return ret;
}

int stack_read(const char *kdir, long threshold, struct stack_facts *st)
{
	struct fsyms vm = { 0 }, obj = { 0 };
	char *path, *line = NULL, *err = NULL;
	size_t cap = 0;
	long lineno = 0;
	int have_obj = 0;
	FILE *f;

	memset(st, 0, sizeof(*st));
	st->threshold = threshold;
	path = xasprintf("%s/stack.su", kdir);
	f = fopen(path, "r");
	free(path);
	if (!f)
		return 1;
	path = xasprintf("%s/vmlinux", kdir);
	if (elf_each_symbol(path, collect, &vm, &err)) {
		free(path);
		fclose(f);
		return fail(st, err);
	}
	free(path);
	fold(&vm);
	while (getline(&line, &cap, f) > 0) {
		struct frame fr;

		lineno++;
		if (!strncmp(line, "# object ", 9)) {
			line[strcspn(line, "\n")] = '\0';
			if (read_object(kdir, line + 9, &obj, &err))
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
	free_fsyms(&vm);
	free_fsyms(&obj);
	if (err)
		return fail(st, err);
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
