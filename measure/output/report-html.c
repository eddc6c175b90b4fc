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

#include "analyses/dirs.h"
#include "base/util.h"
#include "output/advisor-print.h"
#include "output/bloat.h"
#include "output/optcost-print.h"
#include "output/report-html.h"
#include "output/tables.h"

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
		else if (k->unavailable) {
			fputs("</td><td colspan=\"8\">not available: ", f);
			esc(f, k->unavailable);
			fputs("</td></tr>\n", f);
			continue;
		} else
			fputs("</td><td>-</td><td>-</td><td>-</td><td>-</td><td>-</td><td>n/a</td><td>-", f);
		fprintf(f, "</td><td class=\"%s\">%s</td></tr>\n", k->boot, k->boot);
	}
	fputs("</table>\n", f);
}

/*
 * One bar per kernel: text alone, to the scale of the largest text.  The
 * text experiment is the point; bss, which no variant changes, would
 * dwarf it in a stacked bar (data and bss are in the table).
 */
static void size_chart(FILE *f, const struct kernel *ks, int n)
{
	const int left = 190, width = 560, bar = 22, gap = 10;
	uint64_t max = 1;
	int i;

	for (i = 0; i < n; i++)
		if (ks[i].built && ks[i].sz.text > max)
			max = ks[i].sz.text;
	fprintf(f, "<p>text per kernel, to the scale of the largest (%" PRIu64 " bytes)</p>\n", max);
	fprintf(f, "<svg id=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
		" role=\"img\" aria-label=\"text per kernel\">\n", left + width + 90, 10 + n * (bar + gap));
	for (i = 0; i < n; i++) {
		const struct kernel *k = &ks[i];
		int y = 6 + i * (bar + gap);
		double w = (double)width * (double)k->sz.text / (double)max;

		fprintf(f, "<text x=\"0\" y=\"%d\" font-size=\"12\">", y + 15);
		esc(f, k->name);
		fputs("</text>\n", f);
		if (!k->built)
			continue;
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#4a78b5\">"
			"<title>text %" PRIu64 "</title></rect>"
			"<text x=\"%.1f\" y=\"%d\" font-size=\"12\">%" PRIu64 "</text>\n",
			left, y, w, bar, k->sz.text, left + w + 6, y + 15, k->sz.text);
	}
	fputs("</svg>\n", f);
}

/* Rows of DIRS (a depth-2 roll-up) under top directory TOP, with text. */
static long long children_text(const struct attribution *dirs, const char *top)
{
	size_t i, len = strlen(top);
	long long sum = 0;

	for (i = 0; i < dirs->nrows; i++)
		if (top[0] != '[' && !strncmp(dirs->rows[i].path, top, len))
			sum += dirs->rows[i].v[A_TEXT];
	return sum;
}

static void treemap_box(FILE *f, const char *cls, const char *path, long long bytes, double x, double y,
			double w, double h, const char *fill)
{
	fprintf(f, "<rect class=\"%s\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\""
		" stroke=\"#fff\" data-bytes=\"%lld\"><title>", cls, x, y, w, h, fill, bytes);
	esc(f, path);
	fprintf(f, " %lld bytes</title></rect>\n", bytes);
	if (w > 6.5 * (double)strlen(path) && h > 16) {
		fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\">", x + 3, y + 13);
		esc(f, path);
		fputs("</text>\n", f);
	}
}

/*
 * K's text as a treemap, slice and dice: the top directories side by
 * side, each as wide as its share, each cut top to bottom into its
 * subdirectories; [section] rows (no source file's) in grey.
 */
