// SPDX-License-Identifier: GPL-2.0
/* Dying with a message and checked memory, for every room of tksize. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("tksize: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		die("out of memory (%zu bytes)", strlen(s) + 1);
	return d;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("out of memory");
	return s;
}

FILE *open_report(const char *path, char **tmp)
{
	FILE *f;

	*tmp = xasprintf("%s.tmp", path);
	f = fopen(*tmp, "w");
	if (!f)
		die("%s: %s", *tmp, strerror(errno));
	return f;
}

void close_report(FILE *f, char *tmp, const char *path)
{
	int bad = ferror(f);

	bad |= fclose(f);
	if (bad || rename(tmp, path))
		die("%s: %s", path, strerror(errno));
	free(tmp);
}

static size_t str_hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void strmap_grow(struct strmap *m)
{
	size_t cap = m->cap ? 2 * m->cap : 1024, i;
	char **keys = xcalloc(cap, sizeof(*keys));
	size_t *idx = xmalloc(cap * sizeof(*idx));

	for (i = 0; i < m->cap; i++)
		if (m->keys[i]) {
			size_t j = str_hash(m->keys[i]) & (cap - 1);

			while (keys[j])
				j = (j + 1) & (cap - 1);
			keys[j] = m->keys[i];
			idx[j] = m->idx[i];
		}
	free(m->keys);
	free(m->idx);
	m->keys = keys;
	m->idx = idx;
	m->cap = cap;
}

size_t strmap_index(struct strmap *m, const char *name, int *added)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap)
		strmap_grow(m);
	*added = 0;
	for (i = str_hash(name) & (m->cap - 1); m->keys[i]; i = (i + 1) & (m->cap - 1))
		if (!strcmp(m->keys[i], name))
			return m->idx[i];
	m->keys[i] = xstrdup(name);
	*added = 1;
	return m->idx[i] = m->n++;
}

void strmap_free(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->idx);
	memset(m, 0, sizeof(*m));
}

void strlist_add(char ***v, int *n, char *s)
{
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof(**v));
	(*v)[(*n)++] = s;
}

void strlist_free(char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int split_tabs(char *line, char **f, int max)
{
	int n = 0;

	line[strcspn(line, "\n")] = '\0';
	while (n <= max) {
		f[n++] = line;
		line = strchr(line, '\t');
		if (!line)
			break;
		*line++ = '\0';
	}
	return n;
}

void journal_fault(struct journal *j, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (j->error)
		return;
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	j->error = j->lineno ? xasprintf("%s:%d: %s", j->path, j->lineno, msg) : xasprintf("%s: %s", j->path, msg);
	free(msg);
}

long journal_number(struct journal *j, const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || !(s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))) {
		journal_fault(j, "'%s' is not a number", s);
		return 0;
	}
	return v;
}
