/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make smallest's chain of kernels: the stock one, then each step that
 * changes only how the same config is built (the opt level, a variant),
 * and which of them is the smallest that boots.
 */
#ifndef TINYKERN_SMALLEST_H
#define TINYKERN_SMALLEST_H

#include <stddef.h>

#include "report/kernel.h"

struct smallest {
	struct kernel *k;	/* k[0] the stock kernel, then the steps in order */
	size_t n;
	int best;		/* the booting kernel with the least text, or -1 */
	char *linux_version;	/* from the smallest's linux_banner, or NULL */
	char *gcc_version;	/* from its .comment, or NULL */
};

/*
 * Read the chain from ARGV's CONFIG/OPT/VARIANT=KDIR arguments (kernel_load),
 * the stock kernel first; every one must be of one config.  -1 with *ERR
 * naming the argument that is not such a kernel, or of another config.
 */
int smallest_load(struct smallest *s, int argc, char **argv, char **err);
/* The step's kernel I that was last built before step I (a step whose kernel
 * was not available or not built is skipped), or -1 for the stock kernel. */
int smallest_previous(const struct smallest *s, size_t i);
void smallest_free(struct smallest *s);

#endif
