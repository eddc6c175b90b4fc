// SPDX-License-Identifier: GPL-2.0
/*
 * tksize - size table and report for tinykern kernels, read through libelf.
 *
 *   tksize size FILE...
 *	Berkeley sizes, byte for byte what binutils `size` prints.
 *
 *   tksize diff [-c|-d|-t] OLD NEW
 *	Symbol size changes, as the kernel's scripts/bloat-o-meter prints them.
 *
 *   tksize report [--md FILE] [--json FILE] [--html FILE] [--baseline VARIANT]
 *                 [--diff FROM:TO]... NAME=KDIR...
 *	One row per kernel (NAME is CONFIG/VARIANT, KDIR its build folder
 *	holding vmlinux, bzImage and boot.result), in the shape of the 2005
 *	cover letter's table, plus the text change against the baseline
 *	variant of the same config, bzImage size and boot result.  Each
 *	--diff adds, for every config that has both variants, the symbol diff
 *	FROM -> TO: its summary on stdout, the whole table in the markdown.
 *	Each --budget CONFIG=FILE checks that config's kernels against the
 *	limits in FILE (see budget.c) and shows the headroom.
 *	Exits 1 when any kernel is missing, failed to build, failed to boot,
 *	or is over its budget.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "budget.h"
#include "elfio.h"
#include "report.h"
#include "symdiff.h"

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("tksize: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

/*
 * Classify allocated sections the way binutils' Berkeley `size` does
 * through BFD: code or read-only is text, other sections with contents
 * are data, the rest (NOBITS) is bss.
 */
static int elf_sizes(const char *path, struct sizes *sz)
{
	Elf_Scn *scn = NULL;
	int fd;
	Elf *elf = elf_open(path, &fd);

	memset(sz, 0, sizeof(*sz));
	if (!elf)
		return -1;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
			continue;
		if ((sh.sh_flags & SHF_EXECINSTR) || !(sh.sh_flags & SHF_WRITE))
			sz->text += sh.sh_size;
		else if (sh.sh_type != SHT_NOBITS)
			sz->data += sh.sh_size;
		else
			sz->bss += sh.sh_size;
	}
	elf_close(elf, fd);
	return 0;
}

static int cmd_size(int argc, char **argv)
{
	int i, ret = 0;

	if (argc < 1)
		die("usage: tksize size FILE...");
	printf("   text\t   data\t    bss\t    dec\t    hex\tfilename\n");
	for (i = 0; i < argc; i++) {
		struct sizes s;
		uint64_t dec;

		if (elf_sizes(argv[i], &s)) {
			ret = 1;
			continue;
		}
		dec = s.text + s.data + s.bss;
		printf("%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIx64 "\t%s\n",
		       s.text, s.data, s.bss, dec, dec, argv[i]);
	}
	return ret;
}

/* boot.result is "key value" lines written by boot/boot.sh. */
static void read_boot_result(struct kernel *k)
{
	char path[4200], line[1024];
	FILE *f;

	strcpy(k->boot, "-");
	snprintf(path, sizeof(path), "%s/boot.result", k->dir);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *val = strchr(line, ' ');

		if (!val)
			continue;
		*val++ = '\0';
		val[strcspn(val, "\n")] = '\0';
		if (!strcmp(line, "result"))
			snprintf(k->boot, sizeof(k->boot), "%s", val);
		else if (!strcmp(line, "reason"))
			snprintf(k->reason, sizeof(k->reason), "%s", val);
		else if (!strcmp(line, "seconds"))
			k->boot_seconds = atof(val);
		else if (!strcmp(line, "memtotal_kb"))
			k->memtotal_kb = atol(val);
		else if (!strcmp(line, "memfree_kb"))
			k->memfree_kb = atol(val);
		else if (!strcmp(line, "uptime_s"))
			k->uptime_s = atof(val);
	}
	fclose(f);
}

