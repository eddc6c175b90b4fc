// SPDX-License-Identifier: GPL-2.0
/* Printing make smallest's chain: the line users quote, then its steps. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "output/bloat.h"
#include "output/smallest-print.h"

/* N with its thousands grouped by commas, as people write sizes in mails. */
static const char *grouped(long long n, char *buf, size_t len)
{
	char digits[32];
	int i, j = 0, nd = snprintf(digits, sizeof(digits), "%lld", n < 0 ? -n : n);

	if (n < 0 && (size_t)j + 1 < len)
		buf[j++] = '-';
	for (i = 0; i < nd && (size_t)j + 2 < len; i++) {
		if (i && (nd - i) % 3 == 0)
			buf[j++] = ',';
		buf[j++] = digits[i];
	}
	buf[j] = '\0';
	return buf;
}

static double percent(long long from, long long to)
{
	return from ? 100.0 * (double)(to - from) / (double)from : 0.0;
}

void smallest_print(FILE *f, const struct smallest *s, const struct diff_table *diff)
{
	const struct kernel *stock = &s->k[0], *best = &s->k[s->best];
	char a[32], b[32], c[32];
	size_t i;

	fprintf(f, "%s i386, Linux %s, gcc %s: stock %s -> smallest %s bytes of text (%+.2f%%)",
		stock->config, s->linux_version ? s->linux_version : "(unknown)",
		s->gcc_version ? s->gcc_version : "(unknown)", grouped((long long)stock->sz.text, a, sizeof(a)),
		grouped((long long)best->sz.text, b, sizeof(b)),
		percent((long long)stock->sz.text, (long long)best->sz.text));
	fprintf(f, ", bzImage %s -> %s", grouped(stock->bzimage, a, sizeof(a)), grouped(best->bzimage, b, sizeof(b)));
	if (best->min_ram_mib > 0)
		fprintf(f, ", boots in %ld MiB", best->min_ram_mib);
	else
		fprintf(f, ", boots (least RAM not measured)");
	fprintf(f, "\n\n%-34s %11s %9s %8s %9s  %s\n", "step", "text", "change", "", "bzImage", "boot");
	for (i = 0; i < s->n; i++) {
		const struct kernel *k = &s->k[i];
		int p = smallest_previous(s, i);
		char step[192];

		if (p < 0)
			snprintf(step, sizeof(step), "%s (stock)", k->name);
		else
			snprintf(step, sizeof(step), "%s/%s -> %s/%s", s->k[p].opt, s->k[p].variant, k->opt, k->variant);
		if (k->unavailable) {
			fprintf(f, "%-34s not available: %s\n", step, k->unavailable);
			continue;
		}
		if (!k->built) {
			fprintf(f, "%-34s FAIL at %s: %s\n", step, k->stage ? k->stage : "build",
				k->reason ? k->reason : "not built");
			continue;
		}
		if (p < 0)
			fprintf(f, "%-34s %11s %9s %8s %9s  %s\n", step, grouped((long long)k->sz.text, a, sizeof(a)), "", "",
				grouped(k->bzimage, c, sizeof(c)), k->boot);
		else
			fprintf(f, "%-34s %11s %9s %+7.2f%% %9s  %s\n", step, grouped((long long)k->sz.text, a, sizeof(a)),
				grouped((long long)k->sz.text - (long long)s->k[p].sz.text, b, sizeof(b)),
				percent((long long)s->k[p].sz.text, (long long)k->sz.text), grouped(k->bzimage, c, sizeof(c)),
				k->boot);
	}
	fprintf(f, "\nsmallest: %s (%s)\n", best->name, best->dir);
	if (diff) {
		fprintf(f, "bloat-o-meter %s -> %s:\n", stock->name, best->name);
		bloat_counts(f, "", &diff->tot);
		bloat_total(f, "", &diff->tot);
	}
}
