// SPDX-License-Identifier: GPL-2.0
/*
 * btf-protos - the prototypes of kernel functions as the kernel's BTF has
 * them, printed as C declarations.
 *
 * Usage: btf-protos BTF NAME...
 *        btf-protos BTF -w HEADER FILE.i
 *
 * BTF is an ELF vmlinux (its .BTF section) or a raw BTF file such as
 * /sys/kernel/btf/vmlinux.  The second form takes the names from FILE.i, a
 * translation unit preprocessed for the target kernel: the functions that
 * HEADER (pcdrop's kernel_api.h) declares __weak there, which are exactly
 * the non-exported kernel functions pcdrop binds by name (klp-convert.c)
 * for that kernel version and configuration.  Each prototype is one line,
 * e.g.
 *
 *   void clear_shadow_entries(struct address_space *, long unsigned int, long unsigned int);
 *
 * The module loader binds those functions by name only: were a stable
 * update to change one's parameters under the same name, pcdrop would call
 * it with the old ones.  A translation unit that includes HEADER and then
 * these lines has the compiler compare pcdrop's prototypes with the
 * kernel's: any difference is a "conflicting types" error (the Makefile's
 * prototypes target).  Types keep the names the BTF gives them, so the
 * kernel's headers must know them; parameter names are left out, since
 * one may be a macro there ("current").
 *
 * A name that the BTF lacks is an error, not a skip.  pahole leaves out a
 * function when it cannot describe calls to it truthfully (gcc changed its
 * calling convention, or several functions share the name): exactly when a
 * call by name is unsafe.  A function the kernel lacks altogether would
 * make the loader refuse pcdrop anyway.  ftrace_location(), built without
 * an ftrace site, is in the BTF of every verified kernel all the same.
 *
 * Only libc and <elf.h>: DKMS hosts have a compiler, not libbpf.  The BTF
 * format is Documentation/bpf/btf.rst's.
 */
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BTF_MAGIC	0xeb9f
#define WEAK		"__attribute__((__weak__))"
/* Deeper than any real type chain; a malformed BTF may loop. */
#define MAX_DEPTH	64

enum btf_kind {
	KIND_INT = 1, KIND_PTR, KIND_ARRAY, KIND_STRUCT, KIND_UNION, KIND_ENUM,
	KIND_FWD, KIND_TYPEDEF, KIND_VOLATILE, KIND_CONST, KIND_RESTRICT,
	KIND_FUNC, KIND_FUNC_PROTO, KIND_VAR, KIND_DATASEC, KIND_FLOAT,
	KIND_DECL_TAG, KIND_TYPE_TAG, KIND_ENUM64, NR_KINDS
};

struct btf_header {
	uint16_t magic;
	uint8_t version;
	uint8_t flags;
	uint32_t hdr_len;
	uint32_t type_off;
	uint32_t type_len;
	uint32_t str_off;
	uint32_t str_len;
};

struct btf_type {
	uint32_t name_off;
	uint32_t info;		/* vlen: bits 0-15, kind: 24-28, kind_flag: 31 */
	uint32_t type;		/* or size */
};

struct btf_array {
	uint32_t type;
	uint32_t index_type;
	uint32_t nelems;
};

struct btf_param {
	uint32_t name_off;
	uint32_t type;
};

static const char *path;	/* the file being read, for messages */
static const char *strs;	/* the BTF's string section */
static uint32_t str_len;
static const struct btf_type **types;	/* by type id; 0 is void */
static uint32_t nr_types;

static void __attribute__((noreturn, format(printf, 1, 2)))
fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "btf-protos: %s: ", path);
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

/* A new string: a, b and c joined.  b is freed (the declarator grown). */
static char *wrap(const char *a, char *b, const char *c)
{
	size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
	char *s = xrealloc(NULL, la + lb + lc + 1);

	memcpy(s, a, la);
	memcpy(s + la, b, lb);
	memcpy(s + la + lb, c, lc + 1);
	free(b);
	return s;
}

static char *xstrdup(const char *s)
{
	return strcpy(xrealloc(NULL, strlen(s) + 1), s);
}

static char *append(char *s, const char *t)
{
	return wrap("", s, t);
}

