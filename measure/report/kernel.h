/* SPDX-License-Identifier: GPL-2.0 */
/* What tksize knows of one kernel, and reading it from its build folder. */
#ifndef TINYKERN_KERNEL_H
#define TINYKERN_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/attribution.h"
#include "analyses/budget.h"
#include "readers/elfio.h"
#include "analyses/inline.h"
#include "analyses/stack.h"

struct kernel {
	char name[128];		/* [TREE/]CONFIG/OPT/VARIANT */
	char config[64], opt[16], variant[64];
	char tree[64];		/* its source tree: the name's TREE, or the report's default tree */
	char group[96];		/* [TREE/]CONFIG/OPT: the rows a text% compares */
	char *unavailable;	/* why its tree cannot have it (KDIR/unavailable), or NULL */
	char *origin;		/* the report.json it was merged from, or NULL: read here */
	char *dir;
	int built;		/* vmlinux and bzImage present and readable */
	struct sizes sz;
	long long bzimage;
	char boot[16];		/* PASS, FAIL, or "-" when never booted */
	char *stage;		/* the stage that failed: source, config, build, boot, or NULL */
	char *reason;		/* why it failed, one line */
	double boot_seconds;	/* wall time of the whole QEMU run */
	double uptime_s;	/* the guest kernel's clock at the init marker */
	long memtotal_kb, memfree_kb;
	long min_ram_mib;	/* least -m it boots in, or 0 if not measured */
	struct stack_facts stack;
	struct inline_facts inl;
	struct attribution attr;	/* per source file (tksize attribute) */
	const struct kernel *base;	/* baseline row of the same config and opt */
	const struct budget *budget;	/* of its config, or NULL */
};

/*
 * Read kernel ARG, "CONFIG/OPT/VARIANT=KDIR", from its build folder: sizes,
 * bzImage, boot.result, minram.result, stack.su, inline.txt and the
 * attribution of vmlinux's bytes to source files, and when
 * it was not built, the stage that failed (KDIR/failed, written by the
 * stage) and its first error line: what a folder lacks is a figure the
 * kernel lacks.  -1 with *ERR only when ARG is not NAME=KDIR with a
 * kernel's name.
 */
int kernel_load(struct kernel *k, const char *arg, char **err);
void kernel_free(struct kernel *k);
/*
 * The tree whose kernels' names carry no TREE/: Debian's linux-source 6.1,
 * the Makefile's DEFAULT_TREE.
 */
#define DEFAULT_TREE "6.1"
/*
 * Fill K's name, config, opt, variant, tree and group from NAME
 * ([TREE/]CONFIG/OPT/VARIANT); a name without TREE is of DEFAULT_TREE.
 * -1 with *ERR when NAME is not in that shape, or a part is too long.
 */
int kernel_name(struct kernel *k, const char *name, size_t len, char **err);
/* K failed: STAGE (static string) and a one-line REASON (taken over). */
void kernel_failed(struct kernel *k, const char *stage, char *reason);

int same_group(const struct kernel *a, const struct kernel *b);
/* The same config, opt level and variant, whatever the tree. */
int same_kind(const struct kernel *a, const struct kernel *b);
int passed(const struct kernel *k);
/* Did K fail a stage?  A kernel its tree cannot have did not. */
int available_failed(const struct kernel *k);
uint64_t dec(const struct kernel *k);
/* text change against the baseline of the same config: "-13.97%", "base" or "n/a" */
const char *text_change(const struct kernel *k, char *buf, size_t len);
long long budget_value(const struct kernel *k, enum budget_key key);

#endif
