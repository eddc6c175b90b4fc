/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_ELFIO_H
#define TINYKERN_ELFIO_H

#include <libelf.h>

/*
 * Open PATH as an ELF file for reading.  On failure it says why, once,
 * naming the file ("tksize: PATH: not an ELF file"), and returns NULL.
 * Close with elf_close().
 */
Elf *elf_open(const char *path, int *fd);
void elf_close(Elf *elf, int fd);

#endif
