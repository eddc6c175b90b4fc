/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.json (docs/reference.md has its schema): the records that the
 * writer (output/report-json.c) puts and a merge (report/merge.c) reads
 * back, defined once.  A reader returns 0, or -1 with *ERR saying what a
 * record lacks; a missing member reads as 0.
 */
#ifndef TINYKERN_STORES_REPORT_JSON_H
#define TINYKERN_STORES_REPORT_JSON_H

#include <json-c/json.h>

#include "analyses/difftab.h"
#include "analyses/inline.h"
#include "analyses/stack.h"

#define REPORT_SCHEMA_PREFIX "tinykern-report-"
#define REPORT_SCHEMA REPORT_SCHEMA_PREFIX "3"

/* A kernel's stack figures and largest frames; NULL (JSON's null) when not read. */
json_object *stack_to_json(const struct stack_facts *st);
int stack_from_json(json_object *o, struct stack_facts *st, char **err);
/* A kernel's inline figures and costliest functions; NULL when not read. */
json_object *inline_to_json(const struct inline_facts *in);
int inline_from_json(json_object *o, struct inline_facts *in, char **err);
/* A diff's totals, as members of O. */
void diff_total_to_json(json_object *o, const struct symdiff_total *t);
void diff_total_from_json(json_object *o, struct symdiff_total *t);

#endif
