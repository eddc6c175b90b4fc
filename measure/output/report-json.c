// SPDX-License-Identifier: GPL-2.0
/*
 * build/report.json, written with json-c (merge.c reads it back with the
 * same library).  Schema tinykern-report-3; README.md documents it and
 * what changed from -2.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stores/attribute-json.h"
#include "base/jsonio.h"
#include "output/report-json.h"
#include "stores/report-json.h"
#include "output/tables.h"
#include "base/util.h"

/* A double with a fixed number of decimals, as people read them. */
static json_object *fixed(double v, int decimals)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	return json_object_new_double_s(v, buf);
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
		add_member(e, "key", str_or_null(budget_key_names[l->key]));
		add_member(e, "dir", str_or_null(l->dir));
		add_int_member(e, "max", l->max);
		add_int_member(e, "value", l->value);
		add_int_member(e, "headroom", l->max - l->value);
		json_object_array_add(a, e);
	}
	return a;
}

static json_object *boot_json(const struct kernel *k)
{
	json_object *o = json_object_new_object();
	char *log = k->dir ? xasprintf("%s/boot.log", k->dir) : NULL;

	add_member(o, "result", str_or_null(k->boot));
	add_member(o, "reason", str_or_null(k->reason ? k->reason : ""));
	add_member(o, "seconds", fixed(k->boot_seconds, 3));
	add_member(o, "uptime_s", fixed(k->uptime_s, 3));
	add_int_member(o, "memtotal_kb", k->memtotal_kb);
	add_int_member(o, "memfree_kb", k->memfree_kb);
	add_int_member(o, "min_ram_mib", k->min_ram_mib);
	add_member(o, "log", str_or_null(log));
	free(log);
	return o;
}

static json_object *kernel_json(const struct report *r, const struct kernel *k)
{
	json_object *o = json_object_new_object();
	char buf[32];
	const char *chg = text_change(k, buf, sizeof(buf));

	add_member(o, "name", str_or_null(k->name));
	add_member(o, "config", str_or_null(k->config));
	add_member(o, "opt", str_or_null(k->opt));
	add_member(o, "variant", str_or_null(k->variant));
	add_member(o, "tree", str_or_null(k->tree));
	add_member(o, "unavailable", str_or_null(k->unavailable));
	add_member(o, "dir", str_or_null(k->dir ? k->dir : ""));
	add_member(o, "built", json_object_new_boolean(k->built));
	add_member(o, "failed_stage", str_or_null(passed(k) || k->unavailable ? NULL : k->stage ? k->stage : "boot"));
	if (k->built) {
		add_int_member(o, "text", (long long)k->sz.text);
		add_int_member(o, "data", (long long)k->sz.data);
		add_int_member(o, "bss", (long long)k->sz.bss);
		add_int_member(o, "dec", (long long)dec(k));
		add_int_member(o, "bzimage", k->bzimage);
	}
	if (chg[0] == '+' || chg[0] == '-')
		add_member(o, "text_change_pct", fixed(100.0 * ((double)k->sz.text - (double)k->base->sz.text) /
						(double)k->base->sz.text, 4));
	add_member(o, "boot", boot_json(k));
	add_member(o, "stack", stack_to_json(&k->stack));
	add_member(o, "stack_error", str_or_null(k->stack.error));
	add_member(o, "inline", inline_to_json(&k->inl));
	add_member(o, "inline_error", str_or_null(k->inl.error));
	add_member(o, "attribution", attribute_to_json(&k->attr));
	add_member(o, "attribution_error", str_or_null(k->attr.error));
	add_member(o, "budget", budget_json(r, k));
	return o;
}

static json_object *pair_json(const struct pair *p)
{
	const struct symdiff_total *t = &p->tot;
	json_object *o = json_object_new_object();

	add_member(o, "config", str_or_null(p->from->config));
	add_member(o, "opt", str_or_null(p->from->opt));
	add_member(o, "from", str_or_null(p->from->variant));
	add_member(o, "to", str_or_null(p->to->variant));
	add_member(o, "from_tree", str_or_null(p->from->tree));
	add_member(o, "to_tree", str_or_null(p->to->tree));
	diff_total_to_json(o, t);
	return o;
}

static json_object *missing_json(const struct missing_pair *m)
{
	json_object *o = json_object_new_object();

	add_member(o, "config", str_or_null(m->from->config));
	add_member(o, "opt", str_or_null(m->from->opt));
	add_member(o, "from", str_or_null(m->from->variant));
	add_member(o, "to", str_or_null(m->to->variant));
	add_member(o, "from_tree", str_or_null(m->from->tree));
	add_member(o, "to_tree", str_or_null(m->to->tree));
	add_member(o, "why", str_or_null(m->why));
	return o;
}

static json_object *advisor_json(const struct advisor_facts *a)
{
	json_object *o = json_object_new_object(), *pts = json_object_new_array(), *why = json_object_new_object();
	int i;

	add_member(o, "name", str_or_null(a->name));
	add_int_member(o, "trials", a->trials);
	add_int_member(o, "seconds", a->seconds);
	if (a->wall >= 0)
		add_int_member(o, "wall_seconds", a->wall);
	add_int_member(o, "splits", a->splits);
	add_int_member(o, "kept", a->kept);
	add_int_member(o, "text_saved", a->saved);
	add_int_member(o, "boots_pass", a->boots_pass);
	add_int_member(o, "boots_fail", a->boots_fail);
	add_int_member(o, "queued", a->queued);
	for (i = 0; i < a->nreasons; i++)
		add_int_member(why, a->reasons[i].reason, a->reasons[i].n);
	add_member(o, "dropped", why);
	add_int_member(o, "spearman_n", a->spearman_n);
	add_member(o, "spearman", a->spearman_n >= 3 && !isnan(a->spearman) ? fixed(a->spearman, 2) : NULL);
	for (i = 0; i < a->npoints; i++) {
		const struct advisor_point *p = &a->points[i];
		json_object *e = json_object_new_object();

		add_member(e, "trial", str_or_null(p->tid));
		add_member(e, "functions", str_or_null(p->names));
		add_int_member(e, "candidates", p->members);
		add_int_member(e, "predicted", p->predicted);
		add_int_member(e, "measured", p->measured);
		add_member(e, "kept", json_object_new_boolean(p->kept));
		json_object_array_add(pts, e);
	}
	add_member(o, "trials_measured", pts);
	return o;
}

