/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_REPORT_MD_H
#define TINYKERN_REPORT_MD_H

#include "report/report.h"

/* build/report.md: the printed tables in code blocks, with every top list and diff. */
void write_md(const char *path, const struct report *r);

#endif
