// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms-map - the symbol table of a stripped x86_64 vmlinux, from the
 * kallsyms tables built into it.
 *
 * Usage: kallsyms-map VMLINUX
 *
 * Prints "ADDRESS TYPE NAME" per symbol, in address order, like
 * System.map.  Debian's image packages ship a System.map that only says
 * the real one is in the -dbg package (about a gigabyte); the kernel's own
 * compressed table (scripts/kallsyms.c) is in every vmlinux and is what
 * /proc/kallsyms shows.  The drift guard (scripts/drift.sh) names the
 * functions it disassembles with it.
 *
 * The tables have no symbols pointing at them, so they are found by their
 * shape, in .rodata:
 *   kallsyms_token_table   256 NUL-terminated tokens; the single digits
 *                          '0'..'9' stand for themselves, at indices 0x30..0x39
 *   kallsyms_token_index   256 u16 offsets into it, right after it
 *   kallsyms_num_syms      N, then kallsyms_names: per symbol a length
 *                          (ULEB128, one or two bytes) and that many token
 *                          indices; its first character is the type
 *   kallsyms_markers       right after the names: per 256 symbols, the offset
 *                          of that symbol's entry, which validates N
 *   kallsyms_offsets       N 32-bit offsets, one per symbol, in one of three
 *                          layouts (enum layout below)
 * Labels are 8-byte aligned before 7.x and 4-byte aligned after.  Only
 * plain <elf.h> is used.
 */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *path;
static unsigned char *img;
static size_t img_size;
static const unsigned char *ro;
static size_t ro_size;
static uint64_t ro_addr, text_start, text_end;
static const Elf64_Shdr *sections;
static int nsections;

static void __attribute__((noreturn)) fail(const char *why)
{
	fprintf(stderr, "kallsyms-map: %s: %s\n", path, why);
	exit(1);
}

static uint32_t u32(size_t off)
{
	uint32_t v;

	memcpy(&v, ro + off, sizeof(v));
	return v;
}

static uint16_t u16(size_t off)
{
	uint16_t v;

	memcpy(&v, ro + off, sizeof(v));
	return v;
}

static size_t align8(size_t off)
{
	return (off + 7) & ~(size_t)7;
}

static void load(void)
{
	FILE *f = fopen(path, "rb");
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	const char *names;
	int i;

	if (!f)
		fail("cannot open");
	fseek(f, 0, SEEK_END);
	img_size = ftell(f);
	rewind(f);
	img = malloc(img_size);
	if (!img || fread(img, 1, img_size, f) != img_size)
		fail("cannot read");
	fclose(f);
	eh = (const Elf64_Ehdr *)img;
	if (img_size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 || !eh->e_shoff)
		fail("not a 64-bit ELF with sections");
	sh = (const Elf64_Shdr *)(img + eh->e_shoff);
	sections = sh;
	nsections = eh->e_shnum;
	names = (const char *)img + sh[eh->e_shstrndx].sh_offset;
	for (i = 0; i < eh->e_shnum; i++) {
		if (!strcmp(names + sh[i].sh_name, ".rodata")) {
			ro = img + sh[i].sh_offset;
			ro_size = sh[i].sh_size;
			ro_addr = sh[i].sh_addr;
		}
		/* Text symbols lie from .text to the end of the last code section. */
		if (!strcmp(names + sh[i].sh_name, ".text"))
			text_start = sh[i].sh_addr;
		if ((sh[i].sh_flags & SHF_EXECINSTR) && sh[i].sh_addr + sh[i].sh_size > text_end)
			text_end = sh[i].sh_addr + sh[i].sh_size;
	}
	if (!ro || !text_start)
		fail("no .rodata or .text");
}

/* The token table: where the tokens "0".."9" follow each other. */
static size_t token_table, token_index;
static const char *tokens[256];

static int index_matches(size_t at)
{
	size_t off = 0;
	int i;

	for (i = 0; i < 256; i++) {
		if (u16(at + 2 * i) != off)
			return 0;
		off += strlen(tokens[i]) + 1;
	}
	return 1;
}

static int try_token_table(size_t digits)
{
	size_t t = digits, e;
	int i;

	/* Back 0x30 tokens from "0" to the table's start. */
	for (i = 0; i < 0x30; i++) {
		if (t < 2)
			return 0;
		t -= 2;
		while (t > 0 && ro[t - 1])
			t--;
	}
	for (e = t, i = 0; i < 256; i++) {
		tokens[i] = (const char *)ro + e;
		e += strnlen((const char *)ro + e, ro_size - e) + 1;
		if (e >= ro_size)
			return 0;
	}
	/* The index follows, 2-, 4- or 8-byte aligned (it changed). */
	for (e = (e + 1) & ~(size_t)1; e + 512 <= ro_size && (e & 7); e += 2)
		if (!u16(e) && index_matches(e))
			break;
	if (e + 512 > ro_size || !index_matches(e))
		return 0;
	token_table = t;
	token_index = e;
	return 1;
}

static void find_token_table(void)
{
	static const char digits[] = "0\0001\0002\0003\0004\0005\0006\0007\0008\0009";
	size_t off;

	for (off = 1; off + sizeof(digits) < ro_size; off++)
		if (!ro[off - 1] && !memcmp(ro + off, digits, sizeof(digits)) &&
		    try_token_table(off))
			return;
	fail("no kallsyms token table in .rodata");
}

/* kallsyms_num_syms and kallsyms_names: the candidate nearest the tokens. */
static size_t num_syms, names, names_end;

