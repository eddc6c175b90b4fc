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

#include "elfio.h"
#include "symdiff.h"
#include "util.h"

struct sym {
	char *name;
	long long size;
};

struct symlist {
	struct sym *v;
	size_t n, cap;
};

struct row {
	const char *name;
	long long old, new;	/* -1: not in that file */
	long long delta;
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
	const struct row *x = a, *y = b;

	if (x->delta != y->delta)
		return x->delta < y->delta ? 1 : -1;
	return -strcmp(x->name, y->name);
}

/* Join the two folded lists into rows, old/new -1 where absent. */
static struct row *join(const struct symlist *o, const struct symlist *n, size_t *nrows)
{
	struct row *rows = xrealloc(NULL, (o->n + n->n + 1) * sizeof(*rows));
	size_t i = 0, j = 0, r = 0;

	while (i < o->n || j < n->n) {
		int c = i == o->n ? 1 : j == n->n ? -1 : strcmp(o->v[i].name, n->v[j].name);

		rows[r].name = c <= 0 ? o->v[i].name : n->v[j].name;
		rows[r].old = c <= 0 ? o->v[i++].size : -1;
		rows[r].new = c >= 0 ? n->v[j++].size : -1;
		rows[r].delta = (rows[r].new < 0 ? 0 : rows[r].new) - (rows[r].old < 0 ? 0 : rows[r].old);
		r++;
	}
	*nrows = r;
	return rows;
}

static void fmt_size(char *buf, size_t len, long long v)
{
	if (v < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%lld", v);
}

static void free_syms(struct symlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i].name);
	free(l->v);
}

static int print_section(FILE *f, const char *title, const char *types, const char *oldfile,
			 const char *newfile, struct symdiff_total *tot, char **err)
{
	struct symlist o = { 0 }, n = { 0 };
	long long grow = 0, shrink = 0, add = 0, rem = 0, up = 0, down = 0, otot = 0, ntot = 0;
	struct row *rows;
	size_t i, nrows;

	if (read_syms(oldfile, types, &o, err) || read_syms(newfile, types, &n, err)) {
		free_syms(&o);
		free_syms(&n);
		return -1;
	}
	fold(&o);
	fold(&n);
	rows = join(&o, &n, &nrows);
	for (i = 0; i < nrows; i++) {
		struct row *r = &rows[i];

		otot += r->old < 0 ? 0 : r->old;
		ntot += r->new < 0 ? 0 : r->new;
		if (r->old < 0)
			add++, up += r->new;
		else if (r->new < 0)
			rem++, down += r->old;
		else if (r->delta > 0)
			grow++, up += r->delta;
		else if (r->delta < 0)
			shrink++, down -= r->delta;
	}
	qsort(rows, nrows, sizeof(*rows), by_delta);

	fprintf(f, "add/remove: %lld/%lld grow/shrink: %lld/%lld up/down: %lld/%lld (%lld)\n",
		add, rem, grow, shrink, up, -down, up - down);
	fprintf(f, "%-40s %7s %7s %7s\n", title, "old", "new", "delta");
	for (i = 0; i < nrows; i++) {
		char ob[32], nb[32];

		if (!rows[i].delta)
			continue;
		fmt_size(ob, sizeof(ob), rows[i].old);
		fmt_size(nb, sizeof(nb), rows[i].new);
		fprintf(f, "%-40s %7s %7s %+7lld\n", rows[i].name, ob, nb, rows[i].delta);
	}
	fprintf(f, "Total: Before=%lld, After=%lld, chg %+.2f%%\n", otot, ntot,
		otot ? (double)(ntot - otot) * 100.0 / (double)otot : 0.0);

	if (tot) {
		*tot = (struct symdiff_total){ add, rem, grow, shrink, up, down, otot, ntot };
	}
	free(rows);
	free_syms(&o);
	free_syms(&n);
	return 0;
}

int symdiff(FILE *f, enum symdiff_mode mode, const char *oldfile, const char *newfile,
	    struct symdiff_total *tot, char **err)
{
	switch (mode) {
	case SYMDIFF_CATEGORIES:
		return print_section(f, "Function", "tT", oldfile, newfile, NULL, err) ||
		       print_section(f, "Data", "dDbB", oldfile, newfile, NULL, err) ||
		       print_section(f, "RO Data", "rR", oldfile, newfile, NULL, err) ? -1 : 0;
	case SYMDIFF_DATA:
		return print_section(f, "Data", "dDbBrR", oldfile, newfile, tot, err);
	case SYMDIFF_TEXT:
		return print_section(f, "Function", "tT", oldfile, newfile, tot, err);
	case SYMDIFF_ALL:
	default:
		return print_section(f, "Function", "tTdDbBrR", oldfile, newfile, tot, err);
	}
}
