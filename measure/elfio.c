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
