// SPDX-License-Identifier: GPL-2.0
/* Opening ELF files and walking their sections and symbols through libelf. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "readers/elfio.h"
#include "base/util.h"

/* Every section with contents must lie inside the file. */
static int check_extent(Elf *elf, const char *path, off_t filesize, char **err)
{
	Elf_Scn *scn = NULL;
	size_t shnum, shstrndx;
	GElf_Ehdr eh;

	if (!gelf_getehdr(elf, &eh) || elf_getshdrnum(elf, &shnum) || elf_getshdrstrndx(elf, &shstrndx)) {
		*err = xasprintf("%s: bad ELF header: %s", path, elf_errmsg(-1));
		return -1;
	}
	/* libelf reports no sections at all when their table lies past the end */
	if (eh.e_shoff && !shnum)
		shnum = eh.e_shnum ? eh.e_shnum : 1;
	if (shnum && (eh.e_shoff > (uint64_t)filesize ||
		      (uint64_t)filesize - eh.e_shoff < (uint64_t)shnum * eh.e_shentsize)) {
		*err = xasprintf("%s: truncated: the section headers end at %llu, the file is %lld bytes",
				 path, (unsigned long long)(eh.e_shoff + (uint64_t)shnum * eh.e_shentsize),
				 (long long)filesize);
		return -1;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh)) {
			*err = xasprintf("%s: bad section header %zu: %s", path, elf_ndxscn(scn), elf_errmsg(-1));
			return -1;
		}
		if (sh.sh_type == SHT_NOBITS || !sh.sh_size)
			continue;
		if (sh.sh_offset > (uint64_t)filesize || (uint64_t)filesize - sh.sh_offset < sh.sh_size) {
			const char *name = elf_strptr(elf, shstrndx, sh.sh_name);

			*err = xasprintf("%s: truncated: section %s ends at %llu, the file is %lld bytes",
					 path, name ? name : "?", (unsigned long long)(sh.sh_offset + sh.sh_size),
					 (long long)filesize);
			return -1;
		}
	}
	return 0;
}

Elf *elf_open(const char *path, int *fd, char **err)
{
	struct stat st;
	Elf *elf;

	*fd = open(path, O_RDONLY);
	if (*fd < 0 || fstat(*fd, &st)) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		if (*fd >= 0)
			close(*fd);
		return NULL;
	}
	elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		*err = xasprintf("%s: not an ELF file", path);
		elf_close(elf, *fd);
		return NULL;
	}
	if (check_extent(elf, path, st.st_size, err)) {
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

int elf_sizes(const char *path, struct sizes *sz, char **err)
{
	Elf_Scn *scn = NULL;
	int fd;
	Elf *elf = elf_open(path, &fd, err);

	memset(sz, 0, sizeof(*sz));
	if (!elf)
		return -1;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
			continue;
		switch (berkeley_class(&sh)) {
		case BK_TEXT: sz->text += sh.sh_size; break;
		case BK_DATA: sz->data += sh.sh_size; break;
		case BK_BSS: sz->bss += sh.sh_size; break;
		}
	}
	elf_close(elf, fd);
	return 0;
}

struct init_stack_symbols {
	uint64_t sdata, start;
	size_t sdata_shndx, start_shndx;
	int found;		/* bit 0: _sdata, bit 1: __start_init_task */
};

static void note_init_stack_symbol(Elf *elf, const GElf_Sym *sym, size_t shndx, const char *name, void *arg)
{
	struct init_stack_symbols *s = arg;

	(void)elf;
	if (!strcmp(name, "_sdata")) {
		s->sdata = sym->st_value;
		s->sdata_shndx = shndx;
		s->found |= 1;
	} else if (!strcmp(name, "__start_init_task")) {
		s->start = sym->st_value;
		s->start_shndx = shndx;
		s->found |= 2;
	}
}

/* THREAD_SIZE on i386: the init stack's alignment, so the fill is less */
#define INIT_STACK_ALIGN 8192

int elf_init_stack_fill(const char *path, uint64_t *fill, char **err)
{
	struct init_stack_symbols s = { 0 };

	*fill = 0;
	if (elf_each_symbol(path, note_init_stack_symbol, &s, err))
		return -1;
	if (s.found != 3)
		return 0;
	/* anything else between them would be data, not fill */
	if (s.sdata_shndx != s.start_shndx || s.start < s.sdata || s.start - s.sdata >= INIT_STACK_ALIGN) {
		*err = xasprintf("%s: _sdata (%#llx) and __start_init_task (%#llx) are not less than %d bytes apart"
				 " in one section: no init stack fill to leave out", path,
				 (unsigned long long)s.sdata, (unsigned long long)s.start, INIT_STACK_ALIGN);
		return -1;
	}
	*fill = s.start - s.sdata;
	return 0;
}

