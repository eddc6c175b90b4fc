// SPDX-License-Identifier: GPL-2.0
/* A make deinline run's figures, as tksize advisor and the report print them. */
#include <math.h>
#include <stdio.h>

#include "output/advisor-print.h"

void advisor_print(FILE *f, const struct advisor_facts *a, const char *indent)
{
	long pred = 0, meas = 0;
	int i;

	for (i = 0; i < a->npoints; i++)
		if (a->points[i].kept) {
			pred += a->points[i].predicted;
			meas += a->points[i].measured;
		}
	fprintf(f, "%strials: %d builds, %ldm%02lds of wall time; %d groups split\n", indent,
		a->trials, a->seconds / 60, a->seconds % 60, a->splits);
	if (a->wall >= 0)
		fprintf(f, "%swall: %ldh%02ldm over every run, ranking and boots included\n", indent,
			a->wall / 3600, a->wall / 60 % 60);
	fprintf(f, "%skept: %d candidates, %ld bytes of text saved; boots: %d PASS, %d FAIL\n", indent,
		a->kept, a->saved, a->boots_pass, a->boots_fail);
	fprintf(f, "%skept trials: %ld bytes predicted, %ld measured (text symbols)\n", indent, pred, meas);
	for (i = 0; i < a->nreasons; i++)
		fprintf(f, "%sdropped: %d, %s\n", indent, a->reasons[i].n, a->reasons[i].reason);
	if (a->spearman_n < 3)
		fprintf(f, "%sspearman: fewer than 3 single-candidate trials\n", indent);
	else if (isnan(a->spearman))
		fprintf(f, "%sspearman: undefined over the %d best-predicted single-candidate trials"
			" (one side is constant)\n", indent, a->spearman_n);
	else
		fprintf(f, "%sspearman: %.2f over the %d best-predicted single-candidate trials\n", indent,
			a->spearman, a->spearman_n);
	if (a->spearman_all_n >= 3 && a->spearman_all_n != a->spearman_n && isnan(a->spearman_all))
		fprintf(f, "%sspearman: undefined over all %d single-candidate trials\n", indent, a->spearman_all_n);
	else if (a->spearman_all_n >= 3 && a->spearman_all_n != a->spearman_n)
		fprintf(f, "%sspearman: %.2f over all %d single-candidate trials\n", indent, a->spearman_all,
			a->spearman_all_n);
	if (a->trials > 0)
		fprintf(f, "%sper build: %.1f bytes of text saved a trial build\n", indent,
			(double)a->saved / a->trials);
	fprintf(f, "%squeued: %d trials left\n", indent, a->queued);
}
