/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The journals of make deinline (deinline/advisor.sh) and make option-cost
 * (optcost/option-cost.sh): one tab-separated line an event, its kind
 * first.  journal.c's table is the one definition of each kind's fields,
 * by name, with their types: the analyses read lines through it, `tksize
 * journal` prints the fields the shell asks for by name, and `tksize
 * journal-line` checks and prints the lines the shell writes.
 *
 * None of these prints or exits: a fault comes back in *ERR as
 * "PATH:LINE: what", the first one in the file.
 */
#ifndef TINYKERN_JOURNAL_H
#define TINYKERN_JOURNAL_H

#define JOURNAL_MAX_FIELDS 12	/* the kind and its fields */

enum journal_type {
	JOURNAL_TEXT,		/* any text without a tab or a newline */
	JOURNAL_NUMBER,		/* a decimal, optionally negative */
	JOURNAL_CHOICE,		/* one of CHOICES, '|' separated */
};

struct journal_field {
	const char *name;
	enum journal_type type;
	const char *choices;
	int optional;		/* may be left off the line's end */
};

struct journal_kind {
	const char *journal;	/* "deinline" or "option-cost" */
	const char *kind;	/* the line's first field */
	struct journal_field fields[JOURNAL_MAX_FIELDS - 1];
};

/* The kind named KIND, or NULL. */
const struct journal_kind *journal_kind(const char *kind);
/* Where field NAME is among K's, from 1 (0 is the kind), or -1. */
int journal_field_index(const struct journal_kind *k, const char *name);
/* The fields K has, the optional ones included. */
int journal_nfields(const struct journal_kind *k);

struct journal_line {
	const struct journal_kind *kind;
	int lineno;
	int n;			/* fields present, the kind included */
	char *f[JOURNAL_MAX_FIELDS];
};

struct journal_lines {
	char *path;
	struct journal_line *v;
	int n;
};

/*
 * Read PATH, a journal of JOURNAL ("deinline" or "option-cost"): every
 * line of one of its kinds, with the fields that kind has, none empty, the
 * numbers numbers and the choices among theirs.  Returns 0, or -1 with
 * *ERR; free OUT with journal_lines_free() either way.
 */
int journal_load(const char *path, const char *journal, struct journal_lines *out, char **err);
void journal_lines_free(struct journal_lines *lines);

/* Field NAME of L: "" for an optional one left off, or a name L's kind has not. */
const char *journal_get(const struct journal_line *l, const char *name);
/* Field NAME of L as a number (journal_load has checked it is one). */
long journal_get_number(const struct journal_line *l, const char *name);

/*
 * The line of KIND with VALUES (N of them, NAME=VALUE each, in any order),
 * checked as journal_load() checks a line read, in *LINE with its newline.
 * Returns 0, or -1 with *ERR naming the kind and the field at fault.
 */
int journal_format(const char *kind, char **values, int n, char **line, char **err);

#endif
