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

#include "stores/attribute-json.h"
#include "base/jsonio.h"
#include "report/merge.h"
#include "stores/report-json.h"
#include "base/util.h"

struct merged {
	char *path;
	json_object *doc, *kernels, *diffs;
	struct kernel *ks;	/* its kernels, read whole at merge_open() */
	int nks;
	int taken;		/* merge_kernels() moved them into the report */
};

static int read_kernel(const struct merged *m, json_object *o, struct kernel *k, char **err);

/* Free M and give *ERR the reason, "--merge PATH: WHY"; NULL, for the caller to return. */
static struct merged *refuse(struct merged *m, char **err, char *why)
{
	*err = why;
	merge_close(m);
	return NULL;
}

struct merged *merge_open(const char *path, char **err)
{
	struct merged *m = xcalloc(1, sizeof(*m));
	json_object *schema;
	const char *have;
	size_t i;

	m->path = xstrdup(path);
	m->doc = json_object_from_file(path);
	if (!m->doc)
		return refuse(m, err, xasprintf("--merge %s: not a readable JSON file: %s", path,
						json_util_get_last_err()));
	if (!json_object_object_get_ex(m->doc, "schema", &schema) ||
	    !(have = json_object_get_string(schema)) || strncmp(have, REPORT_SCHEMA_PREFIX, strlen(REPORT_SCHEMA_PREFIX)))
		return refuse(m, err, xasprintf("--merge %s: not a tinykern report.json (schema %s)", path,
						REPORT_SCHEMA));
	if (strcmp(have, REPORT_SCHEMA))
		return refuse(m, err, xasprintf("--merge %s: schema %s, written by another tinykern; this one reads %s"
						" (run make report there again)", path, have, REPORT_SCHEMA));
	if (!json_object_object_get_ex(m->doc, "kernels", &m->kernels) ||
	    !json_object_is_type(m->kernels, json_type_array))
		return refuse(m, err, xasprintf("--merge %s: no \"kernels\" array", path));
	if (!json_object_object_get_ex(m->doc, "diffs", &m->diffs) ||
	    !json_object_is_type(m->diffs, json_type_array))
		m->diffs = NULL;
	m->ks = xcalloc(json_object_array_length(m->kernels) + 1, sizeof(*m->ks));
	for (i = 0; i < json_object_array_length(m->kernels); i++) {
		if (read_kernel(m, json_object_array_get_idx(m->kernels, i), &m->ks[m->nks], err)) {
			kernel_free(&m->ks[m->nks]);
			return refuse(m, err, *err);
		}
		m->nks++;
	}
	return m;
}

int merge_count(const struct merged *m)
{
	return m->nks;
}

void merge_close(struct merged *m)
{
	int i;

	for (i = 0; !m->taken && i < m->nks; i++)
		kernel_free(&m->ks[i]);
	free(m->ks);
	json_object_put(m->doc);
	free(m->path);
	free(m);
}

/* Small accessors: a missing member reads as 0 or "". */
static double real(json_object *o, const char *key)
{
	return json_object_get_double(member(o, key));
}

static void str(char *dst, size_t len, json_object *o, const char *key)
{
	const char *v = json_object_get_string(member(o, key));

	snprintf(dst, len, "%s", v ? v : "");
}

/* One kernel of the file; -1 with *ERR, "--merge PATH: WHY". */
static int read_kernel(const struct merged *m, json_object *o, struct kernel *k, char **err)
{
	json_object *boot = member(o, "boot"), *attr = member(o, "attribution");
	const char *name = json_object_get_string(member(o, "name"));
	char *why = NULL;

	memset(k, 0, sizeof(*k));
	if (!name || !*name) {
		*err = xasprintf("--merge %s: a kernel without a name", m->path);
		return -1;
	}
	if (kernel_name(k, name, strlen(name), &why)) {
		*err = xasprintf("--merge %s: %s", m->path, why);
		free(why);
		return -1;
	}
	k->origin = xstrdup(m->path);
	k->dir = member_dup(o, "dir");
	k->unavailable = member_dup(o, "unavailable");
	k->built = json_object_get_boolean(member(o, "built"));
	k->sz.text = (uint64_t)member_int(o, "text");
	k->sz.data = (uint64_t)member_int(o, "data");
	k->sz.bss = (uint64_t)member_int(o, "bss");
	k->bzimage = k->built ? member_int(o, "bzimage") : -1;
	str(k->boot, sizeof(k->boot), boot, "result");
	k->reason = member_dup(boot, "reason");
	k->stage = member_dup(o, "failed_stage");
	k->boot_seconds = real(boot, "seconds");
	k->uptime_s = real(boot, "uptime_s");
	k->memtotal_kb = (long)member_int(boot, "memtotal_kb");
	k->memfree_kb = (long)member_int(boot, "memfree_kb");
	k->min_ram_mib = (long)member_int(boot, "min_ram_mib");
	if (stack_from_json(member(o, "stack"), &k->stack, &why) ||
	    inline_from_json(member(o, "inline"), &k->inl, &why) ||
	    (attr && !json_object_is_type(attr, json_type_null) && attribute_from_json(attr, &k->attr, &why))) {
		*err = xasprintf("--merge %s: %s: %s", m->path, name, why);
		free(why);
		return -1;
	}
	k->stack.error = member_dup(o, "stack_error");
	k->inl.error = member_dup(o, "inline_error");
	k->attr.error = member_dup(o, "attribution_error");
	return 0;
}

int merge_kernels(struct merged *m, struct kernel *ks, int n, char ***notes, int *nnotes)
{
	int i, j;

	m->taken = 1;
	for (i = 0; i < m->nks; i++) {
		struct kernel k = m->ks[i];

		for (j = 0; j < n && strcmp(ks[j].name, k.name); j++)
			;
		if (j < n && ks[j].built) {
			strlist_add(notes, nnotes, xasprintf("--merge %s: %s is built here; keeping this one",
							     m->path, k.name));
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

static const struct kernel *find(const struct kernel *ks, int n, const char *tree, const char *config,
				 const char *opt, const char *variant)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(ks[i].tree, tree) && !strcmp(ks[i].config, config) && !strcmp(ks[i].opt, opt) &&
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
		char config[64], opt[16], from[64], to[64], from_tree[64], to_tree[64];
		const struct kernel *a, *b;
		struct symdiff_total *t = &out[np].tot;

		str(config, sizeof(config), d, "config");
		str(opt, sizeof(opt), d, "opt");
		str(from, sizeof(from), d, "from");
		str(to, sizeof(to), d, "to");
		/* a report of one tree, or older than trees: its default tree */
		str(from_tree, sizeof(from_tree), d, "from_tree");
		str(to_tree, sizeof(to_tree), d, "to_tree");
		a = find(ks, n, from_tree[0] ? from_tree : DEFAULT_TREE, config, opt, from);
		b = find(ks, n, to_tree[0] ? to_tree : DEFAULT_TREE, config, opt, to);
		if (!a || !b || !a->origin || !b->origin || strcmp(a->origin, m->path) ||
		    strcmp(b->origin, m->path))
			continue;	/* not both from this file: diffed here, or not at all */
		out[np].from = a;
		out[np].to = b;
		out[np].across = strcmp(a->tree, b->tree) != 0;
		memset(&out[np].table, 0, sizeof(out[np].table));
		diff_total_from_json(d, t);
		np++;
	}
	return np;
}
