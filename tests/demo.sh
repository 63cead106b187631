#!/bin/sh
# demo.sh - what "make demo" runs.
#
# Fetches the default kernel (Debian 12's 6.12), builds pcdrop.ko and
# pcdrop-stat, boots the kernel under QEMU and, in the guest, runs the
# seed's workload sized to it: fallocate a large /dev/shm file, then
# remove it, once on the stock path (shmem_batch=0) and once batched, with
# pcdrop-stat counting; then seed 002's fadvise workload on ext4 with
# fadvise_lru_refs=0 and 1.  Prints a stock-vs-pcdrop table and an excerpt of
# the pinned counters as bpftool shows them.  DEMO_MIB sets the file size
# (default 512).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. scripts/common.sh

kver=$(scripts/kernels.sh fetch 6.12+deb12)
work=${PCDROP_WORK:-$top}
b=$work/build/$kver
mkdir -p "$b"
log "building pcdrop.ko for $kver and pcdrop-stat"
scripts/build-module.sh "$kver" "$b/pcdrop" > "$b.demo-build.log" 2>&1 ||
	die "build failed, see $b.demo-build.log"
make -s bpf BPF_OUTPUT="$work/build/bpf" >> "$b.demo-build.log" 2>&1 ||
	die "building pcdrop-stat failed, see $b.demo-build.log"
scripts/mkinitramfs.sh "$kver" "$b/initrd.cpio.gz"
share=$b/demo
rm -rf "$share"
mkdir -p "$share"
cp "$b/pcdrop/pcdrop.ko" "$work/build/bpf/pcdrop-stat" tests/demo-guest.sh \
	tests/progs/statlib.sh tests/progs/jsonflat.awk "$share/"
cp -r tests/guest "$share/guest"
cc -O2 -Wall -Wextra -Werror -static -o "$share/drop_bench" tests/bench/drop_bench.c
cc -O2 -Wall -Wextra -Werror -static -o "$share/fadv" tests/fadvise/fadv.c
echo "${DEMO_MIB:-512}" > "$share/demo-mib"
log "booting $kver under QEMU (TCG); this takes a minute or two"
rc=0
PCDROP_INITRD=$b/initrd.cpio.gz scripts/vm-run.sh "$kver" "$share" demo-guest.sh \
	"$work/results/demo" || rc=$?
cat "$work/results/demo/demo-guest.output"
exit $rc
