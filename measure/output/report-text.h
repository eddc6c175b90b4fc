/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_REPORT_TEXT_H
#define TINYKERN_REPORT_TEXT_H

#include "report/report.h"

/* The report as make prints it, to F. */
void print_text(FILE *f, const struct report *r);

#endif
