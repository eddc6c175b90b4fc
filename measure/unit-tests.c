// SPDX-License-Identifier: GPL-2.0
/*
 * unit-tests: the pure functions of tksize's lower layers, each against
 * values worked out by hand: ranges, paths, the journals' fields and
 * lines (made by journal_format and read back by journal_load), the
 * name map, Spearman's rho, budgets (limits, a variant's own line, bad
 * lines), and report.json's and attribution.json's records written and
 * read back.  `make -C measure unit O=DIR` builds and runs it; one line
 * per failed check, and exit 1.  tests/24-measure-units runs it.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/advisor.h"
#include "analyses/budget.h"
#include "base/jsonio.h"
#include "base/paths.h"
#include "base/ranges.h"
#include "base/util.h"
#include "readers/journal.h"
#include "stores/attribute-json.h"
#include "stores/report-json.h"
#include "output/tables.h"

static int checks, failures;

#define CHECK(cond, ...)                                                          \
	do {                                                                      \
		checks++;                                                         \
		if (!(cond)) {                                                    \
			failures++;                                               \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);               \
			printf(__VA_ARGS__);                                      \
			putchar('\n');                                            \
		}                                                                 \
	} while (0)

static void check_str(const char *got, const char *want, const char *what)
{
	CHECK(got == want || (got && want && !strcmp(got, want)), "%s: got '%s', want '%s'", what,
	      got ? got : "(null)", want ? want : "(null)");
}

static void ranges(void)
{
	struct range overlap[] = { { 30, 40 }, { 10, 20 }, { 15, 25 }, { 35, 36 }, { 50, 50 } };
	struct range adjacent[] = { { 5, 10 }, { 0, 5 } };
	struct range sorted[] = { { 10, 20 }, { 30, 40 } };

	/* [10,25) and [30,40): 15 + 10; the contained and the empty add nothing */
	CHECK(range_union_bytes(overlap, 5) == 25, "union of overlapping ranges: %lld", range_union_bytes(overlap, 5));
	CHECK(overlap[0].start == 10 && overlap[4].start == 50, "union sorts its ranges");
	CHECK(range_union_bytes(adjacent, 2) == 10, "union of adjacent ranges");
	CHECK(range_union_bytes(NULL, 0) == 0, "union of none");
	CHECK(range_holds(sorted, 2, 10) && range_holds(sorted, 2, 19) && range_holds(sorted, 2, 30),
	      "a range holds its start and its last byte");
	CHECK(!range_holds(sorted, 2, 20) && !range_holds(sorted, 2, 25) && !range_holds(sorted, 2, 40) &&
	      !range_holds(sorted, 2, 5), "no range holds its end, a gap, or what lies before");
}

static void paths(void)
{
	static const struct { const char *path; int depth; const char *want; } dirs[] = {
		{ "kernel/sched/core.c", 1, "kernel/" },	{ "kernel/sched/core.c", 2, "kernel/sched/" },
		{ "kernel/sched/core.c", 3, "kernel/sched/" }, { "kernel/sched/core.c", 0, "kernel/sched/core.c" },
		{ "main.c", 1, "main.c" },			{ "[padding]", 2, "[padding]" },
		{ "/abs/dir/x.c", 1, "/abs/" },
	};
	size_t i;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char *got = path_directory(dirs[i].path, dirs[i].depth), what[128];

		snprintf(what, sizeof(what), "path_directory(%s, %d)", dirs[i].path, dirs[i].depth);
		check_str(got, dirs[i].want, what);
		free(got);
	}
	check_str(path_in_tree("fs/open.c", "/src/linux/"), "fs/open.c", "a relative path is the tree's");
	check_str(path_in_tree("./include/generated/autoconf.h", "/src/linux/"), NULL,
		  "the object folder's generated file");
	check_str(path_in_tree("/src/linux/mm/mmap.c", "/src/linux/"), "mm/mmap.c", "an absolute path in the tree");
	check_str(path_in_tree("/usr/include/stdio.h", "/src/linux/"), NULL, "an absolute path elsewhere");
	check_str(path_in_tree(NULL, "/src/linux/"), NULL, "no path");
}

