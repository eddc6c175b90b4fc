/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_STACK_H
#define TINYKERN_STACK_H

/* One function's frame, from a line of gcc's -fstack-usage output. */
struct frame {
	char *name;
	char *where;	/* file:line:col */
	char *kind;	/* static, dynamic, dynamic,bounded */
	long bytes;
};

#define STACK_TOP 20
/* frames larger than this are counted as "over" (checkstack's usual view) */
#define STACK_THRESHOLD 512

struct stack_facts {
	int valid;		/* the figures below were read */
	char *error;		/* the report's: why not, when KDIR had a stack.su that could not be read */
	long threshold;		/* "over" counts frames larger than this */
	long funcs, over, dynamic;
	long long sum;
	int ntop;
	struct frame top[STACK_TOP];	/* largest first */
};

/*
 * Read KDIR/stack.su against KDIR/vmlinux and the objects in KDIR/obj
 * (see stack.c).  Returns 0 with ST valid; 1 when there is no stack.su
 * (the kernel was built without -fstack-usage); -1 with *ERR naming the
 * file and the fault.
 */
int stack_read(const char *kdir, long threshold, struct stack_facts *st, char **err);
void stack_free(struct stack_facts *st);

#endif
