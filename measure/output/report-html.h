/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_REPORT_HTML_H
#define TINYKERN_REPORT_HTML_H

#include "report/report.h"

/* build/report.html: self-contained, no network fetches. */
void write_html(const char *path, const struct report *r);

#endif
