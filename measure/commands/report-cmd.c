// SPDX-License-Identifier: GPL-2.0
/*
 * tksize report: the command.  It parses the options, has report.c
 * assemble the report, prints it and hands it to each writer, and says
 * last what failed.  Its exit code says whether every kernel built,
 * booted, stayed within its budget and had every figure read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/report-cmd.h"
#include "output/report-html.h"
#include "output/report-json.h"
#include "output/report-md.h"
#include "output/report-text.h"
#include "output/tables.h"
#include "base/util.h"

/* Where the report goes; what it is made of is the report_inputs. */
struct options {
	const char *md, *json, *html, *causes;
	struct report_inputs in;
};

#define USAGE "usage: tksize report [--md F] [--json F] [--html F] [--baseline V] [--diff FROM:TO]" \
	 " [--budget CONFIG[/OPT]=FILE] [--fragments DIR] [--merge REPORT.json] [--causes FILE]" \
	" [--deinline NAME=TDIR] [--optcost NAME=TDIR]" \
	" CONFIG/OPT/VARIANT=KDIR..."

static void parse(int argc, char **argv, struct options *o)
{
	struct report_inputs *in = &o->in;
	int i;

	memset(o, 0, sizeof(*o));
	in->baseline = "orig";
	in->specs = xcalloc((size_t)argc, sizeof(char *));
	in->budget_args = xcalloc((size_t)argc, sizeof(char *));
	in->merge_paths = xcalloc((size_t)argc, sizeof(char *));
	in->kernel_args = xcalloc((size_t)argc, sizeof(char *));
	in->deinline_args = xcalloc((size_t)argc, sizeof(char *));
	in->optcost_args = xcalloc((size_t)argc, sizeof(char *));
	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (a[0] == '-' && a[1] == '-' && i + 1 == argc)
			die("%s needs a value; %s", a, USAGE);
		if (!strcmp(a, "--md"))
			o->md = argv[++i];
		else if (!strcmp(a, "--json"))
			o->json = argv[++i];
		else if (!strcmp(a, "--html"))
			o->html = argv[++i];
		else if (!strcmp(a, "--baseline"))
			in->baseline = argv[++i];
		else if (!strcmp(a, "--causes"))
			o->causes = argv[++i];
		else if (!strcmp(a, "--fragments"))
			in->fragments = argv[++i];
		else if (!strcmp(a, "--diff"))
			in->specs[in->nspecs++] = argv[++i];
		else if (!strcmp(a, "--budget"))
			in->budget_args[in->nbudgets++] = argv[++i];
		else if (!strcmp(a, "--deinline"))
			in->deinline_args[in->ndeinline++] = argv[++i];
		else if (!strcmp(a, "--optcost"))
			in->optcost_args[in->noptcost++] = argv[++i];
		else if (!strcmp(a, "--merge"))
			in->merge_paths[in->nmerges++] = argv[++i];
		else if (a[0] == '-' && a[1] == '-')
			die("unknown option %s; %s", a, USAGE);
		else
			in->kernel_args[in->nkernels++] = argv[i];
	}
}

int report_main(int argc, char **argv)
{
	struct options o;
	struct report r;
	char *err;
	int i, ret;

	parse(argc, argv, &o);
	if (!o.in.nkernels && !o.in.nmerges)
		die(USAGE);
	if (report_build(&r, &o.in, &err))
		die("%s", err);
	for (i = 0; i < r.nnotices; i++)
		fprintf(stderr, "tksize: %s\n", r.notices[i]);
	print_text(stdout, &r);
	fflush(stdout);
	if (o.md)
		write_md(o.md, &r);
	if (o.json)
		write_json(o.json, &r);
	if (o.html)
		write_html(o.html, &r);
	/* the causes last, where a person or a CI log viewer looks */
	print_over(stderr, &r, "tksize: ");
	print_causes(stderr, &r, "tksize: ");
	if (o.causes)
		remove(o.causes);	/* a cause of an earlier report is no cause now */
	if (o.causes && (r.failed || r.over || r.unavailable || r.nerrors)) {
		char *tmp;
		FILE *f = open_report(o.causes, &tmp);

		print_over(f, &r, "");
		print_causes(f, &r, "");
		close_report(f, tmp, o.causes);
	}

	ret = r.failed || r.over || r.unavailable || r.nerrors ? 1 : 0;
	report_free(&r);
	free(o.in.specs);
	free(o.in.budget_args);
	free(o.in.merge_paths);
	free(o.in.kernel_args);
	free(o.in.deinline_args);
	free(o.in.optcost_args);
	return ret;
}
