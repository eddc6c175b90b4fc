// SPDX-License-Identifier: GPL-2.0
/*
 * build/report.json, written with json-c (merge.c reads it back with the
 * same library).  Schema tinykern-report-3; README.md documents it and
 * what changed from -2.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attribute-json.h"
#include "report.h"
#include "util.h"

#define REPORT_SCHEMA "tinykern-report-3"

static json_object *str(const char *s)
{
	return s ? json_object_new_string(s) : NULL;	/* NULL is JSON's null */
}

/* A double with a fixed number of decimals, as people read them. */
static json_object *fixed(double v, int decimals)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	return json_object_new_double_s(v, buf);
}

static void add(json_object *o, const char *key, json_object *v)
{
	if (json_object_object_add(o, key, v))
		die("report.json: cannot add %s: out of memory", key);
}

static void add_int(json_object *o, const char *key, long long v)
{
	add(o, key, json_object_new_int64(v));
}

static json_object *stack_json(const struct stack_facts *st)
{
	json_object *o, *top;
	int i;

	if (!st->valid)
		return NULL;
	o = json_object_new_object();
	add_int(o, "functions", st->funcs);
	add_int(o, "sum", st->sum);
	add_int(o, "max", st->ntop ? st->top[0].bytes : 0);
	add_int(o, "threshold", st->threshold);
	add_int(o, "over", st->over);
	add_int(o, "dynamic", st->dynamic);
	top = json_object_new_array();
	for (i = 0; i < st->ntop; i++) {
		json_object *e = json_object_new_object();

		add(e, "name", str(st->top[i].name));
		add_int(e, "bytes", st->top[i].bytes);
		add(e, "kind", str(st->top[i].kind));
		add(e, "where", str(st->top[i].where));
		json_object_array_add(top, e);
	}
	add(o, "top", top);
	return o;
}

static json_object *inline_json(const struct inline_facts *in)
{
	json_object *o, *top;
	int i;

	if (!in->valid)
		return NULL;
	o = json_object_new_object();
	add_int(o, "declared", in->declared);
	add_int(o, "declared_inlined", in->declared_inlined);
	add_int(o, "outofline", in->outofline);
	add_int(o, "undeclared_inlined", in->undeclared_inlined);
	add_int(o, "sites", in->sites);
	add_int(o, "bytes", in->bytes);
	top = json_object_new_array();
	for (i = 0; i < in->ntop; i++) {
		json_object *e = json_object_new_object();

		add(e, "name", str(in->top[i].name));
		add_int(e, "bytes", in->top[i].bytes);
		add_int(e, "sites", in->top[i].sites);
		add_int(e, "cus", in->top[i].cus);
		json_object_array_add(top, e);
	}
	add(o, "top", top);
	return o;
}

static json_object *budget_json(const struct report *r, const struct kernel *k)
{
	json_object *a = json_object_new_array();
	int i;

	for (i = 0; i < r->nrows; i++) {
		const struct limit_row *l = &r->rows[i];
		json_object *e;

		if (l->k != k)
			continue;
		e = json_object_new_object();
		add(e, "key", str(budget_key_names[l->key]));
		add(e, "dir", str(l->dir));
		add_int(e, "max", l->max);
		add_int(e, "value", l->value);
		add_int(e, "headroom", l->max - l->value);
		json_object_array_add(a, e);
	}
	return a;
}

static json_object *boot_json(const struct kernel *k)
{
	json_object *o = json_object_new_object();
	char *log = k->dir ? xasprintf("%s/boot.log", k->dir) : NULL;

	add(o, "result", str(k->boot));
	add(o, "reason", str(k->reason ? k->reason : ""));
	add(o, "seconds", fixed(k->boot_seconds, 3));
	add(o, "uptime_s", fixed(k->uptime_s, 3));
	add_int(o, "memtotal_kb", k->memtotal_kb);
	add_int(o, "memfree_kb", k->memfree_kb);
	add_int(o, "min_ram_mib", k->min_ram_mib);
	add(o, "log", str(log));
	free(log);
	return o;
}

