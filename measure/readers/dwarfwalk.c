// SPDX-License-Identifier: GPL-2.0
/* dwarfwalk.c: the DWARF walk inline.c and attribute.c share (dwarfwalk.h). */
#include <stdlib.h>
#include <string.h>

#include "readers/dwarfwalk.h"
#include "base/util.h"

Dwarf *dwarf_of(Elf *elf, const char *path, char **err)
{
	Dwarf *dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL);

	if (!dw)
		*err = xasprintf("%s: no DWARF (built without debug info?): %s", path, dwarf_errmsg(-1));
	return dw;
}

int dwarf_each_unit(Dwarf *dw, const char *path, const char *(*unit)(Dwarf_Die *cu, long index, void *arg),
		    void *arg, char **err)
{
	Dwarf_Off off, next;
	size_t hsize;
	long index = 0;
	int r;

	for (off = 0; (r = dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) == 0; off = next) {
		const char *fault;
		Dwarf_Die cu;

		if (!dwarf_offdie(dw, off + hsize, &cu)) {
			*err = xasprintf("%s: DWARF: no compilation unit DIE at offset %#llx: %s", path,
					 (unsigned long long)(off + hsize), dwarf_errmsg(-1));
			return -1;
		}
		fault = unit(&cu, index++, arg);
		if (fault) {
			*err = xasprintf("%s: DWARF: %s failed in the unit at offset %#llx: %s", path, fault,
					 (unsigned long long)off, dwarf_errmsg(-1));
			return -1;
		}
	}
	if (r < 0) {
		*err = xasprintf("%s: DWARF: bad unit header at offset %#llx: %s", path, (unsigned long long)off,
				 dwarf_errmsg(-1));
		return -1;
	}
	if (!index) {
		*err = xasprintf("%s: no compilation units in .debug_info", path);
		return -1;
	}
	return 0;
}

const char *dwarf_each_die(Dwarf_Die *die, unsigned flags, unsigned (*visit)(Dwarf_Die *die, unsigned flags, void *arg),
			   void *arg)
{
	unsigned below = visit(die, flags, arg);
	const char *fault;
	Dwarf_Die child;
	int r = dwarf_child(die, &child);

	if (r < 0)
		return "dwarf_child";
	while (r == 0) {
		fault = dwarf_each_die(&child, below, visit, arg);
		if (fault)
			return fault;
		r = dwarf_siblingof(&child, &child);
		if (r < 0)
			return "dwarf_siblingof";
	}
	return NULL;
}

int dwarf_is_lto_unit(Dwarf_Die *cu)
{
	const char *name = dwarf_diename(cu);

	return name && !strcmp(name, "<artificial>");
}
