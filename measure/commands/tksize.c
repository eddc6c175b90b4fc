// SPDX-License-Identifier: GPL-2.0
/*
 * tksize - sizes, symbol diffs, stack and inline cost, and the report of
 * tinykern kernels, read through libelf and libdw.  This file is the
 * command dispatch; each job has a room of its own:
 *
 *   tksize size [--less-init-fill] FILE...    elfio.c
 *	Berkeley sizes, byte for byte what binutils `size` prints; with
 *	--less-init-fill, data without the page of fill that .data's
 *	8 KiB-aligned init stack takes or gives back as .text moves.
 *   tksize diff [--net] [-c|-d|-t] OLD NEW     symdiff.c
 *	Symbol size changes, as the kernel's scripts/bloat-o-meter prints them;
 *	with --net, the net change alone (its summary line's last figure).
 *   tksize diff --dirs[=DEPTH]|--files OLD NEW  dirs.c
 *	The same per source directory (2 levels deep by default) or file.
 *   tksize stack [-t BYTES] KDIR               stack.c
 *	Stack footprint from KDIR/stack.su (gcc -fstack-usage): the frames of
 *	the functions vmlinux has, each joined to its own object.
 *   tksize attribute [--files|--depth N] [--map FILE|--no-map] VMLINUX
 *	Where the bytes go (attribute.c, linkmap.c, dirs.c): every allocated byte
 *	attributed to the source file that owns it, rolled up to directories
 *	N deep (1 by default), code both where it lives and where it was
 *	written; with the link map, each input section to its object.
 *	--save FILE keeps it as JSON for the report (attribute-json.c).
 *   tksize inline VMLINUX                      inline.c
 *	Inline cost from the DWARF of a vmlinux with debug info, live code
 *	only: each function's inlined bytes and expansions, as pfunct -t
 *	counts them, and the totals.
 *   tksize candidates SRCTREE VMLINUX          inline.c
 *	The de-inlining advisor's ranking: per definition declared inline
 *	under SRCTREE, its expansions, units, bytes, out-of-line copies,
 *	the unit a shared body would go to, and the predicted saving.
 *   tksize advisor [--builds] TDIR             advisor.c
 *	A make deinline run's figures from its journal: trials, kept and
 *	dropped, text saved, and Spearman's rank correlation of predicted
 *	and measured savings over the best-predicted single trials; with
 *	--builds, the count of trial builds alone.
 *   tksize optcost TDIR                        optcost.c
 *	A make option-cost run's table from its journal: each option's
 *	bytes and boot, those kconfig would not flip, the top options
 *	together against their summed costs, and the savings fragment.
 *   tksize journal FILE KIND[,KIND...] FIELD...  readers/journal.c
 *	The named fields of a make deinline or make option-cost journal's
 *	lines of those kinds: what deinline/ and optcost/ read, by name.
 *   tksize journal-line KIND NAME=VALUE...     readers/journal.c
 *	One journal line, checked against its kind's fields: what they write.
 *   tksize report [options] NAME=KDIR...       report.c (kernel.c, merge.c,
 *	budget.c, report-text.c, -md.c, -json.c, -html.c)
 *	The 2005 cover letter's tables for every kernel, boot facts, stack,
 *	inline, budgets and symbol diffs; markdown, JSON and HTML files.
 *
 * A file that cannot be read (not ELF, truncated, stripped, no DWARF) is a
 * one-line error naming it, and exit code 2.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/advisor.h"
#include "analyses/attribute.h"
#include "analyses/dirs.h"
#include "analyses/inline.h"
#include "analyses/optcost.h"
#include "analyses/stack.h"
#include "analyses/symdiff.h"
#include "base/util.h"
#include "commands/report-cmd.h"
#include "output/advisor-print.h"
#include "output/attribute-print.h"
#include "output/bloat.h"
#include "output/optcost-print.h"
#include "output/smallest-print.h"
#include "output/tables.h"
#include "readers/elfio.h"
#include "readers/journal.h"
#include "report/smallest.h"
#include "stores/attribute-json.h"
#include "stores/candidates.h"
#include "stores/inline-txt.h"

static int cmd_size(int argc, char **argv)
{
	int i, ret = 0, less_init_fill = 0;

	if (argc >= 1 && !strcmp(argv[0], "--less-init-fill")) {
		less_init_fill = 1;
		argc--, argv++;
	}
	if (argc < 1)
		die("usage: tksize size [--less-init-fill] FILE...");
	printf("   text\t   data\t    bss\t    dec\t    hex\tfilename\n");
	for (i = 0; i < argc; i++) {
		char *err = NULL;
		struct sizes s;
		uint64_t dec, fill = 0;

		if (elf_sizes(argv[i], &s, &err) ||
		    (less_init_fill && elf_init_stack_fill(argv[i], &fill, &err))) {
			fprintf(stderr, "tksize: %s\n", err);
			free(err);
			ret = 2;
			continue;
		}
		s.data -= fill;
		dec = s.text + s.data + s.bss;
		printf("%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIu64 "\t%7" PRIx64 "\t%s\n",
		       s.text, s.data, s.bss, dec, dec, argv[i]);
	}
	return ret;
}

/* tksize diff --dirs[=N]|--files OLD NEW: the change per directory or file. */
static int cmd_dir_diff(const char *opt, const char *old, const char *new)
{
	struct attribution a, b;
	struct diff_table table;
	char *err = NULL, *old_map = attribute_map_of(old), *new_map = attribute_map_of(new);
	int depth = !strcmp(opt, "--files") ? 0 : !strcmp(opt, "--dirs") ? 2 : atoi(opt + 7);

	if (strcmp(opt, "--files") && strcmp(opt, "--dirs") && (strncmp(opt, "--dirs=", 7) || depth <= 0))
		die("usage: tksize diff --dirs[=DEPTH]|--files OLD NEW");
	/* both with their maps, or neither: the rows must mean the same */
	if (!old_map != !new_map) {
		free(old_map);
		free(new_map);
		old_map = new_map = NULL;
	}
	if (attribute_read(old, old_map, &a, &err) || attribute_read(new, new_map, &b, &err))
		die("%s", err);
	free(old_map);
	free(new_map);
	attribute_diff(&a, &b, depth, &table);
	bloat_print(stdout, &table);
	diff_table_free(&table);
	attribute_free(&a);
	attribute_free(&b);
	return 0;
}

