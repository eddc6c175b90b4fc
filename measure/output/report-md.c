// SPDX-License-Identifier: GPL-2.0
/* build/report.md: the printed tables in code blocks, with every top list and diff. */
#include <stdio.h>
#include <string.h>

#include "analyses/dirs.h"
#include "base/util.h"
#include "output/advisor-print.h"
#include "output/attribute-print.h"
#include "output/bloat.h"
#include "output/optcost-print.h"
#include "output/report-md.h"
#include "output/tables.h"

static void write_md_stack(FILE *f, const struct report *r)
{
	int i;

	fprintf(f, "\n## Stack footprint\n\nPer-function frames from gcc's `-fstack-usage`, for the"
		   " functions vmlinux has, each joined to its own object's symbol;"
		   " mean = sum / funcs.\n\n```\n%s\n", STACK_HEADER);
	for (i = 0; i < r->n; i++)
		if (r->ks[i].built)
			print_stack_summary(f, r->ks[i].name, &r->ks[i].stack);
	fprintf(f, "```\n");
	for (i = 0; i < r->n; i++) {
		if (!r->ks[i].stack.valid)
			continue;
		fprintf(f, "\n<details><summary>%s: the %d largest frames</summary>\n\n```\n",
			r->ks[i].name, r->ks[i].stack.ntop);
		print_stack_top(f, &r->ks[i].stack);
		fprintf(f, "```\n</details>\n");
	}
}

static void write_md_inline(FILE *f, const struct report *r)
{
	int i, j;

	fprintf(f, "\n## Inline cost\n\nFrom the DWARF of each kernel built with debug info"
		   " (same code), live code only: functions declared inline, how many were inlined,"
		   " how many also have an out-of-line copy, functions gcc inlined undeclared,"
		   " inline expansions (nested ones included) and the bytes of the image that are"
		   " inlined code, each byte counted once.  A function's row includes the code"
		   " of the expansions nested in it, so the rows add up to more than the total.\n\n"
		   "```\n%s\n", INLINE_HEADER);
	for (i = 0; i < r->n; i++)
		if (r->ks[i].built)
			print_inline_summary(f, r->ks[i].name, &r->ks[i].inl);
	fprintf(f, "```\n");
	print_inline_note(f, r, "\n");
	for (i = 0; i < r->n; i++) {
		const struct inline_facts *in = &r->ks[i].inl;

		if (!in->valid)
			continue;
		fprintf(f, "\n<details><summary>%s: the %d inline functions with the most inlined"
			   " bytes</summary>\n\n```\n%-40s %10s %8s %5s\n", r->ks[i].name,
			in->ntop, "name", "totsz", "exp#", "src#");
		for (j = 0; j < in->ntop; j++)
			fprintf(f, "%-40s %10lld %8ld %5ld\n", in->top[j].name, in->top[j].bytes,
				in->top[j].sites, in->top[j].cus);
		fprintf(f, "```\n</details>\n");
	}
}

static void write_md_dirs(FILE *f, const struct report *r)
{
	struct attribution dirs;
	int i;

	fprintf(f, "\n## Where the bytes go\n\nEvery byte of each vmlinux attributed to a source file"
		   " from its DWARF (`tksize attribute`): code and data where they live, the compilation"
		   " unit that holds them; code written in headers is inlined code, counted where it"
		   " lives above.  A `[section]` row holds that section's bytes that no source file owns:"
		   " merged strings, compiler constants, the x86 tables, padding.\n\n```");
	print_dir_tables(f, r);
	fprintf(f, "```\n");
	for (i = 0; i < r->n; i++) {
		if (!r->ks[i].attr.valid)
			continue;
		attribute_rollup(&r->ks[i].attr, 2, &dirs);
		fprintf(f, "\n<details><summary>%s: directories two levels deep</summary>\n\n```\n",
			r->ks[i].name);
		attribute_print(f, &dirs);
		fprintf(f, "```\n</details>\n");
		attribute_free(&dirs);
	}
}

static void write_md_pairs(FILE *f, const struct report *r)
{
	int i;

	for (i = 0; i < r->np; i++) {
		const struct pair *p = &r->pairs[i];
		char title[400];

		fprintf(f, "\n## %s, symbol by symbol\n\n", pair_title(p, title, sizeof(title)));
		if (p->table.rows) {
			fprintf(f, "As `scripts/bloat-o-meter` prints it.\n\n```\n");
			bloat_print(f, &p->table);
			fprintf(f, "```\n");
			continue;
		}
		fprintf(f, "Merged from another machine's report.json: totals only.\n\n```\n");
		print_pair_summary(f, p);
		fprintf(f, "```\n");
	}
	for (i = 0; i < r->nmissing; i++) {
		char title[400];

		fprintf(f, "\n## %s, symbol by symbol\n\nUnavailable: %s\n",
			missing_title(&r->missing[i], title, sizeof(title)), r->missing[i].why);
	}
}

void write_md(const char *path, const struct report *r)
{
	char *tmp;
	FILE *f = open_report(path, &tmp);
	int i;

	fprintf(f, "# tinykern size report\n\n");
	fprintf(f, "Sizes as binutils `size` prints them; text%% is the change against the"
		   " baseline variant of the same config and opt level.\n\n```\n");
	print_size_tables(f, r, "");
	fprintf(f, "```\n");
	if (tree_count(r) > 1) {
		fprintf(f, "\n## Across trees\n\nThe same config, opt level and variant built from each"
			   " source tree; the change is against the first tree's.\n\n```");
		print_tree_tables(f, r);
		fprintf(f, "```\n");
	}
	fprintf(f, "\n## Boot\n\nkernel s: the guest's uptime when init printed its marker;"
		   " wall s: the whole QEMU run under TCG; min RAM: the least `-m` it boots in.\n\n"
		   "| kernel | boot | kernel s | wall s | MemTotal kB | MemFree kB | min RAM MiB | console log |\n"
		   "|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];

		fprintf(f, "| %s | %s | %.2f | %.2f | %ld | %ld | %ld | ", k->name, k->boot,
			k->uptime_s, k->boot_seconds, k->memtotal_kb, k->memfree_kb, k->min_ram_mib);
		if (k->built && strcmp(k->boot, "-") && k->dir)
			fprintf(f, "[boot.log](%s/boot.log) |\n", k->dir);
		else
			fprintf(f, "- |\n");
	}
	print_causes(f, r, "\n- ");
	fprintf(f, "\n## Budgets\n\n```\n");
	print_budgets(f, r, "");
	fprintf(f, "```\n");
	write_md_stack(f, r);
	write_md_inline(f, r);
	write_md_dirs(f, r);
	write_md_pairs(f, r);
	for (i = 0; i < r->nadvisors; i++) {
		fprintf(f, "\n## De-inlining advisor: %s\n\n```\n", r->advisors[i].name);
		advisor_print(f, &r->advisors[i], "");
		fprintf(f, "```\n");
	}
	for (i = 0; i < r->noptcosts; i++) {
		fprintf(f, "\n## Option cost: %s\n\nEach option flipped alone on the base kernel, built, measured and booted"
			" (`make option-cost`).\n\n```\n", r->optcosts[i].name);
		optcost_print(f, &r->optcosts[i], "");
		fprintf(f, "```\n");
	}
	close_report(f, tmp, path);
}
