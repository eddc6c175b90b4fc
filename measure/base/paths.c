// SPDX-License-Identifier: GPL-2.0
/* base/paths.c: source paths (base/paths.h). */
#define _GNU_SOURCE
#include <string.h>

#include "base/paths.h"
#include "base/util.h"

char *path_directory(const char *path, int depth)
{
	const char *p = path, *cut = NULL;
	int level = 0;

	if (path[0] == '[' || !depth)
		return xstrdup(path);
	if (*p == '/')
		p++;
	while (level < depth && (p = strchr(p, '/'))) {
		cut = ++p;
		level++;
	}
	return cut ? strndup(path, (size_t)(cut - path)) : xstrdup(path);
}

const char *path_in_tree(const char *path, const char *tree)
{
	size_t n = strlen(tree);

	if (!path)
		return NULL;
	if (path[0] != '/')
		return strncmp(path, "./", 2) ? path : NULL;
	return !strncmp(path, tree, n) ? path + n : NULL;
}