static int cmd_diff(int argc, char **argv)
{
	enum symdiff_mode mode = SYMDIFF_ALL;
	struct diff_table tables[3];
	char *err = NULL;
	int i, n, net = argc >= 1 && !strcmp(argv[0], "--net");

	/* --net: the net change alone, as a number a script reads */
	argc -= net;
	argv += net;
	if (!net && argc == 3 && (!strncmp(argv[0], "--dirs", 6) || !strcmp(argv[0], "--files")))
		return cmd_dir_diff(argv[0], argv[1], argv[2]);
	if (argc == 3 && !strcmp(argv[0], "-c"))
		mode = SYMDIFF_CATEGORIES;
	else if (argc == 3 && !strcmp(argv[0], "-d"))
		mode = SYMDIFF_DATA;
	else if (argc == 3 && !strcmp(argv[0], "-t"))
		mode = SYMDIFF_TEXT;
	else if (argc != 2)
		die("usage: tksize diff [--net] [-c|-d|-t] OLD NEW | tksize diff --dirs[=DEPTH]|--files OLD NEW");
	if (symdiff(mode, argv[argc - 2], argv[argc - 1], tables, &n, &err))
		die("%s", err);
	for (i = 0; i < n; i++) {
		if (net)
			printf("%lld\n", tables[i].tot.up - tables[i].tot.down);
		else
			bloat_print(stdout, &tables[i]);
		diff_table_free(&tables[i]);
	}
	return 0;
}

