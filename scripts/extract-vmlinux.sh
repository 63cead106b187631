#!/bin/sh
# extract-vmlinux.sh VMLINUZ OUT - unpack the ELF kernel from a bzImage.
#
# QEMU boots the ELF vmlinux directly through its PVH note (CONFIG_PVH=y in
# Debian's kernels), which skips the slow decompression of the bzImage
# under TCG.  The compressed payload is found by its magic number, as the
# kernel's scripts/extract-vmlinux does.
#
# Also run by the module build (Makefile: the prototype check of a kernel
# that is not running, from its image), so it stands alone: DKMS ships it.
set -eu
die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

in=$1
out=$2
try() {
	for off in $(LC_ALL=C grep -obUaP "$1" "$in" | cut -d: -f1); do
		tail -c "+$((off + 1))" "$in" | $2 > "$out.tmp" 2>/dev/null || true
		if [ "$(head -c 4 "$out.tmp" | od -An -tx1 | tr -d ' ')" = 7f454c46 ]; then
			mv "$out.tmp" "$out"
			exit 0
		fi
	done
}
try '\xfd\x37\x7a\x58\x5a\x00' 'xz -dc'
try '\x28\xb5\x2f\xfd' 'zstd -dc'
try '\x1f\x8b\x08' 'gzip -dc'
rm -f "$out.tmp"
die "no ELF kernel found in $in"
