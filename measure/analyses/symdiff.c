// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol size diff of two ELF files, read through libelf, in the shape and
 * with the rules of the kernel's scripts/bloat-o-meter, so its output can
 * be compared line for line with bloat-o-meter's:
 *
 *  - symbols are those `nm --size-sort` lists (defined, sized, not
 *    section/file symbols), of the nm types the mode selects;
 *  - generated symbols are skipped (__mod_*, __se_sys*, __se_compat_sys*,
 *    __addressable_*, linux_banner, vermagic), as are names with ':';
 *  - ".NUMBER" suffixes from gcc's clones and statics are removed, and
 *    symbols that then share a name are added up.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "readers/elfio.h"
#include "analyses/symdiff.h"
#include "base/util.h"

struct sym {
	char *name;
	long long size;
};

struct symlist {
	struct sym *v;
	size_t n, cap;
};

/*
 * The letter `nm` prints for a symbol in a section, as BFD derives it from
 * the ELF section: code, then loaded data (read-only or not), then no
 * contents (bss).  Anything else is not in any bloat-o-meter set.
 */
static char nm_type(const GElf_Shdr *sh, int global)
{
	char c;

	if (sh->sh_flags & SHF_EXECINSTR)
		c = 't';
	else if ((sh->sh_flags & SHF_ALLOC) && sh->sh_type != SHT_NOBITS)
		c = (sh->sh_flags & SHF_WRITE) ? 'd' : 'r';
	else if (sh->sh_type == SHT_NOBITS)
		c = 'b';
	else
		return '?';
	return global ? (char)(c - 'a' + 'A') : c;
}

static int skipped_name(const char *name)
{
	static const char *const prefixes[] = {
		"__mod_", "__se_sys", "__se_compat_sys", "__addressable_",
	};
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return 1;
	return !strcmp(name, "linux_banner") || !strcmp(name, "vermagic") ||
	       strchr(name, ':') != NULL;
}

/* bloat-o-meter's re.sub(r'\.[0-9]+', '', name) */
static char *strip_numbers(const char *name)
{
	char *out = xrealloc(NULL, strlen(name) + 1), *o = out;

	while (*name) {
		if (name[0] == '.' && name[1] >= '0' && name[1] <= '9') {
			name++;
			while (*name >= '0' && *name <= '9')
				name++;
			continue;
		}
		*o++ = *name++;
	}
	*o = '\0';
	return out;
}

static void add_sym(struct symlist *l, const char *name, long long size)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 4096;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n].name = strip_numbers(name);
	l->v[l->n].size = size;
	l->n++;
}

static int include_sym(Elf *elf, const GElf_Sym *s, size_t shndx, const char *name,
		       const char *types)
{
	int bind = GELF_ST_BIND(s->st_info), type = GELF_ST_TYPE(s->st_info);
	Elf_Scn *scn;
	GElf_Shdr sh;

	if (!s->st_size || !*name || type == STT_SECTION || type == STT_FILE ||
	    type == STT_GNU_IFUNC)
		return 0;
	/* weak (W/V) and unique (u) symbols are not in any bloat-o-meter set */
	if (bind != STB_LOCAL && bind != STB_GLOBAL)
		return 0;
	/* absolute and common symbols are in no section; SHN_XINDEX ones are */
	if (s->st_shndx == SHN_UNDEF || (s->st_shndx >= SHN_LORESERVE && s->st_shndx != SHN_XINDEX))
		return 0;
	scn = elf_getscn(elf, shndx);
	if (!scn || !gelf_getshdr(scn, &sh))
		return 0;
	return strchr(types, nm_type(&sh, bind == STB_GLOBAL)) && !skipped_name(name);
}

struct sym_filter {
	const char *types;
	struct symlist *l;
};

static void keep_sym(Elf *elf, const GElf_Sym *s, size_t shndx, const char *name, void *arg)
{
	struct sym_filter *f = arg;

	if (include_sym(elf, s, shndx, name, f->types))
		add_sym(f->l, name, (long long)s->st_size);
}

static int read_syms(const char *path, const char *types, struct symlist *l, char **err)
{
	struct sym_filter f = { types, l };

	return elf_each_symbol(path, keep_sym, &f, err);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct sym *)a)->name, ((const struct sym *)b)->name);
}