/* tksize inline VMLINUX: every function's row, then the totals line. */
static int cmd_inline(int argc, char **argv)
{
	struct inline_facts in;
	char *err;

	if (argc != 1)
		die("usage: tksize inline VMLINUX (built with debug info)");
	if (inline_read(argv[0], &in, 1, &err))
		die("%s", err);
	inline_txt_write(stdout, &in);
	inline_free(&in);
	return 0;
}

/* tksize candidates TREE VMLINUX: the de-inlining advisor's ranking. */
static int cmd_candidates(int argc, char **argv)
{
	struct candidate *rows;
	size_t n;
	char *err;

	if (argc != 2)
		die("usage: tksize candidates SRCTREE VMLINUX (built with debug info from SRCTREE)");
	if (inline_candidates(argv[1], argv[0], &rows, &n, &err))
		die("%s", err);
	candidates_write(stdout, rows, n);
	candidates_free(rows, n);
	return 0;
}

/*
 * tksize attribute --save FILE [--not-measured REASON] VMLINUX: what a
 * report reads instead of DWARF (attribute-json.c): the attribution, or
 * why there is none.  Exit 0 when saved whole, 1 when the error was saved.
 */
static int save_attribution(const char *save, const char *not_measured, const char *vmlinux, char *map)
{
	struct attribution files = { 0 };
	char *err = NULL;

	if (not_measured) {
		attribute_save(save, &files, NULL, not_measured);
		return 0;
	}
	if (!attribute_read(vmlinux, map, &files, &err))
		attribute_check(&files, vmlinux, &err);
	attribute_save(save, &files, err, NULL);
	if (err)
		fprintf(stderr, "tksize: %s\n", err);
	attribute_free(&files);
	free(err);
	return err ? 1 : 0;
}

/*
 * tksize attribute [--files|--depth N] [--map FILE|--no-map] VMLINUX: the
 * table, then a failure if a code section has too many bytes without a
 * source file.  The link map is VMLINUX.map unless told otherwise.
 */
static int cmd_attribute(int argc, char **argv)
{
	struct attribution files, dirs;
	char *err = NULL, *map = NULL;
	const char *save = NULL, *not_measured = NULL;
	int depth = 1, i, no_map = 0, r;

	for (i = 0; i < argc - 1; i++) {
		if (!strcmp(argv[i], "--files"))
			depth = 0;
		else if (!strcmp(argv[i], "--depth") && i + 2 < argc && atoi(argv[i + 1]) > 0)
			depth = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--map") && i + 2 < argc)
			map = xstrdup(argv[++i]);
		else if (!strcmp(argv[i], "--no-map"))
			no_map = 1;
		else if (!strcmp(argv[i], "--save") && i + 2 < argc)
			save = argv[++i];
		else if (!strcmp(argv[i], "--not-measured") && i + 2 < argc)
			not_measured = argv[++i];
		else
			break;
	}
	if (argc < 1 || i != argc - 1 || (not_measured && !save))
		die("usage: tksize attribute [--files|--depth N] [--map FILE|--no-map]"
		    " [--save FILE [--not-measured REASON]] VMLINUX (built with debug info)");
	if (!map && !no_map)
		map = attribute_map_of(argv[i]);
	if (save) {
		r = save_attribution(save, not_measured, argv[i], map);
		free(map);
		return r;
	}
	if (attribute_read(argv[i], map, &files, &err))
		die("%s", err);
	attribute_rollup(&files, depth, &dirs);
	attribute_print(stdout, &dirs);
	fflush(stdout);
	if (attribute_check(&files, argv[i], &err))
		die("%s", err);
	attribute_free(&dirs);
	attribute_free(&files);
	free(map);
	return 0;
}

