// SPDX-License-Identifier: GPL-2.0
/*
 * The report as make prints it: the size table, one per opt level, then
 * the boot, stack and inline tables, where the bytes go, the bloat-o-meter
 * summaries and the budgets, and each run's figures.
 */
#include <stdio.h>

#include "output/advisor-print.h"
#include "output/optcost-print.h"
#include "output/report-text.h"
#include "output/tables.h"

void print_text(FILE *f, const struct report *r)
{
	int i;

	print_size_tables(f, r, "");
	print_tree_tables(f, r);
	print_boot_table(f, r);
	fprintf(f, "\n%s\n", STACK_HEADER);
	for (i = 0; i < r->n; i++)
		if (r->ks[i].built)
			print_stack_summary(f, r->ks[i].name, &r->ks[i].stack);
	fprintf(f, "\n%s\n", INLINE_HEADER);
	for (i = 0; i < r->n; i++)
		if (r->ks[i].built)
			print_inline_summary(f, r->ks[i].name, &r->ks[i].inl);
	print_inline_note(f, r, "");
	print_dir_tables(f, r);
	for (i = 0; i < r->np; i++)
		print_pair_summary(f, &r->pairs[i]);
	if (r->nrows || r->nnotes) {
		fprintf(f, "budgets:\n");
		print_budgets(f, r, "  ");
	}
	for (i = 0; i < r->nadvisors; i++) {
		fprintf(f, "\ndeinline %s:\n", r->advisors[i].name);
		advisor_print(f, &r->advisors[i], "  ");
	}
	for (i = 0; i < r->noptcosts; i++) {
		fprintf(f, "\noption cost %s (against the base kernel):\n", r->optcosts[i].name);
		optcost_print(f, &r->optcosts[i], "  ");
	}
}