/* minram.result, from boot/minram.sh: "min_ram_mib N" then probe lines. */
static void read_minram(struct kernel *k)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/minram.result", k->dir);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fscanf(f, "min_ram_mib %ld", &k->min_ram_mib) != 1)
		k->min_ram_mib = 0;
	fclose(f);
}

static void load_kernel(struct kernel *k, const char *arg)
{
	const char *eq = strchr(arg, '='), *slash;
	char path[4200];
	struct stat st;

	if (!eq || !(slash = memchr(arg, '/', eq - arg)))
		die("%s: expected CONFIG/VARIANT=KDIR", arg);
	memset(k, 0, sizeof(*k));
	snprintf(k->name, sizeof(k->name), "%.*s", (int)(eq - arg), arg);
	snprintf(k->config, sizeof(k->config), "%.*s", (int)(slash - arg), arg);
	snprintf(k->variant, sizeof(k->variant), "%.*s", (int)(eq - slash - 1), slash + 1);
	snprintf(k->dir, sizeof(k->dir), "%s", eq + 1);

	snprintf(path, sizeof(path), "%s/bzImage", k->dir);
	k->bzimage = stat(path, &st) ? -1 : (long long)st.st_size;
	snprintf(path, sizeof(path), "%s/vmlinux", k->dir);
	k->built = k->bzimage >= 0 && !elf_sizes(path, &k->sz);
	read_boot_result(k);
	read_minram(k);
	if (!k->built) {
		strcpy(k->boot, "FAIL");
		snprintf(k->reason, sizeof(k->reason), "not built, see %s/build.log", k->dir);
	} else if (!strcmp(k->boot, "-")) {
		strcpy(k->boot, "FAIL");
		snprintf(k->reason, sizeof(k->reason), "not booted");
	}
}

int passed(const struct kernel *k)
{
	return k->built && !strcmp(k->boot, "PASS");
}

uint64_t dec(const struct kernel *k)
{
	return k->sz.text + k->sz.data + k->sz.bss;
}

/* Text change against the baseline row of the same config, as "-13.80%". */
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

static void print_table(FILE *f, const struct kernel *ks, int n, const char *indent)
{
	char buf[32];
	int i;

	fprintf(f, "%s   text    data     bss     dec     hex filename                    text%%  bzImage  boot\n",
		indent);
	for (i = 0; i < n; i++) {
		const struct kernel *k = &ks[i];
		char file[160];

		snprintf(file, sizeof(file), "vmlinux-%s-%s", k->config, k->variant);
		if (!k->built) {
			fprintf(f, "%s%7s %7s %7s %7s %7s %-26s %7s %8s  %s\n", indent,
				"-", "-", "-", "-", "-", file, "n/a", "-", k->boot);
			continue;
		}
		fprintf(f, "%s%7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %7" PRIx64
			" %-26s %7s %8lld  %s\n", indent,
			k->sz.text, k->sz.data, k->sz.bss, dec(k), dec(k), file,
			text_change(k, buf, sizeof(buf)), k->bzimage, k->boot);
	}
}

/* Boot facts, one line per kernel that booted. */
static void print_boot_table(FILE *f, const struct kernel *ks, int n)
{
	int i;

	fprintf(f, "%-22s %8s %7s %9s %9s %8s\n", "boot", "kernel s", "wall s",
		"MemTotal", "MemFree", "min RAM");
	for (i = 0; i < n; i++) {
		const struct kernel *k = &ks[i];
		char ram[32] = "-";

		if (!passed(k))
			continue;
		if (k->min_ram_mib)
			snprintf(ram, sizeof(ram), "%ld MiB", k->min_ram_mib);
		fprintf(f, "%-22s %8.2f %7.2f %6ld kB %6ld kB %8s\n", k->name, k->uptime_s,
			k->boot_seconds, k->memtotal_kb, k->memfree_kb, ram);
	}
}

