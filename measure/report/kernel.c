// SPDX-License-Identifier: GPL-2.0
/* Reading what one kernel's build folder holds into struct kernel. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/attribute.h"
#include "analyses/dirs.h"
#include "base/util.h"
#include "report/kernel.h"
#include "stores/attribute-json.h"
#include "stores/inline-txt.h"

void kernel_failed(struct kernel *k, const char *stage, char *reason)
{
	free(k->stage);
	free(k->reason);
	k->stage = xstrdup(stage);
	k->reason = reason;
	strcpy(k->boot, "FAIL");
}

/* boot.result is "key value" lines written by boot/boot.sh. */
static void read_boot_result(struct kernel *k)
{
	char *path = xasprintf("%s/boot.result", k->dir), *line = NULL;
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	free(path);
	strcpy(k->boot, "-");
	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		char *val = strchr(line, ' ');

		if (!val)
			continue;
		*val++ = '\0';
		val[strcspn(val, "\n")] = '\0';
		if (!strcmp(line, "result"))
			snprintf(k->boot, sizeof(k->boot), "%s", val);
		else if (!strcmp(line, "reason"))
			free(k->reason), k->reason = xstrdup(val);
		else if (!strcmp(line, "seconds"))
			k->boot_seconds = atof(val);
		else if (!strcmp(line, "memtotal_kb"))
			k->memtotal_kb = atol(val);
		else if (!strcmp(line, "memfree_kb"))
			k->memfree_kb = atol(val);
		else if (!strcmp(line, "uptime_s"))
			k->uptime_s = atof(val);
	}
	free(line);
	fclose(f);
	if (strcmp(k->boot, "PASS"))
		k->stage = xstrdup("boot");
}

/* minram.result, from boot/minram.sh: "min_ram_mib N" then probe lines. */
static void read_minram(struct kernel *k)
{
	char *path = xasprintf("%s/minram.result", k->dir);
	FILE *f = fopen(path, "r");

	free(path);
	if (!f)
		return;
	if (fscanf(f, "min_ram_mib %ld", &k->min_ram_mib) != 1)
		k->min_ram_mib = 0;
	fclose(f);
}

/* The first line of FILE that contains NEEDLE, without its newline, or NULL. */
static char *first_line_with(const char *file, const char *needle)
{
	char *line = NULL, *hit = NULL;
	size_t cap = 0;
	FILE *f = fopen(file, "r");

	if (!f)
		return NULL;
	while (!hit && getline(&line, &cap, f) > 0)
		if (strstr(line, needle)) {
			line[strcspn(line, "\n")] = '\0';
			hit = xstrdup(line);
		}
	free(line);
	fclose(f);
	return hit;
}

/*
 * Why a kernel has no vmlinux: KDIR/failed names the stage that failed
 * ("STAGE: first error line"), written by that stage; failing that, a
 * build.log means the build ran and failed.  Only logs that exist are named.
 */
static void why_not_built(struct kernel *k)
{
	char *failed = xasprintf("%s/failed", k->dir), *log = xasprintf("%s/build.log", k->dir);
	char *line = first_line_with(failed, ": ");

	if (line) {
		char *colon = strstr(line, ": ");

		*colon = '\0';
		kernel_failed(k, line, xstrdup(colon + 2));
		free(line);
	} else if (!access(log, R_OK)) {
		char *err = first_line_with(log, "error:");

		kernel_failed(k, "build", xasprintf("%s; see %s", err ? err : "the build failed", log));
		free(err);
	} else {
		kernel_failed(k, "build", xstrdup("not built: no build was started"));
	}
	free(failed);
	free(log);
}

