/* SPDX-License-Identifier: GPL-2.0 */
/* Reading where a vmlinux's bytes go, from its DWARF and ld's link map. */
#ifndef TINYKERN_ATTRIBUTE_H
#define TINYKERN_ATTRIBUTE_H

#include "analyses/attribution.h"

/*
 * Attribute every allocated byte of VMLINUX (built with debug info) to a
 * source file, relative to the kernel tree: code from the compilation
 * units' ranges and the line tables, data from DWARF's variables sized by
 * their symbols.  Ranges outside the allocated sections (the tombstoned
 * DWARF of code --gc-sections dropped) count nowhere.  With MAP, ld's
 * link map of it, each input section goes to its object's source file
 * first (merged strings, constants, the x86 tables, the brk reservations
 * included), ld's fill to "[padding]", and DWARF places what is left.  The bytes of a section
 * that no file owns are its row "[SECTION]".  Returns 0, or -1 with *ERR
 * naming the file.
 */
int attribute_read(const char *vmlinux, const char *map, struct attribution *a, char **err);
/* VMLINUX.map, where kbuild's CONFIG_VMLINUX_MAP puts it, if it is there; free it. */
char *attribute_map_of(const char *vmlinux);

#endif
