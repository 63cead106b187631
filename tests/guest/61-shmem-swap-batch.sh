# 61-shmem-swap-batch.sh - pcdrop's batched freeing of swap entries
# (module/swap_batch.c): truncating, punching and unlinking a tmpfs file
# whose pages were all pushed to swap (zram, by memory.reclaim).
#
# Expected results come from the rules, not from a stock run:
# - data: every byte read back is what was written, zero inside the hole;
# - accounting: the file's blocks (st_blocks, which shmem keeps from
#   info->alloced and info->swapped) are exactly the pages left, the tmpfs
#   mount's used space (df) with them, and the cgroup's swap returns to
#   what is left (within the per-CPU swap slot caches, which hold freed
#   slots for a while: 64 per CPU);
# - counts: pcdrop-stat's values_walked is the number of swap entries in
#   the range, in ceil(N / batch) walks with swap_batch=1, none without;
#   the kernel's shmem_free_swap() frees them one by one otherwise (counted
#   from 6.12; 6.1 inlines it); --locks: one i_pages lock round trip per
#   walk, per entry on stock;
# - swap given back (from 6.12, a kprobe): each slot of a hole once, one
#   call per slot on stock, one per run of contiguous slots with pcdrop,
#   a run never across two memcgs on 6.12; both memcgs' swap charges back
#   to 0 and no memcg left dying.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=shmem-swap-batch
CG=/sys/fs/cgroup/pcdrop-swap-batch
F=/mnt/w/f
P=4096
SLOTS=$((64 * 4096 * $(nproc)))

check "swap on zram is enabled" swap_on_zram 128
mkdir -p $CG /mnt/w
mount -t tmpfs -o huge=never,size=64M tmpfs /mnt/w

# swapped WHAT: write the file from inside the cgroup (so its pages are
# charged there) and push every page of it to swap.
swapped() {
	in_cgroup $CG $FADV write $F $P
	i=0
	while [ "$($FADV resident $F)" != resident=0 ] && [ $i -lt 5 ]; do
		echo 64M > $CG/memory.reclaim 2> /dev/null
		i=$((i + 1))
	done
	# Every page was written, so a page not resident (mincore) is in swap.
	expect_eq "$1: every page of the file is in swap" resident=0 "$($FADV resident $F)"
}

blocks() {
	echo $(($(stat -c %b $F) * 512 / 4096))
}

used_pages() {
	df -k /mnt/w | awk 'NR == 2 { print $3 / 4 }'
}

# expect_counts WHAT OP N: N swap entries of OP walked in ceil(N / batch)
# walks with swap_batch=1, else none walked and (from 6.12) N one by one.
expect_counts() {
	stat_snap /tmp/swap.snap
	walked=0 walks=0 single=$3
	if [ "$mode" = on ]; then
		walked=$3 walks=$(ceil_batches "$3") single=0
	fi
	case $KVER in 6.1.*) single=0 ;; esac
	expect_eq "$1: swap entries walked" $walked \
		"$(op_field /tmp/swap.snap "$2" TMPFS values_walked)"
	expect_eq "$1: in that many walks" $walks \
		"$(op_field /tmp/swap.snap "$2" TMPFS value_walks)"
	expect_eq "$1: swap entries freed one by one" $single \
		"$(op_field /tmp/swap.snap "$2" TMPFS values_single)"
}

