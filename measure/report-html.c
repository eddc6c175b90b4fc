// SPDX-License-Identifier: GPL-2.0
/*
 * build/report.html: the report as one self-contained page, with inline CSS
 * and SVG and nothing fetched from anywhere, so it can be mailed or kept
 * as a CI artefact and still open offline.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "util.h"

static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

static void head(FILE *f)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<title>tinykern report</title>\n<style>\n"
	      "body{font-family:sans-serif;margin:2em;color:#222}\n"
	      "table{border-collapse:collapse;margin:1em 0}\n"
	      "th,td{border:1px solid #bbb;padding:.25em .6em;text-align:right}\n"
	      "th:first-child,td:first-child{text-align:left}\n"
	      ".PASS{color:#070;font-weight:bold}.FAIL{color:#b00;font-weight:bold}\n"
	      ".over{color:#b00}\npre{background:#f4f4f4;padding:.6em;overflow:auto}\n"
	      "</style></head><body>\n<h1>tinykern report</h1>\n", f);
}

static void size_table(FILE *f, const struct kernel *ks, int n)
{
	char buf[32];
	int i;

	fputs("<h2>Sizes</h2>\n<p>As binutils <code>size</code> prints them; text % is the"
	      " change against the baseline variant of the same config and opt level.</p>\n"
	      "<table id=\"sizes\"><tr><th>kernel</th><th>text</th><th>data</th><th>bss</th>"
	      "<th>dec</th><th>hex</th><th>text %</th><th>bzImage</th><th>boot</th></tr>\n", f);
	for (i = 0; i < n; i++) {
		const struct kernel *k = &ks[i];

		fputs("<tr><td>", f);
		esc(f, k->name);
		if (k->built)
			fprintf(f, "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64
				"</td><td>%" PRIu64 "</td><td>%" PRIx64 "</td><td>%s</td><td>%lld",
				k->sz.text, k->sz.data, k->sz.bss, dec(k), dec(k),
				text_change(k, buf, sizeof(buf)), k->bzimage);
		else
			fputs("</td><td>-</td><td>-</td><td>-</td><td>-</td><td>-</td><td>n/a</td><td>-", f);
		fprintf(f, "</td><td class=\"%s\">%s</td></tr>\n", k->boot, k->boot);
	}
	fputs("</table>\n", f);
}

/* One stacked bar per kernel: text, data, bss, to the scale of the largest. */
static void size_chart(FILE *f, const struct kernel *ks, int n)
{
	static const char *const colour[] = { "#4a78b5", "#e39a3b", "#9bbb59" };
	const int left = 190, width = 560, bar = 22, gap = 10;
	uint64_t max = 1;
	int i, j;

	for (i = 0; i < n; i++)
		if (ks[i].built && dec(&ks[i]) > max)
			max = dec(&ks[i]);
	fprintf(f, "<svg id=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
		" role=\"img\" aria-label=\"text, data and bss per kernel\">\n",
		left + width + 20, 30 + n * (bar + gap));
	for (j = 0; j < 3; j++)
		fprintf(f, "<rect x=\"%d\" y=\"4\" width=\"12\" height=\"12\" fill=\"%s\"/>"
			"<text x=\"%d\" y=\"15\" font-size=\"12\">%s</text>\n",
			left + j * 80, colour[j], left + j * 80 + 16, j == 0 ? "text" : j == 1 ? "data" : "bss");
	for (i = 0; i < n; i++) {
		const struct kernel *k = &ks[i];
		uint64_t part[3] = { k->sz.text, k->sz.data, k->sz.bss };
		int y = 26 + i * (bar + gap);
		double x = left;

		fprintf(f, "<text x=\"0\" y=\"%d\" font-size=\"12\">", y + 15);
		esc(f, k->name);
		fputs("</text>\n", f);
		for (j = 0; k->built && j < 3; j++) {
			double w = (double)width * (double)part[j] / (double)max;

			fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
				"<title>%s %" PRIu64 "</title></rect>\n",
				x, y, w, bar, colour[j], j == 0 ? "text" : j == 1 ? "data" : "bss", part[j]);
			x += w;
		}
	}
	fputs("</svg>\n", f);
}