/* CONFIG/OPT/VARIANT or CONFIG/VARIANT, NAME's last LEN characters. */
static int kernel_name_rest(struct kernel *k, const char *name, size_t len, char **err)
{
	size_t a = strcspn(name, "/"), b;

	b = a + 1 + strcspn(name + a + 1, "/");
	if (a >= sizeof(k->config) || len - a > sizeof(k->variant)) {
		*err = xasprintf("%s: config or variant name too long", k->name);
		return -1;
	}
	snprintf(k->config, sizeof(k->config), "%.*s", (int)a, name);
	if (b >= len) {	/* CONFIG/VARIANT: a kernel of no particular opt level */
		strcpy(k->opt, "-");
		snprintf(k->variant, sizeof(k->variant), "%.*s", (int)(len - a - 1), name + a + 1);
		snprintf(k->group, sizeof(k->group), "%s", k->config);
	} else {
		if (b - a - 1 >= sizeof(k->opt)) {
			*err = xasprintf("%s: opt level name too long", k->name);
			return -1;
		}
		snprintf(k->opt, sizeof(k->opt), "%.*s", (int)(b - a - 1), name + a + 1);
		snprintf(k->variant, sizeof(k->variant), "%.*s", (int)(len - b - 1), name + b + 1);
		snprintf(k->group, sizeof(k->group), "%s/%s", k->config, k->opt);
	}
	return 0;
}

int kernel_name(struct kernel *k, const char *name, size_t len, char **err)
{
	size_t a = strcspn(name, "/"), slashes = 0, i;

	if (len >= sizeof(k->name)) {
		*err = xasprintf("%.*s: kernel name longer than %zu characters", (int)len, name, sizeof(k->name) - 1);
		return -1;
	}
	if (a >= len) {
		*err = xasprintf("%.*s: expected [TREE/]CONFIG/OPT/VARIANT", (int)len, name);
		return -1;
	}
	snprintf(k->name, sizeof(k->name), "%.*s", (int)len, name);
	for (i = 0; i < len; i++)
		slashes += name[i] == '/';
	strcpy(k->tree, DEFAULT_TREE);
	if (slashes == 3) {	/* TREE/CONFIG/OPT/VARIANT: the rest as without it */
		if (a >= sizeof(k->tree)) {
			*err = xasprintf("%s: tree name too long", k->name);
			return -1;
		}
		snprintf(k->tree, sizeof(k->tree), "%.*s", (int)a, name);
		if (kernel_name_rest(k, name + a + 1, len - a - 1, err))
			return -1;
		snprintf(k->group, sizeof(k->group), "%s/%s/%s", k->tree, k->config, k->opt);
		return 0;
	}
	return kernel_name_rest(k, name, len, err);
}

/* Is PATH at least as new as REF (which may be missing)? */
static int newer(const char *path, const char *ref)
{
	struct stat p, r;

	return !stat(path, &p) && (stat(ref, &r) || p.st_mtim.tv_sec > r.st_mtim.tv_sec ||
				   (p.st_mtim.tv_sec == r.st_mtim.tv_sec &&
				    p.st_mtim.tv_nsec >= r.st_mtim.tv_nsec));
}

/*
 * Where its bytes go, as stored: KDIR/attribution.json, which `make` keeps
 * (tksize attribute --save), when it is newer than vmlinux and its map.
 * Not measured when it was built without DWARF on purpose, as its inline
 * table says.  0 when read (or not measured), 1 when no fresh file holds it.
 */
static int load_attribution(struct kernel *k)
{
	char *path, *map, *saved, *err = NULL;
	int r = 1;

	if (k->inl.not_measured) {
		k->attr.not_measured = 1;
		return 0;
	}
	path = xasprintf("%s/vmlinux", k->dir);
	map = attribute_map_of(path);
	saved = xasprintf("%s/attribution.json", k->dir);
	if (newer(saved, path) && (!map || newer(saved, map)))
		r = attribute_load(saved, &k->attr, &err);
	if (r < 0)
		k->attr.error = err;
	free(saved);
	free(path);
	free(map);
	return r > 0;
}

/*
 * What no store holds, measured here: the stack from KDIR/stack.su against
 * the objects, and, without a fresh attribution.json, where the bytes go
 * from vmlinux's DWARF and its link map.
 */
