/* SPDX-License-Identifier: GPL-2.0 */
/* Source paths as the kernel tree names them. */
#ifndef TINYKERN_PATHS_H
#define TINYKERN_PATHS_H

/*
 * The directory of PATH at most DEPTH levels deep, with its '/':
 * "kernel/sched/" for "kernel/sched/core.c" at 2, "kernel/" at 1; PATH
 * itself at DEPTH 0, for a file in no directory, or for a "[section]"
 * row.  Free it.
 */
char *path_directory(const char *path, int depth);
/*
 * PATH relative to TREE (which ends in '/'), or NULL when it is not in it.
 * kbuild/kmake.sh maps the tree to nothing in DWARF
 * (-ffile-prefix-map=TREE/=), so a relative path is the tree's, but for
 * the object folder's generated files, which kbuild's -I./include and the
 * like name "./include/..."; an absolute path is a kernel built without
 * the map.
 */
const char *path_in_tree(const char *path, const char *tree);

#endif