/* Sort by name and add up the sizes of symbols that share one. */
static void fold(struct symlist *l)
{
	size_t i, o = 0;

	qsort(l->v, l->n, sizeof(*l->v), by_name);
	for (i = 0; i < l->n; i++) {
		if (o && !strcmp(l->v[o - 1].name, l->v[i].name)) {
			l->v[o - 1].size += l->v[i].size;
			free(l->v[i].name);
		} else {
			l->v[o++] = l->v[i];
		}
	}
	l->n = o;
}

/* Largest delta first; equal deltas by name, last first (Python's reverse()). */
static int by_delta(const void *a, const void *b)
{
	const struct diff_row *x = a, *y = b;

	if (x->delta != y->delta)
		return x->delta < y->delta ? 1 : -1;
	return -strcmp(x->name, y->name);
}

/* Join the two folded lists into rows, old/new -1 where absent. */
static struct diff_row *join(const struct symlist *o, const struct symlist *n, size_t *nrows)
{
	struct diff_row *rows = xrealloc(NULL, (o->n + n->n + 1) * sizeof(*rows));
	size_t i = 0, j = 0, r = 0;

	while (i < o->n || j < n->n) {
		int c = i == o->n ? 1 : j == n->n ? -1 : strcmp(o->v[i].name, n->v[j].name);

		rows[r].name = xstrdup(c <= 0 ? o->v[i].name : n->v[j].name);
		rows[r].old = c <= 0 ? o->v[i++].size : -1;
		rows[r].new = c >= 0 ? n->v[j++].size : -1;
		rows[r].delta = (rows[r].new < 0 ? 0 : rows[r].new) - (rows[r].old < 0 ? 0 : rows[r].old);
		r++;
	}
	*nrows = r;
	return rows;
}

static void free_syms(struct symlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i].name);
	free(l->v);
}

/* The table of TITLE's symbols, those of nm TYPES, OLDFILE -> NEWFILE. */
static int make_table(const char *title, const char *types, const char *oldfile, const char *newfile,
		      struct diff_table *t, char **err)
{
	struct symlist o = { 0 }, n = { 0 };
	struct symdiff_total *tot = &t->tot;
	size_t i;

	memset(t, 0, sizeof(*t));
	t->title = title;
	if (read_syms(oldfile, types, &o, err) || read_syms(newfile, types, &n, err)) {
		free_syms(&o);
		free_syms(&n);
		return -1;
	}
	fold(&o);
	fold(&n);
	t->rows = join(&o, &n, &t->n);
	for (i = 0; i < t->n; i++) {
		const struct diff_row *r = &t->rows[i];

		tot->before += r->old < 0 ? 0 : r->old;
		tot->after += r->new < 0 ? 0 : r->new;
		if (r->old < 0)
			tot->add++, tot->up += r->new;
		else if (r->new < 0)
			tot->remove++, tot->down += r->old;
		else if (r->delta > 0)
			tot->grow++, tot->up += r->delta;
		else if (r->delta < 0)
			tot->shrink++, tot->down -= r->delta;
	}
	qsort(t->rows, t->n, sizeof(*t->rows), by_delta);
	free_syms(&o);
	free_syms(&n);
	return 0;
}

int symdiff(enum symdiff_mode mode, const char *oldfile, const char *newfile, struct diff_table *tables,
	    int *n, char **err)
{
	/* bloat-o-meter's sets of nm types, by mode */
	static const struct sym_set { const char *title, *types; } all[] = { { "Function", "tTdDbBrR" } },
		categories[] = { { "Function", "tT" }, { "Data", "dDbB" }, { "RO Data", "rR" } },
		data[] = { { "Data", "dDbBrR" } }, text[] = { { "Function", "tT" } };
	const struct sym_set *set = mode == SYMDIFF_CATEGORIES ? categories : mode == SYMDIFF_DATA ? data :
				    mode == SYMDIFF_TEXT ? text : all;
	int i, count = mode == SYMDIFF_CATEGORIES ? 3 : 1;

	for (i = 0; i < count; i++)
		if (make_table(set[i].title, set[i].types, oldfile, newfile, &tables[i], err)) {
			while (i >= 0)
				diff_table_free(&tables[i--]);
			return -1;
		}
	*n = count;
	return 0;
}
