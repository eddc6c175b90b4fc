// SPDX-License-Identifier: GPL-2.0
/*
 * Stack footprint of one kernel, from gcc's own -fstack-usage output.
 *
 * kbuild/build.sh compiles every object with -fstack-usage and gathers
 * the .su lines of the objects linked into vmlinux into KDIR/stack.su:
 *
 *	mm/slab.c:3242:1:kmem_cache_alloc	40	static
 *
 * Objects in lib.a and functions that the linker or --gc-sections dropped
 * have .su lines but no code in vmlinux, so only lines whose function is
 * a FUNC symbol of vmlinux count.  Static functions of one name in two
 * files are both counted when vmlinux has that name.
 */
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfio.h"
#include "report.h"

struct names {
	char **v;
	size_t n, cap;
};

static int by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_func(Elf *elf, const GElf_Sym *s, const char *name, void *arg)
{
	struct names *fn = arg;

	(void)elf;
	if (GELF_ST_TYPE(s->st_info) != STT_FUNC || !s->st_size)
		return;
	if (fn->n == fn->cap) {
		fn->cap = fn->cap ? 2 * fn->cap : 4096;
		fn->v = realloc(fn->v, fn->cap * sizeof(*fn->v));
		if (!fn->v)
			die("out of memory");
	}
	fn->v[fn->n++] = strdup(name);
}

/* The names of vmlinux's FUNC symbols with code, sorted for bsearch. */
static int func_names(const char *vmlinux, struct names *fn)
{
	if (elf_each_symbol(vmlinux, add_func, fn))
		return -1;
	qsort(fn->v, fn->n, sizeof(*fn->v), by_str);
	return 0;
}

/* Keep the STACK_TOP largest frames, largest first; ties keep file order. */
static void keep_top(struct stack_facts *st, const struct frame *fr)
{
	int i;

	if (st->ntop == STACK_TOP && st->top[STACK_TOP - 1].bytes >= fr->bytes)
		return;
	i = st->ntop < STACK_TOP ? st->ntop++ : STACK_TOP - 1;
	while (i > 0 && st->top[i - 1].bytes < fr->bytes) {
		st->top[i] = st->top[i - 1];
		i--;
	}
	st->top[i] = *fr;
}

/* Split "file:line:col:function<TAB>bytes<TAB>kind" into FR. */
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
	snprintf(fr->name, sizeof(fr->name), "%.127s", name);
	snprintf(fr->where, sizeof(fr->where), "%.255s", line);
	snprintf(fr->kind, sizeof(fr->kind), "%.23s", kind + 1);
	return 0;
}

int stack_read(const char *kdir, long threshold, struct stack_facts *st)
{
	char path[4200], line[1024];
	struct names fn = { 0 };
	FILE *f;
	size_t i;

	memset(st, 0, sizeof(*st));
	st->threshold = threshold;
	snprintf(path, sizeof(path), "%s/stack.su", kdir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	snprintf(path, sizeof(path), "%s/vmlinux", kdir);
	if (func_names(path, &fn)) {
		fclose(f);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct frame fr;
		const char *key = fr.name;

		if (parse_su_line(line, &fr))
			continue;
		if (!bsearch(&key, fn.v, fn.n, sizeof(*fn.v), by_str))
			continue;
		st->funcs++;
		st->sum += fr.bytes;
		st->over += fr.bytes > threshold;
		st->dynamic += !!strstr(fr.kind, "dynamic");
		keep_top(st, &fr);
	}
	fclose(f);
	for (i = 0; i < fn.n; i++)
		free(fn.v[i]);
	free(fn.v);
	st->valid = 1;
	return 0;
}
