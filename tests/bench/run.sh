#!/bin/sh
# run.sh - benchmark pcdrop's two paths against the stock kernel on every
# kernel of the matrix.  Not part of make check.
#
# Usage: tests/bench/run.sh shmem [MIB] [RUNS]   (default 1024 MiB, 5 runs)
#        tests/bench/run.sh fadvise [RUNS]       (default 5 runs)
#        tests/bench/run.sh stat [MIB] [RUNS]    (default 1024 MiB, 6 runs)
#        tests/bench/run.sh shadow [MIB] [RUNS]  (default 1024 MiB, 5 runs;
#                                                 6.1 and 6.12 only)
#        tests/bench/run.sh swap [MIB] [RUNS]    (default 256 MiB, 5 runs)
#        tests/bench/run.sh evict [MIB] [RUNS]   (default 256 MiB, 5 runs)
#        tests/bench/run.sh transition [RUNS]    (default 2 runs)
#        tests/bench/run.sh scale [MIB] [RUNS]   (default 2048 MiB, 3 runs)
#        tests/bench/run.sh concurrent [MIB] [RUNS] (default 256 MiB, 5 runs)
#        PCDROP_SERIES="7.3" for a subset of the matrix (default: its full rows),
#        PCDROP_BENCH_CLOCKS="icount" for one of the two clocks,
#        PCDROP_BENCH_WORKLOADS="stocktrunc" for some of stat's workloads
#        (or of transition's conditions: idle load pinned; or of evict's
#        cases: dontneed-2m dontneed-1 dontneed-4k drop_caches mapped; or
#        of scale's paths: shmem-4k shmem-pmd dontneed drop_caches swap),
#        PCDROP_BENCH_FROM=MIB for scale's smallest size (default 64),
#        PCDROP_BENCH_SMP=1 for one vCPU instead of two (not fadvise's).
#
# A boot that fails (a check in the guest, a hang) does not stop the
# rest: what it printed is reported (scale merges its points), the
# failure is said on stderr and the exit status is 1 at the end.
#
# Per kernel (and for fadvise, per vCPU count: 2 and 4), two boots: one
# timed by the wall clock (plain TCG) and one by instructions (-icount
# shift=0: guest time is virtual, one ns per instruction).  In each boot
# every case runs RUNS times the stock way and RUNS times pcdrop's way,
# interleaved: shmem_batch=0 and 1 (guest-shmem.sh); pcdrop unloaded and
# loaded (guest-fadvise.sh); shadow_batch=0 and 1 on an ext4 file whose
# pages were all reclaimed to shadow entries (guest-shadow.sh);
# swap_batch=0 and 1 on a tmpfs file or memfd all in swap on zram
# (guest-swap.sh); evict_batch=0 and 1 on a clean ext4 file evicted by
# fadvise DONTNEED in 2 MiB calls and in one (also over a file read a
# page at a time: one folio per page), by drop_caches, and mapped
# (seed 002), then each case once more under pcdrop-stat --locks for the
# removals and lock round trips per folio (guest-evict.sh).  Prints
# min/median/max of both and of the per-round ratio pcdrop/stock.  "stat" instead measures what pcdrop-stat
# costs: each workload of guest-stat.sh without counters, with the default
# counters, with --locks and with the default counters and "export"
# running, and the ratios to that round's run without.  "transition"
# times livepatch transitions, the test livepatch of version_proc_show()
# against pcdrop, idle and under suite 45's tmpfs load, and prints where
# their time goes (guest-transition.sh: function_graph over the livepatch
# core, static calls, text poking, ftrace and RCU).  "scale" runs the
# tmpfs truncation, DONTNEED, drop_caches and swap-entry cases at each size
# from 64 MiB doubling to MIB (swap to 1024), in one boot per clock with
# 2 * MIB + 1536 MiB of memory (guest-scale.sh), and merges its rounds and
# counts into docs/plots/scale.tsv, from which "make plots" draws the
# plots (tests/bench/plot.sh) and tests/bench/scale-table.sh prints the
# tables of docs/benchmarks.md.  "concurrent" times tmpfs drops with a
# second task on the other vCPU: alone, beside another truncate, beside a
# reader of the same file, beside a writer of the same file
# (guest-concurrent.sh); 6.1 has no instruction-clock run (one vCPU).
# Don't run other guests meanwhile.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. scripts/common.sh
BENCH=${1:-}
case $BENCH in
shmem) MIB=${2:-1024} RUNS=${3:-5} ;;
fadvise) MIB=0 RUNS=${2:-5} ;;
stat) MIB=${2:-1024} RUNS=${3:-6} ;;
shadow) MIB=${2:-1024} RUNS=${3:-5} ;;
swap | evict) MIB=${2:-256} RUNS=${3:-5} ;;
transition) MIB=0 RUNS=${2:-2} ;;
scale) MIB=${2:-2048} RUNS=${3:-3} ;;
concurrent) MIB=${2:-256} RUNS=${3:-5} ;;
*) die "usage: tests/bench/run.sh shmem|stat|shadow|swap|evict|scale|concurrent [MIB] [RUNS] | fadvise|transition [RUNS]" ;;
esac
work=${PCDROP_WORK:-$top}/build/bench
out=${PCDROP_WORK:-$top}/results/bench

