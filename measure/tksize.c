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
 *   tksize stack [-t BYTES] KDIR
 *	Stack footprint from KDIR/stack.su (gcc -fstack-usage): frames of the
 *	functions vmlinux has, their sum, the largest 20 (see stack.c).
 *
 *   tksize inline VMLINUX
 *	Inline cost from the DWARF of a vmlinux with debug info: each
 *	function's inlined bytes and expansions, as pfunct -t counts them.
 *
 *   tksize report [--md FILE] [--json FILE] [--html FILE] [--baseline VARIANT]
 *                 [--diff FROM:TO]... [--merge REPORT.json]... NAME=KDIR...
 *	One row per kernel (NAME is CONFIG/OPT/VARIANT, KDIR its build folder
 *	holding vmlinux, bzImage, boot.result, stack.su and, when its debug
 *	twin was built, inline.txt from `tksize inline`), in the shape of the 2005 cover letter's tables: one
 *	table per opt level, with the text change against the baseline
 *	variant of the same config and opt, bzImage size and boot result.
 *	Then boot facts, stack footprint and inline cost per kernel.  Each
 *	--diff adds, for every config that has both variants, the symbol diff
 *	FROM -> TO (its summary on stdout, the whole table in the markdown)
 *	and the change in stack footprint.  Each --merge adds the kernels of
 *	a report.json written elsewhere (see merge.c).
 *	Each --budget CONFIG[/OPT]=FILE checks that config's kernels (at that
 *	opt level) against the
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

static void print_pair_summary(FILE *f, const struct pair *p);
static void print_stack_change(FILE *f, const struct kernel *a, const struct kernel *b);
static void print_inline_change(FILE *f, const struct kernel *a, const struct kernel *b);

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

/*
 * NAME (up to '=' or the end) is CONFIG/OPT/VARIANT, or CONFIG/VARIANT
 * for a kernel of no particular opt level (opt "-").
 */
void split_name(struct kernel *k, const char *name)
{
	size_t len = strcspn(name, "="), a = strcspn(name, "/"), b;

	if (a >= len)
		die("%.*s: expected CONFIG/OPT/VARIANT", (int)len, name);
	b = a + 1 + strcspn(name + a + 1, "/");
	snprintf(k->config, sizeof(k->config), "%.*s", (int)a, name);
	if (b >= len) {
		strcpy(k->opt, "-");
		snprintf(k->variant, sizeof(k->variant), "%.*s", (int)(len - a - 1), name + a + 1);
		snprintf(k->group, sizeof(k->group), "%s", k->config);
	} else {
		snprintf(k->opt, sizeof(k->opt), "%.*s", (int)(b - a - 1), name + a + 1);
		snprintf(k->variant, sizeof(k->variant), "%.*s", (int)(len - b - 1), name + b + 1);
		snprintf(k->group, sizeof(k->group), "%s/%s", k->config, k->opt);
	}
}

/* Kernels of one config at one opt level: the rows a text% compares. */
int same_group(const struct kernel *a, const struct kernel *b)
{
	return !strcmp(a->config, b->config) && !strcmp(a->opt, b->opt);
}

static void load_kernel(struct kernel *k, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char path[4200];
	struct stat st;

	if (!eq)
		die("%s: expected CONFIG/OPT/VARIANT=KDIR", arg);
	memset(k, 0, sizeof(*k));
	snprintf(k->name, sizeof(k->name), "%.*s", (int)(eq - arg), arg);
	split_name(k, arg);
	snprintf(k->dir, sizeof(k->dir), "%s", eq + 1);
	k->local = 1;

	snprintf(path, sizeof(path), "%s/bzImage", k->dir);
	k->bzimage = stat(path, &st) ? -1 : (long long)st.st_size;
	snprintf(path, sizeof(path), "%s/vmlinux", k->dir);
	k->built = k->bzimage >= 0 && !elf_sizes(path, &k->sz);
	read_boot_result(k);
	read_minram(k);
	if (k->built) {
		stack_read(k->dir, STACK_THRESHOLD, &k->stack);
		snprintf(path, sizeof(path), "%s/inline.txt", k->dir);
		if (!access(path, R_OK))
			inline_load(path, &k->inl);
	}
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

static void print_opt_table(FILE *f, const struct kernel *ks, int n, const char *opt,
			    const char *indent);

/* "CONFIG_CC_OPTIMIZE_FOR_SIZE" for Os: how the cover letter named its tables. */
static const char *opt_title(const char *opt)
{
	if (!strcmp(opt, "Os"))
		return "-Os, CONFIG_CC_OPTIMIZE_FOR_SIZE";
	if (!strcmp(opt, "O2"))
		return "-O2, CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE";
	return opt;
}

/*
 * The cover letter's table, one per opt level in the order they first
 * appear, rows in the order given.
 */
static void print_table(FILE *f, const struct kernel *ks, int n, const char *indent)
{
	int i, j, shown = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i && strcmp(ks[j].opt, ks[i].opt); j++)
			;
		if (j < i)
			continue;	/* this opt level's table is printed */
		if (strcmp(ks[i].opt, "-"))
			fprintf(f, "%s%s%s:\n", shown++ ? "\n" : "", indent, opt_title(ks[i].opt));
		print_opt_table(f, ks, n, ks[i].opt, indent);
	}
}

