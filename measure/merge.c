// SPDX-License-Identifier: GPL-2.0
/*
 * Merging report.json files written on other machines, so a matrix split
 * over several hosts (`make matrix CONFIGS=large OPTS=O2` on one, the rest
 * on another) becomes one report: `make report MERGE="a.json b.json"`.
 *
 * A merged kernel brings every figure its machine measured (sizes, boot,
 * RAM, stack, inline, attribution) but no vmlinux, so its symbol diffs come as the
 * totals that machine computed.  A kernel built here wins over a merged
 * one of the same name; a merged one fills the row of a kernel that was
 * asked for here but not built.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attribute-json.h"
#include "merge.h"
#include "util.h"

struct merged {
	char *path;
	json_object *doc, *kernels, *diffs;
};

struct merged *merge_open(const char *path)
{
	struct merged *m = xcalloc(1, sizeof(*m));
	json_object *schema;
	const char *have;

	m->path = xstrdup(path);
	m->doc = json_object_from_file(path);
	if (!m->doc)
		die("--merge %s: not a readable JSON file: %s", path, json_util_get_last_err());
	if (!json_object_object_get_ex(m->doc, "schema", &schema) ||
	    !(have = json_object_get_string(schema)) || strncmp(have, "tinykern-report-", 16))
		die("--merge %s: not a tinykern report.json (schema tinykern-report-3)", path);
	if (strcmp(have, "tinykern-report-3"))
		die("--merge %s: schema %s, written by another tinykern; this one reads tinykern-report-3"
		    " (run make report there again)", path, have);
	if (!json_object_object_get_ex(m->doc, "kernels", &m->kernels) ||
	    !json_object_is_type(m->kernels, json_type_array))
		die("--merge %s: no \"kernels\" array", path);
	if (!json_object_object_get_ex(m->doc, "diffs", &m->diffs) ||
	    !json_object_is_type(m->diffs, json_type_array))
		m->diffs = NULL;
	return m;
}

int merge_count(const struct merged *m)
{
	return (int)json_object_array_length(m->kernels);
}

void merge_close(struct merged *m)
{
	json_object_put(m->doc);
	free(m->path);
	free(m);
}

/* Small accessors: a missing member reads as 0 or "". */
static json_object *get(json_object *o, const char *key)
{
	json_object *v = NULL;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static long long num(json_object *o, const char *key)
{
	return json_object_get_int64(get(o, key));
}

static double real(json_object *o, const char *key)
{
	return json_object_get_double(get(o, key));
}

static void str(char *dst, size_t len, json_object *o, const char *key)
{
	const char *v = json_object_get_string(get(o, key));

	snprintf(dst, len, "%s", v ? v : "");
}

/* A string member on the heap, or NULL when missing or null. */
static char *dup(json_object *o, const char *key)
{
	const char *v = json_object_get_string(get(o, key));

	return v ? xstrdup(v) : NULL;
}

static void read_stack(json_object *o, struct stack_facts *st)
{
	size_t i;

	if (!o || json_object_is_type(o, json_type_null))
		return;
	st->valid = 1;
	st->funcs = num(o, "functions");
	st->sum = num(o, "sum");
	st->threshold = num(o, "threshold");
	st->over = num(o, "over");
	st->dynamic = num(o, "dynamic");
	for (i = 0; i < json_object_array_length(get(o, "top")) && i < STACK_TOP; i++) {
		json_object *e = json_object_array_get_idx(get(o, "top"), i);
		struct frame *fr = &st->top[st->ntop++];

		fr->name = dup(e, "name");
		fr->kind = dup(e, "kind");
		fr->where = dup(e, "where");
		if (!fr->name || !fr->kind || !fr->where)
			die("--merge: a stack frame without name, kind or where");
		fr->bytes = num(e, "bytes");
	}
}

static void read_inline(json_object *o, struct inline_facts *in)
{
	size_t i;

	if (!o || json_object_is_type(o, json_type_null))
		return;
	in->valid = 1;
	in->declared = num(o, "declared");
	in->declared_inlined = num(o, "declared_inlined");
	in->outofline = num(o, "outofline");
	in->undeclared_inlined = num(o, "undeclared_inlined");
	in->sites = num(o, "sites");
	in->bytes = num(o, "bytes");
	for (i = 0; i < json_object_array_length(get(o, "top")) && i < INLINE_TOP; i++) {
		json_object *e = json_object_array_get_idx(get(o, "top"), i);
		struct inline_fn *fn = &in->top[in->ntop++];

		fn->name = dup(e, "name");
		if (!fn->name)
			die("--merge: an inline function without a name");
		fn->bytes = num(e, "bytes");
		fn->sites = num(e, "sites");
		fn->cus = num(e, "cus");
	}
}

static void read_attribution(json_object *o, struct attribution *a)
{
	char *err = NULL;

	if (o && !json_object_is_type(o, json_type_null) && attribute_from_json(o, a, &err))
		die("--merge: %s", err);
}

static void read_kernel(const struct merged *m, json_object *o, struct kernel *k)
{
	json_object *boot = get(o, "boot");

	const char *name = json_object_get_string(get(o, "name"));

	memset(k, 0, sizeof(*k));
	if (!name || !*name)
		die("--merge %s: a kernel without a name", m->path);
	kernel_name(k, name, strlen(name));
	k->origin = xstrdup(m->path);
	k->dir = dup(o, "dir");
	k->built = json_object_get_boolean(get(o, "built"));
	k->sz.text = (uint64_t)num(o, "text");
	k->sz.data = (uint64_t)num(o, "data");
	k->sz.bss = (uint64_t)num(o, "bss");
	k->bzimage = k->built ? num(o, "bzimage") : -1;
	str(k->boot, sizeof(k->boot), boot, "result");
	k->reason = dup(boot, "reason");
	k->stage = dup(o, "failed_stage");
	k->boot_seconds = real(boot, "seconds");
	k->uptime_s = real(boot, "uptime_s");
	k->memtotal_kb = (long)num(boot, "memtotal_kb");
	k->memfree_kb = (long)num(boot, "memfree_kb");
	k->min_ram_mib = (long)num(boot, "min_ram_mib");
	read_stack(get(o, "stack"), &k->stack);
	k->stack.error = dup(o, "stack_error");
	read_inline(get(o, "inline"), &k->inl);
	k->inl.error = dup(o, "inline_error");
	read_attribution(get(o, "attribution"), &k->attr);
	k->attr.error = dup(o, "attribution_error");
}

int merge_kernels(const struct merged *m, struct kernel *ks, int n)
{
	int i, j, len = merge_count(m);

	for (i = 0; i < len; i++) {
		struct kernel k;

		read_kernel(m, json_object_array_get_idx(m->kernels, i), &k);
		for (j = 0; j < n && strcmp(ks[j].name, k.name); j++)
			;
		if (j < n && ks[j].built) {
			fprintf(stderr, "tksize: --merge %s: %s is built here; keeping this one\n",
				m->path, k.name);
			kernel_free(&k);
			continue;
		}
		if (j < n)
			kernel_free(&ks[j]);
		ks[j] = k;
		if (j == n)
			n++;
	}
	return n;
}

static const struct kernel *find(const struct kernel *ks, int n, const char *config,
				 const char *opt, const char *variant)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(ks[i].config, config) && !strcmp(ks[i].opt, opt) &&
		    !strcmp(ks[i].variant, variant))
			return &ks[i];
	return NULL;
}

