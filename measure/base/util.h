/* SPDX-License-Identifier: GPL-2.0 */
/* What every room of tksize needs: dying with a message, checked memory. */
#ifndef TINYKERN_UTIL_H
#define TINYKERN_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* "tksize: " + the message on stderr, exit 2. */
__attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...);

/* malloc and friends that die on failure instead of returning NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
__attribute__((format(printf, 1, 2))) char *xasprintf(const char *fmt, ...);

/*
 * Reports are written to PATH.tmp and renamed into place, so an
 * interrupted run never leaves half a report behind.  TMP gets the
 * temporary name; free it with close_report().
 */
FILE *open_report(const char *path, char **tmp);
void close_report(FILE *f, char *tmp, const char *path);

/*
 * Names to dense indices 0, 1, 2, ...: open addressing, grown at half
 * full.  strmap_index() adds NAME (a copy) when it is new; *ADDED says so.
 */
struct strmap {
	char **keys;
	size_t *idx;
	size_t cap, n;
};
size_t strmap_index(struct strmap *m, const char *name, int *added);
void strmap_free(struct strmap *m);

/* A growing list of strings on the heap, *N of them: strlist_add() takes S over. */
void strlist_add(char ***v, int *n, char *s);
void strlist_free(char **v, int n);

/*
 * Tab-separated lines, as the journals are (readers/journal.c defines
 * their kinds and fields), and TDIR/wall.  split_tabs() splits LINE in
 * place into F (MAX + 1 fields at most: a longer line shows as MAX + 1)
 * and returns the count.  A file being read keeps its first fault:
 * journal_fault() names PATH:LINENO (PATH alone at line 0), and
 * journal_number() reads a decimal field, or faults and gives 0; the
 * reader stops at a fault.
 */
struct journal {
	const char *path;
	int lineno;
	char *error;		/* the first fault, or NULL */
};
int split_tabs(char *line, char **f, int max);
__attribute__((format(printf, 2, 3))) void journal_fault(struct journal *j, const char *fmt, ...);
long journal_number(struct journal *j, const char *s);

#endif