/* code or read-only is text, other sections with contents data, NOBITS bss */
enum berkeley berkeley_class(const GElf_Shdr *sh)
{
	if ((sh->sh_flags & SHF_EXECINSTR) || !(sh->sh_flags & SHF_WRITE))
		return BK_TEXT;
	return sh->sh_type != SHT_NOBITS ? BK_DATA : BK_BSS;
}

static int by_section_start(const void *a, const void *b)
{
	const struct elf_section *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

int elf_alloc_sections(Elf *elf, const char *path, struct elf_section **v, size_t *n, char **err)
{
	Elf_Scn *scn = NULL;
	size_t cap = 16, shstrndx;

	*n = 0;
	*v = NULL;
	if (elf_getshdrstrndx(elf, &shstrndx)) {
		*err = xasprintf("%s: no section name table: %s", path, elf_errmsg(-1));
		return -1;
	}
	*v = xmalloc(cap * sizeof(**v));
	while ((scn = elf_nextscn(elf, scn))) {
		const char *name;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh)) {
			*err = xasprintf("%s: bad section header: %s", path, elf_errmsg(-1));
			elf_sections_free(*v, *n);
			*v = NULL;
			return -1;
		}
		if (!(sh.sh_flags & SHF_ALLOC) || !sh.sh_size)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (*n == cap)
			*v = xrealloc(*v, (cap *= 2) * sizeof(**v));
		(*v)[(*n)++] = (struct elf_section){ xstrdup(name ? name : "?"), sh.sh_addr,
						     sh.sh_addr + sh.sh_size, berkeley_class(&sh),
						     !!(sh.sh_flags & SHF_EXECINSTR) };
	}
	qsort(*v, *n, sizeof(**v), by_section_start);
	return 0;
}

void elf_sections_free(struct elf_section *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

/* The .symtab_shndx section that extends symbol table SYMNDX, or NULL. */
static Elf_Data *xindex_data(Elf *elf, size_t symndx)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB_SHNDX && sh.sh_link == symndx)
			return elf_getdata(scn, NULL);
	}
	return NULL;
}

static int walk_symtab(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, const char *path,
		       elf_sym_fn *fn, void *arg, char **err)
{
	Elf_Data *data = elf_getdata(scn, NULL), *xdata = xindex_data(elf, elf_ndxscn(scn));
	size_t i, n = sh->sh_size / sh->sh_entsize;

	if (!data) {
		*err = xasprintf("%s: cannot read .symtab: %s", path, elf_errmsg(-1));
		return -1;
	}
	for (i = 0; i < n; i++) {
		const char *name;
		GElf_Word xndx = 0;
		GElf_Sym s;

		if (!gelf_getsymshndx(data, xdata, (int)i, &s, &xndx)) {
			*err = xasprintf("%s: cannot read symbol %zu: %s", path, i, elf_errmsg(-1));
			return -1;
		}
		name = elf_strptr(elf, sh->sh_link, s.st_name);
		if (!name) {
			*err = xasprintf("%s: symbol %zu has no name in the string table: %s", path, i,
					 elf_errmsg(-1));
			return -1;
		}
		if (s.st_shndx == SHN_XINDEX && !xdata) {
			*err = xasprintf("%s: symbol %s has an extended section index, but there is"
					 " no .symtab_shndx", path, name);
			return -1;
		}
		fn(elf, &s, s.st_shndx == SHN_XINDEX ? xndx : s.st_shndx, name, arg);
	}
	return 0;
}

int elf_each_symbol(const char *path, elf_sym_fn *fn, void *arg, char **err)
{
	Elf_Scn *scn = NULL;
	int fd, tables = 0, ret = 0;
	Elf *elf = elf_open(path, &fd, err);

	if (!elf)
		return -1;
	while (!ret && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize)
			continue;
		tables++;
		ret = walk_symtab(elf, scn, &sh, path, fn, arg, err);
	}
	elf_close(elf, fd);
	if (!ret && !tables) {
		*err = xasprintf("%s: no symbol table (.symtab); is it stripped?", path);
		return -1;
	}
	return ret;
}

/* Zero in MASK the bytes of [OFF, OFF+LEN) of section SHNDX that relocations patch. */
static void mask_relocations(Elf *elf, size_t shndx, uint64_t off, size_t len, unsigned char *mask)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data;
		GElf_Shdr sh;
		size_t i;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA) ||
		    sh.sh_info != shndx || !sh.sh_entsize || !(data = elf_getdata(scn, NULL)))
			continue;
		for (i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			uint64_t at, j;
			GElf_Rela ra;
			GElf_Rel r;

			if (sh.sh_type == SHT_REL ? !gelf_getrel(data, (int)i, &r) : !gelf_getrela(data, (int)i, &ra))
				continue;
			at = sh.sh_type == SHT_REL ? r.r_offset : ra.r_offset;
			/* i386 relocations patch 4 bytes; x86-64's at most 8 */
			for (j = at; j < at + (gelf_getclass(elf) == ELFCLASS32 ? 4 : 8); j++)
				if (j >= off && j < off + len)
					mask[j - off] = 0;
		}
	}
}