static json_object *kernel_json(const struct report *r, const struct kernel *k)
{
	json_object *o = json_object_new_object();
	char buf[32];
	const char *chg = text_change(k, buf, sizeof(buf));

	add(o, "name", str(k->name));
	add(o, "config", str(k->config));
	add(o, "opt", str(k->opt));
	add(o, "variant", str(k->variant));
	add(o, "dir", str(k->dir ? k->dir : ""));
	add(o, "built", json_object_new_boolean(k->built));
	add(o, "failed_stage", str(passed(k) ? NULL : k->stage ? k->stage : "boot"));
	if (k->built) {
		add_int(o, "text", (long long)k->sz.text);
		add_int(o, "data", (long long)k->sz.data);
		add_int(o, "bss", (long long)k->sz.bss);
		add_int(o, "dec", (long long)dec(k));
		add_int(o, "bzimage", k->bzimage);
	}
	if (chg[0] == '+' || chg[0] == '-')
		add(o, "text_change_pct", fixed(100.0 * ((double)k->sz.text - (double)k->base->sz.text) /
						(double)k->base->sz.text, 4));
	add(o, "boot", boot_json(k));
	add(o, "stack", stack_json(&k->stack));
	add(o, "stack_error", str(k->stack.error));
	add(o, "inline", inline_json(&k->inl));
	add(o, "inline_error", str(k->inl.error));
	add(o, "attribution", attribute_to_json(&k->attr));
	add(o, "attribution_error", str(k->attr.error));
	add(o, "budget", budget_json(r, k));
	return o;
}

static json_object *pair_json(const struct pair *p)
{
	const struct symdiff_total *t = &p->tot;
	json_object *o = json_object_new_object();

	add(o, "config", str(p->from->config));
	add(o, "opt", str(p->from->opt));
	add(o, "from", str(p->from->variant));
	add(o, "to", str(p->to->variant));
	add_int(o, "add", t->add);
	add_int(o, "remove", t->remove);
	add_int(o, "grow", t->grow);
	add_int(o, "shrink", t->shrink);
	add_int(o, "up", t->up);
	add_int(o, "down", -t->down);
	add_int(o, "before", t->before);
	add_int(o, "after", t->after);
	return o;
}

static json_object *missing_json(const struct missing_pair *m)
{
	json_object *o = json_object_new_object();

	add(o, "config", str(m->from->config));
	add(o, "opt", str(m->from->opt));
	add(o, "from", str(m->from->variant));
	add(o, "to", str(m->to->variant));
	add(o, "why", str(m->why));
	return o;
}

void write_json(const char *path, const struct report *r)
{
	json_object *doc = json_object_new_object(), *a;
	char *tmp;
	FILE *f;
	int i;

	add(doc, "schema", str(REPORT_SCHEMA));
	add_int(doc, "failed", r->failed);
	add_int(doc, "over_budget", r->over);
	add_int(doc, "unavailable", r->unavailable);
	a = json_object_new_array();
	for (i = 0; i < r->n; i++)
		json_object_array_add(a, kernel_json(r, &r->ks[i]));
	add(doc, "kernels", a);
	a = json_object_new_array();
	for (i = 0; i < r->np; i++)
		json_object_array_add(a, pair_json(&r->pairs[i]));
	add(doc, "diffs", a);
	a = json_object_new_array();
	for (i = 0; i < r->nmissing; i++)
		json_object_array_add(a, missing_json(&r->missing[i]));
	add(doc, "diffs_unavailable", a);
	f = open_report(path, &tmp);
	fputs(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
					     JSON_C_TO_STRING_NOSLASHESCAPE), f);
	fputc('\n', f);
	close_report(f, tmp, path);
	json_object_put(doc);
}
