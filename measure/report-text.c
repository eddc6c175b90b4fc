// SPDX-License-Identifier: GPL-2.0
/*
 * The report as make prints it: the 2005 cover letter's size table, one per
 * opt level, then boot, stack and inline tables, the bloat-o-meter
 * summaries and the budgets; last, the cause of every failure.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

/* "CONFIG_CC_OPTIMIZE_FOR_SIZE" for Os: how the cover letter named its tables. */
static const char *opt_title(const char *opt)
{
	if (!strcmp(opt, "Os"))
		return "-Os, CONFIG_CC_OPTIMIZE_FOR_SIZE";
	if (!strcmp(opt, "O2"))
		return "-O2, CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE";
	return opt;
}

static void print_opt_table(FILE *f, const struct report *r, const char *opt, const char *indent)
{
	char buf[32];
	int i;

	fprintf(f, "%s   text    data     bss     dec     hex filename                         text%%  bzImage  boot\n",
		indent);
	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];
		char file[300];

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

void print_size_tables(FILE *f, const struct report *r, const char *indent)
{
	int i, j, shown = 0;

	for (i = 0; i < r->n; i++) {
		for (j = 0; j < i && strcmp(r->ks[j].opt, r->ks[i].opt); j++)
			;
		if (j < i)
			continue;	/* this opt level's table is printed */
		if (strcmp(r->ks[i].opt, "-"))
			fprintf(f, "%s%s%s:\n", shown++ ? "\n" : "", indent, opt_title(r->ks[i].opt));
		print_opt_table(f, r, r->ks[i].opt, indent);
	}
}

void print_boot_table(FILE *f, const struct report *r)
{
	int i;

	fprintf(f, "\n%-22s %8s %7s %9s %9s %8s\n", "boot", "kernel s", "wall s",
		"MemTotal", "MemFree", "min RAM");
	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];
		char ram[32] = "-";

		if (!passed(k))
			continue;
		if (k->min_ram_mib)
			snprintf(ram, sizeof(ram), "%ld MiB", k->min_ram_mib);
		fprintf(f, "%-22s %8.2f %7.2f %6ld kB %6ld kB %8s\n", k->name, k->uptime_s,
			k->boot_seconds, k->memtotal_kb, k->memfree_kb, ram);
	}
}

void print_stack_summary(FILE *f, const char *name, const struct stack_facts *st)
{
	if (st->error) {
		fprintf(f, "%-22s unavailable: %s\n", name, st->error);
		return;
	}
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
	if (in->error) {
		fprintf(f, "%-22s unavailable: %s\n", name, in->error);
		return;
	}
	if (!in->valid) {
		fprintf(f, "%-22s %s\n", name, in->not_measured ?
			"not measured: built without DWARF (DEBUG_INFO=no)" : "no inline table");
		return;
	}
	fprintf(f, "%-22s %8ld %8ld %8ld %8ld %9ld %10lld\n", name, in->declared,
		in->declared_inlined, in->outofline, in->undeclared_inlined, in->sites, in->bytes);
}

static double pct(double from, double to)
{
	return from ? 100.0 * (to - from) / from : 0.0;
}

static double mean(const struct stack_facts *st)
{
	return st->funcs ? (double)st->sum / (double)st->funcs : 0.0;
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
		mean(x), mean(y), pct(mean(x), mean(y)), x->threshold, x->over, y->over);
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

void print_pair_summary(FILE *f, const struct pair *p)
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

void print_budgets(FILE *f, const struct report *r, const char *indent)
{
	int i;

	for (i = 0; i < r->nrows; i++) {
		const struct limit_row *l = &r->rows[i];
		int over = l->value > l->max;

		fprintf(f, "%s%-22s %-7s %8lld of %8lld  %s %lld\n", indent, l->k->name,
			budget_key_names[l->key], l->value, l->max, over ? "OVER by" : "headroom",
			over ? l->value - l->max : l->max - l->value);
	}
	for (i = 0; i < r->nnotes; i++)
		fprintf(f, "%snote: %s\n", indent, r->notes[i]);
}

void print_causes(FILE *f, const struct report *r, const char *prefix)
{
	int i;

	for (i = 0; i < r->n; i++) {
		const struct kernel *k = &r->ks[i];

		if (!passed(k))
			fprintf(f, "%s%s: FAIL at %s: %s\n", prefix, k->name, k->stage ? k->stage : "boot",
				k->reason ? k->reason : "");
		if (k->stack.error)
			fprintf(f, "%s%s: stack figures unavailable: %s\n", prefix, k->name, k->stack.error);
		if (k->inl.error)
			fprintf(f, "%s%s: inline figures unavailable: %s\n", prefix, k->name, k->inl.error);
	}
	for (i = 0; i < r->nmissing; i++)
		fprintf(f, "%s%s: %s -> %s: symbol diff unavailable: %s\n", prefix, r->missing[i].from->group,
			r->missing[i].from->variant, r->missing[i].to->variant, r->missing[i].why);
}

void print_text(FILE *f, const struct report *r)
{
	int i;

	print_size_tables(f, r, "");
	print_boot_table(f, r);
	fprintf(f, "\n%s\n", STACK_HEADER);
	for (i = 0; i < r->n; i++)
		if (r->ks[i].built)
			print_stack_summary(f, r->ks[i].name, &r->ks[i].stack);
	fprintf(f, "\n%s\n", INLINE_HEADER);
	for (i = 0; i < r->n; i++)
		if (r->ks[i].built)
			print_inline_summary(f, r->ks[i].name, &r->ks[i].inl);
	for (i = 0; i < r->np; i++)
		print_pair_summary(f, &r->pairs[i]);
	if (r->nrows || r->nnotes) {
		fprintf(f, "budgets:\n");
		print_budgets(f, r, "  ");
	}
}