/* tksize stack [-t BYTES] KDIR: the frames of KDIR/stack.su that vmlinux has. */
static int cmd_stack(int argc, char **argv)
{
	struct stack_facts st;
	long threshold = STACK_THRESHOLD;
	const char *kdir;
	char *err = NULL;
	int r;

	if (argc == 3 && !strcmp(argv[0], "-t"))
		threshold = atol(argv[1]);
	else if (argc != 1)
		die("usage: tksize stack [-t BYTES] KDIR (holding vmlinux, stack.su and obj/)");
	kdir = argv[argc - 1];
	r = stack_read(kdir, threshold, &st, &err);
	if (r > 0)
		die("%s/stack.su: no such file (built without -fstack-usage?)", kdir);
	if (r < 0)
		die("%s", err);
	print_stack_summary(stdout, kdir, &st);
	print_stack_top(stdout, &st);
	stack_free(&st);
	return 0;
}

/* tksize advisor TDIR: a make deinline run's figures. */
static int cmd_advisor(int argc, char **argv)
{
	struct advisor_facts a;
	const char *slash;
	char *err;

	int builds = argc == 2 && !strcmp(argv[0], "--builds");

	argc -= builds;
	argv += builds;
	if (argc != 1)
		die("usage: tksize advisor [--builds] TDIR (a make deinline folder, with its journal)");
	slash = strrchr(argv[0], '/');
	if (advisor_read(argv[0], slash && slash[1] ? slash + 1 : argv[0], &a, &err))
		die("%s", err);
	/* --builds: the trial builds alone, the count the budget's MAX_TRIALS is against */
	if (builds)
		printf("%d\n", a.trials);
	else
		advisor_print(stdout, &a, "");
	advisor_free(&a);
	return 0;
}

/* tksize optcost TDIR: a make option-cost run's table. */
static int cmd_optcost(int argc, char **argv)
{
	struct optcost_facts c;
	const char *slash;
	char *name, *err;

	if (argc != 1)
		die("usage: tksize optcost TDIR");
	slash = strrchr(argv[0], '/');
	name = xstrdup(slash && slash[1] ? slash + 1 : argv[0]);
	if (optcost_read(argv[0], name, &c, &err))
		die("%s", err);
	printf("option cost, %s (against the base kernel):\n", name);
	optcost_print(stdout, &c, "  ");
	optcost_free(&c);
	free(name);
	return 0;
}

/*
 * tksize journal FILE KIND[,KIND...] FIELD...: the named fields of FILE's
 * lines of those kinds, tab-separated, a line each, after the whole
 * journal is read and checked.  FIELD "kind" is the line's kind, "lineno"
 * its line number; a field one of the kinds has and another has not is
 * empty on the other's lines.
 */
static int pseudo_field(const char *f)
{
	return !strcmp(f, "kind") || !strcmp(f, "lineno");
}

/*
 * tksize smallest STOCK=KDIR STEP=KDIR...: the line make smallest prints,
 * its steps, and bloat-o-meter -t's summary of stock -> smallest.  Exit 1
 * when no kernel of the chain boots.
 */
static int cmd_smallest(int argc, char **argv)
{
	struct smallest s;
	struct diff_table tables[3];
	char *err = NULL, *old, *new;
	int n = 0;

	if (argc < 1)
		die("usage: tksize smallest CONFIG/OPT/VARIANT=KDIR... (the stock kernel first, then each step)");
	if (smallest_load(&s, argc, argv, &err))
		die("%s", err);
	if (s.best < 0) {
		fprintf(stderr, "tksize: smallest: no kernel from %s on boots\n", s.k[0].name);
		smallest_free(&s);
		return 1;
	}
	if (!s.k[0].built) {
		fprintf(stderr, "tksize: smallest: the stock kernel %s was not built\n", s.k[0].name);
		smallest_free(&s);
		return 1;
	}
	old = xasprintf("%s/vmlinux", s.k[0].dir);
	new = xasprintf("%s/vmlinux", s.k[s.best].dir);
	if (symdiff(SYMDIFF_TEXT, old, new, tables, &n, &err))
		die("%s", err);
	smallest_print(stdout, &s, n ? &tables[0] : NULL);
	while (n-- > 0)
		diff_table_free(&tables[n]);
	free(old);
	free(new);
	smallest_free(&s);
	return 0;
}

