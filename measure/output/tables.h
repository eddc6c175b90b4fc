/* SPDX-License-Identifier: GPL-2.0 */
/* The report's tables, in the shapes people paste, for every writer that shows them. */
#ifndef TINYKERN_TABLES_H
#define TINYKERN_TABLES_H

#include <stdio.h>

#include "report/report.h"


#define STACK_HEADER "stack                   funcs    max       sum    mean  >512  largest frame"
#define INLINE_HEADER "inline                 declared  inlined  out-of-l  gcc-only     sites   inl.bytes"
void print_size_tables(FILE *f, const struct report *r, const char *indent);
void print_boot_table(FILE *f, const struct report *r);
void print_stack_summary(FILE *f, const char *name, const struct stack_facts *st);
void print_stack_top(FILE *f, const struct stack_facts *st);
void print_inline_summary(FILE *f, const char *name, const struct inline_facts *in);
/* A count of the inline table in BUF, or "n/a" where it is not known (GCC's LTO). */
const char *inline_count(char *buf, size_t len, long v);
/* Why the inline table has n/a, when it has: one line, PREFIX first. */
void print_inline_note(FILE *f, const struct report *r, const char *prefix);
void print_pair_summary(FILE *f, const struct pair *p);
/* "tiny/Os: orig -> dce", or across trees "tiny/Os/dce: 6.1 -> 6.12" */
const char *pair_title(const struct pair *p, char *buf, size_t len);
/* "tiny/Os: orig -> dce", or across trees "tiny/Os/dce: 6.1 -> 6.12", for a diff that failed */
const char *missing_title(const struct missing_pair *m, char *buf, size_t len);
/* Each config and variant on every tree, side by side, when there are two or more. */
void print_tree_tables(FILE *f, const struct report *r);
void print_budgets(FILE *f, const struct report *r, const char *indent);
/* What a limit row limits: "text", or "dir fs/ text". */
const char *limit_label(const struct limit_row *l, char *buf, size_t len);
/* The directory table: per config and opt, text by top directory per variant. */
void print_dir_tables(FILE *f, const struct report *r);
/* The failures and unavailable figures, one line each, PREFIX first. */
void print_causes(FILE *f, const struct report *r, const char *prefix);
/* Over-budget figures, one line each, PREFIX first: causes of the exit code too. */
void print_over(FILE *f, const struct report *r, const char *prefix);

#endif
