// SPDX-License-Identifier: GPL-2.0
/*
 * klp-convert - bind a module's calls to non-exported vmlinux functions
 * through livepatch relocations.
 *
 * Usage: klp-convert MODULE.ko
 *
 * A module may only link against exported symbols.  pcdrop declares the
 * few non-exported kernel functions it calls as __weak (modpost ignores weak
 * undefined symbols); this tool rewrites the linked module so that every
 * weak undefined symbol becomes a livepatch symbol and every relocation
 * against one moves to a livepatch relocation section, the format of
 * Documentation/livepatch/module-elf-format.rst:
 *
 *   symbol   NAME  ->  ".klp.sym.vmlinux.NAME,0", st_shndx = SHN_LIVEPATCH
 *   section  .rela.X entries for those symbols  ->  ".klp.rela.vmlinux.X",
 *            flags | SHF_RELA_LIVEPATCH
 *
 * The module loader resolves them against kallsyms while it loads the module,
 * and refuses the load ("livepatch: symbol 'NAME' not found in symbol
 * table") if the kernel lacks one, so a renamed function can never be called
 * through a stale address.  Position 0 requires NAME to be unique in
 * kallsyms.
 *
 * Nothing is moved or renumbered: the changed string tables, the new
 * relocation sections and a new section header table are appended to the
 * file.  Run it after the module link and before any signing.  A module
 * with no weak undefined symbols left is not touched, so running it twice
 * is harmless.  Only plain <elf.h> is used so that DKMS hosts need nothing
 * beyond a C compiler.
 */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef SHN_LIVEPATCH
#define SHN_LIVEPATCH		0xff20
#endif
#ifndef SHF_RELA_LIVEPATCH
#define SHF_RELA_LIVEPATCH	0x00100000
#endif

#define KLP_SYM_PREFIX		".klp.sym.vmlinux."
#define KLP_RELA_PREFIX		".klp.rela.vmlinux."

static const char *path;

static void __attribute__((noreturn, format(printf, 1, 2)))
fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "klp-convert: %s: ", path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		fail("out of memory");
	return p;
}

/* A growable byte buffer for the tables this tool appends. */
struct buf {
	char *data;
	size_t len;
};

static size_t buf_add(struct buf *b, const void *p, size_t n)
{
	size_t off = b->len;

	b->data = xrealloc(b->data, b->len + n);
	memcpy(b->data + b->len, p, n);
	b->len += n;
	return off;
}

static size_t buf_add_str(struct buf *b, const char *s1, const char *s2,
			  const char *s3)
{
	size_t off = buf_add(b, s1, strlen(s1));

	buf_add(b, s2, strlen(s2));
	buf_add(b, s3, strlen(s3) + 1);
	return off;
}

static void buf_align(struct buf *b, size_t a)
{
	static const char zero[16];

	if (b->len % a)
		buf_add(b, zero, a - b->len % a);
}

struct elf {
	char *img;
	size_t size;
	Elf64_Ehdr *eh;
	Elf64_Shdr *sh;
	unsigned int shnum;
	const char *shstr;
};

static void *at(struct elf *e, Elf64_Off off, Elf64_Xword len)
{
	if (off > e->size || len > e->size - off)
		fail("offset %#llx+%#llx is outside the file",
		     (unsigned long long)off, (unsigned long long)len);
	return e->img + off;
}

static void load(struct elf *e)
{
	FILE *f = fopen(path, "rb");
	struct stat st;

	if (!f || fstat(fileno(f), &st))
		fail("cannot read: %s", strerror(errno));
	e->size = st.st_size;
	e->img = xrealloc(NULL, e->size);
	if (fread(e->img, 1, e->size, f) != e->size)
		fail("short read");
	fclose(f);

	e->eh = at(e, 0, sizeof(*e->eh));
	if (memcmp(e->eh->e_ident, ELFMAG, SELFMAG) ||
	    e->eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    e->eh->e_ident[EI_DATA] != ELFDATA2LSB ||
	    e->eh->e_type != ET_REL || e->eh->e_machine != EM_X86_64)
		fail("not an x86_64 relocatable ELF file");
	if (e->eh->e_shentsize != sizeof(Elf64_Shdr) || !e->eh->e_shnum ||
	    e->eh->e_shstrndx >= e->eh->e_shnum)
		fail("unsupported section header table");
	e->shnum = e->eh->e_shnum;
	e->sh = at(e, e->eh->e_shoff, (Elf64_Xword)e->shnum * sizeof(*e->sh));
	e->shstr = at(e, e->sh[e->eh->e_shstrndx].sh_offset,
		      e->sh[e->eh->e_shstrndx].sh_size);
}

