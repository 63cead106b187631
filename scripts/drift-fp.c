// SPDX-License-Identifier: GPL-2.0
/*
 * drift-fp.c - the load-time fingerprint of one kernel function, on the
 * host, with the module's own code (module/drift_fp.h).
 *
 * Reads scripts/drift-mask.awk's output on stdin and prints
 * "SIZE HASH MASK": the size in bytes, the 16 hex digits of the hash and
 * the mask as OFF:LEN,OFF:LEN... (or "-" for none).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#include "../module/drift_fp.h"

#define MAX_SIZE	65535
#define MAX_MASK	4096

static u8 text[MAX_SIZE];
static struct pcdrop_fp_mask mask[MAX_MASK];
static char line[2 * MAX_SIZE + 64];

static void die(const char *why)
{
	fprintf(stderr, "drift-fp: %s\n", why);
	exit(1);
}

int main(void)
{
	unsigned int nr_mask = 0, off, len, i;
	u32 size = 0, have = 0;

	while (fgets(line, sizeof(line), stdin)) {
		if (sscanf(line, "size %u", &size) == 1) {
			if (size > MAX_SIZE)
				die("function too large");
		} else if (sscanf(line, "mask %u %u", &off, &len) == 2) {
			if (nr_mask == MAX_MASK || off + len > size || len > 0xffff)
				die("bad mask");
			mask[nr_mask].off = off;
			mask[nr_mask++].len = len;
		} else if (!strncmp(line, "bytes ", 6)) {
			const char *p = line + 6;

			while (have < size && sscanf(p, "%2hhx", &text[have]) == 1) {
				have++;
				p += 2;
			}
		}
	}
	if (!size || have != size)
		die("no function, or its bytes do not add up to its size");
	printf("%u %016llx ", size,
	       (unsigned long long)pcdrop_fp_hash(text, size, mask, nr_mask));
	for (i = 0; i < nr_mask; i++)
		printf("%s%u:%u", i ? "," : "", mask[i].off, mask[i].len);
	printf("%s\n", nr_mask ? "" : "-");
	return 0;
}