static const char *optcost_status_name(enum optcost_status s)
{
	return s == OPTCOST_MEASURED ? "measured" : s == OPTCOST_CANNOT ? "cannot" : "failed";
}

/* A field that may be "-" (none): null then. */
static json_object *dash_or_string(const char *s)
{
	return strcmp(s, "-") ? json_object_new_string(s) : NULL;
}

static void add_delta(json_object *o, const struct optcost_delta *d)
{
	add_int_member(o, "text", d->text);
	add_int_member(o, "data", d->data);
	add_int_member(o, "bss", d->bss);
	add_int_member(o, "bzimage", d->bzimage);
}

static json_object *optcost_group_json(const struct optcost_group *g, int combined)
{
	json_object *o;

	if (!g->present)
		return NULL;
	o = json_object_new_object();
	add_member(o, "options", dash_or_string(g->names));
	add_delta(o, &g->d);
	add_member(o, "boot", dash_or_string(g->boot));
	add_int_member(o, "seconds", g->seconds);
	if (combined)
		add_int_member(o, "text_summed_singly", g->sum_dtext);
	else
		add_member(o, "dropped_for_boot", dash_or_string(g->dropped));
	return o;
}

/* One option's row; a forced row names its selectors instead of a direction. */
static json_object *optcost_option_json(const struct optcost_option *p)
{
	json_object *e = json_object_new_object();

	add_member(e, "option", str_or_null(p->symbol));
	add_member(e, "to", str_or_null(p->on ? "on" : "off"));
	if (p->selectors)
		add_member(e, "selected_by", str_or_null(p->selectors));
	add_member(e, "status", str_or_null(optcost_status_name(p->status)));
	if (p->status == OPTCOST_MEASURED) {
		add_delta(e, &p->d);
		add_member(e, "boot", dash_or_string(p->boot));
	}
	add_int_member(e, "seconds", p->seconds);
	add_member(e, "changed", dash_or_string(p->changed));
	add_member(e, "reason", dash_or_string(p->reason));
	return e;
}

static json_object *optcost_json(const struct optcost_facts *c)
{
	json_object *o = json_object_new_object(), *a = json_object_new_array(), *forced = json_object_new_array();
	int i;

	add_member(o, "name", str_or_null(c->name));
	add_int_member(o, "seconds", c->seconds);
	add_member(o, "data_less_init_fill", json_object_new_boolean(c->data_less_init_fill));
	for (i = 0; i < c->noptions; i++)
		json_object_array_add(a, optcost_option_json(&c->options[i]));
	add_member(o, "options", a);
	for (i = 0; i < c->nforced; i++)
		json_object_array_add(forced, optcost_option_json(&c->forced[i]));
	add_member(o, "forced", forced);
	if (c->nodce) {
		json_object *nodce = json_object_new_array();

		for (i = 0; i < c->nodce->noptions; i++)
			json_object_array_add(nodce, optcost_option_json(&c->nodce->options[i]));
		add_member(o, "without_dce", nodce);
	} else {
		add_member(o, "without_dce", NULL);
	}
	add_member(o, "combined", optcost_group_json(&c->combined, 1));
	add_member(o, "fragment", optcost_group_json(&c->fragment, 0));
	return o;
}

void write_json(const char *path, const struct report *r)
{
	json_object *doc = json_object_new_object(), *a;
	char *tmp;
	FILE *f;
	int i;

	add_member(doc, "schema", str_or_null(REPORT_SCHEMA));
	add_int_member(doc, "failed", r->failed);
	add_int_member(doc, "over_budget", r->over);
	add_int_member(doc, "unavailable", r->unavailable);
	a = json_object_new_array();
	for (i = 0; i < r->n; i++)
		json_object_array_add(a, kernel_json(r, &r->ks[i]));
	add_member(doc, "kernels", a);
	a = json_object_new_array();
	for (i = 0; i < r->np; i++)
		json_object_array_add(a, pair_json(&r->pairs[i]));
	add_member(doc, "diffs", a);
	a = json_object_new_array();
	for (i = 0; i < r->nmissing; i++)
		json_object_array_add(a, missing_json(&r->missing[i]));
	add_member(doc, "diffs_unavailable", a);
	a = json_object_new_array();
	for (i = 0; i < r->nadvisors; i++)
		json_object_array_add(a, advisor_json(&r->advisors[i]));
	add_member(doc, "deinline", a);
	a = json_object_new_array();
	for (i = 0; i < r->noptcosts; i++)
		json_object_array_add(a, optcost_json(&r->optcosts[i]));
	add_member(doc, "option_cost", a);
	f = open_report(path, &tmp);
	fputs(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
					     JSON_C_TO_STRING_NOSLASHESCAPE), f);
	fputc('\n', f);
	close_report(f, tmp, path);
	json_object_put(doc);
}