/* "a b", or "a" when b is empty.  b is freed. */
static char *spaced(const char *a, char *b)
{
	return *b ? wrap(a, wrap(" ", b, ""), "") : wrap(a, b, "");
}

/* All of a file that may not be seekable (sysfs); *len gets its size. */
static char *read_all(FILE *f, size_t *len)
{
	size_t cap = 1 << 20, n = 0, got;
	char *p = xrealloc(NULL, cap);

	while ((got = fread(p + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (cap - n - 1 == 0)
			p = xrealloc(p, cap *= 2);
	}
	if (ferror(f))
		fail("cannot read: %s", strerror(errno));
	p[n] = '\0';
	*len = n;
	return p;
}

static void *read_at(FILE *f, uint64_t off, uint64_t len)
{
	void *p = xrealloc(NULL, len);

	if (fseeko(f, off, SEEK_SET) || fread(p, 1, len, f) != len)
		fail("cannot read %llu bytes at %#llx",
		     (unsigned long long)len, (unsigned long long)off);
	return p;
}

/*
 * The .BTF section of an ELF file, read on its own: a vmlinux with DWARF
 * can be a gigabyte.
 */
static char *elf_btf(FILE *f, size_t *len)
{
	Elf64_Ehdr *eh = read_at(f, 0, sizeof(*eh));
	Elf64_Shdr *sh, *strsh;
	const char *names;
	unsigned int i;

	if (eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB)
		fail("not a 64-bit little-endian ELF file");
	if (eh->e_shentsize != sizeof(*sh) || !eh->e_shnum ||
	    eh->e_shstrndx >= eh->e_shnum)
		fail("unsupported section header table");
	sh = read_at(f, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(*sh));
	strsh = &sh[eh->e_shstrndx];
	names = read_at(f, strsh->sh_offset, strsh->sh_size);
	if (!strsh->sh_size || names[strsh->sh_size - 1])
		fail("malformed section name table");
	for (i = 1; i < eh->e_shnum; i++) {
		if (sh[i].sh_name >= strsh->sh_size ||
		    strcmp(names + sh[i].sh_name, ".BTF"))
			continue;
		*len = sh[i].sh_size;
		return read_at(f, sh[i].sh_offset, sh[i].sh_size);
	}
	fail("no .BTF section (a kernel built without CONFIG_DEBUG_INFO_BTF?)");
}

static char *load_btf(size_t *len)
{
	FILE *f = fopen(path, "rb");
	char magic[SELFMAG];
	char *btf;

	if (!f)
		fail("cannot open: %s", strerror(errno));
	if (fread(magic, 1, SELFMAG, f) == SELFMAG && !memcmp(magic, ELFMAG, SELFMAG)) {
		btf = elf_btf(f, len);
	} else {
		rewind(f);
		btf = read_all(f, len);
	}
	fclose(f);
	return btf;
}

static unsigned int kind(const struct btf_type *t)
{
	return (t->info >> 24) & 0x1f;
}

static unsigned int vlen(const struct btf_type *t)
{
	return t->info & 0xffff;
}

/* The bytes that follow a type of this kind: its members, params... */
static size_t extra_size(const struct btf_type *t)
{
	switch (kind(t)) {
	case KIND_INT:
	case KIND_VAR:
	case KIND_DECL_TAG:
		return 4;
	case KIND_ARRAY:
		return sizeof(struct btf_array);
	case KIND_STRUCT:
	case KIND_UNION:
	case KIND_DATASEC:
	case KIND_ENUM64:
		return vlen(t) * 12;
	case KIND_ENUM:
	case KIND_FUNC_PROTO:
		return vlen(t) * 8;
	case KIND_PTR:
	case KIND_FWD:
	case KIND_TYPEDEF:
	case KIND_VOLATILE:
	case KIND_CONST:
	case KIND_RESTRICT:
	case KIND_FUNC:
	case KIND_FLOAT:
	case KIND_TYPE_TAG:
		return 0;
	}
	fail("unknown BTF kind %u (a BTF newer than this tool)", kind(t));
}

/* Check the header and index the types by id. */
static void parse_btf(const char *btf, size_t len)
{
	const struct btf_header *h = (const void *)btf;
	const char *p, *end;

	if (len < sizeof(*h) || h->magic != BTF_MAGIC)
		fail("neither an ELF file nor BTF of this machine's byte order");
	if (h->version != 1 || h->hdr_len < sizeof(*h) || h->hdr_len % 4 ||
	    h->type_off % 4 ||
	    (uint64_t)h->hdr_len + h->type_off + h->type_len > len ||
	    (uint64_t)h->hdr_len + h->str_off + h->str_len > len)
		fail("unsupported or malformed BTF header");
	strs = btf + h->hdr_len + h->str_off;
	str_len = h->str_len;
	if (!str_len || strs[str_len - 1])
		fail("malformed BTF string section");

	p = btf + h->hdr_len + h->type_off;
	end = p + h->type_len;
	types = xrealloc(NULL, sizeof(*types));
	types[0] = NULL;
	nr_types = 1;
	while (p < end) {
		const struct btf_type *t = (const void *)p;

		if ((size_t)(end - p) < sizeof(*t) ||
		    (size_t)(end - p) - sizeof(*t) < extra_size(t))
			fail("BTF type %u runs past the type section", nr_types);
		if (!(nr_types & (nr_types - 1)))
			types = xrealloc(types, 2 * nr_types * sizeof(*types));
		types[nr_types++] = t;
		p += sizeof(*t) + extra_size(t);
	}
}

static const struct btf_type *type_at(uint32_t id)
{
	if (!id || id >= nr_types)
		fail("bad BTF type id %u", id);
	return types[id];
}

static const char *name_at(uint32_t off)
{
	if (off >= str_len)
		fail("bad BTF string offset %u", off);
	return strs + off;
}

/* The kind of type id, past qualifiers and type tags (0: void). */
static unsigned int kind_below(uint32_t id, unsigned int depth)
{
	const struct btf_type *t;

	if (!id)
		return 0;
	if (depth > MAX_DEPTH)
		fail("BTF type %u: chain of types too long", id);
	t = type_at(id);
	switch (kind(t)) {
	case KIND_CONST:
	case KIND_VOLATILE:
	case KIND_RESTRICT:
	case KIND_TYPE_TAG:
		return kind_below(t->type, depth + 1);
	}
	return kind(t);
}

/*
 * A va_list parameter is a pointer to gcc's struct __va_list_tag in BTF;
 * a struct of that name in C would be another type.
 */
static int is_va_list(uint32_t id)
{
	const struct btf_type *t = id ? type_at(id) : NULL;

	return t && kind(t) == KIND_STRUCT &&
	       !strcmp(name_at(t->name_off), "__va_list_tag");
}

/* A type that has a name of its own: "pgoff_t", "struct folio". */
static char *named_type(uint32_t id, const struct btf_type *t)
{
	static const char *const keyword[NR_KINDS] = {
		[KIND_STRUCT] = "struct ", [KIND_UNION] = "union ",
		[KIND_ENUM] = "enum ", [KIND_ENUM64] = "enum ",
	};
	const char *name = name_at(t->name_off);
	const char *kw = keyword[kind(t)];

	if (kind(t) == KIND_FWD)
		kw = t->info >> 31 ? "union " : "struct ";
	if (!*name)
		fail("BTF type %u: an anonymous %stype cannot be named in a prototype",
		     id, kw ? kw : "");
	if (kind(t) == KIND_INT && !strcmp(name, "_Bool"))
		name = "bool";
	return wrap(kw ? kw : "", xstrdup(name), "");
}

static char *declaration(uint32_t id, char *decl, unsigned int depth);

/* "(struct folio *, int)", "(void)", "(const char *, ...)" */
static char *parameters(const struct btf_type *proto, unsigned int depth)
{
	const struct btf_param *p = (const void *)(proto + 1);
	unsigned int i, n = vlen(proto);
	char *list = xstrdup("(");

	for (i = 0; i < n; i++) {
		char *one;

		if (!p[i].type && i == n - 1)
			one = xstrdup("...");
		else if (!p[i].type)
			fail("a void parameter that is not the last");
		else
			one = declaration(p[i].type, xstrdup(""), depth + 1);
		list = append(append(list, i ? ", " : ""), one);
		free(one);
	}
	return append(list, n ? ")" : "void)");
}

/*
 * The C declaration of DECL (a declarator: a name, "*", "(*)(int)"...)
 * with type id: the usual inside-out construction.  decl is consumed.
 */
static char *declaration(uint32_t id, char *decl, unsigned int depth)
{
	static const char *const qualifier[NR_KINDS] = {
		[KIND_CONST] = "const", [KIND_VOLATILE] = "volatile",
		[KIND_RESTRICT] = "restrict",
	};
	const struct btf_type *t;
	unsigned int below;
	char buf[16], *name;

	if (depth > MAX_DEPTH)
		fail("BTF type %u: chain of types too long", id);
	if (!id)
		return spaced("void", decl);
	t = type_at(id);
	switch (kind(t)) {
	case KIND_PTR:
		below = kind_below(t->type, depth + 1);
		if (is_va_list(t->type))
			return spaced("__builtin_va_list", decl);
		if (below == KIND_ARRAY || below == KIND_FUNC_PROTO)
			return declaration(t->type, wrap("(*", decl, ")"), depth + 1);
		return declaration(t->type, wrap("*", decl, ""), depth + 1);
	case KIND_CONST:
	case KIND_VOLATILE:
	case KIND_RESTRICT:
		/* A qualified pointer is "*const", anything else "const T". */
		if (kind_below(t->type, depth + 1) == KIND_PTR)
			return declaration(t->type, spaced(qualifier[kind(t)], decl),
					   depth + 1);
		return wrap(qualifier[kind(t)], wrap(" ", declaration(t->type, decl,
								      depth + 1), ""), "");
	case KIND_TYPE_TAG:
		return declaration(t->type, decl, depth + 1);
	case KIND_ARRAY: {
		const struct btf_array *a = (const void *)(t + 1);

		if (a->nelems)
			snprintf(buf, sizeof(buf), "[%u]", a->nelems);
		else
			strcpy(buf, "[]");
		return declaration(a->type, wrap("", decl, buf), depth + 1);
	}
	case KIND_FUNC_PROTO: {
		char *params = parameters(t, depth);

		decl = wrap("", decl, params);
		free(params);
		return declaration(t->type, decl, depth + 1);
	}
	case KIND_INT:
	case KIND_FLOAT:
	case KIND_TYPEDEF:
	case KIND_STRUCT:
	case KIND_UNION:
	case KIND_ENUM:
	case KIND_ENUM64:
	case KIND_FWD:
		break;
	default:
		fail("BTF type %u: a type of kind %u in a prototype", id, kind(t));
	}
	/* A named type; the declarator, if any, follows a space. */
	name = named_type(id, t);
	decl = spaced(name, decl);
	free(name);
	return decl;
}

/*
 * The prototype of function NAME, or NULL if the BTF has none.  Several
 * functions of that name with different prototypes cannot be told apart.
 */
static char *btf_prototype(const char *name)
{
	const struct btf_type *found = NULL;
	uint32_t id;

	for (id = 1; id < nr_types; id++) {
		const struct btf_type *t = types[id];

		if (kind(t) != KIND_FUNC || strcmp(name_at(t->name_off), name))
			continue;
		if (found && found->type != t->type)
			fail("several functions named %s, with different prototypes", name);
		found = t;
	}
	if (!found)
		return NULL;
	if (kind(type_at(found->type)) != KIND_FUNC_PROTO)
		fail("function %s has no prototype", name);
	return declaration(found->type, xstrdup(name), 0);
}

/* Skip the string or character literal that starts at p: its last char. */
static const char *skip_literal(const char *p)
{
	char quote = *p++;

	for (; *p && *p != quote; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p : p - 1;
}

/* Blank out every __attribute__((...)) of a declaration. */
static void blank_attributes(char *s)
{
	static const char attr[] = "__attribute__";
	char *p;

	while ((p = strstr(s, attr))) {
		int depth;

		memset(p, ' ', sizeof(attr) - 1);
		p = strchr(p, '(');
		for (depth = 0; p && *p; *p++ = ' ') {
			depth += (*p == '(') - (*p == ')');
			if (!depth) {
				*p = ' ';
				break;
			}
		}
	}
}

static int is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The name a function declaration declares: the one before its "(". */
static char *declared_name(char *decl)
{
	char *end, *start;

	blank_attributes(decl);
	end = strchr(decl, '(');
	if (!end)
		fail("not a function declaration:%s", decl);
	while (end > decl && isspace((unsigned char)end[-1]))
		end--;
	for (start = end; start > decl && is_ident(start[-1]); start--)
		;
	if (start == end)
		fail("cannot tell what this declaration declares:%s", decl);
	*end = '\0';
	return start;
}

/* Whether a line marker's file name (q1 to q2, quotes) is HEADER. */
static int is_header(const char *q1, const char *q2, const char *header)
{
	size_t len = q2 - q1 - 1, hlen = strlen(header);

	return len >= hlen && !strncmp(q2 - hlen, header, hlen) &&
	       (len == hlen || q2[-(long)hlen - 1] == '/');
}

/*
 * The text of a preprocessed file that came from HEADER, by gcc's line
 * markers ('# 42 "dir/HEADER" 2'); directives are left out.
 */
static char *header_text(char *text, const char *header)
{
	char *out = xrealloc(NULL, strlen(text) + 1);
	char *line, *next;
	int in_header = 0;
	size_t len = 0;

	for (line = text; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		if (*line == '#') {
			char *q1 = strchr(line, '"');
			char *q2 = q1 ? strchr(q1 + 1, '"') : NULL;

			/* Not '#pragma GCC diagnostic ignored "-W..."'. */
			if (line[1] == ' ' && isdigit((unsigned char)line[2]) &&
			    q2 && q2 < next)
				in_header = is_header(q1, q2, header);
		} else if (in_header) {
			memcpy(out + len, line, next - line);
			len += next - line;
		}
	}
	out[len] = '\0';
	return out;
}

/*
 * The functions HEADER declares __weak in the preprocessed file path: each
 * declaration outside braces that carries the attribute __weak expands
 * to.  *n gets their number.
 */
static char **weak_names(const char *header, int *n)
{
	char **names = NULL, *text, *p, *start;
	FILE *f = fopen(path, "r");
	int depth = 0;
	size_t len;

	if (!f)
		fail("cannot open: %s", strerror(errno));
	p = read_all(f, &len);
	fclose(f);
	text = header_text(p, header);
	free(p);
	*n = 0;
	for (p = start = text; *p; p++) {
		if (*p == '"' || *p == '\'') {
			p = (char *)skip_literal(p);
		} else if (*p == '{') {
			depth++;
		} else if (*p == '}') {
			if (--depth < 0)
				fail("unbalanced braces in the text of %s", header);
			if (!depth)
				start = p + 1;
		} else if (*p == ';' && !depth) {
			*p = '\0';
			if (strstr(start, WEAK)) {
				names = xrealloc(names, (*n + 1) * sizeof(*names));
				names[(*n)++] = declared_name(start);
			}
			start = p + 1;
		}
	}
	if (!*n)
		fail("no __weak declarations from %s", header);
	return names;
}

int main(int argc, char **argv)
{
	char **names = argv + 2, *btf;
	int i, n = argc - 2, missing = 0;
	size_t len;

	if (argc < 3 || (!strcmp(argv[2], "-w") && argc != 5)) {
		fprintf(stderr, "usage: btf-protos BTF NAME...\n"
				"       btf-protos BTF -w HEADER FILE.i\n");
		return 2;
	}
	if (!strcmp(argv[2], "-w")) {
		path = argv[4];
		names = weak_names(argv[3], &n);
	}
	path = argv[1];
	btf = load_btf(&len);
	parse_btf(btf, len);
	for (i = 0; i < n; i++) {
		char *proto = btf_prototype(names[i]);

		if (proto) {
			printf("%s;\n", proto);
			free(proto);
		} else {
			fprintf(stderr, "btf-protos: %s has no function %s: %s\n", path,
				names[i], "its prototype cannot be checked");
			missing++;
		}
	}
	return missing ? 1 : 0;
}