static void print_failures(FILE *f, const struct kernel *ks, int n, const char *prefix)
{
	int i;

	for (i = 0; i < n; i++)
		if (!passed(&ks[i]))
			fprintf(f, "%s%s: %s: %s\n", prefix, ks[i].name, ks[i].boot, ks[i].reason);
}

/*
 * Reports are written to PATH.tmp and renamed into place, so an
 * interrupted run never leaves half a report behind.
 */
FILE *open_report(const char *path, char *tmp, size_t len)
{
	FILE *f;

	snprintf(tmp, len, "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		die("%s: %s", tmp, strerror(errno));
	return f;
}

void close_report(FILE *f, const char *tmp, const char *path)
{
	int bad = ferror(f);

	bad |= fclose(f);
	if (bad || rename(tmp, path))
		die("%s: %s", path, strerror(errno));
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

int budget_rows(const struct kernel *ks, int n, struct limit_row *rows)
{
	int i, key, r = 0;

	for (i = 0; i < n; i++) {
		for (key = 0; ks[i].budget && ks[i].built && key < B_NKEYS; key++) {
			long long max = budget_limit(ks[i].budget, ks[i].variant, key);

			if (max < 0)
				continue;
			rows[r++] = (struct limit_row){ &ks[i], key, max, budget_value(&ks[i], key) };
		}
	}
	return r;
}

/* Name every figure over its budget; return how many there are. */
static int check_budgets(const struct limit_row *rows, int nrows)
{
	int i, over = 0;

	for (i = 0; i < nrows; i++) {
		const struct limit_row *r = &rows[i];

		if (r->value <= r->max)
			continue;
		over++;
		fprintf(stderr, "tksize: %s: over budget: %s %lld > %lld by %lld (%s)\n",
			r->k->name, budget_key_names[r->key], r->value, r->max, r->value - r->max,
			r->k->budget->path);
	}
	return over;
}

/* One line per kernel and limited figure: value, limit, headroom. */
static void print_budgets(FILE *f, const struct limit_row *rows, int nrows, const char *indent)
{
	int i;

	for (i = 0; i < nrows; i++) {
		const struct limit_row *r = &rows[i];
		int over = r->value > r->max;

		fprintf(f, "%s%-22s %-7s %8lld of %8lld  %s %lld\n", indent, r->k->name,
			budget_key_names[r->key], r->value, r->max, over ? "OVER by" : "headroom",
			over ? r->value - r->max : r->max - r->value);
	}
}

static void write_md(const char *path, const struct kernel *ks, int n,
		     const struct limit_row *rows, int nrows, const struct pair *pairs, int np)
{
	char tmp[4200];
	FILE *f = open_report(path, tmp, sizeof(tmp));
	int i;

	fprintf(f, "# tinykern size report\n\n");
	fprintf(f, "Sizes as binutils `size` prints them; text%% is the change against the"
		   " baseline variant of the same config.\n\n```\n");
	print_table(f, ks, n, "");
	fprintf(f, "```\n\n## Boot\n\nkernel s: the guest's uptime when init printed its marker;"
		   " wall s: the whole QEMU run under TCG; min RAM: the least `-m` it boots in.\n\n"
		   "| kernel | boot | kernel s | wall s | MemTotal kB | MemFree kB | min RAM MiB | console log |\n"
		   "|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < n; i++)
		fprintf(f, "| %s | %s | %.2f | %.2f | %ld | %ld | %ld | [boot.log](%s/boot.log) |\n",
			ks[i].name, ks[i].boot, ks[i].uptime_s, ks[i].boot_seconds,
			ks[i].memtotal_kb, ks[i].memfree_kb, ks[i].min_ram_mib, ks[i].dir);
	print_failures(f, ks, n, "\n- ");
	fprintf(f, "\n## Budgets\n\n```\n");
	print_budgets(f, rows, nrows, "");
	fprintf(f, "```\n");
	for (i = 0; i < np; i++)
		fprintf(f, "\n## %s: %s -> %s, symbol by symbol\n\nAs `scripts/bloat-o-meter` prints it.\n\n"
			   "```\n%s```\n", pairs[i].from->config, pairs[i].from->variant,
			pairs[i].to->variant, pairs[i].table);
	close_report(f, tmp, path);
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void write_json_budget(FILE *f, const struct kernel *k)
{
	struct limit_row rows[B_NKEYS];
	int i, nrows = budget_rows(k, 1, rows);

	for (i = 0; i < nrows; i++)
		fprintf(f, "%s{\"key\": \"%s\", \"max\": %lld, \"value\": %lld, \"headroom\": %lld}",
			i ? ", " : "", budget_key_names[rows[i].key], rows[i].max, rows[i].value,
			rows[i].max - rows[i].value);
}

static void write_json_kernel(FILE *f, const struct kernel *k)
{
	char buf[32], log[4200];
	const char *chg = text_change(k, buf, sizeof(buf));

	fprintf(f, "    {\"name\": ");
	json_str(f, k->name);
	fprintf(f, ", \"config\": ");
	json_str(f, k->config);
	fprintf(f, ", \"variant\": ");
	json_str(f, k->variant);
	fprintf(f, ", \"dir\": ");
	json_str(f, k->dir);
	fprintf(f, ",\n     \"built\": %s", k->built ? "true" : "false");
	if (k->built)
		fprintf(f, ", \"text\": %" PRIu64 ", \"data\": %" PRIu64 ", \"bss\": %" PRIu64
			", \"dec\": %" PRIu64 ", \"bzimage\": %lld",
			k->sz.text, k->sz.data, k->sz.bss, dec(k), k->bzimage);
	if (chg[0] == '+' || chg[0] == '-')
		fprintf(f, ", \"text_change_pct\": %.4f",
			100.0 * ((double)k->sz.text - (double)k->base->sz.text) / (double)k->base->sz.text);
	fprintf(f, ",\n     \"boot\": {\"result\": ");
	json_str(f, k->boot);
	fprintf(f, ", \"reason\": ");
	json_str(f, k->reason);
	fprintf(f, ", \"seconds\": %.3f, \"uptime_s\": %.3f, \"memtotal_kb\": %ld, \"memfree_kb\": %ld,"
		   " \"min_ram_mib\": %ld, \"log\": ",
		k->boot_seconds, k->uptime_s, k->memtotal_kb, k->memfree_kb, k->min_ram_mib);
	snprintf(log, sizeof(log), "%s/boot.log", k->dir);
	json_str(f, log);
	fprintf(f, "},\n     \"budget\": [");
	write_json_budget(f, k);
	fprintf(f, "]}");
}

static void write_json_pair(FILE *f, const struct pair *p);

static void write_json(const char *path, const struct kernel *ks, int n, int failed, int over,
		       const struct pair *pairs, int np)
{
	char tmp[4200];
	FILE *f = open_report(path, tmp, sizeof(tmp));
	int i;

	fprintf(f, "{\n  \"schema\": \"tinykern-report-1\",\n  \"failed\": %d,\n"
		   "  \"over_budget\": %d,\n  \"kernels\": [\n", failed, over);
	for (i = 0; i < n; i++) {
		write_json_kernel(f, &ks[i]);
		fprintf(f, "%s\n", i + 1 < n ? "," : "");
	}
	fprintf(f, "  ],\n  \"diffs\": [\n");
	for (i = 0; i < np; i++) {
		write_json_pair(f, &pairs[i]);
		fprintf(f, "%s\n", i + 1 < np ? "," : "");
	}
	fprintf(f, "  ]\n}\n");
	close_report(f, tmp, path);
}

static void link_baselines(struct kernel *ks, int n, const char *baseline)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (!strcmp(ks[j].config, ks[i].config) && !strcmp(ks[j].variant, baseline))
				ks[i].base = &ks[j];
}

/* --budget CONFIG=FILE */
static void read_budget_arg(struct budget *b, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char config[64];

	if (!eq || eq == arg || !eq[1])
		die("--budget %s: expected CONFIG=FILE", arg);
	snprintf(config, sizeof(config), "%.*s", (int)(eq - arg), arg);
	budget_read(b, config, eq + 1);
}

static void link_budgets(struct kernel *ks, int n, const struct budget *bs, int nb)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < nb; j++)
			if (!strcmp(ks[i].config, bs[j].config))
				ks[i].budget = &bs[j];
}

static const struct kernel *find_kernel(const struct kernel *ks, int n, const char *config,
					const char *variant)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(ks[i].config, config) && !strcmp(ks[i].variant, variant))
			return &ks[i];
	return NULL;
}