# stats: "min/median/max" of the numbers on stdin.
stats() {
	sort -g | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%s/%s/%s", fmt(v[1]), fmt(m), fmt(v[NR]) }
		function fmt(x) { return x < 10 ? sprintf("%.3f", x) : sprintf("%.1f", x) }'
}

# report FILE: one line per case of the RESULT lines in FILE, "RESULT KEY1
# KEY2 PCDROP VALUE [DRAINS]", in their order.
report() {
	f=$1
	printf '%-11s %-9s %-24s %-24s %-20s %s\n' case "" "$A $UNIT min/med/max" \
		"$B $UNIT min/med/max" "ratio min/med/max" "$EXTRA"
	awk '/^RESULT / && !seen[$2 " " $3]++ { print $2, $3 }' "$f" |
	while read -r k1 k2; do
		grep "^RESULT $k1 $k2 " "$f" > "$f.case"
		st=$(awk '$4 == 0 { print $5 / SCALE }' SCALE="$SCALE" "$f.case" | stats)
		ba=$(awk '$4 == 1 { print $5 / SCALE }' SCALE="$SCALE" "$f.case" | stats)
		ra=$(awk '$4 == 0 { s[++n] = $5 } $4 == 1 { b[++m] = $5 }
			END { for (i = 1; i <= n; i++) print b[i] / s[i] }' "$f.case" | stats)
		dr=$(awk 'NF > 5 { d[$4] = d[$4] " " $6 } END { if (length(d)) print d[0] ",", d[1] }' "$f.case")
		printf '%-11s %-9s %-24s %-24s %-20s %s\n' "$k1" "$k2" "$st" "$ba" "$ra" "$dr"
	done
	rm -f "$f.case"
}

# profile FILE: guest-transition.sh's PROFILE lines, the median round of
# each function per livepatch and case: calls and time.
profile() {
	printf '%-16s %-30s %-22s %s\n' case function "test livepatch calls/ms" "pcdrop calls/ms"
	awk '$1 == "PROFILE" { k = $3 " " $4; key[k] = 1
		c[k, $2] = c[k, $2] " " $5; t[k, $2] = t[k, $2] " " $6 }
	function med(s,   v, n, i, j, x) { n = split(s, v, " ")
		for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
			x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
		return n ? v[int((n + 1) / 2)] : "-" }
	END { for (k in key) { split(k, w, " ")
		printf "%-16s %-30s %-22s %s\n", w[1], w[2], med(c[k, 0]) "/" sprintf("%.1f", med(t[k, 0]) / 1000),
			med(c[k, 1]) "/" sprintf("%.1f", med(t[k, 1]) / 1000) } }' "$1" | sort
}

# costs FILE: guest-stat.sh's COST lines, what each program costs per run
# and per run of the workload.
costs() {
	printf '%-11s %-8s %-24s %-10s %-10s %s\n' workload mode program runs "$UNIT_COST/run" \
		"$UNIT_COST/workload"
	awk -v u="$SCALE_COST" '$1 == "COST" { printf "%-11s %-8s %-24s %-10s %-10.0f %.0f\n",
		$2, $3, $4, $5, $6 / $5 / u, $6 / u }' "$1"
}

# counts FILE: guest-evict.sh's COUNT lines, with the lock round trips
# (i_lock + xa_lock acquisitions) per folio removed.
counts() {
	printf '%-11s %-11s %-9s %-9s %-8s %-7s %-7s %s\n' case evict_batch single \
		batched batches i_lock xa_lock "round trips/folio"
	awk '$1 == "COUNT" {
		f = $4 + $5
		rt = "-"
		if ($7 != "-" && $7 + $8 > 0 && f > 0)
			rt = sprintf("%.4f (2/%.1f)", ($7 + $8) / f, 2 * f / ($7 + $8))
		printf "%-11s %-11s %-9s %-9s %-8s %-7s %-7s %s\n", $2, $3, $4, $5, $6, $7, $8, rt
	}' "$1"
}

