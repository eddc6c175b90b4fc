// SPDX-License-Identifier: GPL-2.0
/*
 * The journals' line kinds and their fields, defined once; reading a
 * journal and making a line against that definition.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "readers/journal.h"

#define T(n) { n, JOURNAL_TEXT, NULL, 0 }
#define N(n) { n, JOURNAL_NUMBER, NULL, 0 }
#define C(n, c) { n, JOURNAL_CHOICE, c, 0 }
/* Berkeley deltas against the base kernel, and the text symbols' (bloat-o-meter -t) */
#define TRIAL_FIGURES N("dtext"), N("ddata"), N("dbss"), N("dfuncs"), N("seconds")
/* option-cost's deltas: size's three and the bzImage's */
#define OPTION_FIGURES N("dtext"), N("ddata"), N("dbss"), N("dbzimage")
#define OPTION_TAIL C("status", "measured|cannot|failed"), OPTION_FIGURES, C("boot", "PASS|FAIL|-"), \
	N("seconds"), T("changed"), T("reason")

/* deinline/advisor.sh and optcost/option-cost.sh say what each kind records */
static const struct journal_kind kinds[] = {
	{ "deinline", "try", { T("id"), T("name"), T("where"), T("mode"), T("home"), N("predicted") } },
	{ "deinline", "kept", { T("tid"), T("names"), TRIAL_FIGURES } },
	{ "deinline", "dropped", { T("tid"), T("names"), TRIAL_FIGURES, T("reason") } },
	{ "deinline", "split", { T("tid"), T("names"), TRIAL_FIGURES, T("reason") } },
	{ "deinline", "boot", { C("verdict", "PASS|FAIL"), T("tids"), { "result", JOURNAL_TEXT, NULL, 1 } } },
	{ "deinline", "unkept", { T("tid") } },
	{ "option-cost", "option", { T("symbol"), C("dir", "on|off"), OPTION_TAIL } },
	{ "option-cost", "forced", { T("symbol"), T("selectors"), OPTION_TAIL } },
	{ "option-cost", "combined", { T("names"), OPTION_FIGURES, C("boot", "PASS|FAIL|-"), N("seconds"),
				       N("sumdtext") } },
	{ "option-cost", "fragment", { T("names"), OPTION_FIGURES, C("boot", "PASS|FAIL|-"), N("seconds"),
				       T("dropped") } },
};

const struct journal_kind *journal_kind(const char *kind)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(kinds[i].kind, kind))
			return &kinds[i];
	return NULL;
}

int journal_nfields(const struct journal_kind *k)
{
	int n = 0;

	while (n < JOURNAL_MAX_FIELDS - 1 && k->fields[n].name)
		n++;
	return n;
}

int journal_field_index(const struct journal_kind *k, const char *name)
{
	int i, n = journal_nfields(k);

	for (i = 0; i < n; i++)
		if (!strcmp(k->fields[i].name, name))
			return i + 1;
	return -1;
}

/* The fields a line of K must have, the kind included. */
static int required(const struct journal_kind *k)
{
	int n = journal_nfields(k);

	while (n > 0 && k->fields[n - 1].optional)
		n--;
	return n + 1;
}

/* "measured, cannot or failed" from "measured|cannot|failed" */
static char *choices_text(const char *choices)
{
	char *out = xstrdup("");
	const char *p = choices, *bar;

	for (; (bar = strchr(p, '|')); p = bar + 1) {
		char *s = xasprintf("%s%s%.*s", out, out[0] ? ", " : "", (int)(bar - p), p);

		free(out);
		out = s;
	}
	{
		char *s = xasprintf("%s%s%s", out, out[0] ? " or " : "", p);

		free(out);
		return s;
	}
}