/*
 * For each FROM:TO in SPECS and each config that has both kernels built,
 * the symbol diff of their vmlinux files.  Returns how many were made.
 */
static int make_pairs(const struct kernel *ks, int n, char **specs, int nspecs, struct pair *out)
{
	int i, s, np = 0;

	for (s = 0; s < nspecs; s++) {
		char from[64], *to = strchr(specs[s], ':');

		if (!to || to == specs[s] || !to[1])
			die("--diff %s: expected FROM:TO", specs[s]);
		snprintf(from, sizeof(from), "%.*s", (int)(to - specs[s]), specs[s]);
		to++;
		for (i = 0; i < n; i++) {
			const struct kernel *a, *b;
			char fa[4200], fb[4200];
			size_t len;
			FILE *mem;

			if (strcmp(ks[i].variant, from))
				continue;
			a = &ks[i];
			b = find_kernel(ks, n, a->config, to);
			if (!b || !a->built || !b->built)
				continue;
			snprintf(fa, sizeof(fa), "%s/vmlinux", a->dir);
			snprintf(fb, sizeof(fb), "%s/vmlinux", b->dir);
			mem = open_memstream(&out[np].table, &len);
			if (!mem || symdiff(mem, SYMDIFF_ALL, fa, fb, &out[np].tot))
				die("symbol diff %s -> %s failed", a->name, b->name);
			fclose(mem);
			out[np].from = a;
			out[np].to = b;
			np++;
		}
	}
	return np;
}

