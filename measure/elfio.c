// SPDX-License-Identifier: GPL-2.0
/* Opening ELF files the one way every tksize command does. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "elfio.h"

Elf *elf_open(const char *path, int *fd)
{
	Elf *elf;

	*fd = open(path, O_RDONLY);
	if (*fd < 0) {
		fprintf(stderr, "tksize: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		fprintf(stderr, "tksize: %s: not an ELF file\n", path);
		elf_close(elf, *fd);
		return NULL;
	}
	return elf;
}

void elf_close(Elf *elf, int fd)
{
	if (elf)
		elf_end(elf);
	close(fd);
}

int elf_each_symbol(const char *path, elf_sym_fn *fn, void *arg)
{
	Elf_Scn *scn = NULL;
	int fd;
	Elf *elf = elf_open(path, &fd);

	if (!elf)
		return -1;
	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data;
		GElf_Shdr sh;
		size_t i;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize)
			continue;
		data = elf_getdata(scn, NULL);
		for (i = 0; data && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *name;

			if (gelf_getsym(data, (int)i, &s) && (name = elf_strptr(elf, sh.sh_link, s.st_name)))
				fn(elf, &s, name, arg);
		}
	}
	elf_close(elf, fd);
	return 0;
}
