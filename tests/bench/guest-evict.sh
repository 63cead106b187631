# guest-evict.sh - the batched-eviction benchmark, in the guest (see
# run.sh).  A MIB MiB clean ext4 file, evicted with evict_batch=0 (the
# kernel's mapping_evict_folio() per folio) and 1 interleaved:
#   dontneed-2m  read 2 MiB, DONTNEED it, to the end (time in fadvise)
#   dontneed-1   read it all, one DONTNEED over the file
#   dontneed-4k  the same, the file read a page at a time without readahead:
#                one folio per page where the file system would build large
#                ones (7.x's ext4), to set folio size apart from the rest
#   drop_caches  read it all, echo 1 > /proc/sys/vm/drop_caches
#   mapped       seed 002's workload on the same file: mapped MAP_SHARED,
#                2 MiB at a time, nothing evictable (must not change)
# Prints "RESULT evict CASE EVICT_BATCH NS".  Then, untimed, each case once
# per setting under "pcdrop-stat start --locks", printing "COUNT CASE
# EVICT_BATCH SINGLE BATCHED BATCHES I_LOCK XA_LOCK" (drop_caches is no
# pcdrop-stat operation: its removals count under "other", its locks not:
# "-").
. ./guest/lib.sh
. ./statlib.sh
SUITE=bench-evict
MIB=$(cat bench-mib)
RUNS=$(cat bench-runs)
F=/mnt/e/f

# On zram, not on a loop file in tmpfs as elsewhere: drop_caches would
# walk that file's shmem folios, none of which it can drop, on every run.
# zram's blocks are 4 KiB, so the file system's must be too.
ext4_on_zram() {
	echo "$1M" > /sys/block/zram0/disksize &&
		mke2fs -q -b 4096 /dev/zram0 > /dev/null 2>&1 &&
		mkdir -p /mnt/e && mount -t ext4 /dev/zram0 /mnt/e
}

check "pcdrop loads" pcdrop_load
check "an ext4 file system of $((MIB + 64)) MiB on zram" ext4_on_zram $((MIB + 64)) &&
	check "a $MIB MiB file" progs/fadv write $F $((MIB * 256)) &&
	check "its written pages evicted" progs/fadv dontneed $F || finish

# evict CASE: the case's time in ns; fails unless the file's pages left
# (all of them, or for "mapped" none).
evict() {
	case $1 in
	dontneed-2m) _o=$(progs/fadv seed $F 2048 unmapped) ;;
	dontneed-1) _o=$(progs/fadv seed $F $((MIB * 1024)) unmapped) ;;
	dontneed-4k) _o=$(progs/fadv seed $F $((MIB * 1024)) pages) ;;
	drop_caches) _o=$(progs/fadv dropcaches $F) ;;
	mapped) _o=$(progs/fadv seed $F 2048 mapped) ;;
	esac || return 1
	_left=0
	[ "$1" != mapped ] || _left=$((MIB * 256))
	[ "$(field "$_o" resident)" = $_left ] || {
		echo "# $1: resident=$(field "$_o" resident), expected $_left" >&2
		return 1
	}
	field "$_o" ns
}

# The cases run.sh asks for (PCDROP_BENCH_WORKLOADS), by default all.
CASES=$(cat bench-workloads)
for c in $CASES; do
	# One untimed run first: the first read of the file after another
	# case is not like the rest.
	evict $c > /dev/null || fail "the warm-up run of $c"
	interleaved "$RUNS" evict_batch evict $c evict $c
done

check "pcdrop-stat starts with --locks" restat --locks
for c in $CASES; do
	for b in 0 1; do
		echo $b > "$PCDROP_PARAMS/evict_batch"
		$STAT reset > /dev/null
		evict $c > /dev/null || fail "counted $c with evict_batch=$b"
		stat_snap /tmp/evict.snap
		if [ $c = drop_caches ]; then
			op=OTHER locks="- -"
		else
			op=FADVISE
			locks="$(op_field /tmp/evict.snap $op OTHER i_lock) $(op_field /tmp/evict.snap $op OTHER xa_lock)"
		fi
		echo "COUNT $c $b $(op_field /tmp/evict.snap $op OTHER removed_single)" \
			"$(op_field /tmp/evict.snap $op OTHER batched_folios)" \
			"$(op_field /tmp/evict.snap $op OTHER batches) $locks"
	done
done
echo 1 > "$PCDROP_PARAMS/evict_batch"
check "pcdrop-stat stops" $STAT stop
umount /mnt/e
check "pcdrop unloads" pcdrop_unload
finish