static int cmd_journal(int argc, char **argv)
{
	const struct journal_kind *want[JOURNAL_MAX_FIELDS] = { 0 };
	struct journal_lines lines;
	char *kinds, *k, *save, *err;
	int i, f, w, nwant = 0;

	if (argc < 3)
		die("usage: tksize journal FILE KIND[,KIND...] FIELD...");
	kinds = xstrdup(argv[1]);
	for (k = strtok_r(kinds, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
		if (nwant == JOURNAL_MAX_FIELDS || !(want[nwant] = journal_kind(k)))
			die("journal: %s is not a journal line kind", k);
		if (strcmp(want[nwant]->journal, want[0]->journal))
			die("journal: %s and %s are kinds of two journals", want[0]->kind, k);
		nwant++;
	}
	free(kinds);
	if (!nwant)
		die("usage: tksize journal FILE KIND[,KIND...] FIELD...");
	for (f = 2; f < argc; f++) {
		for (w = 0; w < nwant && !pseudo_field(argv[f]); w++)
			if (journal_field_index(want[w], argv[f]) > 0)
				break;
		if (w == nwant)
			die("journal: no %s line has a field %s", argv[1], argv[f]);
	}
	if (journal_load(argv[0], want[0]->journal, &lines, &err))
		die("%s", err);
	for (i = 0; i < lines.n; i++)
		for (w = 0; w < nwant; w++)
			if (lines.v[i].kind == want[w])
				for (f = 2; f < argc; f++) {
					if (!strcmp(argv[f], "lineno"))
						printf("%d", lines.v[i].lineno);
					else
						fputs(!strcmp(argv[f], "kind") ? want[w]->kind :
						      journal_field_index(want[w], argv[f]) > 0 ? journal_get(&lines.v[i], argv[f]) : "",
						      stdout);
					putchar(f + 1 < argc ? '\t' : '\n');
				}
	journal_lines_free(&lines);
	return 0;
}

/* tksize journal-line KIND NAME=VALUE...: the journal line, checked, for a script to append. */
static int cmd_journal_line(int argc, char **argv)
{
	char *line, *err;

	if (argc < 1)
		die("usage: tksize journal-line KIND NAME=VALUE...");
	if (journal_format(argv[0], argv + 1, argc - 1, &line, &err))
		die("journal-line: %s", err);
	fputs(line, stdout);
	free(line);
	return 0;
}

/* The command table: tksize NAME ARGS runs RUN(ARGC, ARGV) on the ARGS. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "size", cmd_size },		{ "diff", cmd_diff },		{ "advisor", cmd_advisor },
	{ "optcost", cmd_optcost },	{ "report", report_main },	{ "inline", cmd_inline },
	{ "candidates", cmd_candidates }, { "stack", cmd_stack },	{ "attribute", cmd_attribute },
	{ "journal", cmd_journal },	{ "journal-line", cmd_journal_line }, { "smallest", cmd_smallest },
};

int main(int argc, char **argv)
{
	size_t i;

	if (elf_version(EV_CURRENT) == EV_NONE)
		die("libelf: %s", elf_errmsg(-1));
	for (i = 0; argc >= 2 && i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 2, argv + 2);
	die("usage: tksize size [--less-init-fill] FILE... | tksize diff [--net] [-c|-d|-t|--dirs[=DEPTH]|--files] OLD NEW |"
	    " tksize stack [-t BYTES] KDIR | tksize inline VMLINUX | tksize candidates SRCTREE VMLINUX |"
	    " tksize attribute [--files|--depth N] [--map FILE|--no-map] VMLINUX |"
	    " tksize advisor [--builds] TDIR | tksize optcost TDIR | tksize report [options] CONFIG/OPT/VARIANT=KDIR... |"
	    " tksize journal FILE KIND[,KIND...] FIELD... | tksize journal-line KIND NAME=VALUE... |"
	    " tksize smallest CONFIG/OPT/VARIANT=KDIR...");
}
