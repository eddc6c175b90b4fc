/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_BUDGET_H
#define TINYKERN_BUDGET_H

/* What a budget line can limit: bytes, except min_ram in MiB. */
enum budget_key { B_TEXT, B_DATA, B_BSS, B_DEC, B_BZIMAGE, B_MIN_RAM, B_NKEYS };

extern const char *const budget_key_names[B_NKEYS];

struct budget_line {
	char variant[64];	/* "" = every variant of the config */
	char dir[256];		/* "" = the whole kernel; else a source directory or file */
	enum budget_key key;
	long long max;
	int lineno;
};

struct budget {
	char config[64];
	char path[4096];
	struct budget_line *lines;
	int n;
	char **errors;		/* "FILE:LINE: what: line" for each bad line, or why FILE could not be read */
	int nerrors;
};

/*
 * Read FILE, the budget of CONFIG: lines "KEY MAX" or "VARIANT KEY MAX",
 * "dir PATH KEY MAX" or "VARIANT dir PATH KEY MAX" (KEY text, data, bss
 * or dec of the bytes tksize attribute gives PATH), '#' comments and
 * blank lines.  A bad line goes into B's errors, named file:line, and the
 * other lines still hold; so does a VARIANT with no
 * FRAGMENTS/variant-VARIANT.config (a typo would otherwise leave its
 * limit unchecked forever), and a file that cannot be read.  Free with
 * budget_free().  Nothing is printed.
 */
void budget_read(struct budget *b, const char *config, const char *file, const char *fragments);
void budget_free(struct budget *b);

/* The limit on KEY for VARIANT (a variant's own line wins), or -1. */
long long budget_limit(const struct budget *b, const char *variant, enum budget_key key);
/* The line that limits KEY of directory DIR for VARIANT (its own wins), or NULL. */
const struct budget_line *budget_dir_line(const struct budget *b, const char *variant, const char *dir,
					  enum budget_key key);

#endif
