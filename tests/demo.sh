#!/bin/sh
# demo.sh - what "make demo" runs: fetch the default kernel (Debian 12's
# 6.12), build pcdrop.ko for it, boot it under QEMU and show the module
# loading, the kernel functions it bound, and unloading.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. scripts/common.sh

kver=$(scripts/kernels.sh fetch 6.12)
work=${PCDROP_WORK:-$top}
b=$work/build/$kver
mkdir -p "$b"
log "building pcdrop.ko for $kver"
scripts/build-module.sh "$kver" "$b/pcdrop" > "$b.demo-build.log" 2>&1 ||
	die "build failed, see $b.demo-build.log"
scripts/mkinitramfs.sh "$kver" "$b/initrd.cpio.gz"
share=$b/demo
rm -rf "$share"
mkdir -p "$share"
cp "$b/pcdrop/pcdrop.ko" tests/demo-guest.sh "$share/"
log "booting $kver under QEMU (TCG)"
rc=0
PCDROP_INITRD=$b/initrd.cpio.gz scripts/vm-run.sh "$kver" "$share" demo-guest.sh \
	"$work/results/demo" || rc=$?
cat "$work/results/demo/demo-guest.output"
exit $rc