static const char *secname(struct elf *e, unsigned int i)
{
	return e->shstr + e->sh[i].sh_name;
}

static Elf64_Shdr *find_section(struct elf *e, const char *name)
{
	unsigned int i;

	for (i = 1; i < e->shnum; i++)
		if (!strcmp(secname(e, i), name))
			return &e->sh[i];
	return NULL;
}

/* The loader only applies livepatch relocations in livepatch modules. */
static void check_livepatch_modinfo(struct elf *e)
{
	static const char tag[] = "livepatch=Y";
	Elf64_Shdr *s = find_section(e, ".modinfo");
	const char *p, *end;

	if (!s)
		fail("no .modinfo section");
	p = at(e, s->sh_offset, s->sh_size);
	for (end = p + s->sh_size; p < end; p += strnlen(p, end - p) + 1)
		if (strnlen(p, end - p) == sizeof(tag) - 1 &&
		    !memcmp(p, tag, sizeof(tag) - 1))
			return;
	fail("the module lacks MODULE_INFO(livepatch, \"Y\")");
}

static int is_converted(const Elf64_Sym *s)
{
	return s->st_shndx == SHN_LIVEPATCH;
}

static int to_convert(const Elf64_Sym *s)
{
	return s->st_shndx == SHN_UNDEF && s->st_name &&
	       ELF64_ST_BIND(s->st_info) == STB_WEAK;
}

