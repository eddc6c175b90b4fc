// SPDX-License-Identifier: GPL-2.0
/*
 * An attribution to and from JSON with json-c: report.json carries it,
 * merge.c reads it back, and each kernel's attribution.json keeps it
 * between reports (reading a tiny kernel's DWARF takes a quarter of a
 * second, and a no-op `make` prints the report).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stores/attribute-json.h"
#include "base/jsonio.h"
#include "base/util.h"

json_object *attribute_to_json(const struct attribution *a)
{
	json_object *o, *files, *secs;
	size_t i;
	int c;

	if (!a->valid)
		return NULL;
	o = json_object_new_object();
	files = json_object_new_array();
	for (i = 0; i < a->nrows; i++) {
		json_object *e = json_object_new_object();

		add_member(e, "path", json_object_new_string(a->rows[i].path));
		for (c = 0; c < A_NCOLS; c++)
			add_int_member(e, attr_col_names[c], a->rows[i].v[c]);
		json_object_array_add(files, e);
	}
	secs = json_object_new_array();
	for (i = 0; i < a->nsecs; i++) {
		const struct attr_section *s = &a->secs[i];
		json_object *e = json_object_new_object();

		add_member(e, "name", json_object_new_string(s->name));
		add_member(e, "class", json_object_new_string(attr_col_names[s->cls]));
		add_member(e, "code", json_object_new_boolean(s->code));
		add_int_member(e, "functions", s->functions);
		add_int_member(e, "size", s->size);
		add_int_member(e, "owned", s->owned);
		add_int_member(e, "remainder", s->remainder);
		add_int_member(e, "written", s->written);
		add_int_member(e, "written_remainder", s->written_remainder);
		json_object_array_add(secs, e);
	}
	add_member(o, "link_map", json_object_new_boolean(a->mapped));
	add_member(o, "files", files);
	add_member(o, "sections", secs);
	return o;
}

int attribute_from_json(json_object *o, struct attribution *a, char **err)
{
	json_object *files = member(o, "files"), *secs = member(o, "sections");
	size_t i;
	int c;

	memset(a, 0, sizeof(*a));
	if (!json_object_is_type(files, json_type_array) || !json_object_is_type(secs, json_type_array)) {
		*err = xstrdup("an attribution without \"files\" and \"sections\" arrays");
		return -1;
	}
	a->valid = 1;
	a->mapped = json_object_get_boolean(member(o, "link_map"));
	a->rows = xcalloc(json_object_array_length(files) + 1, sizeof(*a->rows));
	for (i = 0; i < json_object_array_length(files); i++) {
		json_object *e = json_object_array_get_idx(files, i);
		struct attr_row *r = &a->rows[a->nrows++];

		r->path = member_dup(e, "path");
		if (!r->path) {
			*err = xstrdup("an attribution row without a path");
			attribute_free(a);
			return -1;
		}
		for (c = 0; c < A_NCOLS; c++)
			r->v[c] = member_int(e, attr_col_names[c]);
	}
	a->secs = xcalloc(json_object_array_length(secs) + 1, sizeof(*a->secs));
	for (i = 0; i < json_object_array_length(secs); i++) {
		json_object *e = json_object_array_get_idx(secs, i);
		const char *cls = json_object_get_string(member(e, "class"));
		struct attr_section *s = &a->secs[a->nsecs++];

		s->name = member_dup(e, "name");
		if (!s->name || !cls) {
			*err = xstrdup("an attribution section without a name or class");
			attribute_free(a);
			return -1;
		}
		s->cls = !strcmp(cls, attr_col_names[A_DATA]) ? A_DATA : !strcmp(cls, attr_col_names[A_BSS]) ? A_BSS : A_TEXT;
		s->code = json_object_get_boolean(member(e, "code"));
		s->functions = member_int(e, "functions");
		s->size = member_int(e, "size");
		s->owned = member_int(e, "owned");
		s->remainder = member_int(e, "remainder");
		s->written = member_int(e, "written");
		s->written_remainder = member_int(e, "written_remainder");
	}
	return 0;
}

void attribute_save(const char *path, const struct attribution *a, const char *error, const char *not_measured)
{
	json_object *doc = json_object_new_object();
	char *tmp;
	FILE *f;

	add_member(doc, "attribution", attribute_to_json(a));
	add_member(doc, "error", error ? json_object_new_string(error) : NULL);
	add_member(doc, "not_measured", not_measured ? json_object_new_string(not_measured) : NULL);
	f = open_report(path, &tmp);
	fputs(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE), f);
	fputc('\n', f);
	close_report(f, tmp, path);
	json_object_put(doc);
}

int attribute_load(const char *path, struct attribution *a, char **err)
{
	json_object *doc, *attr;
	FILE *f = fopen(path, "r");

	memset(a, 0, sizeof(*a));
	if (!f)
		return errno == ENOENT ? 1 : (*err = xasprintf("%s: %s", path, strerror(errno)), -1);
	fclose(f);
	doc = json_object_from_file(path);
	if (!doc || !json_object_is_type(doc, json_type_object)) {
		*err = xasprintf("%s: not a JSON object; remake it with tksize attribute --save", path);
		json_object_put(doc);
		return -1;
	}
	a->error = member_dup(doc, "error");
	a->not_measured = !!member(doc, "not_measured") && !json_object_is_type(member(doc, "not_measured"), json_type_null);
	attr = member(doc, "attribution");
	if (attr && !json_object_is_type(attr, json_type_null)) {
		char *why = NULL, *keep = a->error;

		a->error = NULL;
		if (attribute_from_json(attr, a, &why)) {
			*err = xasprintf("%s: %s", path, why);
			free(why);
			free(keep);
			json_object_put(doc);
			return -1;
		}
		a->error = keep;
	}
	json_object_put(doc);
	if (!a->valid && !a->error && !a->not_measured) {
		*err = xasprintf("%s: neither an attribution, an error nor not_measured", path);
		return -1;
	}
	return 0;
}