static void measure_unstored(struct kernel *k, int attribution)
{
	char *path, *map, *err = NULL;

	if (stack_read(k->dir, STACK_THRESHOLD, &k->stack, &err) < 0)
		k->stack.error = err;
	err = NULL;
	if (!attribution)
		return;
	path = xasprintf("%s/vmlinux", k->dir);
	map = attribute_map_of(path);
	if (attribute_read(path, map, &k->attr, &err) || attribute_check(&k->attr, path, &err))
		k->attr.error = err;
	free(path);
	free(map);
}

int kernel_load(struct kernel *k, const char *arg, char **why)
{
	const char *eq = strchr(arg, '=');
	char *path, *err = NULL;
	struct stat st;

	memset(k, 0, sizeof(*k));
	if (!eq) {
		*why = xasprintf("%s: expected CONFIG/OPT/VARIANT=KDIR", arg);
		return -1;
	}
	if (kernel_name(k, arg, (size_t)(eq - arg), why))
		return -1;
	k->dir = xstrdup(eq + 1);
	/* its tree cannot have it: no figures, and no failure */
	path = xasprintf("%s/unavailable", k->dir);
	if (!access(path, F_OK)) {
		k->unavailable = first_line_with(path, "");
		if (!k->unavailable)
			k->unavailable = xstrdup("no reason given");
	}
	free(path);
	if (k->unavailable) {
		k->bzimage = -1;
		strcpy(k->boot, "n/a");
		return 0;
	}

	path = xasprintf("%s/bzImage", k->dir);
	k->bzimage = stat(path, &st) ? -1 : (long long)st.st_size;
	free(path);
	read_boot_result(k);
	read_minram(k);
	/* a stage that failed after an earlier success leaves its old files */
	path = xasprintf("%s/failed", k->dir);
	if (k->bzimage < 0 || !access(path, F_OK)) {
		free(path);
		k->bzimage = -1;
		why_not_built(k);
		return 0;
	}
	free(path);
	path = xasprintf("%s/vmlinux", k->dir);
	if (elf_sizes(path, &k->sz, &err)) {
		kernel_failed(k, "build", err);
		free(path);
		return 0;
	}
	free(path);
	k->built = 1;
	path = xasprintf("%s/inline.txt", k->dir);
	if (inline_load(path, &k->inl, &err) < 0)
		k->inl.error = err;
	err = NULL;
	free(path);
	measure_unstored(k, load_attribution(k));
	if (!strcmp(k->boot, "-"))
		kernel_failed(k, "boot", xstrdup("not booted"));
	return 0;
}

void kernel_free(struct kernel *k)
{
	free(k->origin);
	free(k->unavailable);
	free(k->dir);
	free(k->stage);
	free(k->reason);
	stack_free(&k->stack);
	inline_free(&k->inl);
	attribute_free(&k->attr);
}

int same_group(const struct kernel *a, const struct kernel *b)
{
	return !strcmp(a->tree, b->tree) && !strcmp(a->config, b->config) && !strcmp(a->opt, b->opt);
}

int same_kind(const struct kernel *a, const struct kernel *b)
{
	return !strcmp(a->config, b->config) && !strcmp(a->opt, b->opt) && !strcmp(a->variant, b->variant);
}

int available_failed(const struct kernel *k)
{
	return !k->unavailable && !passed(k);
}

int passed(const struct kernel *k)
{
	return k->built && !strcmp(k->boot, "PASS");
}

uint64_t dec(const struct kernel *k)
{
	return k->sz.text + k->sz.data + k->sz.bss;
}

const char *text_change(const struct kernel *k, char *buf, size_t len)
{
	if (!k->built || !k->base || !k->base->built)
		return "n/a";
	if (k->base == k)
		return "base";
	snprintf(buf, len, "%+.2f%%",
		 100.0 * ((double)k->sz.text - (double)k->base->sz.text) / (double)k->base->sz.text);
	return buf;
}

long long budget_value(const struct kernel *k, enum budget_key key)
{
	switch (key) {
	case B_TEXT: return (long long)k->sz.text;
	case B_DATA: return (long long)k->sz.data;
	case B_BSS: return (long long)k->sz.bss;
	case B_DEC: return (long long)dec(k);
	case B_MIN_RAM: return k->min_ram_mib;
	default: return k->bzimage;
	}
}