static void journal_fields(void)
{
	char line[] = "kept\t12\t-340\n", longer[] = "a\tb\tc\td", empty[] = "";
	char *f[4];

	CHECK(split_tabs(line, f, 3) == 3, "three fields");
	check_str(f[0], "kept", "field 1");
	check_str(f[2], "-340", "field 3, its newline cut");
	{
		struct journal j = { "run/journal", 7, NULL };

		CHECK(journal_number(&j, f[1]) == 12 && journal_number(&j, f[2]) == -340 && !j.error,
		      "journal numbers");
		CHECK(journal_number(&j, "12x") == 0 && j.error, "a field that is not a number faults");
		check_str(j.error, "run/journal:7: '12x' is not a number", "the fault, by file:line");
		journal_fault(&j, "a second fault");
		check_str(j.error, "run/journal:7: '12x' is not a number", "the first fault holds");
		free(j.error);
		j = (struct journal){ "run/wall", 0, NULL };
		journal_fault(&j, "empty");
		check_str(j.error, "run/wall: empty", "a fault of the file, at line 0");
		free(j.error);
	}
	CHECK(split_tabs(longer, f, 2) == 3, "a longer line shows as MAX + 1 fields");
	check_str(f[2], "c", "the last field kept of a longer line");
	CHECK(split_tabs(empty, f, 3) == 1 && !*f[0], "an empty line is one empty field");
}

/* A journal's lines made, written and read back; and the faults of each rule. */
static void journal_lines(void)
{
	char *kept[] = { "seconds=30", "tid=4+5", "names=f(), g()", "dtext=-32", "ddata=0", "dbss=0", "dfuncs=-20" };
	char *boot[] = { "verdict=FAIL", "tids=4+5", "result=no shell prompt" };
	char *bad_choice[] = { "verdict=MAYBE", "tids=1" }, *missing[] = { "tid=1" };
	char *gap[] = { "verdict=PASS" }, *twice[] = { "tid=1", "tid=2" }, *unknown[] = { "tid=1", "who=2" };
	char *tabbed[] = { "tid=1\t2" }, *notnum[] = { "symbol=X", "dir=off", "status=cannot", "dtext=x" };
	char path[] = "/tmp/tk-unit-journal-XXXXXX", *line, *err = NULL;
	struct journal_lines lines;
	FILE *f;
	int fd = mkstemp(path);

	CHECK(!journal_format("kept", kept, 7, &line, &err), "a kept line made: %s", err ? err : "");
	check_str(line, "kept\t4+5\tf(), g()\t-32\t0\t0\t-20\t30\n", "its fields in the kind's order");
	f = fdopen(fd, "w");
	fputs(line, f);
	free(line);
	CHECK(!journal_format("boot", boot, 3, &line, &err), "a boot line with its optional result");
	fputs(line, f);
	free(line);
	CHECK(!journal_format("boot", boot, 2, &line, &err), "a boot line without it");
	check_str(line, "boot\tFAIL\t4+5\n", "the optional field left off");
	fputs(line, f);
	free(line);
	fclose(f);
	CHECK(!journal_load(path, "deinline", &lines, &err), "the lines read back: %s", err ? err : "");
	CHECK(lines.n == 3 && lines.v[2].lineno == 3, "three lines, numbered");
	if (lines.n == 3) {
		check_str(journal_get(&lines.v[0], "names"), "f(), g()", "a text field by name");
		CHECK(journal_get_number(&lines.v[0], "dfuncs") == -20, "a number by name");
		check_str(journal_get(&lines.v[1], "result"), "no shell prompt", "the optional field");
		check_str(journal_get(&lines.v[2], "result"), "", "the optional field, left off");
		check_str(journal_get(&lines.v[0], "reason"), "", "a field a kept line has not");
	}
	journal_lines_free(&lines);
	CHECK(journal_load(path, "option-cost", &lines, &err) && err, "another journal's lines are refused");
	check_str(err, xasprintf("%s:1: not a journal line: kept", path), "named by file and line");
	journal_lines_free(&lines);
	free(err);
	unlink(path);

#define REFUSED(kind, v, want)                                                          \
	do {                                                                            \
		err = NULL;                                                             \
		CHECK(journal_format(kind, v, sizeof(v) / sizeof(v[0]), &line, &err), \
		      "%s refused", want);                                              \
		check_str(err, want, "the fault");                                      \
		free(err);                                                              \
	} while (0)
	REFUSED("boot", bad_choice, "boot: verdict 'MAYBE', not PASS or FAIL");
	REFUSED("kept", missing, "kept: a kept line needs names");
	REFUSED("boot", gap, "boot: a boot line needs tids");
	REFUSED("unkept", twice, "unkept: tid given twice");
	REFUSED("unkept", unknown, "unkept: 'who=2' is not NAME=VALUE for a field of an unkept line");
	REFUSED("unkept", tabbed, "unkept: an unkept line's tid holds a tab or a newline");
	REFUSED("option", notnum, "option: dtext 'x' is not a number");
	REFUSED("tried", missing, "tried: not a journal line kind");
#undef REFUSED
	CHECK(journal_field_index(journal_kind("option"), "reason") == 11, "an option line's reason is its 12th field");
	CHECK(journal_field_index(journal_kind("option"), "tid") < 0, "an option line has no tid");
}