static void boot_table(FILE *f, const struct kernel *ks, int n)
{
	int i;

	fputs("<h2>Boot</h2>\n<p>kernel s: the guest's uptime when init printed its marker;"
	      " wall s: the whole QEMU run under TCG; min RAM: the least <code>-m</code> it boots in.</p>\n"
	      "<table id=\"boot\"><tr><th>kernel</th><th>boot</th><th>reason</th><th>kernel s</th>"
	      "<th>wall s</th><th>MemTotal kB</th><th>MemFree kB</th><th>min RAM MiB</th>"
	      "<th>console</th></tr>\n", f);
	for (i = 0; i < n; i++) {
		const struct kernel *k = &ks[i];

		fputs("<tr><td>", f);
		esc(f, k->name);
		fprintf(f, "</td><td class=\"%s\">%s</td><td>", k->boot, k->boot);
		esc(f, k->reason ? k->reason : "");
		fprintf(f, "</td><td>%.2f</td><td>%.2f</td><td>%ld</td><td>%ld</td><td>%ld</td>"
			"<td><a href=\"", k->uptime_s, k->boot_seconds, k->memtotal_kb,
			k->memfree_kb, k->min_ram_mib);
		esc(f, k->dir ? k->dir : "");
		fputs("/boot.log\">boot.log</a></td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void budget_table(FILE *f, const struct limit_row *rows, int nrows)
{
	int i;

	fputs("<h2>Budgets</h2>\n<table id=\"budgets\"><tr><th>kernel</th><th>figure</th>"
	      "<th>value</th><th>limit</th><th>headroom</th></tr>\n", f);
	for (i = 0; i < nrows; i++) {
		const struct limit_row *r = &rows[i];
		char label[300];

		fputs("<tr><td>", f);
		esc(f, r->k->name);
		fputs("</td><td>", f);
		esc(f, limit_label(r, label, sizeof(label)));
		fprintf(f, "</td><td>%lld</td><td>%lld</td><td%s>%lld</td></tr>\n", r->value, r->max,
			r->value > r->max ? " class=\"over\"" : "", r->max - r->value);
	}
	fputs("</table>\n", f);
	if (!nrows)
		fputs("<p>No budget for these configs.</p>\n", f);
}

static void stack_table(FILE *f, const struct kernel *ks, int n)
{
	int i, j;

	fputs("<h2>Stack footprint</h2>\n<p>Per-function frames from gcc's <code>-fstack-usage</code>,"
	      " for the functions vmlinux has.</p>\n<table id=\"stack\"><tr><th>kernel</th>"
	      "<th>functions</th><th>largest</th><th>sum</th><th>mean</th>", f);
	fprintf(f, "<th>&gt;%d</th><th>largest frame</th></tr>\n", STACK_THRESHOLD);
	for (i = 0; i < n; i++) {
		const struct stack_facts *st = &ks[i].stack;

		if (!st->valid)
			continue;
		fputs("<tr><td>", f);
		esc(f, ks[i].name);
		fprintf(f, "</td><td>%ld</td><td>%ld</td><td>%lld</td><td>%.1f</td><td>%ld</td><td>",
			st->funcs, st->ntop ? st->top[0].bytes : 0, st->sum,
			st->funcs ? (double)st->sum / (double)st->funcs : 0.0, st->over);
		esc(f, st->ntop ? st->top[0].name : "-");
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
	for (i = 0; i < n; i++) {
		const struct stack_facts *st = &ks[i].stack;

		if (!st->valid)
			continue;
		fputs("<details><summary>", f);
		esc(f, ks[i].name);
		fputs(": the largest frames</summary><table class=\"frames\"><tr><th>function</th>"
		      "<th>bytes</th><th>kind</th><th>where</th></tr>\n", f);
		for (j = 0; j < st->ntop; j++) {
			fputs("<tr><td>", f);
			esc(f, st->top[j].name);
			fprintf(f, "</td><td>%ld</td><td>", st->top[j].bytes);
			esc(f, st->top[j].kind);
			fputs("</td><td>", f);
			esc(f, st->top[j].where);
			fputs("</td></tr>\n", f);
		}
		fputs("</table></details>\n", f);
	}
}

static void inline_table(FILE *f, const struct kernel *ks, int n)
{
	int i, j;

	fputs("<h2>Inline cost</h2>\n<p>From the DWARF of each kernel, built with debug info."
	      "</p>\n<table id=\"inline\"><tr><th>kernel</th><th>declared inline</th><th>inlined</th>"
	      "<th>with out-of-line copy</th><th>inlined undeclared</th><th>sites</th>"
	      "<th>inlined bytes</th></tr>\n", f);
	for (i = 0; i < n; i++) {
		const struct inline_facts *in = &ks[i].inl;

		if (!in->valid)
			continue;
		fputs("<tr><td>", f);
		esc(f, ks[i].name);
		fprintf(f, "</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%ld</td><td>%lld"
			"</td></tr>\n", in->declared, in->declared_inlined, in->outofline,
			in->undeclared_inlined, in->sites, in->bytes);
	}
	fputs("</table>\n", f);
	for (i = 0; i < n; i++) {
		const struct inline_facts *in = &ks[i].inl;

		if (!in->valid)
			continue;
		fputs("<details><summary>", f);
		esc(f, ks[i].name);
		fputs(": the inline functions with the most inlined bytes</summary><table class=\"inl\">"
		      "<tr><th>function</th><th>bytes</th><th>sites</th><th>CUs</th></tr>\n", f);
		for (j = 0; j < in->ntop; j++) {
			fputs("<tr><td>", f);
			esc(f, in->top[j].name);
			fprintf(f, "</td><td>%lld</td><td>%ld</td><td>%ld</td></tr>\n", in->top[j].bytes,
				in->top[j].sites, in->top[j].cus);
		}
		fputs("</table></details>\n", f);
	}
}

/* The directory tables as make prints them: source paths need no escaping but get it. */
static void dir_tables(FILE *f, const struct report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		die("report.html: out of memory");
	print_dir_tables(mem, r);
	fclose(mem);
	if (len) {
		fputs("<h2>Where the bytes go</h2>\n<pre id=\"dirs\">", f);
		esc(f, text);
		fputs("</pre>\n", f);
	}
	free(text);
}

static void diffs(FILE *f, const struct pair *pairs, int np)
{
	int i;

	for (i = 0; i < np; i++) {
		fputs("<h2>Symbols: ", f);
		esc(f, pairs[i].from->group);
		fputs(", ", f);
		esc(f, pairs[i].from->variant);
		fputs(" &rarr; ", f);
		esc(f, pairs[i].to->variant);
		if (!pairs[i].table) {
			fprintf(f, "</h2>\n<p>Merged from another machine: add/remove %lld/%lld,"
				" Total: Before=%lld, After=%lld.</p>\n", pairs[i].tot.add,
				pairs[i].tot.remove, pairs[i].tot.before, pairs[i].tot.after);
			continue;
		}
		fputs("</h2>\n<p>As <code>scripts/bloat-o-meter</code> prints it.</p>\n<pre>", f);
		esc(f, pairs[i].table);
		fputs("</pre>\n", f);
	}
}

/* Why a figure could not be read, in place of its row. */
static void causes(FILE *f, const struct report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		die("out of memory");
	print_causes(mem, r, "");
	fclose(mem);
	if (len) {
		fputs("<h2>Failures</h2>\n<pre id=\"causes\">", f);
		esc(f, text);
		fputs("</pre>\n", f);
	}
	free(text);
}

void write_html(const char *path, const struct report *r)
{
	char *tmp;
	FILE *f = open_report(path, &tmp);

	head(f);
	size_table(f, r->ks, r->n);
	size_chart(f, r->ks, r->n);
	boot_table(f, r->ks, r->n);
	causes(f, r);
	budget_table(f, r->rows, r->nrows);
	stack_table(f, r->ks, r->n);
	inline_table(f, r->ks, r->n);
	dir_tables(f, r);
	diffs(f, r->pairs, r->np);
	fputs("</body></html>\n", f);
	close_report(f, tmp, path);
}