used0=$(used_pages)
for mode in stock off on; do
	check "mode $mode" path_mode swap_batch $mode
	check "$mode: pcdrop-stat starts" restat

	# Truncate to 1000 pages.
	swapped "$mode, truncate"
	$STAT reset > /dev/null
	truncate -s $((1000 * 4096)) $F
	expect_counts "$mode, truncate" TRUNCATE $((P - 1000))
	expect_eq "$mode, truncate: the file keeps 1000 pages of blocks" 1000 "$(blocks)"
	expect_eq "$mode, truncate: and the mount's used space with it" $((used0 + 1000)) \
		"$(used_pages)"
	left=$(cat $CG/memory.swap.current)
	check "$mode, truncate: the cgroup's swap is the 1000 pages left ($((left / 4096)) pages)" \
		test "$left" -ge $((1000 * 4096)) -a "$left" -le $((1000 * 4096 + SLOTS))
	truncate -s $((P * 4096)) $F
	expect_eq "$mode, truncate: the data before the cut, zeros after" bad=0 \
		"$($FADV verify $F $((1000 * 4096)) $((P * 4096)))"
	rm $F

	# Punch pages [1000, 3000).
	swapped "$mode, punch"
	$STAT reset > /dev/null
	check "$mode, punch: fallocate punches the hole" \
		progs/falloc -p $((1000 * 4096)) $((2000 * 4096)) $F
	expect_counts "$mode, punch" PUNCH 2000
	expect_eq "$mode, punch: the file keeps 2096 pages of blocks" $((P - 2000)) "$(blocks)"
	expect_eq "$mode, punch: the data outside the hole, zeros inside" bad=0 \
		"$($FADV verify $F $((1000 * 4096)) $((3000 * 4096)))"
	rm $F

	# drop_caches invalidates tmpfs files too, and leaves swap entries
	# where they are: nothing removed, nothing counted.
	swapped "$mode, drop_caches"
	$STAT reset > /dev/null
	echo 1 > /proc/sys/vm/drop_caches
	stat_snap /tmp/swap.snap
	expect_eq "$mode, drop_caches: no swap entry counted as removed (one by one, walked)" "0 0" \
		"$(sum_field /tmp/swap.snap ops values_single) $(sum_field /tmp/swap.snap ops values_walked)"
	expect_eq "$mode, drop_caches: every page still in swap" resident=0 "$($FADV resident $F)"
	expect_eq "$mode, drop_caches: the data reads back" bad=0 "$($FADV verify $F 0 0)"
	rm $F

	# Unlink: evict() frees the whole file.
	swapped "$mode, unlink"
	$STAT reset > /dev/null
	rm $F
	expect_counts "$mode, unlink" UNLINK $P
	expect_eq "$mode, unlink: the mount's used space is back at its baseline" "$used0" \
		"$(used_pages)"
	left=$(cat $CG/memory.swap.current)
	check "$mode, unlink: the cgroup's swap is returned ($((left / 4096)) pages left, at most the slot caches)" \
		test "$left" -le $SLOTS
done

# Lock round trips of the punch, counted: one i_pages lock per walk with
# swap_batch=1; per swap entry without.
for mode in stock on; do
	check "locks, mode $mode" path_mode swap_batch $mode
	check "locks, $mode: pcdrop-stat starts --locks" restat --locks
	swapped "locks, $mode"
	$STAT reset > /dev/null
	progs/falloc -p $((1000 * 4096)) $((2000 * 4096)) $F
	stat_snap /tmp/swap.snap
	want=2000
	[ $mode = stock ] || want=$(ceil_batches 2000)
	expect_eq "locks, $mode: xa_lock round trips of punching 2000 swap entries" \
		"$want" "$(op_field /tmp/swap.snap PUNCH TMPFS xa_lock)"
	rm $F
done
check "pcdrop-stat stops" sh -c "$STAT stop > /dev/null"

# swap_puts: the calls the kprobe recorded, as "CALLS SLOTS DISTINCT
# SPLITS": how many, the slots they gave back, how many different slots
# those were, and how many calls began at the slot where the call before
# ended (a run of contiguous slots given back in two calls).
swap_puts() {
	sed -n 's/.* slot=\([0-9]*\) nr=\([0-9]*\).*/\1 \2/p' $T/trace |
		awk '{ calls++; slots += $2; if ($1 == end) splits++; end = $1 + $2
			for (s = $1; s < end; s++) seen[s] = 1 }
			END { for (s in seen) distinct++
				print calls + 0, slots + 0, distinct + 0, splits + 0 }'
}

# Giving the swap back, from 6.12: a kprobe records each call's first slot
# and slot count while falloc punches 2000 swap entries.  Every slot of the
# hole goes back exactly once.  Stock and off give back one slot per call
# (shmem_free_swap()); swap_batch=1 one run of contiguous slots per call,
# except where a walk's batch ends inside a run: at most one split per
# walk boundary.  6.1's free_swap_and_cache() takes one slot per call.
case $KVER in
6.1.*) put= ;;
6.*) put=free_swap_and_cache_nr ;;
*) put=swap_put_entries_direct ;;
esac
if [ -n "$put" ]; then
	echo "p:pcdrop_swap_put $put slot=%di:u64 nr=%si:s32" >> $T/kprobe_events
	echo 'comm == "falloc"' > $T/events/kprobes/pcdrop_swap_put/filter
	for mode in stock off on; do
		check "puts, mode $mode" path_mode swap_batch $mode
		swapped "puts, $mode"
		echo > $T/trace
		echo 1 > $T/events/kprobes/pcdrop_swap_put/enable
		progs/falloc -p $((1000 * 4096)) $((2000 * 4096)) $F
		echo 0 > $T/events/kprobes/pcdrop_swap_put/enable
		# shellcheck disable=SC2046
		set -- $(swap_puts)
		expect_eq "puts, $mode: the hole's 2000 swap slots go back, each once" \
			"2000 2000" "$2 $3"
		if [ $mode = on ]; then
			check "puts, $mode: one $put() per run of contiguous slots ($1 calls, $4 runs split where a walk ends)" \
				test "$4" -lt "$(ceil_batches 2000)"
			check "puts, $mode: the slots lay in runs: fewer calls than slots" \
				test "$1" -lt 2000
		else
			expect_eq "puts, $mode: one $put() per slot" 2000 "$1"
		fi
		rm $F
	done
	echo '-:pcdrop_swap_put' >> $T/kprobe_events