int main(int argc, char **argv)
{
	struct buf strtab = { 0 }, shstrtab = { 0 }, tail = { 0 }, klphdrs = { 0 };
	struct buf shdrs = { 0 };
	unsigned int i, symtab_idx = 0, nconv = 0, nrela = 0;
	Elf64_Shdr *symtab, *strhdr;
	Elf64_Sym *syms;
	const char *names;
	size_t nsyms, base;
	char *tmp;
	struct elf e;
	struct stat st;
	FILE *out;

	if (argc != 2) {
		fprintf(stderr, "usage: klp-convert MODULE.ko\n");
		return 2;
	}
	path = argv[1];
	load(&e);

	for (i = 1; i < e.shnum; i++) {
		if (e.sh[i].sh_type != SHT_SYMTAB)
			continue;
		if (symtab_idx)
			fail("more than one symbol table");
		symtab_idx = i;
	}
	if (!symtab_idx)
		fail("no symbol table");
	symtab = &e.sh[symtab_idx];
	if (symtab->sh_entsize != sizeof(Elf64_Sym) || symtab->sh_link >= e.shnum)
		fail("malformed symbol table");
	strhdr = &e.sh[symtab->sh_link];
	syms = at(&e, symtab->sh_offset, symtab->sh_size);
	nsyms = symtab->sh_size / sizeof(*syms);
	names = at(&e, strhdr->sh_offset, strhdr->sh_size);

	for (i = 1; i < nsyms; i++)
		nconv += to_convert(&syms[i]);
	if (!nconv) {
		for (i = 1; i < nsyms; i++)
			if (is_converted(&syms[i]))
				return 0;	/* converted before */
		fail("no weak undefined symbols: nothing declared in kernel_api.h is used");
	}
	check_livepatch_modinfo(&e);

	/* Rename the symbols; the new names go into a copy of the string table. */
	buf_add(&strtab, names, strhdr->sh_size);
	for (i = 1; i < nsyms; i++) {
		Elf64_Sym *s = &syms[i];

		if (!to_convert(s))
			continue;
		s->st_name = buf_add_str(&strtab, KLP_SYM_PREFIX, names + s->st_name, ",0");
		s->st_info = ELF64_ST_INFO(STB_GLOBAL, ELF64_ST_TYPE(s->st_info));
		s->st_shndx = SHN_LIVEPATCH;
		s->st_value = 0;
		s->st_size = 0;
	}

	/*
	 * Move the relocations against those symbols, section by section.
	 * What stays is compacted in place; what moves is appended.
	 */
	buf_add(&shstrtab, e.shstr, e.sh[e.eh->e_shstrndx].sh_size);
	base = (e.size + 7) & ~(size_t)7;
	for (i = 1; i < e.shnum; i++) {
		Elf64_Shdr *rs = &e.sh[i], klp;
		Elf64_Rela *r;
		size_t n, j, kept = 0, off;

		if (rs->sh_type != SHT_RELA || (rs->sh_flags & SHF_RELA_LIVEPATCH))
			continue;
		if (rs->sh_link != symtab_idx || rs->sh_info >= e.shnum ||
		    rs->sh_entsize != sizeof(*r))
			fail("malformed relocation section %s", secname(&e, i));
		r = at(&e, rs->sh_offset, rs->sh_size);
		n = rs->sh_size / sizeof(*r);
		buf_align(&tail, 8);
		off = tail.len;
		for (j = 0; j < n; j++) {
			if (ELF64_R_SYM(r[j].r_info) >= nsyms)
				fail("bad symbol index in %s", secname(&e, i));
			if (is_converted(&syms[ELF64_R_SYM(r[j].r_info)]))
				buf_add(&tail, &r[j], sizeof(r[j]));
			else
				r[kept++] = r[j];
		}
		if (kept == n)
			continue;
		rs->sh_size = kept * sizeof(*r);

		klp = *rs;
		klp.sh_name = buf_add_str(&shstrtab, KLP_RELA_PREFIX,
					  secname(&e, rs->sh_info), "");
		klp.sh_flags = rs->sh_flags | SHF_RELA_LIVEPATCH;
		klp.sh_offset = base + off;
		klp.sh_size = (n - kept) * sizeof(*r);
		klp.sh_addralign = 8;
		buf_add(&klphdrs, &klp, sizeof(klp));
		nrela += n - kept;
	}

	/* Append: relocations, string tables, then the section headers. */
	buf_add(&shdrs, e.sh, (size_t)e.shnum * sizeof(*e.sh));
	buf_add(&shdrs, klphdrs.data, klphdrs.len);
	buf_align(&tail, 8);
	((Elf64_Shdr *)shdrs.data)[symtab->sh_link].sh_offset = base + tail.len;
	((Elf64_Shdr *)shdrs.data)[symtab->sh_link].sh_size = strtab.len;
	buf_add(&tail, strtab.data, strtab.len);
	((Elf64_Shdr *)shdrs.data)[e.eh->e_shstrndx].sh_offset = base + tail.len;
	((Elf64_Shdr *)shdrs.data)[e.eh->e_shstrndx].sh_size = shstrtab.len;
	buf_add(&tail, shstrtab.data, shstrtab.len);
	buf_align(&tail, 8);
	e.eh->e_shoff = base + tail.len;
	e.eh->e_shnum = shdrs.len / sizeof(Elf64_Shdr);
	if (e.eh->e_shnum >= SHN_LORESERVE)
		fail("too many sections");
	buf_add(&tail, shdrs.data, shdrs.len);

	if (stat(path, &st))
		fail("stat: %s", strerror(errno));
	tmp = xrealloc(NULL, strlen(path) + 5);
	sprintf(tmp, "%s.tmp", path);
	out = fopen(tmp, "wb");
	if (!out ||
	    fwrite(e.img, 1, e.size, out) != e.size ||
	    fwrite("\0\0\0\0\0\0\0", 1, base - e.size, out) != base - e.size ||
	    fwrite(tail.data, 1, tail.len, out) != tail.len ||
	    fclose(out) || chmod(tmp, st.st_mode & 07777) || rename(tmp, path))
		fail("cannot write: %s", strerror(errno));
	printf("  KLP     %s: %u symbols, %u relocations\n", path, nconv, nrela);
	return 0;
}
