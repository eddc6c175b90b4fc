/* SPDX-License-Identifier: GPL-2.0 */
/* What tksize knows of each kernel, shared by its report writers. */
#ifndef TINYKERN_REPORT_H
#define TINYKERN_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "budget.h"
#include "symdiff.h"

struct sizes {
	uint64_t text, data, bss;
};

/* One function's frame, from a line of gcc's -fstack-usage output. */
struct frame {
	char name[128];
	char where[256];	/* file:line:col */
	char kind[24];		/* static, dynamic, dynamic,bounded */
	long bytes;
};

#define STACK_TOP 20
struct stack_facts {
	int valid;		/* KDIR/stack.su was read */
	long threshold;		/* "over" counts frames larger than this */
	long funcs, over, dynamic;
	long long sum;
	int ntop;
	struct frame top[STACK_TOP];	/* largest first */
};

/* frames larger than this are counted as "over" (checkstack's usual view) */
#define STACK_THRESHOLD 512

/* Read KDIR/stack.su against KDIR/vmlinux (see stack.c); -1 if absent. */
int stack_read(const char *kdir, long threshold, struct stack_facts *st);

/* One inline function as pfunct --total_inline_stats counts it. */
struct inline_fn {
	char name[128];
	long long bytes;	/* code of all its inlined copies */
	long sites;		/* inline expansions */
	long cus;		/* compilation units holding expansions */
};

#define INLINE_TOP 20
struct inline_facts {
	int valid;		/* KDIR/debug/vmlinux was read */
	long declared;		/* functions declared inline */
	long declared_inlined;	/* ... of which inlined at least once */
	long outofline;		/* ... of which also have an out-of-line copy */
	long undeclared_inlined;	/* not declared inline, inlined by gcc */
	long sites;		/* inline expansions of all functions */
	long long bytes;	/* their code */
	int ntop;
	struct inline_fn top[INLINE_TOP];	/* most inlined bytes first */
};

/*
 * Read the DWARF of VMLINUX (built with debug info) through libdw.  With
 * ALL, every function's totals are printed to ALL as pfunct does.
 */
int inline_read(const char *vmlinux, struct inline_facts *in, FILE *all);
void inline_print_totals(FILE *f, const struct inline_facts *in);
/* Read what `tksize inline` printed (KDIR/inline.txt): top rows and totals. */
int inline_load(const char *path, struct inline_facts *in);

struct stack_facts;
struct inline_facts;
/* One line each, the columns of STACK_HEADER and INLINE_HEADER. */
#define STACK_HEADER "stack                   funcs    max       sum    mean  >512  largest frame"
#define INLINE_HEADER "inline                 declared  inlined  out-of-l  gcc-only     sites   inl.bytes"
void print_stack_summary(FILE *f, const char *name, const struct stack_facts *st);
void print_stack_top(FILE *f, const struct stack_facts *st);
void print_inline_summary(FILE *f, const char *name, const struct inline_facts *in);

struct kernel {
	char name[128];		/* CONFIG/OPT/VARIANT */
	char config[64], opt[16], variant[64];
	char group[96];		/* CONFIG/OPT: the rows a text% compares */
	int local;		/* read from its build folder, not merged from JSON */
	char dir[4096];
	int built;		/* vmlinux and bzImage present */
	struct sizes sz;
	long long bzimage;
	char boot[16];		/* PASS, FAIL, or "-" when never booted */
	char reason[4608];
	double boot_seconds;	/* wall time of the whole QEMU run */
	double uptime_s;	/* the guest kernel's clock at the init marker */
	long memtotal_kb, memfree_kb;
	long min_ram_mib;	/* least -m it boots in, or 0 if not measured */
	struct stack_facts stack;
	struct inline_facts inl;
	const struct kernel *base;	/* baseline row of the same config and opt */
	const struct budget *budget;	/* of its config, or NULL */
};

/* One --diff FROM:TO for one config: the symbol diff between two kernels. */
struct pair {
	const struct kernel *from, *to;
	struct symdiff_total tot;
	char *table;		/* the whole bloat-o-meter table; NULL when merged */
};

/*
 * merge.c: the report.json at PATH, parsed.  merge_count() says how many
 * kernels it has; merge_kernels() appends those not already built here
 * to KS (room for them), and merge_pairs() up to ROOM symbol-diff totals
 * between two kernels of which one came from it.
 */
struct merged;
struct merged *merge_open(const char *path);
int merge_count(const struct merged *m);
int merge_kernels(const struct merged *m, struct kernel *ks, int n);
int merge_pairs(const struct merged *m, const struct kernel *ks, int n, struct pair *out, int room);
void merge_close(struct merged *m);

__attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...);
/* Fill K's config, opt, variant and group from NAME (CONFIG/OPT/VARIANT). */
void split_name(struct kernel *k, const char *name);
int same_group(const struct kernel *a, const struct kernel *b);
int passed(const struct kernel *k);
uint64_t dec(const struct kernel *k);
/* text change against the baseline of the same config: "-13.97%", "base" or "n/a" */
const char *text_change(const struct kernel *k, char *buf, size_t len);
long long budget_value(const struct kernel *k, enum budget_key key);

/* One budgeted figure of one built kernel. */
struct limit_row {
	const struct kernel *k;
	enum budget_key key;
	long long max, value;
};

/*
 * The budgeted figures of the N kernels at KS, in order, into ROWS (room
 * for N * B_NKEYS).  Returns how many.
 */
int budget_rows(const struct kernel *ks, int n, struct limit_row *rows);
/* reports are written to PATH.tmp and renamed into place */
FILE *open_report(const char *path, char *tmp, size_t len);
void close_report(FILE *f, const char *tmp, const char *path);

/* build/report.html: self-contained, no network fetches */
void write_html(const char *path, const struct kernel *ks, int n,
		const struct limit_row *rows, int nrows, const struct pair *pairs, int np);

#endif
