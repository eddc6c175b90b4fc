// SPDX-License-Identifier: GPL-2.0
/* Dying with a message and checked memory, for every room of tksize. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

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
