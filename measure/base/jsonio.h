/* SPDX-License-Identifier: GPL-2.0 */
/* The few json-c calls every JSON writer and reader of tksize makes. */
#ifndef TINYKERN_JSONIO_H
#define TINYKERN_JSONIO_H

#include <json-c/json.h>

/* Writing: a member KEY of O (dies when out of memory); a string, NULL as JSON's null. */
void add_member(json_object *o, const char *key, json_object *v);
void add_int_member(json_object *o, const char *key, long long v);
json_object *str_or_null(const char *s);

/* Reading: member KEY of O (O may be NULL), and a missing one reads as 0 or NULL. */
json_object *member(json_object *o, const char *key);
long long member_int(json_object *o, const char *key);
/* A string member on the heap, or NULL when missing or null. */
char *member_dup(json_object *o, const char *key);

#endif
