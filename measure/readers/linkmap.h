/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_LINKMAP_H
#define TINYKERN_LINKMAP_H

#include <stddef.h>
#include <stdint.h>

/* One input section as GNU ld placed it, or a fill between two. */
struct map_input {
	uint64_t start, size;
	char *object;		/* "kernel/fork.o" (an archive member's own name), NULL for *fill* */
};

/* An output section: what the map says the image's section is. */
struct map_output {
	char *name;
	uint64_t start, size;
};

struct linkmap {
	struct map_input *in;
	size_t nin;
	struct map_output *out;
	size_t nout;
};

/*
 * The input sections of a GNU ld map file (ld -Map, CONFIG_VMLINUX_MAP's
 * vmlinux.map), in the order ld placed them, with their sizes after ld
 * merged strings, and the output sections.  Sections of size 0 are left
 * out.  Returns 0, or -1 with *ERR naming the file.
 */
int linkmap_read(const char *path, struct linkmap *m, char **err);
void linkmap_free(struct linkmap *m);

#endif
