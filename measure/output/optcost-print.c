// SPDX-License-Identifier: GPL-2.0
/* A make option-cost run's table, as tksize optcost and the report print it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/optcost-print.h"

/* "+3 (PI, FUTEX_PI, ...)": how many symbols kconfig changed with it, the first few named. */
static void print_changed(FILE *f, const char *changed)
{
	const char *p = changed;
	int n = 1, shown = 0;

	if (!strcmp(changed, "-"))
		return;
	for (; *p; p++)
		n += *p == ',';
	fprintf(f, "  %d:", n);
	for (p = changed; *p && shown < 4; shown++) {
		size_t len = strcspn(p, ",");

		fprintf(f, " %.*s", (int)len, p);
		p += len + (p[len] == ',');
	}
	if (n > shown)
		fputs(" ...", f);
}

/* The length of a boot reason's first clause: a console line up to its first
 * sentence, and not the rest (the whole is in the journal and the JSON). */
static int first_clause(const char *reason)
{
	size_t len = strcspn(reason, ";");
	const char *stop = strstr(reason, ". ");

	if (stop && (size_t)(stop - reason) < len)
		len = (size_t)(stop - reason);
	return len > 100 ? 100 : (int)len;
}

static int count_names(const char *names)
{
	int n = 1;

	for (; *names; names++)
		n += *names == ',';
	return n;
}

/* One row: figures, or why there are none; a forced row ends naming its
 * selectors.  Returns the row's status. */
static enum optcost_status print_row(FILE *f, const struct optcost_option *o, const char *indent)
{
	fprintf(f, "%s%-24s %-4s ", indent, o->symbol, o->on ? "on" : "off");
	if (o->status == OPTCOST_CANNOT) {
		fprintf(f, "%s\n", o->reason);
		return o->status;
	}
	if (o->status == OPTCOST_FAILED) {
		fprintf(f, "build failed after %lds: %s%s%s\n", o->seconds, o->reason,
			o->selectors ? "; selected by " : "", o->selectors ? o->selectors : "");
		return o->status;
	}
	fprintf(f, "%+8ld %+7ld %+7ld %+8ld  %-4s %5lds", o->d.text, o->d.data, o->d.bss, o->d.bzimage, o->boot,
		o->seconds);
	print_changed(f, o->changed);
	if (!strcmp(o->boot, "FAIL") && strcmp(o->reason, "-"))
		fprintf(f, "  (boot: %.*s)", first_clause(o->reason), o->reason);
	if (o->selectors)
		fprintf(f, "  (selected by %s)", o->selectors);
	fputc('\n', f);
	return o->status;
}

/* The option SYMBOL, ON, of N in O; NULL if none. */
static const struct optcost_option *find_option(const struct optcost_option *o, int n, const char *symbol, int on)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(o[i].symbol, symbol) && o[i].on == on)
			return &o[i];
	return NULL;
}

/* Each option measured again without DCE beside its text with DCE, in the
 * table's order (the largest change first). */
static void print_nodce(FILE *f, const struct optcost_facts *c, const char *indent)
{
	int i;

	fprintf(f, "%swithout DCE: the options that move text most, each measured again on the same kernel"
		" without it:\n", indent);
	fprintf(f, "%s%-24s %-4s %9s %9s %9s  %s\n", indent, "option (CONFIG_)", "to", "with DCE", "without",
		"change", "boot");
	for (i = 0; i < c->noptions; i++) {
		const struct optcost_option *o = &c->options[i];
		const struct optcost_option *n = find_option(c->nodce->options, c->nodce->noptions, o->symbol, o->on);

		if (!n || o->status != OPTCOST_MEASURED)
			continue;
		fprintf(f, "%s%-24s %-4s %+9ld ", indent, o->symbol, o->on ? "on" : "off", o->d.text);
		if (n->status == OPTCOST_MEASURED)
			fprintf(f, "%+9ld %+9ld  %s\n", n->d.text, n->d.text - o->d.text, n->boot);
		else
			fprintf(f, "%s\n", n->reason);
	}
	fprintf(f, "%s%ld s of builds without DCE\n", indent, c->nodce->seconds);
}

void optcost_print(FILE *f, const struct optcost_facts *c, const char *indent)
{
	int i, cannot = 0, failed = 0;

	fprintf(f, "%s%-24s %-4s %8s %7s %7s %8s  %-4s %6s  %s\n", indent, "option (CONFIG_)", "to", "text", "data",
		"bss", "bzImage", "boot", "build", "changed with it (+on -off ~value)");
	for (i = 0; i < c->noptions; i++) {
		enum optcost_status s = print_row(f, &c->options[i], indent);

		cannot += s == OPTCOST_CANNOT;
		failed += s == OPTCOST_FAILED;
	}
	fprintf(f, "%s%d options: %d measured, %d kconfig would not flip, %d failed to build; %ld s of builds\n", indent,
		c->noptions, c->noptions - cannot - failed, cannot, failed, c->seconds);
	if (c->data_less_init_fill)
		fprintf(f, "%sdata: size's, less the page of fill .data's init stack takes or gives back as .text moves\n",
			indent);
	else
		fprintf(f, "%sdata: size's, with the page of fill .data's init stack takes or gives back as .text moves"
			" (measured before option-cost left it out): a figure may be 4,096 off\n", indent);
	if (c->nforced) {
		fprintf(f, "%sforced on: selected by symbols no user can set, so kconfig would not turn them off;"
			" each built with those select lines taken out:\n", indent);
		for (i = 0; i < c->nforced; i++)
			print_row(f, &c->forced[i], indent);
	}
	if (c->nodce)
		print_nodce(f, c, indent);
	if (c->combined.present) {
		const struct optcost_group *g = &c->combined;

		fprintf(f, "%scombined: the %d options that save most and boot, together: text %+ld against %+ld summed"
			" one at a time", indent, count_names(g->names), g->d.text, g->sum_dtext);
		if (g->sum_dtext)
			fprintf(f, " (%.1f%%)", 100.0 * (double)g->d.text / (double)g->sum_dtext);
		fprintf(f, ", data %+ld, bss %+ld, bzImage %+ld, boot %s\n%s  %s\n", g->d.data, g->d.bss, g->d.bzimage,
			g->boot, indent, g->names);
	}
	if (c->fragment.present && !strcmp(c->fragment.names, "-")) {
		fprintf(f, "%sfragment: none; each option that saves bytes was dropped, and still no kernel passed"
			" the boot check: %s\n", indent, c->fragment.dropped);
	} else if (c->fragment.present) {
		const struct optcost_group *g = &c->fragment;

		fprintf(f, "%sfragment: %d options that save bytes, together: text %+ld, data %+ld, bss %+ld,"
			" bzImage %+ld, boot %s", indent, count_names(g->names), g->d.text, g->d.data, g->d.bss,
			g->d.bzimage, g->boot);
		if (strcmp(g->dropped, "-"))
			fprintf(f, "; dropped to pass the boot check: %s", g->dropped);
		fputc('\n', f);
	}
}