static void name_map(void)
{
	struct strmap m = { 0 };
	int added, ok = 1;
	size_t i;
	char name[32];

	CHECK(strmap_index(&m, "a", &added) == 0 && added, "first name, index 0");
	CHECK(strmap_index(&m, "b", &added) == 1 && added, "second name, index 1");
	CHECK(strmap_index(&m, "a", &added) == 0 && !added, "a name again, its index");
	for (i = 0; i < 10000; i++) {
		snprintf(name, sizeof(name), "fn_%zu", i);
		ok &= strmap_index(&m, name, &added) == i + 2 && added;
	}
	for (i = 0; i < 10000; i++) {
		snprintf(name, sizeof(name), "fn_%zu", i);
		ok &= strmap_index(&m, name, &added) == i + 2 && !added;
	}
	CHECK(ok && m.n == 10002, "10,000 names through the map's growth, each its own index");
	strmap_free(&m);
	{
		char **v = NULL;
		int n = 0;

		strlist_add(&v, &n, xstrdup("first"));
		strlist_add(&v, &n, xstrdup("second"));
		CHECK(n == 2 && !strcmp(v[0], "first") && !strcmp(v[1], "second"), "a string list keeps its order");
		strlist_free(v, n);
	}
}

static void rank_correlation(void)
{
	long x[] = { 1, 2, 3, 4, 5 }, up[] = { 10, 20, 30, 40, 50 }, down[] = { 5, 4, 3, 2, 1 };
	long flat[] = { 7, 7, 7, 7, 7 }, tx[] = { 1, 2, 2, 3 }, ty[] = { 1, 2, 3, 4 };

	CHECK(fabs(spearman(x, up, 5) - 1.0) < 1e-12, "the same order: 1");
	CHECK(fabs(spearman(x, down, 5) + 1.0) < 1e-12, "the reverse order: -1");
	CHECK(isnan(spearman(x, flat, 5)), "a constant side: NAN");
	/* ranks 1, 2.5, 2.5, 4 against 1..4: 4.5 / sqrt(4.5 * 5) */
	CHECK(fabs(spearman(tx, ty, 4) - 4.5 / sqrt(22.5)) < 1e-12, "ties at their mean rank: %f",
	      spearman(tx, ty, 4));
}