static void treemap(FILE *f, const struct kernel *k)
{
	static const char *const hue[] = { "#4a78b5", "#e39a3b", "#9bbb59", "#8064a2", "#4bacc6",
					   "#c0504d", "#f79646", "#2c4d75" };
	const double width = 900, height = 420;
	struct attribution top, sub;
	long long total = 0;
	double x = 0;
	size_t i, j;

	attribute_rollup(&k->attr, 1, &top);
	attribute_rollup(&k->attr, 2, &sub);
	for (i = 0; i < top.nrows; i++)
		total += top.rows[i].v[A_TEXT];
	fputs("<h3>", f);
	esc(f, k->name);
	fprintf(f, ": %lld bytes of text by directory</h3>\n<svg id=\"treemap-", total);
	esc(f, k->name);
	fprintf(f, "\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\""
		" aria-label=\"text by directory\" data-bytes=\"%lld\">\n", width, height, total);
	for (i = 0; total && i < top.nrows; i++) {
		const struct attr_row *t = &top.rows[i];
		double w = width * (double)t->v[A_TEXT] / (double)total, y = 0;
		const char *fill = t->path[0] == '[' ? "#999" : hue[i % 8];
		int has_children = children_text(&sub, t->path) > 0;

		if (!t->v[A_TEXT])
			continue;
		treemap_box(f, "dir", t->path, t->v[A_TEXT], x, 0, w, height, fill);
		for (j = 0; has_children && j < sub.nrows; j++) {
			const struct attr_row *s = &sub.rows[j];
			double h = height * (double)s->v[A_TEXT] / (double)t->v[A_TEXT];

			if (!s->v[A_TEXT] || strncmp(s->path, t->path, strlen(t->path)))
				continue;
			treemap_box(f, "subdir", s->path, s->v[A_TEXT], x, y, w, h, fill);
			y += h;
		}
		x += w;
	}
	fputs("</svg>\n", f);
	attribute_free(&top);
	attribute_free(&sub);
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
	char a[24], b[24], c[24], d[24];
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
		fprintf(f, "</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%ld</td><td>%lld"
			"</td></tr>\n", inline_count(a, sizeof(a), in->declared),
			inline_count(b, sizeof(b), in->declared_inlined), inline_count(c, sizeof(c), in->outofline),
			inline_count(d, sizeof(d), in->undeclared_inlined), in->sites, in->bytes);
	}
	fputs("</table>\n", f);
	for (i = 0; i < n; i++)
		if (ks[i].inl.valid && ks[i].inl.declared < 0) {
			fputs("<p>n/a: the DWARF of GCC's LTO stage has no DW_AT_inline, so which functions were"
			      " declared inline is not known there.</p>\n", f);
			break;
		}
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

/*
 * Where the bytes go: the directory tables as make prints them, and a
 * treemap of the last variant of each config and opt (the shipped one).
 */
static void dir_tables(FILE *f, const struct report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int i, j;

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
	for (i = 0; i < r->n; i++) {
		for (j = i + 1; j < r->n && !(same_group(&r->ks[j], &r->ks[i]) && r->ks[j].attr.valid); j++)
			;
		if (r->ks[i].attr.valid && j == r->n)
			treemap(f, &r->ks[i]);
	}
}

/* T as bloat-o-meter prints it, escaped. */
static void esc_table(FILE *f, const struct diff_table *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		die("report.html: out of memory");
	bloat_print(mem, t);
	fclose(mem);
	esc(f, text);
	free(text);
}