static void print_pair_summary(FILE *f, const struct pair *p)
{
	const struct symdiff_total *t = &p->tot;

	fprintf(f, "%s: %s -> %s (bloat-o-meter)\n", p->from->config, p->from->variant, p->to->variant);
	fprintf(f, "  add/remove: %lld/%lld grow/shrink: %lld/%lld up/down: %lld/%lld (%lld)\n",
		t->add, t->remove, t->grow, t->shrink, t->up, -t->down, t->up - t->down);
	fprintf(f, "  Total: Before=%lld, After=%lld, chg %+.2f%%\n", t->before, t->after,
		t->before ? (double)(t->after - t->before) * 100.0 / (double)t->before : 0.0);
}

static void write_json_pair(FILE *f, const struct pair *p)
{
	const struct symdiff_total *t = &p->tot;

	fprintf(f, "    {\"config\": ");
	json_str(f, p->from->config);
	fprintf(f, ", \"from\": ");
	json_str(f, p->from->variant);
	fprintf(f, ", \"to\": ");
	json_str(f, p->to->variant);
	fprintf(f, ", \"add\": %lld, \"remove\": %lld, \"grow\": %lld, \"shrink\": %lld,"
		   " \"up\": %lld, \"down\": %lld, \"before\": %lld, \"after\": %lld}",
		t->add, t->remove, t->grow, t->shrink, t->up, -t->down, t->before, t->after);
}

