/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_ELFIO_H
#define TINYKERN_ELFIO_H

#include <gelf.h>
#include <libelf.h>

/*
 * Open PATH as an ELF file for reading.  On failure it says why, once,
 * naming the file ("tksize: PATH: not an ELF file"), and returns NULL.
 * Close with elf_close().
 */
Elf *elf_open(const char *path, int *fd);
void elf_close(Elf *elf, int fd);

/*
 * Call FN for every named symbol in PATH's .symtab, with the open ELF (for
 * section lookups) and ARG.  Returns -1 if PATH cannot be opened.
 */
typedef void elf_sym_fn(Elf *elf, const GElf_Sym *sym, const char *name, void *arg);
int elf_each_symbol(const char *path, elf_sym_fn *fn, void *arg);

#endif
