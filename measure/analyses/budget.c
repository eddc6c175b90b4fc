// SPDX-License-Identifier: GPL-2.0
/*
 * Size budgets: a file beside each config fragment, tinyconfigs/CONFIG.budget,
 * that caps what a kernel of that config may weigh:
 *
 *	# every variant of tiny
 *	text     1100000
 *	bzimage   700000
 *	# only the dce variant
 *	dce text  950000
 *	# least RAM it boots in, in MiB (boot/minram.sh)
 *	min_ram   24
 *
 * and a source directory's share, as `tksize attribute` gives it:
 *
 *	dir fs/ text 200000
 *	dce dir kernel/sched/ text 40000
 *
 * CONFIG-OPT.budget (tiny-O2.budget) caps one opt level; CONFIG.budget
 * caps every level that has none of its own (the Makefile picks the file).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/budget.h"
#include "base/util.h"

const char *const budget_key_names[B_NKEYS] = {
	"text", "data", "bss", "dec", "bzimage", "min_ram",
};

/* A bad line: named in B's errors, FILE:LINE first; the budget's other lines still hold. */
static void bad_line(struct budget *b, const char *file, int lineno, const char *what, const char *line)
{
	strlist_add(&b->errors, &b->nerrors, xasprintf("%s:%d: %s: %s", file, lineno, what, line));
}

static int parse_key(const char *s)
{
	int k;

	for (k = 0; k < B_NKEYS; k++)
		if (!strcmp(s, budget_key_names[k]))
			return k;
	return -1;
}

static long long parse_max(const char *s)
{
	char *end;
	long long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	return errno || *end ? -1 : v;
}

/* Why a line of words W (N of them) is not a budget line, or NULL; then *KEY, *VARIANT, *DIR. */
static char *check_line(char **w, int n, const char *fragments, int *key, char **variant, char **dir)
{
	struct budget_line *l = NULL;

	/* "[VARIANT] [dir PATH] KEY MAX": 2 to 5 words */
	if (n < 2 || (n == 5 && w[5]) || (n >= 4 && strcmp(w[n - 4], "dir")))
		return xstrdup("expected 'KEY MAX', 'VARIANT KEY MAX', 'dir PATH KEY MAX' or 'VARIANT dir PATH KEY MAX'");
	*variant = n == 3 || n == 5 ? w[0] : NULL;
	*dir = n >= 4 ? w[n - 3] : NULL;
	*key = parse_key(w[n - 2]);
	if (*key < 0)
		return xstrdup("unknown key (text, data, bss, dec, bzimage or min_ram)");
	if (*dir && *key != B_TEXT && *key != B_DATA && *key != B_BSS && *key != B_DEC)
		return xstrdup("a directory is limited in text, data, bss or dec");
	if (*dir && strlen(*dir) >= sizeof(l->dir))
		return xstrdup("directory path too long");
	if (parse_max(w[n - 1]) < 0)
		return xstrdup("limit is not a whole number of bytes");
	if (*variant) {
		char *frag = xasprintf("%s/variant-%s.config", fragments, *variant), *why = NULL;

		if (access(frag, R_OK))
			why = xasprintf("unknown variant '%s' (no %s)", *variant, frag);
		else if (strlen(*variant) >= sizeof(l->variant))
			why = xstrdup("variant name too long");
		free(frag);
		return why;
	}
	return NULL;
}

static void add_line(struct budget *b, const char *file, int lineno, char *line, const char *fragments)
{
	char *w[6], *save = NULL, *text = xstrdup(line), *variant = NULL, *dir = NULL, *why;
	struct budget_line *l;
	int n = 0, key = -1;

	for (w[n] = strtok_r(line, " \t", &save); w[n] && n < 5; w[++n] = strtok_r(NULL, " \t", &save))
		;
	why = check_line(w, n, fragments, &key, &variant, &dir);
	if (why) {
		bad_line(b, file, lineno, why, text);
		free(why);
		free(text);
		return;
	}
	b->lines = xrealloc(b->lines, (size_t)(b->n + 1) * sizeof(*b->lines));
	l = &b->lines[b->n++];
	snprintf(l->variant, sizeof(l->variant), "%s", variant ? variant : "");
	snprintf(l->dir, sizeof(l->dir), "%s", dir ? dir : "");
	l->key = (enum budget_key)key;
	l->max = parse_max(w[n - 1]);
	l->lineno = lineno;
	free(text);
}

void budget_read(struct budget *b, const char *config, const char *file, const char *fragments)
{
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0;
	FILE *f = fopen(file, "r");

	memset(b, 0, sizeof(*b));
	snprintf(b->config, sizeof(b->config), "%s", config);
	snprintf(b->path, sizeof(b->path), "%s", file);
	if (!f) {
		strlist_add(&b->errors, &b->nerrors, xasprintf("%s: %s", file, strerror(errno)));
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		char *p = line;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		while (isspace((unsigned char)*p))
			p++;
		if (*p && *p != '#')
			add_line(b, file, lineno, p, fragments);
	}
	free(line);
	fclose(f);
}

long long budget_limit(const struct budget *b, const char *variant, enum budget_key key)
{
	long long all = -1, own = -1;
	int i;

	for (i = 0; i < b->n; i++) {
		if (b->lines[i].key != key || b->lines[i].dir[0])
			continue;
		if (!b->lines[i].variant[0])
			all = b->lines[i].max;
		else if (!strcmp(b->lines[i].variant, variant))
			own = b->lines[i].max;
	}
	return own >= 0 ? own : all;
}

/* "kernel" and "kernel/" name one directory. */
static int same_dir(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	la -= la > 1 && a[la - 1] == '/';
	lb -= lb > 1 && b[lb - 1] == '/';
	return la == lb && !strncmp(a, b, la);
}

const struct budget_line *budget_dir_line(const struct budget *b, const char *variant, const char *dir,
					  enum budget_key key)
{
	const struct budget_line *all = NULL, *own = NULL;
	int i;

	for (i = 0; i < b->n; i++) {
		const struct budget_line *l = &b->lines[i];

		if (l->key != key || !l->dir[0] || !same_dir(l->dir, dir))
			continue;
		if (!l->variant[0])
			all = l;
		else if (!strcmp(l->variant, variant))
			own = l;
	}
	return own ? own : all;
}

void budget_free(struct budget *b)
{
	strlist_free(b->errors, b->nerrors);
	free(b->lines);
}