static void print_opt_table(FILE *f, const struct kernel *ks, int n, const char *opt,
			    const char *indent)
{
	char buf[32];
	int i;

	fprintf(f, "%s   text    data     bss     dec     hex filename                         text%%  bzImage  boot\n",
		indent);
	for (i = 0; i < n; i++) {
		const struct kernel *k = &ks[i];
		char file[160];

		if (strcmp(k->opt, opt))
			continue;
		snprintf(file, sizeof(file), "vmlinux-%s%s%s-%s", k->config,
			 strcmp(k->opt, "-") ? "-" : "", strcmp(k->opt, "-") ? k->opt : "", k->variant);
		if (!k->built) {
			fprintf(f, "%s%7s %7s %7s %7s %7s %-31s %7s %8s  %s\n", indent,
				"-", "-", "-", "-", "-", file, "n/a", "-", k->boot);
			continue;
		}
		fprintf(f, "%s%7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %7" PRIx64
			" %-31s %7s %8lld  %s\n", indent,
			k->sz.text, k->sz.data, k->sz.bss, dec(k), dec(k), file,
			text_change(k, buf, sizeof(buf)), k->bzimage, k->boot);
	}
}

/* Boot facts, one line per kernel that booted. */
static void print_boot_table(FILE *f, const struct kernel *ks, int n)
{
	int i;

	fprintf(f, "\n%-22s %8s %7s %9s %9s %8s\n", "boot", "kernel s", "wall s",
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

void print_stack_summary(FILE *f, const char *name, const struct stack_facts *st)
{
	if (!st->valid) {
		fprintf(f, "%-22s no stack.su\n", name);
		return;
	}
	fprintf(f, "%-22s %6ld %6ld %9lld %7.1f %5ld  %s\n", name, st->funcs,
		st->ntop ? st->top[0].bytes : 0, st->sum,
		st->funcs ? (double)st->sum / (double)st->funcs : 0.0, st->over,
		st->ntop ? st->top[0].name : "-");
}

void print_stack_top(FILE *f, const struct stack_facts *st)
{
	int i;

	for (i = 0; i < st->ntop; i++)
		fprintf(f, "  %6ld  %-40s %-16s %s\n", st->top[i].bytes, st->top[i].name,
			st->top[i].kind, st->top[i].where);
}

void print_inline_summary(FILE *f, const char *name, const struct inline_facts *in)
{
	if (!in->valid) {
		fprintf(f, "%-22s no debug vmlinux\n", name);
		return;
	}
	fprintf(f, "%-22s %8ld %8ld %8ld %8ld %9ld %10lld\n", name, in->declared,
		in->declared_inlined, in->outofline, in->undeclared_inlined, in->sites, in->bytes);
}

static void write_md_stack(FILE *f, const struct kernel *ks, int n)
{
	int i;

	fprintf(f, "\n## Stack footprint\n\nPer-function frames from gcc's `-fstack-usage`, for the"
		   " functions vmlinux has; mean = sum / funcs.\n\n```\n%s\n", STACK_HEADER);
	for (i = 0; i < n; i++)
		if (ks[i].built)
			print_stack_summary(f, ks[i].name, &ks[i].stack);
	fprintf(f, "```\n");
	for (i = 0; i < n; i++) {
		if (!ks[i].stack.valid)
			continue;
		fprintf(f, "\n<details><summary>%s: the %d largest frames</summary>\n\n```\n",
			ks[i].name, ks[i].stack.ntop);
		print_stack_top(f, &ks[i].stack);
		fprintf(f, "```\n</details>\n");
	}
}

static void write_md_inline(FILE *f, const struct kernel *ks, int n)
{
	int i, j;

	fprintf(f, "\n## Inline cost\n\nFrom the DWARF of each kernel rebuilt with debug info"
		   " (same .text): functions declared inline, how many were inlined, how many"
		   " also have an out-of-line copy, functions gcc inlined undeclared, inline"
		   " expansions (call sites) and the bytes of all inlined code.\n\n```\n%s\n",
		INLINE_HEADER);
	for (i = 0; i < n; i++)
		if (ks[i].built)
			print_inline_summary(f, ks[i].name, &ks[i].inl);
	fprintf(f, "```\n");
	for (i = 0; i < n; i++) {
		if (!ks[i].inl.valid)
			continue;
		fprintf(f, "\n<details><summary>%s: the %d inline functions with the most inlined"
			   " bytes</summary>\n\n```\n%-40s %10s %8s %5s\n", ks[i].name,
			ks[i].inl.ntop, "name", "totsz", "exp#", "src#");
		for (j = 0; j < ks[i].inl.ntop; j++)
			fprintf(f, "%-40s %10lld %8ld %5ld\n", ks[i].inl.top[j].name,
				ks[i].inl.top[j].bytes, ks[i].inl.top[j].sites, ks[i].inl.top[j].cus);
		fprintf(f, "```\n</details>\n");
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
		   " baseline variant of the same config and opt level.\n\n```\n");
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
	write_md_stack(f, ks, n);
	write_md_inline(f, ks, n);
	for (i = 0; i < np; i++) {
		fprintf(f, "\n## %s: %s -> %s, symbol by symbol\n\n", pairs[i].from->group,
			pairs[i].from->variant, pairs[i].to->variant);
		if (pairs[i].table) {
			fprintf(f, "As `scripts/bloat-o-meter` prints it.\n\n```\n%s```\n", pairs[i].table);
			continue;
		}
		fprintf(f, "Merged from another machine's report.json: totals only.\n\n```\n");
		print_pair_summary(f, &pairs[i]);
		fprintf(f, "```\n");
	}
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

static void write_json_stack(FILE *f, const struct stack_facts *st)
{
	int i;

	if (!st->valid) {
		fputs("null", f);
		return;
	}
	fprintf(f, "{\"functions\": %ld, \"sum\": %lld, \"max\": %ld, \"threshold\": %ld,"
		   " \"over\": %ld, \"dynamic\": %ld, \"top\": [", st->funcs, st->sum,
		st->ntop ? st->top[0].bytes : 0, st->threshold, st->over, st->dynamic);
	for (i = 0; i < st->ntop; i++) {
		fprintf(f, "%s\n       {\"name\": ", i ? "," : "");
		json_str(f, st->top[i].name);
		fprintf(f, ", \"bytes\": %ld, \"kind\": ", st->top[i].bytes);
		json_str(f, st->top[i].kind);
		fprintf(f, ", \"where\": ");
		json_str(f, st->top[i].where);
		fputc('}', f);
	}
	fputs("]}", f);
}

static void write_json_inline(FILE *f, const struct inline_facts *in)
{
	int i;

	if (!in->valid) {
		fputs("null", f);
		return;
	}
	fprintf(f, "{\"declared\": %ld, \"declared_inlined\": %ld, \"outofline\": %ld,"
		   " \"undeclared_inlined\": %ld, \"sites\": %ld, \"bytes\": %lld, \"top\": [",
		in->declared, in->declared_inlined, in->outofline, in->undeclared_inlined,
		in->sites, in->bytes);
	for (i = 0; i < in->ntop; i++) {
		fprintf(f, "%s\n       {\"name\": ", i ? "," : "");
		json_str(f, in->top[i].name);
		fprintf(f, ", \"bytes\": %lld, \"sites\": %ld, \"cus\": %ld}", in->top[i].bytes,
			in->top[i].sites, in->top[i].cus);
	}
	fputs("]}", f);
}

static void write_json_kernel(FILE *f, const struct kernel *k)
{
	char buf[32], log[4200];
	const char *chg = text_change(k, buf, sizeof(buf));

	fprintf(f, "    {\"name\": ");
	json_str(f, k->name);
	fprintf(f, ", \"config\": ");
	json_str(f, k->config);
	fprintf(f, ", \"opt\": ");
	json_str(f, k->opt);
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
	fprintf(f, "},\n     \"stack\": ");
	write_json_stack(f, &k->stack);
	fprintf(f, ",\n     \"inline\": ");
	write_json_inline(f, &k->inl);
	fprintf(f, ",\n     \"budget\": [");
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

	fprintf(f, "{\n  \"schema\": \"tinykern-report-2\",\n  \"failed\": %d,\n"
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
			if (same_group(&ks[j], &ks[i]) && !strcmp(ks[j].variant, baseline))
				ks[i].base = &ks[j];
}

/* --budget CONFIG[/OPT]=FILE */
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
			if (!strcmp(ks[i].group, bs[j].config) || !strcmp(ks[i].config, bs[j].config))
				ks[i].budget = &bs[j];
}

static const struct kernel *find_kernel(const struct kernel *ks, int n, const struct kernel *like,
					const char *variant)
{
	int i;

	for (i = 0; i < n; i++)
		if (same_group(&ks[i], like) && !strcmp(ks[i].variant, variant))
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
			b = find_kernel(ks, n, a, to);
			if (!b || !a->built || !b->built)
				continue;
			if (!a->local || !b->local)
				continue;	/* no vmlinux here: merge_pairs() has its totals */
			out[np].from = a;
			out[np].to = b;
			snprintf(fa, sizeof(fa), "%s/vmlinux", a->dir);
			snprintf(fb, sizeof(fb), "%s/vmlinux", b->dir);
			mem = open_memstream(&out[np].table, &len);
			if (!mem || symdiff(mem, SYMDIFF_ALL, fa, fb, &out[np].tot))
				die("symbol diff %s -> %s failed", a->name, b->name);
			fclose(mem);
			np++;
		}
	}
	return np;
}

static void print_pair_summary(FILE *f, const struct pair *p)
{
	const struct symdiff_total *t = &p->tot;

	fprintf(f, "\n%s: %s -> %s (bloat-o-meter)\n", p->from->group, p->from->variant, p->to->variant);
	fprintf(f, "  add/remove: %lld/%lld grow/shrink: %lld/%lld up/down: %lld/%lld (%lld)\n",
		t->add, t->remove, t->grow, t->shrink, t->up, -t->down, t->up - t->down);
	fprintf(f, "  Total: Before=%lld, After=%lld, chg %+.2f%%\n", t->before, t->after,
		t->before ? (double)(t->after - t->before) * 100.0 / (double)t->before : 0.0);
	print_stack_change(f, p->from, p->to);
	print_inline_change(f, p->from, p->to);
}

static double pct(double from, double to)
{
	return from ? 100.0 * (to - from) / from : 0.0;
}

/* The seed's "+5% stack footprint", re-measured: FROM -> TO. */
static void print_stack_change(FILE *f, const struct kernel *a, const struct kernel *b)
{
	const struct stack_facts *x = &a->stack, *y = &b->stack;

	if (!x->valid || !y->valid)
		return;
	fprintf(f, "  stack: sum %lld -> %lld (%+.2f%%), functions %ld -> %ld, largest %ld -> %ld,"
		   " mean %.1f -> %.1f (%+.2f%%), >%ld: %ld -> %ld\n",
		x->sum, y->sum, pct((double)x->sum, (double)y->sum), x->funcs, y->funcs,
		x->ntop ? x->top[0].bytes : 0, y->ntop ? y->top[0].bytes : 0,
		x->funcs ? (double)x->sum / (double)x->funcs : 0.0,
		y->funcs ? (double)y->sum / (double)y->funcs : 0.0,
		pct(x->funcs ? (double)x->sum / (double)x->funcs : 0.0,
		    y->funcs ? (double)y->sum / (double)y->funcs : 0.0),
		x->threshold, x->over, y->over);
}

static void print_inline_change(FILE *f, const struct kernel *a, const struct kernel *b)
{
	const struct inline_facts *x = &a->inl, *y = &b->inl;

	if (!x->valid || !y->valid)
		return;
	fprintf(f, "  inline: sites %ld -> %ld, inlined bytes %lld -> %lld (%+.2f%%),"
		   " declared inline with out-of-line copies %ld -> %ld\n",
		x->sites, y->sites, x->bytes, y->bytes, pct((double)x->bytes, (double)y->bytes),
		x->outofline, y->outofline);
}

static void write_json_pair(FILE *f, const struct pair *p)
{
	const struct symdiff_total *t = &p->tot;

	fprintf(f, "    {\"config\": ");
	json_str(f, p->from->config);
	fprintf(f, ", \"opt\": ");
	json_str(f, p->from->opt);
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
	struct merged **merges;
	int i, n = 0, nspecs = 0, nbudgets = 0, nmerges = 0, room = argc, np, nrows, failed = 0, over;

	specs = calloc(argc ? argc : 1, sizeof(*specs));
	budgets = calloc(argc ? argc : 1, sizeof(*budgets));
	merges = calloc(argc ? argc : 1, sizeof(*merges));
	if (!specs || !budgets || !merges)
		die("out of memory");
	/* the merged reports first: the kernel table needs room for theirs */
	for (i = 0; i + 1 < argc; i++)
		if (!strcmp(argv[i], "--merge")) {
			merges[nmerges] = merge_open(argv[++i]);
			room += merge_count(merges[nmerges++]);
		}
	ks = calloc(room ? room : 1, sizeof(*ks));
	if (!ks)
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
		else if (!strcmp(argv[i], "--merge") && i + 1 < argc)
			i++;
		else
			load_kernel(&ks[n++], argv[i]);
	}
	for (i = 0; i < nmerges; i++)
		n = merge_kernels(merges[i], ks, n);
	if (!n)
		die("usage: tksize report [--md F] [--json F] [--html F] [--baseline V] [--diff FROM:TO]"
		    " [--budget CONFIG[/OPT]=FILE] [--merge REPORT.json] CONFIG/OPT/VARIANT=KDIR...");
	link_baselines(ks, n, baseline);
	link_budgets(ks, n, budgets, nbudgets);
	for (i = 0; i < n; i++)
		failed += !passed(&ks[i]);
	rows = calloc((size_t)n * B_NKEYS, sizeof(*rows));
	if (!rows)
		die("out of memory");
	nrows = budget_rows(ks, n, rows);
	over = check_budgets(rows, nrows);

	pairs = calloc((size_t)(2 * nspecs * n) + 1, sizeof(*pairs));
	if (!pairs)
		die("out of memory");
	np = make_pairs(ks, n, specs, nspecs, pairs);
	for (i = 0; i < nmerges; i++) {
		np += merge_pairs(merges[i], ks, n, pairs + np, 2 * nspecs * n - np);
		merge_close(merges[i]);
	}
	free(merges);

	print_table(stdout, ks, n, "");
	print_boot_table(stdout, ks, n);
	printf("\n%s\n", STACK_HEADER);
	for (i = 0; i < n; i++)
		if (ks[i].built)
			print_stack_summary(stdout, ks[i].name, &ks[i].stack);
	printf("\n%s\n", INLINE_HEADER);
	for (i = 0; i < n; i++)
		if (ks[i].built)
			print_inline_summary(stdout, ks[i].name, &ks[i].inl);
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

/* tksize inline VMLINUX: the inline summary and every function's totals. */
static int cmd_inline(int argc, char **argv)
{
	struct inline_facts in;

	if (argc != 1)
		die("usage: tksize inline VMLINUX (built with debug info)");
	if (inline_read(argv[0], &in, stdout))
		return 2;
	inline_print_totals(stdout, &in);
	return 0;
}

/* tksize stack [-t BYTES] KDIR: the frames of KDIR/stack.su that vmlinux has. */
static int cmd_stack(int argc, char **argv)
{
	struct stack_facts st;
	long threshold = STACK_THRESHOLD;

	if (argc == 3 && !strcmp(argv[0], "-t"))
		threshold = atol(argv[1]);
	else if (argc != 1)
		die("usage: tksize stack [-t BYTES] KDIR (holding vmlinux and stack.su)");
	if (stack_read(argv[argc - 1], threshold, &st))
		die("%s: no stack.su or vmlinux", argv[argc - 1]);
	print_stack_summary(stdout, argv[argc - 1], &st);
	print_stack_top(stdout, &st);
	return 0;
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
	if (argc >= 2 && !strcmp(argv[1], "inline"))
		return cmd_inline(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "stack"))
		return cmd_stack(argc - 2, argv + 2);
	die("usage: tksize size FILE... | tksize diff [-c|-d|-t] OLD NEW |"
	    " tksize stack [-t BYTES] KDIR | tksize inline VMLINUX |"
	    " tksize report [options] CONFIG/OPT/VARIANT=KDIR...");
	return 2;
}
