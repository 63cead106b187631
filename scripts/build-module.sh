#!/bin/sh
# build-module.sh KVER OUTDIR [MAKE VARIABLES...] - build pcdrop.ko for a
# kernel of the matrix, with that kernel's own compiler.
# Environment: PCDROP_DRIFT_RUNTIME (below).
#
# The sources are copied to OUTDIR so that builds for several kernels (and
# test variants) never share object files.  Kernels built with gcc-14
# (Debian 13) are built in the trixie chroot (with-compiler.sh).  Warnings
# are errors here, not in DKMS builds on users' machines.
set -eu
. "$(dirname "$0")/common.sh"

[ $# -ge 2 ] || die "usage: build-module.sh KVER OUTDIR [VAR=VALUE...]"
kver=$1
out=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
kdir=$PCDROP_CACHE/kernels/$kver
[ -e "$kdir/.ready" ] || die "$kver is not fetched (scripts/kernels.sh fetch)"

rm -rf "$out"
mkdir -p "$out/scripts"
cp -a "$top/Kbuild" "$top/Makefile" "$top/VERSION" "$top/module" "$out/"
cp -a "$top/scripts/klp-convert.c" "$top/scripts/btf-protos.c" "$top/scripts/extract-vmlinux.sh" "$out/scripts/"
out=$(realpath "$out")
# PCDROP_DRIFT_RUNTIME=FILE: the drift guard's verified fingerprints are
# FILE's (scripts/drift.sh runtime lines with their build), not
# tests/drift/runtime's: the guard's test (suite 11).
if [ -n "${PCDROP_DRIFT_RUNTIME:-}" ]; then
	"$top/scripts/drift.sh" table > "$out/module/drift_verified.h"
fi

"$(dirname "$0")/with-compiler.sh" "$kver" "$out" make -C "$out" KVER="$kver" \
	KDIR="$(realpath "$kdir/kdir")" KCFLAGS=-Werror "$@"
ls "$out"/*.ko >/dev/null 2>&1 || die "no module built for $kver"
