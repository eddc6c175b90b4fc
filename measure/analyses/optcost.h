/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What one make option-cost run measured, read from its folder's journal
 * (optcost/option-cost.sh documents the lines): each option's cost
 * against the base kernel and its boot, the options kconfig would not
 * flip and why, what the options the architecture forces on cost (measured
 * with its select lines taken out), the top options together against the
 * sum of their single costs, and the fragment of every option that saves
 * bytes and boots.
 */
#ifndef TINYKERN_OPTCOST_H
#define TINYKERN_OPTCOST_H


enum optcost_status { OPTCOST_MEASURED, OPTCOST_CANNOT, OPTCOST_FAILED };

/* A build's change against the base kernel, in bytes. */
struct optcost_delta {
	long text, data, bss, bzimage;
};

struct optcost_option {
	char *symbol;
	int on;			/* measured turned on (its cost), else off (its saving) */
	enum optcost_status status;
	struct optcost_delta d;
	char *boot;		/* PASS, FAIL, or "-" (not booted) */
	long seconds;
	char *changed;		/* what kconfig changed with it: +SYM,-SYM,... or "-" */
	char *reason;		/* why it could not be flipped, failed, or failed its boot; "-" */
	char *selectors;	/* forced: the symbols no user can set that select it; else NULL */
};

/* The combined trial, or the fragment's last build. */
struct optcost_group {
	int present;
	char *names;		/* comma separated; "-": a fragment with none left */
	struct optcost_delta d;
	char *boot;
	long seconds;
	long sum_dtext;		/* combined: the sum of the members' single text deltas */
	char *dropped;		/* fragment: the options dropped for a failed boot, or "-" */
};

struct optcost_facts {
	char *name;		/* the run's label, e.g. tiny-Os-dce */
	struct optcost_option *options;	/* sorted: measured, biggest text change first; failed; cannot */
	int noptions;
	struct optcost_option *forced;	/* turned off against the selects that force it, same order */
	int nforced;
	long seconds;		/* every build's wall time */
	int data_less_init_fill;	/* data measured without the init stack's fill (TDIR/data-less-init-fill) */
	struct optcost_group combined, fragment;
	struct optcost_facts *nodce;	/* TDIR/nodce: options measured again without DCE, or NULL */
};

/*
 * Read TDIR/journal, and TDIR/nodce/journal when there is one.  Returns
 * 0, or -1 with *ERR naming the file and line of the first bad one; free
 * C with optcost_free() either way.
 */
int optcost_read(const char *tdir, const char *name, struct optcost_facts *c, char **err);
void optcost_free(struct optcost_facts *c);

#endif
