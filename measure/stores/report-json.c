// SPDX-License-Identifier: GPL-2.0
/*
 * report.json's records, both ways (stores/report-json.h): what
 * output/report-json.c writes and report/merge.c reads back, each member
 * named here once.
 */
#include <json-c/json.h>
#include <stdlib.h>

#include "base/jsonio.h"
#include "base/util.h"
#include "stores/report-json.h"

json_object *stack_to_json(const struct stack_facts *st)
{
	json_object *o, *top;
	int i;

	if (!st->valid)
		return NULL;
	o = json_object_new_object();
	add_int_member(o, "functions", st->funcs);
	add_int_member(o, "sum", st->sum);
	add_int_member(o, "max", st->ntop ? st->top[0].bytes : 0);
	add_int_member(o, "threshold", st->threshold);
	add_int_member(o, "over", st->over);
	add_int_member(o, "dynamic", st->dynamic);
	top = json_object_new_array();
	for (i = 0; i < st->ntop; i++) {
		json_object *e = json_object_new_object();

		add_member(e, "name", str_or_null(st->top[i].name));
		add_int_member(e, "bytes", st->top[i].bytes);
		add_member(e, "kind", str_or_null(st->top[i].kind));
		add_member(e, "where", str_or_null(st->top[i].where));
		json_object_array_add(top, e);
	}
	add_member(o, "top", top);
	return o;
}

/* A count of the inline table; null where it is not known (-1: GCC's LTO). */
static void add_count(json_object *o, const char *key, long v)
{
	add_member(o, key, v < 0 ? NULL : json_object_new_int64(v));
}

static long count_member(json_object *o, const char *key)
{
	json_object *v = member(o, key);

	return !v || json_object_is_type(v, json_type_null) ? -1 : (long)json_object_get_int64(v);
}

json_object *inline_to_json(const struct inline_facts *in)
{
	json_object *o, *top;
	int i;

	if (!in->valid)
		return NULL;
	o = json_object_new_object();
	add_count(o, "declared", in->declared);
	add_count(o, "declared_inlined", in->declared_inlined);
	add_count(o, "outofline", in->outofline);
	add_count(o, "undeclared_inlined", in->undeclared_inlined);
	add_int_member(o, "sites", in->sites);
	add_int_member(o, "bytes", in->bytes);
	top = json_object_new_array();
	for (i = 0; i < in->ntop; i++) {
		json_object *e = json_object_new_object();

		add_member(e, "name", str_or_null(in->top[i].name));
		add_int_member(e, "bytes", in->top[i].bytes);
		add_int_member(e, "sites", in->top[i].sites);
		add_int_member(e, "cus", in->top[i].cus);
		json_object_array_add(top, e);
	}
	add_member(o, "top", top);
	return o;
}

int stack_from_json(json_object *o, struct stack_facts *st, char **err)
{
	size_t i;

	if (!o || json_object_is_type(o, json_type_null))
		return 0;
	st->valid = 1;
	st->funcs = member_int(o, "functions");
	st->sum = member_int(o, "sum");
	st->threshold = member_int(o, "threshold");
	st->over = member_int(o, "over");
	st->dynamic = member_int(o, "dynamic");
	for (i = 0; i < json_object_array_length(member(o, "top")) && i < STACK_TOP; i++) {
		json_object *e = json_object_array_get_idx(member(o, "top"), i);
		struct frame *fr = &st->top[st->ntop++];

		fr->name = member_dup(e, "name");
		fr->kind = member_dup(e, "kind");
		fr->where = member_dup(e, "where");
		if (!fr->name || !fr->kind || !fr->where) {
			*err = xstrdup("a stack frame without name, kind or where");
			return -1;
		}
		fr->bytes = member_int(e, "bytes");
	}
	return 0;
}

int inline_from_json(json_object *o, struct inline_facts *in, char **err)
{
	size_t i;

	if (!o || json_object_is_type(o, json_type_null))
		return 0;
	in->valid = 1;
	in->declared = count_member(o, "declared");
	in->declared_inlined = count_member(o, "declared_inlined");
	in->outofline = count_member(o, "outofline");
	in->undeclared_inlined = count_member(o, "undeclared_inlined");
	in->sites = member_int(o, "sites");
	in->bytes = member_int(o, "bytes");
	for (i = 0; i < json_object_array_length(member(o, "top")) && i < INLINE_TOP; i++) {
		json_object *e = json_object_array_get_idx(member(o, "top"), i);
		struct inline_fn *fn = &in->top[in->ntop++];

		fn->name = member_dup(e, "name");
		if (!fn->name) {
			*err = xstrdup("an inline function without a name");
			return -1;
		}
		fn->bytes = member_int(e, "bytes");
		fn->sites = member_int(e, "sites");
		fn->cus = member_int(e, "cus");
	}
	return 0;
}

void diff_total_to_json(json_object *o, const struct symdiff_total *t)
{
	add_int_member(o, "add", t->add);
	add_int_member(o, "remove", t->remove);
	add_int_member(o, "grow", t->grow);
	add_int_member(o, "shrink", t->shrink);
	add_int_member(o, "up", t->up);
	add_int_member(o, "down", -t->down);	/* bloat-o-meter's sign: bytes that went are negative */
	add_int_member(o, "before", t->before);
	add_int_member(o, "after", t->after);
}

void diff_total_from_json(json_object *o, struct symdiff_total *t)
{
	t->add = member_int(o, "add");
	t->remove = member_int(o, "remove");
	t->grow = member_int(o, "grow");
	t->shrink = member_int(o, "shrink");
	t->up = member_int(o, "up");
	t->down = -member_int(o, "down");
	t->before = member_int(o, "before");
	t->after = member_int(o, "after");
}
