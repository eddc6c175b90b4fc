/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Walking a vmlinux's DWARF through libdw, the one way every tksize room
 * does: open it, visit each compilation unit, visit each DIE under one.
 * Like elfio.c, none of these prints or exits: an error is -1 with *ERR,
 * one line naming the file, or the name of the libdw call that failed.
 */
#ifndef TINYKERN_DWARFWALK_H
#define TINYKERN_DWARFWALK_H

#include <elfutils/libdw.h>

/* ELF's DWARF (PATH names it in the error), or NULL with *ERR. */
Dwarf *dwarf_of(Elf *elf, const char *path, char **err);

/*
 * Call UNIT(CU, INDEX, ARG) on each compilation unit of DW in order,
 * INDEX counting from 0.  UNIT returns NULL, or the name of the libdw call
 * that failed in the unit, which ends the walk.  Returns 0, or -1 with
 * *ERR naming PATH, the unit's offset and the fault; DWARF without a
 * unit is an error too.
 */
int dwarf_each_unit(Dwarf *dw, const char *path, const char *(*unit)(Dwarf_Die *cu, long index, void *arg),
		    void *arg, char **err);

/*
 * Call VISIT(DIE, FLAGS, ARG) on DIE, then on each DIE under it, depth
 * first, in order.  A DIE's children get the flags VISIT returned for it
 * (DIE itself gets FLAGS): what a walk carries down, such as "inside an
 * inlined subroutine".  Returns NULL, or the name of the libdw call that
 * failed, where the walk stopped.
 */
const char *dwarf_each_die(Dwarf_Die *die, unsigned flags, unsigned (*visit)(Dwarf_Die *die, unsigned flags, void *arg),
			   void *arg);

/*
 * Whether CU is the unit GCC's LTO stage compiled ("<artificial>"): the
 * code of the whole kernel, with no DW_AT_inline, its functions naming
 * their abstract origins in each file's early unit.
 */
int dwarf_is_lto_unit(Dwarf_Die *cu);

#endif
