// SPDX-License-Identifier: GPL-2.0
/* The few json-c calls every JSON writer and reader of tksize makes. */
#include "base/jsonio.h"
#include "base/util.h"

void add_member(json_object *o, const char *key, json_object *v)
{
	if (json_object_object_add(o, key, v))
		die("JSON: cannot add %s: out of memory", key);
}

void add_int_member(json_object *o, const char *key, long long v)
{
	add_member(o, key, json_object_new_int64(v));
}

json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;	/* NULL is JSON's null */
}

json_object *member(json_object *o, const char *key)
{
	json_object *v = NULL;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

long long member_int(json_object *o, const char *key)
{
	return json_object_get_int64(member(o, key));
}

char *member_dup(json_object *o, const char *key)
{
	const char *v = json_object_get_string(member(o, key));

	return v ? xstrdup(v) : NULL;
}
