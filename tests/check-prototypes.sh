#!/bin/sh
# check-prototypes.sh KVER - the kernel functions pcdrop binds by name have,
# in the BTF of KVER, the prototypes module/kernel_api.h gives them.
#
# The module loader binds them by name only: a stable update that changed
# one's parameters under the same name would be called with the old ones,
# silently (issue 19).  This runs the check DKMS builds run (the Makefile's
# prototypes target, scripts/btf-protos.c) against a fetched kernel: its
# headers, its compiler (with-compiler.sh) and its vmlinux's BTF, which a
# DKMS build only has for the running kernel.  Then it shows the check can
# fail there: with PCDROP_TEST_WRONG_PROTOTYPE, kernel_api.h declares
# truncate_inode_folio() without its mapping, and the check must refuse
# exactly that, in one line.
#
# Prints one line per mismatch, and exits non-zero on any or if the wrong
# prototype gets through.  The sources are copied, as build-module.sh
# does; logs stay in PCDROP_WORK/build/KVER/prototypes.
set -eu
. "$(dirname "$0")/../scripts/common.sh"

[ $# = 1 ] || die "usage: check-prototypes.sh KVER"
kver=$1
top=$(cd "$(dirname "$0")/.." && pwd)
k=$PCDROP_CACHE/kernels/$kver
[ -e "$k/.ready" ] || die "$kver is not fetched (scripts/kernels.sh fetch)"
out=${PCDROP_WORK:-$top}/build/$kver/prototypes

rm -rf "$out"
mkdir -p "$out/src/scripts"
cp -a "$top/Kbuild" "$top/Makefile" "$top/VERSION" "$top/module" "$out/src/"
cp -a "$top/scripts/btf-protos.c" "$out/src/scripts/"
out=$(realpath "$out")

# check LOG [CFLAG]: the prototypes target for KVER, warnings as errors
# as in build-module.sh.
check() {
	"$top/scripts/with-compiler.sh" "$kver" "$out/src" make -C "$out/src" prototypes \
		KVER="$kver" KDIR="$(realpath "$k/kdir")" PCDROP_BTF="$k/vmlinux" \
		KCFLAGS="-Werror${2:+ $2}" > "$1" 2>&1
}

# The refusal lines a failed check printed, else the end of its log.
refusals() {
	grep -E '^(pcdrop|btf-protos): ' "$1" || tail -n 5 "$1"
}

if ! check "$out/check.log"; then
	refusals "$out/check.log"
	echo "$kver: pcdrop's prototypes do not match its BTF (see $out/check.log)"
	exit 1
fi
echo "$kver: its BTF has pcdrop's prototypes of $(sed -n 's/^[^#(]*[ *]\([a-z_0-9]*\)(.*/\1()/p' \
	"$out/src/build/protos/check.c" | paste -s -d ' ' -)"

wrong="pcdrop: truncate_inode_folio() in this kernel's BTF is '.*', pcdrop was written"
wrong="$wrong for 'int truncate_inode_folio(struct folio \*)'; not building"
if check "$out/wrong.log" -DPCDROP_TEST_WRONG_PROTOTYPE; then
	echo "$kver: PCDROP_TEST_WRONG_PROTOTYPE's prototype got through (see $out/wrong.log)"
	exit 1
fi
if [ "$(grep -c '; not building$' "$out/wrong.log")" != 1 ] ||
   ! grep -qx "$wrong" "$out/wrong.log"; then
	refusals "$out/wrong.log"
	echo "$kver: PCDROP_TEST_WRONG_PROTOTYPE's prototype is not refused alone, in one line" \
		"(see $out/wrong.log)"
	exit 1
fi
echo "$kver: a wrong prototype is refused: $(grep -x "$wrong" "$out/wrong.log")"