static int cmd_report(int argc, char **argv)
{
	const char *md = NULL, *json = NULL, *html = NULL, *baseline = "orig";
	char **specs;
	struct kernel *ks;
	struct pair *pairs;
	struct budget *budgets;
	struct limit_row *rows;
	int i, n = 0, nspecs = 0, nbudgets = 0, np, nrows, failed = 0, over;

	ks = calloc(argc ? argc : 1, sizeof(*ks));
	specs = calloc(argc ? argc : 1, sizeof(*specs));
	budgets = calloc(argc ? argc : 1, sizeof(*budgets));
	if (!ks || !specs || !budgets)
		die("out of memory");
	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--md") && i + 1 < argc)
			md = argv[++i];
		else if (!strcmp(argv[i], "--json") && i + 1 < argc)
			json = argv[++i];
		else if (!strcmp(argv[i], "--html") && i + 1 < argc)
			html = argv[++i];
		else if (!strcmp(argv[i], "--baseline") && i + 1 < argc)
			baseline = argv[++i];
		else if (!strcmp(argv[i], "--diff") && i + 1 < argc)
			specs[nspecs++] = argv[++i];
		else if (!strcmp(argv[i], "--budget") && i + 1 < argc)
			read_budget_arg(&budgets[nbudgets++], argv[++i]);
		else
			load_kernel(&ks[n++], argv[i]);
	}
	if (!n)
		die("usage: tksize report [--md F] [--json F] [--html F] [--baseline V] CONFIG/VARIANT=KDIR...");
	link_baselines(ks, n, baseline);
	link_budgets(ks, n, budgets, nbudgets);
	for (i = 0; i < n; i++)
		failed += !passed(&ks[i]);
	rows = calloc((size_t)n * B_NKEYS, sizeof(*rows));
	if (!rows)
		die("out of memory");
	nrows = budget_rows(ks, n, rows);
	over = check_budgets(rows, nrows);

	pairs = calloc((size_t)(nspecs * n) + 1, sizeof(*pairs));
	if (!pairs)
		die("out of memory");
	np = make_pairs(ks, n, specs, nspecs, pairs);

	print_table(stdout, ks, n, "");
	print_boot_table(stdout, ks, n);
	for (i = 0; i < np; i++)
		print_pair_summary(stdout, &pairs[i]);
	if (nbudgets) {
		printf("budgets:\n");
		print_budgets(stdout, rows, nrows, "  ");
	}
	print_failures(stderr, ks, n, "tksize: ");
	if (md)
		write_md(md, ks, n, rows, nrows, pairs, np);
	if (json)
		write_json(json, ks, n, failed, over, pairs, np);
	if (html)
		write_html(html, ks, n, rows, nrows, pairs, np);
	for (i = 0; i < np; i++)
		free(pairs[i].table);
	free(pairs);
	free(rows);
	for (i = 0; i < nbudgets; i++)
		free(budgets[i].lines);
	free(budgets);
	free(specs);
	free(ks);
	return failed || over ? 1 : 0;
}

static int cmd_diff(int argc, char **argv)
{
	enum symdiff_mode mode = SYMDIFF_ALL;

	if (argc == 3 && !strcmp(argv[0], "-c"))
		mode = SYMDIFF_CATEGORIES;
	else if (argc == 3 && !strcmp(argv[0], "-d"))
		mode = SYMDIFF_DATA;
	else if (argc == 3 && !strcmp(argv[0], "-t"))
		mode = SYMDIFF_TEXT;
	else if (argc != 2)
		die("usage: tksize diff [-c|-d|-t] OLD NEW");
	return symdiff(stdout, mode, argv[argc - 2], argv[argc - 1], NULL) ? 2 : 0;
}

int main(int argc, char **argv)
{
	if (elf_version(EV_CURRENT) == EV_NONE)
		die("libelf: %s", elf_errmsg(-1));
	if (argc >= 2 && !strcmp(argv[1], "size"))
		return cmd_size(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "diff"))
		return cmd_diff(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "report"))
		return cmd_report(argc - 2, argv + 2);
	die("usage: tksize size FILE... | tksize diff [-c|-d|-t] OLD NEW |"
	    " tksize report [options] CONFIG/VARIANT=KDIR...");
	return 2;
}
