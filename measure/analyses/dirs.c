// SPDX-License-Identifier: GPL-2.0
/*
 * What is done with an attribution once read (attribute.c reads it): the
 * roll-up of files into directories, the coverage check, a directory's
 * sums for the budgets, and the directory diff.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/dirs.h"
#include "base/paths.h"
#include "base/util.h"

void attribute_rollup(const struct attribution *files, int depth, struct attribution *out)
{
	struct strmap dirs = { 0 };
	size_t i, k;

	memset(out, 0, sizeof(*out));
	out->valid = files->valid;
	out->rows = xcalloc(files->nrows + 1, sizeof(*out->rows));
	for (i = 0; i < files->nrows; i++) {
		char *dir = path_directory(files->rows[i].path, depth);
		int added, c;

		k = strmap_index(&dirs, dir, &added);
		if (added) {
			out->rows[k].path = dir;
			out->nrows++;
		} else {
			free(dir);
		}
		for (c = 0; c < A_NCOLS; c++)
			out->rows[k].v[c] += files->rows[i].v[c];
	}
	strmap_free(&dirs);
	qsort(out->rows, out->nrows, sizeof(*out->rows), attribute_order);
	out->nsecs = files->nsecs;
	out->secs = xcalloc(files->nsecs + 1, sizeof(*out->secs));
	for (k = 0; k < files->nsecs; k++) {
		out->secs[k] = files->secs[k];
		out->secs[k].name = xstrdup(files->secs[k].name);
	}
}

int attribute_check(const struct attribution *a, const char *vmlinux, char **err)
{
	long long code = 0, owned = 0;
	size_t k;

	for (k = 0; k < a->nsecs; k++) {
		const struct attr_section *s = &a->secs[k];

		/* ld's map lists every input section: a byte it leaves is a misread */
		if (a->mapped && s->remainder) {
			*err = xasprintf("%s: %s: %lld of %lld bytes have no owner, though the link map should"
					 " place them all", vmlinux, s->name, s->remainder, s->size);
			return -1;
		}
		if (!s->code)
			continue;
		code += s->size;
		owned += s->owned;
		/*
		 * Only where functions live: the alternatives' replacement code
		 * (.altinstr_replacement, .altinstr_aux) is no function's, and
		 * is a named row of its own.
		 */
		if (s->functions && s->remainder * 100 > s->size * ATTR_MAX_REMAINDER_PERCENT) {
			*err = xasprintf("%s: %s: %lld of %lld bytes (%.2f%%) have no source file, more than %d%%",
					 vmlinux, s->name, s->remainder, s->size, 100.0 * s->remainder / s->size,
					 ATTR_MAX_REMAINDER_PERCENT);
			return -1;
		}
	}
	if (code && (code - owned) * 100 > code * ATTR_MAX_REMAINDER_PERCENT) {
		*err = xasprintf("%s: %lld of %lld bytes of code (%.2f%%) have no source file, more than %d%%",
				 vmlinux, code - owned, code, 100.0 * (code - owned) / code, ATTR_MAX_REMAINDER_PERCENT);
		return -1;
	}
	return 0;
}

long long attribute_under(const struct attribution *files, const char *dir, enum attr_col col, int *matched)
{
	size_t len = strlen(dir), i;
	long long sum = 0;

	*matched = 0;
	for (i = 0; i < files->nrows; i++) {
		const char *p = files->rows[i].path;

		/* "fs" and "fs/" both mean the directory; "init/main.c" the file */
		if (len && !strncmp(p, dir, len) && (!p[len] || p[len] == '/' || dir[len - 1] == '/')) {
			sum += files->rows[i].v[col];
			++*matched;
		}
	}
	return sum;
}

/* Largest growth first, then by path. */
static int by_delta(const void *a, const void *b)
{
	const struct diff_row *x = a, *y = b;

	if (x->delta != y->delta)
		return x->delta < y->delta ? 1 : -1;
	return strcmp(x->name, y->name);
}

void attribute_diff(const struct attribution *old, const struct attribution *new, int depth, struct diff_table *t)
{
	struct attribution a, b;
	struct strmap paths = { 0 };
	struct symdiff_total *tot = &t->tot;
	size_t i;
	int added;

	memset(t, 0, sizeof(*t));
	t->title = depth ? "directory (text)" : "file (text)";
	attribute_rollup(old, depth, &a);
	attribute_rollup(new, depth, &b);
	t->rows = xcalloc(a.nrows + b.nrows + 1, sizeof(*t->rows));
	for (i = 0; i < a.nrows + b.nrows; i++) {
		const struct attr_row *r = i < a.nrows ? &a.rows[i] : &b.rows[i - a.nrows];
		size_t at = strmap_index(&paths, r->path, &added);

		if (added)
			t->rows[t->n++] = (struct diff_row){ xstrdup(r->path), 0, 0, 0 };
		if (i < a.nrows)
			t->rows[at].old = r->v[A_TEXT];
		else
			t->rows[at].new = r->v[A_TEXT];
	}
	for (i = 0; i < t->n; i++) {
		struct diff_row *d = &t->rows[i];

		d->delta = d->new - d->old;
		tot->before += d->old;
		tot->after += d->new;
		tot->add += !d->old && d->new;
		tot->remove += d->old && !d->new;
		tot->grow += d->old && d->new && d->delta > 0;
		tot->shrink += d->old && d->new && d->delta < 0;
		if (d->delta > 0)
			tot->up += d->delta;
		else
			tot->down -= d->delta;
	}
	qsort(t->rows, t->n, sizeof(*t->rows), by_delta);
	strmap_free(&paths);
	attribute_free(&a);
	attribute_free(&b);
}

long long attribute_headers(const struct attribution *files)
{
	long long sum = 0;
	size_t i;

	for (i = 0; i < files->nrows; i++) {
		size_t len = strlen(files->rows[i].path);

		if (len > 2 && !strcmp(files->rows[i].path + len - 2, ".h"))
			sum += files->rows[i].v[A_WRITTEN];
	}
	return sum;
}