else
	echo "# $KVER: free_swap_and_cache() takes one slot per call, no runs to give back"
fi

# Two memcgs in one file, from 6.12: pages 0-199 charged to A, 200-511 to
# B, pushed to swap A first, so that their slots run on across the border,
# which falls inside a batch (not a multiple of 31) and inside a swap
# cluster.  6.12 uncharges a range given back in one call from its first
# slot's memcg, so with swap_batch=1 a run must end at the border there
# (7.x uncharges per run of equal ids itself).  In every mode both
# cgroups' swap charge returns to 0 once the slots are gone (swapoff
# empties the per-CPU slot caches), and both cgroups die cleanly.
# two_memcgs MODE
two_memcgs() {
	for c in A B; do
		mkdir -p $CG-$c
	done
	in_cgroup $CG-A dd if=/dev/zero of=$F bs=4096 count=200 2> /dev/null
	in_cgroup $CG-B dd if=/dev/zero of=$F bs=4096 seek=200 count=312 conv=notrunc 2> /dev/null
	# On one CPU, so that the slots come from one CPU's cluster, in order.
	for c in A B; do
		taskset 1 sh -c "echo 8M > $CG-$c/memory.reclaim; echo 8M > $CG-$c/memory.reclaim" \
			2> /dev/null
	done
	expect_eq "memcgs, $1: every page of the file is in swap" resident=0 "$($FADV resident $F)"
	echo > $T/trace
	echo 1 > $T/events/kprobes/pcdrop_swap_put/enable
	progs/falloc -p 0 $((512 * 4096)) $F
	echo 0 > $T/events/kprobes/pcdrop_swap_put/enable
	rm $F
	# The calls as "FIRST NR", in the order they came: the walk's order,
	# the file's.  At the border: whether a call ends after page 199, and
	# whether page 200's slot follows page 199's.
	sed -n 's/.* slot=\([0-9]*\) nr=\([0-9]*\).*/\1 \2/p' $T/trace |
		awk '{ if (sum <= 199 && 199 < sum + $2) s199 = $1 + 199 - sum
			if (sum <= 200 && 200 < sum + $2) s200 = $1 + 200 - sum
			if (sum == 200) ends = 1
			sum += $2 }
			END { print sum + 0, ends + 0, s200 == s199 + 1 }' > /tmp/border
	read -r slots ends contiguous < /tmp/border
	expect_eq "memcgs, $1: the 512 slots go back" 512 "$slots"
	if [ "$1" = on ] && [ "$put" = free_swap_and_cache_nr ]; then
		expect_eq "memcgs, $1: the slots run on across the border (else this proves nothing)" \
			1 "$contiguous"
		expect_eq "memcgs, $1: a run ends at the border of the two memcgs" 1 "$ends"
	fi
}

if [ -n "$put" ]; then
	dying0=$(awk '$1 == "nr_dying_descendants" { print $2 }' /sys/fs/cgroup/cgroup.stat)
	echo "p:pcdrop_swap_put $put slot=%di:u64 nr=%si:s32" >> $T/kprobe_events
	echo 'comm == "falloc"' > $T/events/kprobes/pcdrop_swap_put/filter
	for mode in stock off on; do
		check "memcgs, mode $mode" path_mode swap_batch $mode
		two_memcgs $mode
	done
	echo '-:pcdrop_swap_put' >> $T/kprobe_events
	check "memcgs: swapoff" swapoff /dev/zram0
	for c in A B; do
		expect_eq "memcgs: $c's swap charge is back to 0" 0 "$(cat $CG-$c/memory.swap.current)"
		check "memcgs: $c is removed" rmdir $CG-$c
	done
	check "memcgs: no memcg is left dying ($dying0 before)" wait_for 20 sh -c \
		"[ \"\$(awk '\$1 == \"nr_dying_descendants\" { print \$2 }' /sys/fs/cgroup/cgroup.stat)\" = $dying0 ]"
	check "memcgs: swap on zram again" swapon /dev/zram0
fi

check "pcdrop loaded" path_mode swap_batch on
expect_param_guarded swap_batch
check "pcdrop unloads" pcdrop_unload
umount /mnt/w
swapoff /dev/zram0
finish
