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

struct kernel {
	char name[128];		/* CONFIG/VARIANT */
	char config[64], variant[64];
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
	const struct kernel *base;	/* baseline row of the same config */
	const struct budget *budget;	/* of its config, or NULL */
};

/* One --diff FROM:TO for one config: the symbol diff between two kernels. */
struct pair {
	const struct kernel *from, *to;
	struct symdiff_total tot;
	char *table;		/* the whole bloat-o-meter table */
};

__attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...);
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
