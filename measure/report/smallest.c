// SPDX-License-Identifier: GPL-2.0
/* make smallest's chain: load each kernel, find the smallest that boots. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "readers/elfio.h"
#include "report/smallest.h"

int smallest_load(struct smallest *s, int argc, char **argv, char **err)
{
	int i;

	memset(s, 0, sizeof(*s));
	s->best = -1;
	if (argc < 1) {
		*err = xstrdup("no kernels: the stock one first, then each step");
		return -1;
	}
	s->k = xcalloc((size_t)argc, sizeof(*s->k));
	for (i = 0; i < argc; i++) {
		struct kernel *k = &s->k[i];

		if (kernel_load(k, argv[i], err))
			return -1;
		s->n++;
		if (strcmp(k->config, s->k[0].config) || strcmp(k->tree, s->k[0].tree)) {
			*err = xasprintf("%s: not a kernel of %s's config and tree", k->name, s->k[0].name);
			return -1;
		}
		if (passed(k) && (s->best < 0 || k->sz.text < s->k[s->best].sz.text))
			s->best = i;
	}
	if (s->best >= 0) {
		char *path = xasprintf("%s/vmlinux", s->k[s->best].dir), *why = NULL;

		/* the versions are a title: a kernel without them still counts */
		if (elf_build_versions(path, &s->linux_version, &s->gcc_version, &why))
			free(why);
		free(path);
	}
	return 0;
}

int smallest_previous(const struct smallest *s, size_t i)
{
	while (i-- > 0)
		if (s->k[i].built)
			return (int)i;
	return -1;
}

void smallest_free(struct smallest *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		kernel_free(&s->k[i]);
	free(s->k);
	free(s->linux_version);
	free(s->gcc_version);
	memset(s, 0, sizeof(*s));
}
