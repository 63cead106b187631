# guest-stat.sh - what pcdrop-stat costs the machine, in the guest (see
# run.sh): four workloads with pcdrop loaded, each round running them
# with no counters, with "pcdrop-stat start" (the default: no spinlock
# hooks), with "pcdrop-stat start --locks", and with the default counters
# and pcdrop-stat.service's "export" writing the metrics every second (15
# in the service), in a rotating order.
#   truncate  a MIB MiB tmpfs file (4 KiB folios) ftruncated to 0, batched
#             by pcdrop
#   stocktrunc the same with shmem_batch=0: the kernel's one-by-one
#             removals, each of which the counters see
#   fadvise   seed 002: a 128 MiB ext4 file mapped and DONTNEEDed 2 MiB at
#             a time (time spent in fadvise)
#   pingpong  a pipe ping-pong between two processes: spinlocks outside
#             the page cache (wait queues, runqueues), 20000 round trips
#   swap      a tmpfs file of at most 256 MiB pushed to swap on zram and
#             ftruncated to 0: its swap entries removed in pcdrop's walks
#   stockswap the same with swap_batch=0: the kernel's shmem_free_swap()
#             per entry, each call of which the counters see (from 6.12;
#             6.1 inlines it, so there it is left out)
# Prints "RESULT WORKLOAD MODE 0 NS" (that round's run without counters)
# and "RESULT WORKLOAD MODE 1 NS" (with MODE) for MODE default, locks and
# export.  Then, from one more run of each workload per mode with the
# kernel's accounting of BPF programs on (kernel.bpf_stats_enabled, off
# in the timed rounds: it reads the clock twice per run), "COST WORKLOAD
# MODE PROGRAM RUNS NS": what each of pcdrop-stat's programs cost, summed
# over its runs (under -icount, NS counts instructions).
# A counted run must have counted: its truncates' folios and swap entries,
# its fadvise calls.
. ./guest/lib.sh
. ./statlib.sh
SUITE=bench-stat
MIB=$(cat bench-mib)
RUNS=$(cat bench-runs)
WORKLOADS=$(cat bench-workloads)
FOLIOS=$((MIB * 256))
SWAPMIB=$((MIB < 256 ? MIB : 256))
CG=/sys/fs/cgroup/pcdrop-bench
case $(uname -r) in
6.1.*)
	echo "# stockswap left out: 6.1 inlines shmem_free_swap(), no hook to cost"
	WORKLOADS=$(echo "$WORKLOADS" | sed 's/stockswap//') ;;
esac

check "pcdrop loads" pcdrop_load
mkdir -p /mnt/b
mount -t tmpfs -o huge=never,size=$((MIB + 64))M tmpfs /mnt/b
check "an ext4 file system on a loop device" ext4_mount /mnt/e 192
check "a 128 MiB file" progs/fadv write /mnt/e/seed 32768
case $WORKLOADS in
*swap*)
	check "swap on zram" swap_on_zram $((SWAPMIB + 64))
	mkdir -p $CG
	# Run from the initramfs: a program run from the 9p share would leave
	# its own page cache charged to the cgroup.
	cp progs/drop_bench /bin/drop_bench ;;
esac

# swapped_truncate: drop_bench's swapped truncate, from inside the cgroup
# whose memory.reclaim pushes the file to swap.
swapped_truncate() {
	in_cgroup $CG drop_bench truncate $SWAPMIB /mnt/b reclaim=$CG/memory.reclaim
}

# mode none|default|locks|export: stop the counters, start them in that
# mode.
EXPORT=
mode() {
	[ -z "$EXPORT" ] || { kill "$EXPORT"; wait "$EXPORT"; EXPORT=; }
	$STAT stop > /dev/null 2>&1
	case $1 in
	default) $STAT start > /dev/null ;;
	locks) $STAT start --locks > /dev/null ;;
	export)
		mkdir -p /tmp/prom
		$STAT start > /dev/null
		$STAT export /tmp/prom/pcdrop.prom 1 > /dev/null &
		EXPORT=$! ;;
	esac
	# Detaching frees the trampolines after RCU grace periods, in
	# kworkers: let that finish before the next timed run.
	sleep 2
}