int merge_pairs(const struct merged *m, const struct kernel *ks, int n, struct pair *out, int room)
{
	size_t i;
	int np = 0;

	for (i = 0; m->diffs && i < json_object_array_length(m->diffs) && np < room; i++) {
		json_object *d = json_object_array_get_idx(m->diffs, i);
		char config[64], opt[16], from[64], to[64];
		const struct kernel *a, *b;
		struct symdiff_total *t = &out[np].tot;

		str(config, sizeof(config), d, "config");
		str(opt, sizeof(opt), d, "opt");
		str(from, sizeof(from), d, "from");
		str(to, sizeof(to), d, "to");
		a = find(ks, n, config, opt, from);
		b = find(ks, n, config, opt, to);
		if (!a || !b || !a->origin || !b->origin || strcmp(a->origin, m->path) ||
		    strcmp(b->origin, m->path))
			continue;	/* not both from this file: diffed here, or not at all */
		out[np].from = a;
		out[np].to = b;
		out[np].table = NULL;
		t->add = num(d, "add");
		t->remove = num(d, "remove");
		t->grow = num(d, "grow");
		t->shrink = num(d, "shrink");
		t->up = num(d, "up");
		t->down = -num(d, "down");
		t->before = num(d, "before");
		t->after = num(d, "after");
		np++;
	}
	return np;
}
