/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_REPORT_JSON_H
#define TINYKERN_REPORT_JSON_H

#include "report/report.h"

/* build/report.json: every figure, for machines (docs/reference.md has the schema). */
void write_json(const char *path, const struct report *r);

#endif