static size_t entry_len(size_t off, size_t *hdr)
{
	if (ro[off] & 0x80) {
		*hdr = 2;
		return (ro[off] & 0x7f) | (ro[off + 1] << 7);
	}
	*hdr = 1;
	return ro[off];
}

/*
 * N at @at, the names right after it (at + 4 from 7.x, at + 8 before:
 * the alignment went from 8 to 4), the markers right after the names.
 */
static int try_names(size_t at)
{
	size_t n = u32(at), off, i, hdr, len, markers = 0, m;

	if (n < 1000 || n > 4000000)
		return 0;
	off = u32(at + 4) ? at + 4 : at + 8;
	names = off;
	for (i = 0; i < n; i++) {
		if (i == 256)
			markers = off - names;
		if (off + 2 > token_table)
			return 0;
		len = entry_len(off, &hdr);
		if (!len)
			return 0;
		off += hdr + len;
	}
	for (m = (off + 3) & ~(size_t)3; m <= align8(off); m += 4) {
		if (m + 8 <= token_table && !u32(m) && u32(m + 4) == markers) {
			num_syms = n;
			names_end = off;
			return 1;
		}
	}
	return 0;
}

static void find_names(void)
{
	size_t at;

	for (at = token_table & ~(size_t)3; at >= 4; at -= 4)
		if (try_names(at))
			return;
	fail("no kallsyms_names before the token table");
}

/*
 * Where the offsets are, and what they are relative to:
 *   BASE_BEFORE  6.1: before kallsyms_num_syms, then kallsyms_relative_base
 *                (a u64); an address is base + offset
 *   BASE_AFTER   6.12: the same, after the token index
 *   PLACE_AFTER  7.x: after the token index, no base; an address is the
 *                offset's own address plus the offset
 * With absolute per-CPU symbols (x86_64 before 6.15) a base-relative
 * offset below zero means base - 1 - offset, and one above zero is the
 * per-CPU offset itself.  Symbols are sorted by address, so the right
 * reading gives text symbols in the kernel's text, in ascending order.
 */
enum layout { BASE_BEFORE, BASE_AFTER, PLACE_AFTER };
static size_t offsets;
static uint64_t base;
static int absolute;

static uint64_t address(enum layout l, size_t i)
{
	int32_t o = (int32_t)u32(offsets + 4 * i);

	if (l == PLACE_AFTER)
		return ro_addr + offsets + 4 * i + o;
	if (!absolute)
		return base + (uint32_t)o;
	return o < 0 ? base - 1 - o : (uint32_t)o;
}

/* The name of the symbol at *@off, which moves to the next one. */
static const char *expand(size_t *off, char *name, size_t size)
{
	size_t hdr, len = entry_len(*off, &hdr), j;
	char *p = name;

	*off += hdr;
	for (j = 0; j < len; j++) {
		const char *t = tokens[ro[*off + j]];
		size_t tl = strlen(t);

		if (p + tl >= name + size)
			fail("symbol name too long");
		memcpy(p, t, tl);
		p += tl;
	}
	*p = 0;
	*off += len;
	return name;
}

static int try_layout(enum layout l, size_t align)
{
	size_t len = num_syms * 4, i, off = names;
	uint64_t last = 0, a;
	char name[1024];

	if (l == BASE_BEFORE) {
		/* 6.1: the names start 8 bytes after N, the base 8 before it. */
		if (align != 8 || names < 16 + align8(len))
			return 0;
		offsets = names - 16 - align8(len);
	} else {
		offsets = (token_index + 512 + align - 1) & ~(align - 1);
		if (align8(offsets + len) + 8 > ro_size)
			return 0;
	}
	memcpy(&base, ro + align8(offsets + len), sizeof(base));
	if (l != PLACE_AFTER && base >> 32 != 0xffffffff)
		return 0;
	absolute = 0;
	for (i = 0; i < num_syms; i++)
		if ((int32_t)u32(offsets + 4 * i) < 0)
			absolute = 1;
	for (i = 0; i < num_syms; i++) {
		expand(&off, name, sizeof(name));
		if (name[0] != 't' && name[0] != 'T')
			continue;
		a = address(l, i);
		if (a < text_start || a >= text_end || a < last)
			return 0;
		last = a;
	}
	return 1;
}

/*
 * 7.3's .data is writable and executable, so kallsyms marks its symbols
 * 't' or 'T' (shrinker_list is 'T'): a symbol outside the read-only code
 * sections is data, 'd' or 'D', as System.map says on the other kernels.
 */
static char type_of(char type, uint64_t addr)
{
	int i;

	if (type != 't' && type != 'T')
		return type;
	for (i = 0; i < nsections; i++)
		if ((sections[i].sh_flags & (SHF_EXECINSTR | SHF_WRITE)) == SHF_EXECINSTR &&
		    addr >= sections[i].sh_addr &&
		    addr < sections[i].sh_addr + sections[i].sh_size)
			return type;
	return type == 't' ? 'd' : 'D';
}

static void print_symbols(void)
{
	size_t off = names, i;
	enum layout l;
	char name[1024];
	uint64_t a;

	for (l = BASE_BEFORE; l <= PLACE_AFTER; l++)
		if (try_layout(l, 4) || try_layout(l, 8))
			break;
	if (l > PLACE_AFTER)
		fail("no kallsyms_offsets that give ascending text addresses");
	for (i = 0; i < num_syms; i++) {
		expand(&off, name, sizeof(name));
		a = address(l, i);
		printf("%016llx %c %s\n", (unsigned long long)a, type_of(name[0], a), name + 1);
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: kallsyms-map VMLINUX\n");
		return 2;
	}
	path = argv[1];
	load();
	find_token_table();
	find_names();
	print_symbols();
	return 0;
}