unsigned char *elf_bytes(Elf *elf, size_t shndx, uint64_t addr, size_t len, unsigned char **mask)
{
	Elf_Scn *scn = NULL;
	unsigned char *bytes;

	while ((scn = shndx ? elf_getscn(elf, shndx) : elf_nextscn(elf, scn))) {
		uint64_t start;
		Elf_Data *data;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS) {
			if (shndx)
				return NULL;
			continue;
		}
		start = shndx ? 0 : sh.sh_addr;
		if ((shndx || (sh.sh_flags & SHF_ALLOC)) && addr >= start && addr + len <= start + sh.sh_size) {
			if (!(data = elf_getdata(scn, NULL)) || data->d_size < sh.sh_size)
				return NULL;
			bytes = xmalloc(len);
			memcpy(bytes, (unsigned char *)data->d_buf + (addr - start), len);
			*mask = xmalloc(len);
			memset(*mask, 1, len);
			if (shndx)
				mask_relocations(elf, shndx, addr, len, *mask);
			return bytes;
		}
		if (shndx)
			return NULL;
	}
	return NULL;
}

static int by_start(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

int elf_code_ranges(Elf *elf, const char *path, struct range **v, size_t *n, char **err)
{
	Elf_Scn *scn = NULL;
	size_t cap = 16;

	*n = 0;
	*v = xmalloc(cap * sizeof(**v));
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh)) {
			*err = xasprintf("%s: bad section header: %s", path, elf_errmsg(-1));
			free(*v);
			*v = NULL;
			return -1;
		}
		if ((sh.sh_flags & (SHF_ALLOC | SHF_EXECINSTR)) != (SHF_ALLOC | SHF_EXECINSTR) || !sh.sh_size)
			continue;
		if (*n == cap)
			*v = xrealloc(*v, (cap *= 2) * sizeof(**v));
		(*v)[(*n)++] = (struct range){ sh.sh_addr, sh.sh_addr + sh.sh_size };
	}
	qsort(*v, *n, sizeof(**v), by_start);
	return 0;
}

struct banner {
	uint64_t addr;
	size_t size;
	int found;
};

static void note_banner(Elf *elf, const GElf_Sym *sym, size_t shndx, const char *name, void *arg)
{
	struct banner *b = arg;

	(void)elf;
	(void)shndx;
	if (!strcmp(name, "linux_banner") && sym->st_size) {
		b->addr = sym->st_value;
		b->size = sym->st_size;
		b->found = 1;
	}
}

/* The word after PREFIX at the start of S, up to a blank: a malloc'ed copy. */
static char *word_after(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix), end;

	if (len < n || strncmp(s, prefix, n))
		return NULL;
	for (end = n; end < len && s[end] && s[end] != ' ' && s[end] != '\n'; end++)
		;
	return end > n ? xasprintf("%.*s", (int)(end - n), s + n) : NULL;
}

/* The version at the end of .comment's first "GCC: (...) X.Y.Z" string. */
static char *gcc_of_comment(Elf *elf)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		const char *name, *p, *end;

		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(elf, shstrndx, sh.sh_name)) ||
		    strcmp(name, ".comment") || !(d = elf_getdata(scn, NULL)) || !d->d_buf)
			continue;
		for (p = d->d_buf, end = p + d->d_size; p < end; p += strnlen(p, (size_t)(end - p)) + 1) {
			size_t len = strnlen(p, (size_t)(end - p)), last = len;

			if (len <= 5 || strncmp(p, "GCC: ", 5))
				continue;
			while (last > 0 && p[last - 1] != ' ')
				last--;
			return xasprintf("%.*s", (int)(len - last), p + last);
		}
	}
	return NULL;
}

int elf_build_versions(const char *path, char **kernel_release, char **gcc, char **err)
{
	struct banner b = { 0 };
	int fd;
	Elf *elf;

	*kernel_release = *gcc = NULL;
	if (elf_each_symbol(path, note_banner, &b, err))
		return -1;
	if (!(elf = elf_open(path, &fd, err)))
		return -1;
	if (b.found) {
		unsigned char *mask = NULL, *bytes = elf_bytes(elf, 0, b.addr, b.size, &mask);

		if (bytes)
			*kernel_release = word_after((const char *)bytes, b.size, "Linux version ");
		free(bytes);
		free(mask);
	}
	*gcc = gcc_of_comment(elf);
	elf_close(elf, fd);
	return 0;
}
