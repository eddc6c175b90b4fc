/* SPDX-License-Identifier: GPL-2.0 */
/* Reading ELF files through libelf, the one way every tksize room does. */
#ifndef TINYKERN_ELFIO_H
#define TINYKERN_ELFIO_H

#include <gelf.h>
#include <libelf.h>
#include <stdint.h>

#include "base/ranges.h"

/*
 * Every function here that can fail returns -1 (or NULL) and sets *ERR to
 * a one-line reason that names the file, for the caller to print or keep
 * (free it).  None prints, none exits.
 */

/*
 * Open PATH as an ELF file for reading, with its section header table
 * and every section's contents inside the file (a truncated file is an
 * error, not a smaller kernel).  Close with elf_close().
 */
Elf *elf_open(const char *path, int *fd, char **err);
void elf_close(Elf *elf, int fd);

/* Berkeley sizes, as binutils `size` classifies allocated sections. */
struct sizes {
	uint64_t text, data, bss;
};
int elf_sizes(const char *path, struct sizes *sz, char **err);
/*
 * The init stack's alignment fill in a vmlinux's .data: i386's linker
 * script opens .data at a page boundary (_sdata) with the init stack,
 * aligned to THREAD_SIZE, 8 KiB (__start_init_task).  So .data holds 0 or
 * 4,096 bytes of fill by where .text and .rodata end: a page that moves
 * with the layout, not with any data.  0 for a file without both symbols;
 * an error for one without a symbol table, or where the two are not less
 * than 8 KiB apart in one section (what lies between would be data).
 */
int elf_init_stack_fill(const char *path, uint64_t *fill, char **err);

/* Where `size` counts an allocated section: code or read-only is text. */
enum berkeley { BK_TEXT, BK_DATA, BK_BSS };
enum berkeley berkeley_class(const GElf_Shdr *sh);

/* One allocated section with a size: its name, addresses and class. */
struct elf_section {
	char *name;
	uint64_t start, end;
	enum berkeley cls;
	int code;		/* SHF_EXECINSTR */
};
/* ELF's allocated sections with a size, by address.  Free with elf_sections_free(). */
int elf_alloc_sections(Elf *elf, const char *path, struct elf_section **v, size_t *n, char **err);
void elf_sections_free(struct elf_section *v, size_t n);

/*
 * Call FN for every symbol in PATH's .symtab, with the open ELF (for
 * section lookups), the symbol's real section index (SHN_XINDEX resolved
 * through .symtab_shndx, so files with more than 65,279 sections work) and
 * ARG.  A file without .symtab (stripped) is an error.
 */
typedef void elf_sym_fn(Elf *elf, const GElf_Sym *sym, size_t shndx, const char *name, void *arg);
int elf_each_symbol(const char *path, elf_sym_fn *fn, void *arg, char **err);

/*
 * LEN bytes of code or data: at address ADDR of a linked image (SHNDX 0),
 * or at offset ADDR of section SHNDX of a relocatable object, where the
 * bytes that relocations patch are set to 0 in both BYTES and MASK (so the
 * same function can be compared before and after the link).  Returns NULL
 * when they are not all in one section with contents.  Free both.
 */
unsigned char *elf_bytes(Elf *elf, size_t shndx, uint64_t addr, size_t len, unsigned char **mask);

/*
 * What built a kernel, as the kernel says it: *KERNEL_RELEASE the release its
 * linux_banner names ("6.1.158": "Linux version 6.1.158 (...)"), *GCC
 * the version of the first "GCC: (...) 12.2.0" string in .comment.
 * Either is NULL when the file lacks it; an error only for a file
 * that cannot be read or has no symbol table.  Free both.
 */
int elf_build_versions(const char *path, char **kernel_release, char **gcc, char **err);

/*
 * The address ranges of ELF's allocated code sections (SHF_ALLOC and
 * SHF_EXECINSTR), sorted.  *V is malloc'ed.
 */
int elf_code_ranges(Elf *elf, const char *path, struct range **v, size_t *n, char **err);

#endif