# scale_merge FILE KVER CLOCK: guest-scale.sh's RESULT and COUNT lines in
# FILE as rows of docs/plots/scale.tsv ("KERNEL CLOCK PATH MIB PARAM
# result NS" per round, "... PARAM count UNITS LOCKS" per count), in
# place of that kernel's and clock's earlier rows of the same kind, path
# and size: a run of some paths or sizes, or one cut short, keeps the
# other points.
scale_merge() {
	_tsv=docs/plots/scale.tsv
	mkdir -p docs/plots
	awk -v k="$2" -v c="$3" -v OFS='\t' '
		$1 == "RESULT" { print k, c, $2, $3, $4, "result", $5 }
		$1 == "COUNT" { print k, c, $2, $3, $4, "count", $5, $6 }' "$1" > $_tsv.add
	{
		[ ! -f $_tsv ] || awk -F'\t' 'NR == FNR { new[$1, $2, $3, $4, $6] = 1; next }
			!(($1, $2, $3, $4, $6) in new)' $_tsv.add $_tsv
		cat $_tsv.add
	} > $_tsv.new && mv $_tsv.new $_tsv
	rm -f $_tsv.add
}

# scale_counts FILE: guest-scale.sh's COUNT lines, lock round trips per
# folio (swap: i_pages lock acquisitions per entry).
scale_counts() {
	printf '%-12s %-6s %-6s %-9s %-8s %s\n' path MiB param units locks "per unit"
	awk '$1 == "COUNT" { r = "-"
		if ($6 != "-" && $5 > 0) r = sprintf("%.4f", $6 / $5)
		printf "%-12s %-6s %-6s %-9s %-8s %s\n", $2, $3, $4, $5, $6, r }' "$1"
}

# boot KVER SHARE CLOCK RESULTS: run guest-$BENCH.sh in one boot.
boot() {
	icount=""
	[ "$3" = wall ] || icount=1
	mem=${PCDROP_VM_MEM:-3G}
	[ "$BENCH" != scale ] || mem=$((2 * MIB + 1536))M
	PCDROP_VM_MEM=$mem PCDROP_VM_ICOUNT=$icount PCDROP_VM_TIMEOUT=5400 PCDROP_INITRD=$b/initrd.cpio.gz \
		scripts/vm-run.sh "$1" "$2" "bench/guest-$BENCH.sh" "$4" || {
		echo "run.sh: the $3 benchmark boot of $1 failed; what it printed is reported below; see $4" >&2
		failed="$failed $1/$3"
	}
}
failed=""

# Debian's 6.1 never brings up a second CPU under -icount here (QEMU 7.2,
# TCG): it hangs after "x86: Booting SMP configuration:", with -cpu max or
# qemu64, sleep=on or off.  With one vCPU it boots, so its instruction-clock
# runs use one.
icount_smp() {
	case $1 in
	6.1.*) return 1 ;;
	esac
}