static void budgets(void)
{
	char dir[] = "/tmp/tksize-unit-XXXXXX", *file, *frag;
	struct budget b;
	FILE *f;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	file = xasprintf("%s/tiny.budget", dir);
	frag = xasprintf("%s/variant-dce.config", dir);
	f = fopen(frag, "w");
	fclose(f);
	f = fopen(file, "w");
	fprintf(f, "# comment\n\ntext 100\ndce text 50\ntxt 12\ndir kernel/ text 10\ndce dir kernel text 5\n"
		   "lto text 1\n");
	fclose(f);
	budget_read(&b, "tiny", file, dir);
	CHECK(b.n == 4, "4 good lines of 6: %d", b.n);
	CHECK(budget_limit(&b, "dce", B_TEXT) == 50, "a variant's own line wins");
	CHECK(budget_limit(&b, "orig", B_TEXT) == 100, "the line for every variant");
	CHECK(budget_limit(&b, "orig", B_BSS) == -1, "no line, no limit");
	CHECK(budget_dir_line(&b, "dce", "kernel/", B_TEXT) && budget_dir_line(&b, "dce", "kernel/", B_TEXT)->max == 5,
	      "a variant's own dir line, \"kernel\" and \"kernel/\" one directory");
	CHECK(budget_dir_line(&b, "orig", "kernel", B_TEXT) && budget_dir_line(&b, "orig", "kernel", B_TEXT)->max == 10,
	      "the dir line for every variant");
	CHECK(b.nerrors == 2, "2 bad lines: %d", b.nerrors);
	if (b.nerrors == 2) {
		char *want1 = xasprintf("%s:5: unknown key (text, data, bss, dec, bzimage or min_ram): txt 12", file);
		char *want2 = xasprintf("%s:8: unknown variant 'lto' (no %s/variant-lto.config): lto text 1", file, dir);

		check_str(b.errors[0], want1, "the unknown key, by file:line");
		check_str(b.errors[1], want2, "the unknown variant, by file:line");
		free(want1);
		free(want2);
	}
	budget_free(&b);
	unlink(file);
	unlink(frag);
	rmdir(dir);
	free(file);
	free(frag);
}

