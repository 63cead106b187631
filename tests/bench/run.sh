#!/bin/sh
# run.sh - benchmark pcdrop's batched shmem truncation against the stock
# path on every kernel of the matrix.  Not part of make check.
#
# Usage: tests/bench/run.sh [MIB] [RUNS]     (default 1024 MiB, 5 runs;
#        PCDROP_SERIES="7" for a subset of the matrix,
#        PCDROP_BENCH_CLOCKS="icount" for one of the two clocks)
#
# Per kernel, two boots: one timed by the wall clock (plain TCG) and one
# by instructions (-icount shift=0: guest time is virtual, one ns per
# instruction).  In each boot every case is run RUNS times with
# shmem_batch=0 (the stock path) and RUNS times with shmem_batch=1,
# interleaved.  Prints min/median/max of both and of the per-round
# ratio batched/stock.  Don't run other guests meanwhile.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. scripts/common.sh
MIB=${1:-1024}
RUNS=${2:-5}
work=${PCDROP_WORK:-$top}/build/bench
out=${PCDROP_WORK:-$top}/results/bench

# stats: "min/median/max" of the numbers on stdin.
stats() {
	sort -g | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%s/%s/%s", fmt(v[1]), fmt(m), fmt(v[NR]) }
		function fmt(x) { return x < 10 ? sprintf("%.3f", x) : sprintf("%.1f", x) }'
}

report() {
	f=$1
	printf '%-5s %-9s %-26s %-26s %s\n' folio op "stock ms min/med/max" \
		"batched ms min/med/max" "ratio min/med/max"
	for folio in 4k pmd; do
		for op in truncate punch unlink memfd; do
			grep "^RESULT $folio $op " "$f" > "$f.case" || continue
			st=$(awk '$4 == 0 { print $5 / 1e6 }' "$f.case" | stats)
			ba=$(awk '$4 == 1 { print $5 / 1e6 }' "$f.case" | stats)
			ra=$(awk '$4 == 0 { s[++n] = $5 } $4 == 1 { b[++m] = $5 }
				END { for (i = 1; i <= n; i++) print b[i] / s[i] }' "$f.case" | stats)
			printf '%-5s %-9s %-26s %-26s %s\n' "$folio" "$op" "$st" "$ba" "$ra"
		done
	done
	rm -f "$f.case"
}

mkdir -p "$work" "$out"
for series in ${PCDROP_SERIES:-$(scripts/kernels.sh list)}; do
	kver=$(scripts/kernels.sh fetch "$series")
	b=$work/$kver
	scripts/build-module.sh "$kver" "$b/pcdrop" > "$out/$kver.build.log" 2>&1
	scripts/mkinitramfs.sh "$kver" "$b/initrd.cpio.gz"
	share=$b/share
	rm -rf "$share"
	mkdir -p "$share/progs" "$share/bench"
	cp "$b/pcdrop/pcdrop.ko" "$share/"
	cp -r tests/guest "$share/guest"
	cp tests/bench/guest-shmem.sh "$share/bench/"
	cc -O2 -Wall -Wextra -Werror -static -o "$share/progs/drop_bench" tests/bench/drop_bench.c
	echo "$MIB" > "$share/bench-mib"
	echo "$RUNS" > "$share/bench-runs"
	for clock in ${PCDROP_BENCH_CLOCKS:-wall icount}; do
		icount=""
		[ $clock = wall ] || icount=1
		PCDROP_VM_ICOUNT=$icount PCDROP_VM_TIMEOUT=5400 PCDROP_INITRD=$b/initrd.cpio.gz \
			scripts/vm-run.sh "$kver" "$share" bench/guest-shmem.sh "$out/$kver-$clock" ||
			die "the $clock benchmark boot of $kver failed; see $out/$kver-$clock"
		echo "# $kver, $MIB MiB, $RUNS runs each, clock: $clock"
		report "$out/$kver-$clock/guest-shmem.output"
		echo
	done
done