A=stock B=pcdrop EXTRA=""
case $BENCH in
shmem | shadow | swap | evict | scale | concurrent) UNIT=ms SCALE=1e6 ;;
fadvise) UNIT=us/call SCALE=1e3 EXTRA="drains/round stock, pcdrop" ;;
stat) UNIT=ms SCALE=1e6 A="no counters" B="counters" ;;
transition) UNIT=ms SCALE=1e6 A="test livepatch" B="pcdrop" ;;
esac
mkdir -p "$work" "$out"
# From 6.13 the kernel removes shadow entries in one walk itself.
default_series=$(scripts/kernels.sh list full)
[ "$BENCH" != shadow ] || default_series="6.1 6.12"
for series in ${PCDROP_SERIES:-$default_series}; do
	kver=$(scripts/kernels.sh fetch "$series")
	b=$work/$kver
	scripts/build-module.sh "$kver" "$b/pcdrop" > "$out/$kver.build.log" 2>&1
	scripts/mkinitramfs.sh "$kver" "$b/initrd.cpio.gz"
	share=$b/share
	rm -rf "$share"
	mkdir -p "$share/progs" "$share/bench"
	cp "$b/pcdrop/pcdrop.ko" "$share/"
	cp -r tests/guest "$share/guest"
	cp "tests/bench/guest-$BENCH.sh" "$share/bench/"
	cp tests/progs/statlib.sh "$share/"
	cc -O2 -Wall -Wextra -Werror -static -o "$share/progs/drop_bench" tests/bench/drop_bench.c
	cc -O2 -Wall -Wextra -Werror -static -o "$share/progs/fadv" tests/fadvise/fadv.c
	[ "$BENCH" != stat ] || cc -O2 -Wall -Wextra -Werror -static \
		-o "$share/progs/pingpong" tests/bench/pingpong.c
	[ "$BENCH" != concurrent ] || cc -O2 -Wall -Wextra -Werror -static \
		-o "$share/progs/conc_bench" tests/bench/conc_bench.c
	if [ "$BENCH" = transition ]; then
		for c in shmem_model punch_race; do
			cc -O2 -Wall -Wextra -Werror -static -pthread -o "$share/progs/$c" "tests/shmem/$c.c"
		done
		rm -rf "$b/lp" && mkdir -p "$b/lp" && cp tests/lp/Kbuild tests/lp/*.c "$b/lp/"
		scripts/with-compiler.sh "$kver" "$b/lp" make -C "$(realpath "$PCDROP_CACHE/kernels/$kver/kdir")" \
			M="$(realpath "$b/lp")" KCFLAGS=-Werror modules > "$out/$kver.lp.log" 2>&1 ||
			die "cannot build the test livepatches; see $out/$kver.lp.log"
		cp "$b/lp/pcdrop_test_lp.ko" "$share/"
	fi
	if [ "$BENCH" = stat ] || [ "$BENCH" = evict ] || [ "$BENCH" = scale ]; then
		make -s bpf BPF_OUTPUT="$work/bpf" > "$out/bpf.log" 2>&1 ||
			die "cannot build pcdrop-stat; see $out/bpf.log"
		cp "$work/bpf/pcdrop-stat" tests/progs/jsonflat.awk "$share/"
	fi
	echo "$MIB" > "$share/bench-mib"
	echo "${PCDROP_BENCH_FROM:-64}" > "$share/bench-from"
	echo "$RUNS" > "$share/bench-runs"
	case $BENCH in
	transition) echo "${PCDROP_BENCH_WORKLOADS:-idle load pinned}" ;;
	evict) echo "${PCDROP_BENCH_WORKLOADS:-dontneed-2m dontneed-1 dontneed-4k drop_caches mapped}" ;;
	scale) echo "${PCDROP_BENCH_WORKLOADS:-shmem-4k shmem-pmd dontneed drop_caches swap}" ;;
	*) echo "${PCDROP_BENCH_WORKLOADS:-truncate stocktrunc fadvise pingpong swap stockswap}" ;;
	esac > "$share/bench-workloads"
	for clock in ${PCDROP_BENCH_CLOCKS:-wall icount}; do
		if [ "$BENCH" != fadvise ]; then
			smp=${PCDROP_BENCH_SMP:-2}
			[ $clock = wall ] || icount_smp "$kver" || smp=1
			if [ $smp = 1 ] && [ "$BENCH" = concurrent ]; then
				echo "# $kver, concurrent, clock: $clock: not run, it needs two vCPUs"
				continue
			fi
			o=$out/$kver-$BENCH-$clock/guest-$BENCH.output
			PCDROP_VM_SMP=$smp boot "$kver" "$share" $clock "$out/$kver-$BENCH-$clock"
			[ -f "$o" ] || continue
			echo "# $kver, $BENCH, $MIB MiB, $RUNS runs each, $smp vCPUs, $mem of memory, clock: $clock"
			report "$o"
			[ "$BENCH" != evict ] || counts "$o"
			if [ "$BENCH" = scale ]; then
				scale_counts "$o"
				scale_merge "$o" "$kver" $clock
			fi
			if [ "$BENCH" = stat ]; then
				UNIT_COST=ns SCALE_COST=1
				[ $clock = wall ] || UNIT_COST=insns
				costs "$o"
			fi
			[ "$BENCH" != transition ] || profile "$o"
			echo
			continue
		fi
		cpus="2 4"
		# The one count such a kernel boots with: no cross-CPU drain
		# work, but the instruction clock's view of the rest.
		[ $clock = wall ] || icount_smp "$kver" || cpus=1
		for smp in $cpus; do
			r=$out/$kver-fadvise-$smp-$clock
			PCDROP_VM_SMP=$smp boot "$kver" "$share" $clock "$r"
			[ -f "$r/guest-fadvise.output" ] || continue
			echo "# $kver, fadvise, $smp vCPUs, $RUNS runs each, clock: $clock"
			report "$r/guest-fadvise.output"
			echo
		done
	done
done
[ -z "$failed" ] || die "benchmark boots that failed:$failed (their results above are partial)"