static int is_choice(const char *choices, const char *v)
{
	size_t len = strlen(v);
	const char *p = choices;

	while (p) {
		if (!strncmp(p, v, len) && (p[len] == '|' || !p[len]))
			return 1;
		p = strchr(p, '|');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

/* "a" or "an", before KIND */
static const char *a_(const char *kind)
{
	return strchr("aeiou", kind[0]) ? "an" : "a";
}

/* Fault J when V is not a value field F can hold. */
static void check_value(struct journal *j, const struct journal_kind *k, const struct journal_field *f, const char *v)
{
	if (!v[0]) {
		journal_fault(j, "%s %s line with an empty %s", a_(k->kind), k->kind, f->name);
	} else if (strpbrk(v, "\t\n")) {
		journal_fault(j, "%s %s line's %s holds a tab or a newline", a_(k->kind), k->kind, f->name);
	} else if (f->type == JOURNAL_NUMBER) {
		struct journal probe = { j->path, j->lineno, NULL };

		/* base's reader, its fault said again with the field's name */
		journal_number(&probe, v);
		if (probe.error)
			journal_fault(j, "%s '%s' is not a number", f->name, v);
		free(probe.error);
	} else if (f->type == JOURNAL_CHOICE && !is_choice(f->choices, v)) {
		char *c = choices_text(f->choices);

		journal_fault(j, "%s '%s', not %s", f->name, v, c);
		free(c);
	}
}

/* Fault J unless L's field count is its kind's. */
static void check_count(struct journal *j, const struct journal_kind *k, int n)
{
	int min = required(k), max = journal_nfields(k) + 1;

	if (n < min || n > max) {
		if (min == max)
			journal_fault(j, "%s %s line with %d fields, not %d", a_(k->kind), k->kind, n, min);
		else
			journal_fault(j, "%s %s line with %d fields, not %d to %d", a_(k->kind), k->kind, n, min, max);
	}
}

int journal_load(const char *path, const char *journal, struct journal_lines *out, char **err)
{
	struct journal j = { path, 0, NULL };
	char *line = NULL;
	size_t cap = 0;
	FILE *in = fopen(path, "r");

	memset(out, 0, sizeof(*out));
	out->path = xstrdup(path);
	if (!in)
		journal_fault(&j, "%s", strerror(errno));
	while (in && !j.error && getline(&line, &cap, in) > 0) {
		char *f[JOURNAL_MAX_FIELDS + 1];
		int n = split_tabs(line, f, JOURNAL_MAX_FIELDS), i;
		const struct journal_kind *k = journal_kind(f[0]);
		struct journal_line *l;

		j.lineno++;
		if (!k || strcmp(k->journal, journal)) {
			journal_fault(&j, "not a journal line: %s", f[0]);
			break;
		}
		check_count(&j, k, n);
		for (i = 1; i < n && !j.error; i++)
			check_value(&j, k, &k->fields[i - 1], f[i]);
		if (j.error)
			break;
		out->v = xrealloc(out->v, (size_t)(out->n + 1) * sizeof(*out->v));
		l = &out->v[out->n++];
		l->kind = k;
		l->lineno = j.lineno;
		l->n = n;
		for (i = 0; i < JOURNAL_MAX_FIELDS; i++)
			l->f[i] = i < n ? xstrdup(f[i]) : NULL;
	}
	if (in)
		fclose(in);
	free(line);
	if (j.error) {
		*err = j.error;
		return -1;
	}
	return 0;
}

void journal_lines_free(struct journal_lines *lines)
{
	int i, k;

	for (i = 0; i < lines->n; i++)
		for (k = 0; k < JOURNAL_MAX_FIELDS; k++)
			free(lines->v[i].f[k]);
	free(lines->v);
	free(lines->path);
	memset(lines, 0, sizeof(*lines));
}

const char *journal_get(const struct journal_line *l, const char *name)
{
	int i = journal_field_index(l->kind, name);

	return i > 0 && i < l->n ? l->f[i] : "";
}

long journal_get_number(const struct journal_line *l, const char *name)
{
	return strtol(journal_get(l, name), NULL, 10);
}

int journal_format(const char *kind, char **values, int n, char **line, char **err)
{
	const struct journal_kind *k = journal_kind(kind);
	const char *v[JOURNAL_MAX_FIELDS] = { 0 };
	struct journal j = { kind, 0, NULL };
	int i, nf, have = 1;

	*line = NULL;
	if (!k) {
		*err = xasprintf("%s: not a journal line kind", kind);
		return -1;
	}
	nf = journal_nfields(k);
	for (i = 0; i < n && !j.error; i++) {
		char *eq = strchr(values[i], '=');
		int at = -1;

		if (eq) {
			char *name = xasprintf("%.*s", (int)(eq - values[i]), values[i]);

			at = journal_field_index(k, name);
			free(name);
		}
		if (at < 0)
			journal_fault(&j, "'%s' is not NAME=VALUE for a field of %s %s line", values[i], a_(kind), kind);
		else if (v[at])
			journal_fault(&j, "%.*s given twice", (int)(eq - values[i]), values[i]);
		else
			check_value(&j, k, &k->fields[at - 1], v[at] = eq + 1);
	}
	for (i = 1; i <= nf && !j.error; i++) {
		if (v[i] && i > have) {
			journal_fault(&j, "%s given without %s", k->fields[i - 1].name, k->fields[have - 1].name);
		} else if (v[i]) {
			have = i + 1;
		} else if (!k->fields[i - 1].optional) {
			journal_fault(&j, "%s %s line needs %s", a_(kind), kind, k->fields[i - 1].name);
		}
	}
	if (j.error) {
		*err = j.error;
		return -1;
	}
	*line = xstrdup(kind);
	for (i = 1; i <= have; i++) {
		char *s = i < have ? xasprintf("%s\t%s", *line, v[i]) : xasprintf("%s\n", *line);

		free(*line);
		*line = s;
	}
	return 0;
}