# run WORKLOAD: its time in ns.
run() {
	case $1 in
	truncate) progs/drop_bench truncate "$MIB" /mnt/b ;;
	stocktrunc)
		echo 0 > $PCDROP_PARAMS/shmem_batch
		progs/drop_bench truncate "$MIB" /mnt/b
		echo 1 > $PCDROP_PARAMS/shmem_batch ;;
	fadvise) field "$(progs/fadv seed /mnt/e/seed 2048 mapped)" ns ;;
	pingpong) field "$(progs/pingpong 20000)" ns ;;
	swap) swapped_truncate ;;
	stockswap)
		echo 0 > $PCDROP_PARAMS/swap_batch
		swapped_truncate
		echo 1 > $PCDROP_PARAMS/swap_batch ;;
	esac
}

# counted WORKLOAD: did the counters see it?
counted() {
	stat_snap /tmp/s
	case $1 in
	truncate) [ "$(op_field /tmp/s TRUNCATE TMPFS batched_folios)" = $FOLIOS ] ;;
	stocktrunc) [ "$(op_field /tmp/s TRUNCATE TMPFS removed_single)" = $FOLIOS ] ;;
	fadvise) [ "$(op_field /tmp/s FADVISE OTHER calls)" = 64 ] ;;
	swap) [ "$(op_field /tmp/s TRUNCATE TMPFS values_walked)" = $((SWAPMIB * 256)) ] ;;
	stockswap) [ "$(op_field /tmp/s TRUNCATE TMPFS values_single)" = $((SWAPMIB * 256)) ] ;;
	pingpong) true ;;
	esac
}

missed=0
for r in $(seq 1 "$RUNS"); do
	case $((r % 4)) in
	1) order="none default locks export" ;;
	2) order="default locks export none" ;;
	3) order="locks export none default" ;;
	0) order="export none default locks" ;;
	esac
	for m in $order; do
		check "round $r: counters $m" mode $m
		for w in $WORKLOADS; do
			[ $m = none ] || $STAT reset > /dev/null
			t=$(run $w)
			[ -n "$t" ] || fail "round $r: $w ($m) printed no time"
			eval "t_${w}_$m=$t"
			[ $m = none ] || counted $w || missed=$((missed + 1))
		done
	done
	for w in $WORKLOADS; do
		for m in default locks export; do
			eval "echo RESULT $w $m 0 \$t_${w}_none"
			eval "echo RESULT $w $m 1 \$t_${w}_$m"
		done
	done
done

# prog_costs: "PROGRAM RUN_TIME_NS RUN_CNT" of every loaded BPF program.
prog_costs() {
	bpftool prog show | awk '/^[0-9]+:/ { n = t = c = ""
		for (i = 1; i < NF; i++) {
			if ($i == "name") n = $(i + 1)
			if ($i == "run_time_ns") t = $(i + 1)
			if ($i == "run_cnt") c = $(i + 1)
		}
		if (n != "") print n, t + 0, c + 0 }' | sort
}

echo 1 > /proc/sys/kernel/bpf_stats_enabled
for m in default locks; do
	check "profile: counters $m" mode $m
	for w in $WORKLOADS; do
		prog_costs > /tmp/costs.0
		run $w > /dev/null
		prog_costs | awk -v w=$w -v m=$m 'NR == FNR { t[$1] = $2; c[$1] = $3; next }
			($1 in c) && $3 > c[$1] { print "COST", w, m, $1, $3 - c[$1], $2 - t[$1] }' \
			/tmp/costs.0 -
	done
done
echo 0 > /proc/sys/kernel/bpf_stats_enabled
mode none
expect_eq "every counted run was counted" 0 $missed
umount /mnt/b
case $WORKLOADS in *swap*) swapoff /dev/zram0 ;; esac
check "pcdrop unloads" pcdrop_unload
finish