static void diffs(FILE *f, const struct pair *pairs, int np)
{
	int i;

	for (i = 0; i < np; i++) {
		const struct pair *p = &pairs[i];

		/* "tiny/Os, orig → dce"; across trees "tiny/Os/dce, 6.1 → 6.12" */
		fputs("<h2>Symbols: ", f);
		if (p->across) {
			esc(f, p->from->config);
			fputs("/", f);
			esc(f, p->from->opt);
			fputs("/", f);
			esc(f, p->from->variant);
		} else {
			esc(f, p->from->group);
		}
		fputs(", ", f);
		esc(f, p->across ? p->from->tree : p->from->variant);
		fputs(" &rarr; ", f);
		esc(f, p->across ? p->to->tree : p->to->variant);
		if (!pairs[i].table.rows) {
			fprintf(f, "</h2>\n<p>Merged from another machine: add/remove %lld/%lld,"
				" Total: Before=%lld, After=%lld.</p>\n", pairs[i].tot.add,
				pairs[i].tot.remove, pairs[i].tot.before, pairs[i].tot.after);
			continue;
		}
		fputs("</h2>\n<p>As <code>scripts/bloat-o-meter</code> prints it.</p>\n<pre>", f);
		esc_table(f, &pairs[i].table);
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

/*
 * One make deinline run: its figures, then each measured trial as a point,
 * predicted saving across and measured saving up, both axes to one scale
 * so that the dashed diagonal is "measured = predicted".  A circle is one
 * candidate, a square a group; filled when kept.
 */
/* Text printed for the terminal, kept to be escaped into a <pre>. */
struct pre {
	char *buf;
	size_t len;
	FILE *m;
};

static FILE *pre_open(struct pre *p)
{
	p->buf = NULL;
	p->len = 0;
	p->m = open_memstream(&p->buf, &p->len);
	if (!p->m)
		die("open_memstream: out of memory");
	return p->m;
}

static void pre_close(struct pre *p, FILE *f)
{
	fclose(p->m);
	esc(f, p->buf);
	free(p->buf);
}

/*
 * Across trees: the table as make prints it, then one bar per tree for each
 * config, opt and variant that two trees or more built, text to the scale
 * of the largest, each tree in its own colour.
 */
static void tree_section(FILE *f, const struct report *r)
{
	static const char *colour[] = { "#4a78b5", "#b5784a", "#4ab578", "#784ab5" };
	const int left = 230, width = 520, bar = 16;
	struct pre p;
	uint64_t max = 1;
	int i, j, t, y = 6, rows = 0;
	const char **trees = xcalloc((size_t)r->n, sizeof(*trees));
	int ntrees = 0;

	if (tree_count(r) < 2) {
		free(trees);
		return;
	}
	fputs("<h2>Across trees</h2>\n<pre id=\"trees\">", f);
	print_tree_tables(pre_open(&p), r);
	pre_close(&p, f);
	fputs("</pre>\n", f);
	for (i = 0; i < r->n; i++) {
		for (t = 0; t < ntrees && strcmp(trees[t], r->ks[i].tree); t++)
			;
		if (t == ntrees)
			trees[ntrees++] = r->ks[i].tree;
		if (r->ks[i].built && r->ks[i].sz.text > max)
			max = r->ks[i].sz.text;
		rows += r->ks[i].built;
	}
	fprintf(f, "<p>text of each kernel, by tree (");
	for (t = 0; t < ntrees; t++) {
		fprintf(f, "%s<span style=\"color:%s\">&#9632; ", t ? ", " : "", colour[t % 4]);
		esc(f, trees[t]);
		fputs("</span>", f);
	}
	fprintf(f, "), to the scale of the largest (%" PRIu64 " bytes)</p>\n", max);
	fprintf(f, "<svg id=\"tree-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
		" role=\"img\" aria-label=\"text per kernel, by tree\">\n", left + width + 90,
		12 + rows * (bar + 4) + r->n * 8);
	for (i = 0; i < r->n; i++) {
		/* drawn with the first of its kind; on one tree, the chart above has it */
		if (trees_of_kind(r, i) < 2)
			continue;
		for (j = i; j < r->n; j++) {
			const struct kernel *k = &r->ks[j];
			double w;

			if (!same_kind(k, &r->ks[i]) || !k->built)
				continue;
			for (t = 0; strcmp(trees[t], k->tree); t++)
				;
			w = (double)width * (double)k->sz.text / (double)max;
			fprintf(f, "<text x=\"0\" y=\"%d\" font-size=\"12\">", y + 12);
			esc(f, k->name);
			fprintf(f, "</text>\n<rect class=\"tree-bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\""
				" fill=\"%s\"><title>text %" PRIu64 "</title></rect>"
				"<text x=\"%.1f\" y=\"%d\" font-size=\"12\">%" PRIu64 "</text>\n",
				left, y, w, bar, colour[t % 4], k->sz.text, left + w + 6, y + 12, k->sz.text);
			y += bar + 4;
		}
		y += 8;
	}
	fputs("</svg>\n", f);
	free(trees);
}

/* One make option-cost run: its table, as make option-cost prints it. */
static void optcost_pre(FILE *f, const struct optcost_facts *c)
{
	struct pre p;

	fputs("<h3>", f);
	esc(f, c->name);
	fputs("</h3>\n<pre>", f);
	optcost_print(pre_open(&p), c, "");
	pre_close(&p, f);
	fputs("</pre>\n", f);
}

static void advisor_scatter(FILE *f, const struct advisor_facts *a)
{
	const int left = 70, top = 20, side = 420;
	long lo = 0, hi = 1;
	int i, t;

	for (i = 0; i < a->npoints; i++) {
		const struct advisor_point *p = &a->points[i];

		lo = p->measured < lo ? p->measured : lo;
		lo = p->predicted < lo ? p->predicted : lo;
		hi = p->measured > hi ? p->measured : hi;
		hi = p->predicted > hi ? p->predicted : hi;
	}
#define X(v) (left + (double)side * (double)((v) - lo) / (double)(hi - lo))
#define Y(v) (top + side - (double)side * (double)((v) - lo) / (double)(hi - lo))
	fputs("<h3>", f);
	esc(f, a->name);
	fputs("</h3>\n<pre>", f);
	{
		struct pre p;

		advisor_print(pre_open(&p), a, "");
		pre_close(&p, f);
	}
	fprintf(f, "</pre>\n<p>Predicted against measured saving (text symbols) of each trial that built, in bytes;"
		" a circle is one candidate, a square a group, filled when kept; on the dashed line"
		" the measured saving is the predicted one.</p>\n"
		"<svg class=\"scatter\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
		" role=\"img\" aria-label=\"predicted against measured saving\">\n", left + side + 20, top + side + 50);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n",
		left, top, side, side);
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\" stroke-dasharray=\"4 4\"/>\n",
		X(lo), Y(lo), X(hi), Y(hi));
	for (t = 0; t <= 4; t++) {
		long v = lo + (hi - lo) * t / 4;

		fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%ld</text>"
			"<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%ld</text>\n",
			X(v), top + side + 15, v, left - 4, Y(v) + 4, v);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">predicted</text>"
		"<text x=\"14\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\">"
		"measured</text>\n", left + side / 2, top + side + 35, top + side / 2, top + side / 2);
	for (i = 0; i < a->npoints; i++) {
		const struct advisor_point *p = &a->points[i];
		const char *fill = p->kept ? "#4a78b5" : "none";

		if (p->members == 1)
			fprintf(f, "<circle class=\"trial\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"#4a78b5\">",
				X(p->predicted), Y(p->measured), fill);
		else
			fprintf(f, "<rect class=\"trial\" x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" fill=\"%s\" stroke=\"#b5784a\">",
				X(p->predicted) - 4, Y(p->measured) - 4, p->kept ? "#b5784a" : "none");
		fputs("<title>", f);
		esc(f, p->names);
		fprintf(f, ": predicted %ld, measured %ld%s</title></%s>\n", p->predicted, p->measured,
			p->kept ? ", kept" : "", p->members == 1 ? "circle" : "rect");
	}
	fputs("</svg>\n", f);
#undef X
#undef Y
}

void write_html(const char *path, const struct report *r)
{
	char *tmp;
	FILE *f = open_report(path, &tmp);
	int i;

	head(f);
	size_table(f, r->ks, r->n);
	size_chart(f, r->ks, r->n);
	tree_section(f, r);
	boot_table(f, r->ks, r->n);
	causes(f, r);
	budget_table(f, r->rows, r->nrows);
	stack_table(f, r->ks, r->n);
	inline_table(f, r->ks, r->n);
	dir_tables(f, r);
	diffs(f, r->pairs, r->np);
	if (r->nadvisors)
		fputs("<h2>De-inlining advisor</h2>\n", f);
	for (i = 0; i < r->nadvisors; i++)
		advisor_scatter(f, &r->advisors[i]);
	if (r->noptcosts)
		fputs("<h2>Option cost</h2>\n", f);
	for (i = 0; i < r->noptcosts; i++)
		optcost_pre(f, &r->optcosts[i]);
	fputs("</body></html>\n", f);
	close_report(f, tmp, path);
}
