// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a GNU ld link map: which object each input section of the
 * linked image came from.  This is a text format with no library to read
 * it; ld prints, after "Linker script and memory map", one line per input
 * section, or two when the name is long:
 *
 *	 .rodata.str1.1
 *	                0xc10d2a10      0x1c3 vmlinux.a(kernel/fork.o)
 *	 .text          0xc1000000      0x2c6 vmlinux.a(arch/x86/kernel/head_32.o)
 *	 *fill*         0xc10002c6        0x2
 *
 * Lines of symbols ("0xc1000000  startup_32"), of the script ("*(.text)")
 * and ld's notes ("0x25 (size before relaxing)") are not sections.  The
 * sizes are after ld merged identical strings, so they add up to the
 * output section.  The list of discarded sections, above the memory map,
 * is not read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readers/linkmap.h"
#include "base/util.h"

/* "0x" and hex digits, all of TOKEN. */
static int hex(const char *token, uint64_t *v)
{
	char *end;

	if (strncmp(token, "0x", 2))
		return 0;
	errno = 0;
	*v = strtoull(token, &end, 16);
	return !errno && !*end && end > token + 2;
}

/* "vmlinux.a(kernel/fork.o)" -> "kernel/fork.o"; "init/version-timestamp.o" as is. */
static char *object_name(const char *token)
{
	const char *open = strchr(token, '(');
	size_t len = strlen(token);

	if (open && len > 1 && token[len - 1] == ')')
		return strndup(open + 1, (size_t)(token + len - 1 - (open + 1)));
	return xstrdup(token);
}

static void add(struct linkmap *m, size_t *cap, uint64_t start, uint64_t size, const char *object)
{
	if (!size)
		return;
	if (m->nin == *cap)
		m->in = xrealloc(m->in, (*cap = *cap ? 2 * *cap : 4096) * sizeof(*m->in));
	m->in[m->nin++] = (struct map_input){ start, size, object ? object_name(object) : NULL };
}

static void add_output(struct linkmap *m, const char *name, uint64_t start, uint64_t size)
{
	if (!size)
		return;
	m->out = xrealloc(m->out, (m->nout + 1) * sizeof(*m->out));
	m->out[m->nout++] = (struct map_output){ xstrdup(name), start, size };
}

int linkmap_read(const char *path, struct linkmap *m, char **err)
{
	char *line = NULL, pending[512] = "", output[512] = "";
	size_t cap = 0, vcap = 0;
	int in_map = 0;
	FILE *f = fopen(path, "r");

	memset(m, 0, sizeof(*m));
	if (!f) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, f) > 0) {
		char a[512], b[64], c[64], d[512], e[64];
		uint64_t addr, size, other;
		int words;

		if (!in_map) {
			in_map = !strncmp(line, "Linker script and memory map", 28);
			continue;
		}
		words = sscanf(line, " %511s %63s %63s %511s %63s", a, b, c, d, e);
		if (words < 1)
			continue;
		if (line[0] != ' ') {	/* an output section, its name alone when long */
			pending[0] = '\0';
			output[0] = '\0';
			/* ".text 0xc1000000 0xcacc8 load address 0x01000000" */
			if (words >= 3 && hex(b, &addr) && hex(c, &size))
				add_output(m, a, addr, size);
			else if (words == 1)
				snprintf(output, sizeof(output), "%s", a);
			continue;
		}
		if (output[0] && words >= 2 && hex(a, &addr) && hex(b, &size)) {
			add_output(m, output, addr, size);
		} else if (!strcmp(a, "*fill*") && words >= 3 && hex(b, &addr) && hex(c, &size)) {
			add(m, &vcap, addr, size, NULL);
		} else if (a[0] != '*' && !hex(a, &other) && words == 4 && hex(b, &addr) && hex(c, &size)) {
			add(m, &vcap, addr, size, d);	/* " .text 0x... 0x... obj" */
		} else if (a[0] != '*' && !hex(a, &other) && words == 1) {
			snprintf(pending, sizeof(pending), "%s", a);	/* a long name: its line follows */
			output[0] = '\0';
			continue;
		} else if (pending[0] && words == 3 && hex(a, &addr) && hex(b, &size) && !hex(c, &other)) {
			add(m, &vcap, addr, size, c);
		}
		pending[0] = '\0';
		output[0] = '\0';
	}
	free(line);
	fclose(f);
	if (!in_map || !m->nin) {
		*err = xasprintf("%s: not a GNU ld map file (no \"Linker script and memory map\" with input"
				 " sections)", path);
		linkmap_free(m);
		return -1;
	}
	return 0;
}

void linkmap_free(struct linkmap *m)
{
	size_t i;

	for (i = 0; i < m->nin; i++)
		free(m->in[i].object);
	for (i = 0; i < m->nout; i++)
		free(m->out[i].name);
	free(m->in);
	free(m->out);
	memset(m, 0, sizeof(*m));
}