static void report_records(void)
{
	struct stack_facts st = { .valid = 1, .threshold = 512, .funcs = 3, .over = 1, .dynamic = 1, .sum = 1700,
				  .ntop = 2, .top = { { "big", "a.c:1:1", "static", 1024 },
						      { "small", "b.c:2:3", "dynamic,bounded", 600 } } }, st2 = { 0 };
	struct inline_facts in = { .valid = 1, .declared = 10, .declared_inlined = 8, .outofline = 2,
				   .undeclared_inlined = 5, .sites = 99, .bytes = 4321, .ntop = 1,
				   .top = { { "memcpy_inline", 400, 20, 3 } } }, in2 = { 0 };
	struct symdiff_total t = { 1, 2, 3, 4, 500, 700, 10000, 9800 }, t2 = { 0 };
	struct attr_row rows[] = { { "fs/open.c", { 100, 20, 3, 90, 80 } }, { "[padding]", { 4, 0, 0, 4, 0 } } };
	struct attr_section secs[] = { { ".text", 0, 1, 7, 104, 100, 4, 80, 24 } };
	struct attribution a = { .valid = 1, .mapped = 1, .rows = rows, .nrows = 2, .secs = secs, .nsecs = 1 }, a2;
	json_object *o = json_object_new_object(), *j;
	char *err = NULL;
	int i, same = 1;

	j = stack_to_json(&st);
	CHECK(!stack_from_json(j, &st2, &err), "stack read back: %s", err ? err : "");
	CHECK(st2.valid && st2.funcs == 3 && st2.sum == 1700 && st2.threshold == 512 && st2.over == 1 &&
	      st2.dynamic == 1 && st2.ntop == 2, "stack figures read back");
	for (i = 0; i < st2.ntop && i < 2; i++)
		same &= !strcmp(st2.top[i].name, st.top[i].name) && !strcmp(st2.top[i].where, st.top[i].where) &&
			!strcmp(st2.top[i].kind, st.top[i].kind) && st2.top[i].bytes == st.top[i].bytes;
	CHECK(same, "stack frames read back");
	CHECK(member_int(j, "max") == 1024, "the stack's max is its largest frame");
	json_object_put(j);
	stack_free(&st2);

	j = inline_to_json(&in);
	CHECK(!inline_from_json(j, &in2, &err), "inline read back");
	CHECK(in2.valid && in2.declared == 10 && in2.declared_inlined == 8 && in2.outofline == 2 &&
	      in2.undeclared_inlined == 5 && in2.sites == 99 && in2.bytes == 4321 && in2.ntop == 1 &&
	      !strcmp(in2.top[0].name, "memcpy_inline") && in2.top[0].bytes == 400 && in2.top[0].sites == 20 &&
	      in2.top[0].cus == 3, "inline figures read back");
	json_object_put(j);
	inline_free(&in2);
	{
		/* GCC's LTO: the declared-inline counts not known, null in JSON, and not known again */
		struct inline_facts lto = { .valid = 1, .declared = -1, .declared_inlined = -1, .outofline = -1,
					    .undeclared_inlined = -1, .sites = 7, .bytes = 70 };
		char buf[8];

		j = inline_to_json(&lto);
		CHECK(json_object_is_type(member(j, "declared"), json_type_null) &&
		      json_object_is_type(member(j, "outofline"), json_type_null) && member_int(j, "sites") == 7,
		      "counts not known are null, the others numbers");
		CHECK(!inline_from_json(j, &in2, &err) && in2.declared == -1 && in2.declared_inlined == -1 &&
		      in2.outofline == -1 && in2.undeclared_inlined == -1 && in2.sites == 7, "null counts read back as not known");
		json_object_put(j);
		inline_free(&in2);
		check_str(inline_count(buf, sizeof(buf), -1), "n/a", "a count not known prints n/a");
		check_str(inline_count(buf, sizeof(buf), 0), "0", "a zero count prints 0");
	}
	{
		struct stack_facts none_st = { 0 };
		struct inline_facts none_in = { 0 };

		CHECK(!stack_to_json(&none_st) && !inline_to_json(&none_in), "figures not read are JSON's null");
	}

	diff_total_to_json(o, &t);
	CHECK(member_int(o, "down") == -700 && member_int(o, "up") == 500,
	      "report.json's down is bloat-o-meter's, negative: %lld", member_int(o, "down"));
	diff_total_from_json(o, &t2);
	CHECK(!memcmp(&t, &t2, sizeof(t)), "a diff's totals read back, down positive again");
	json_object_put(o);

	j = attribute_to_json(&a);
	CHECK(!attribute_from_json(j, &a2, &err), "attribution read back");
	CHECK(a2.valid && a2.mapped && a2.nrows == 2 && a2.nsecs == 1, "attribution's shape read back");
	same = a2.nrows == 2 && a2.nsecs == 1;
	for (i = 0; same && i < 2; i++)
		same &= !strcmp(a2.rows[i].path, rows[i].path) && !memcmp(a2.rows[i].v, rows[i].v, sizeof(rows[i].v));
	same = same && !strcmp(a2.secs[0].name, ".text") && a2.secs[0].cls == 0 && a2.secs[0].code &&
	       a2.secs[0].functions == 7 && a2.secs[0].size == 104 && a2.secs[0].owned == 100 &&
	       a2.secs[0].remainder == 4 && a2.secs[0].written == 80 && a2.secs[0].written_remainder == 24;
	CHECK(same, "attribution rows and sections read back");
	json_object_put(j);
	attribute_free(&a2);
	CHECK(!strcmp(REPORT_SCHEMA, "tinykern-report-3"), "the schema name");
}

int main(void)
{
	ranges();
	paths();
	journal_fields();
	journal_lines();
	name_map();
	rank_correlation();
	budgets();
	report_records();
	printf("unit-tests: %d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
