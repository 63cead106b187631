# guest-scale.sh - how each path's saving grows with the work, in the
# guest (see run.sh).  For each size from 64 MiB, doubling up to MIB:
#   shmem-4k     ftruncate() to 0 of a tmpfs file of 4 KiB folios
#                (shmem_batch=0 and 1)
#   shmem-pmd    the same with PMD folios (kernels with transparent huge
#                pages)
#   dontneed     one POSIX_FADV_DONTNEED over a clean ext4 file on zram,
#                read with the default readahead (evict_batch=0 and 1)
#   drop_caches  the same file, echo 1 > /proc/sys/vm/drop_caches
#   swap         ftruncate() to 0 of a tmpfs file all in zram swap
#                (swap_batch=0 and 1), up to SWAP_MIB
# From MIB bench-from (default 64), the paths in bench-workloads (all).
# Prints "RESULT PATH MIB PARAM NS" lines, RUNS of each setting
# interleaved, for every point.  Then, per point, untimed, each setting
# once under "pcdrop-stat start --locks": "COUNT PATH MIB PARAM UNITS
# LOCKS", the folios (swap: entries) removed and the i_lock and i_pages
# lock acquisitions of those removals (drop_caches is no pcdrop-stat
# operation: its locks are not counted, "-").  The counters are loaded
# only after the last timed round: --locks hooks every spinlock, which
# costs the stock path's per-folio removals far more than pcdrop's
# batches (the stat bench: 1.18-1.24 against 1.02-1.04 on a 1 GiB tmpfs
# truncate), and their teardown after a stop runs on for seconds, in
# whatever round follows.
. ./guest/lib.sh
. ./statlib.sh
SUITE=bench-scale
MIB=$(cat bench-mib)
RUNS=$(cat bench-runs)
SWAP_MIB=1024
THP=/sys/kernel/mm/transparent_hugepage/shmem_enabled
CG=/sys/fs/cgroup/pcdrop-bench
F=/mnt/e/f

cp progs/drop_bench /bin/drop_bench
PATHS=$(cat bench-workloads)
sizes=""
s=$(cat bench-from)
while [ $s -le "$MIB" ]; do
	sizes="$sizes $s"
	s=$((s * 2))
done
swap_max=$MIB
[ "$swap_max" -le $SWAP_MIB ] || swap_max=$SWAP_MIB

check "pcdrop loads" pcdrop_load
# zram0: the ext4 file system (as guest-evict.sh: drop_caches must find
# no other file's pages); zram1: swap.
[ -e /sys/block/zram1 ] || cat /sys/class/zram-control/hot_add > /dev/null
echo "$((MIB + 64))M" > /sys/block/zram0/disksize &&
	mke2fs -q -b 4096 /dev/zram0 > /dev/null 2>&1 &&
	mkdir -p /mnt/e /mnt/b $CG && mount -t ext4 /dev/zram0 /mnt/e ||
	fail "an ext4 file system of $((MIB + 64)) MiB on zram"
echo "$((swap_max + 64))M" > /sys/block/zram1/disksize &&
	mkswap /dev/zram1 > /dev/null && swapon /dev/zram1 &&
	echo +memory > /sys/fs/cgroup/cgroup.subtree_control ||
	fail "swap of $((swap_max + 64)) MiB on zram"

# count PATH MIB PARAM OP FS CMD...: CMD once with PARAM at 0 and at 1
# under the counters; a COUNT line each (units: folios, or for swap the
# swap entries walked or removed one by one).
count() {
	_p=$1 _m=$2 _param=$3 _op=$4 _fs=$5
	shift 5
	for _b in 0 1; do
		echo $_b > "$PCDROP_PARAMS/$_param"
		$STAT reset > /dev/null
		"$@" > /dev/null || fail "counted $_p $_m MiB with $_param=$_b"
		stat_snap /tmp/scale.snap
		if [ "$_p" = swap ]; then
			_u=$(($(op_field /tmp/scale.snap "$_op" "$_fs" values_walked) + \
				$(op_field /tmp/scale.snap "$_op" "$_fs" values_single)))
			_l=$(op_field /tmp/scale.snap "$_op" "$_fs" xa_lock)
		else
			_u=$(($(op_field /tmp/scale.snap "$_op" "$_fs" removed_single) + \
				$(op_field /tmp/scale.snap "$_op" "$_fs" batched_folios)))
			_l=-
			[ "$_op" = OTHER ] ||
				_l=$(($(op_field /tmp/scale.snap "$_op" "$_fs" i_lock) + \
					$(op_field /tmp/scale.snap "$_op" "$_fs" xa_lock)))
		fi
		echo "COUNT $_p $_m $_b $_u $_l"
	done
	echo 1 > "$PCDROP_PARAMS/$_param"
}

# evict CASE MIB: the case's time in ns; fails unless every page left.
evict() {
	case $1 in
	dontneed) _o=$(progs/fadv seed $F $(($2 * 1024)) unmapped) ;;
	drop_caches) _o=$(progs/fadv dropcaches $F) ;;
	esac || return 1
	[ "$(field "$_o" resident)" = 0 ] || {
		echo "# $1: resident=$(field "$_o" resident), expected 0" >&2
		return 1
	}
	field "$_o" ns
}

folios="4k pmd"
[ -e $THP ] || folios=4k
# measure PARAM PATH MIB OP FS CMD...: in the timed pass ($PASS = time)
# RUNS rounds of CMD with PARAM at 0 and 1 interleaved, in the counted
# pass one run of each under the counters (OP and FS: its pcdrop-stat
# operation and file system).
measure() {
	_param=$1 _path=$2 _mib=$3 _op=$4 _fs=$5
	shift 5
	if [ "$PASS" = time ]; then
		interleaved "$RUNS" "$_param" "$_path" "$_mib" "$@"
	else
		count "$_path" "$_mib" "$_param" "$_op" "$_fs" "$@"
	fi
}

# doing PATH: whether PATH is one of this run's paths.
doing() {
	case " $PATHS " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# point MIB: every path at MIB MiB, in the pass $PASS.
point() {
	m=$1
	for folio in $folios; do
		doing shmem-$folio || continue
		huge=never
		[ $folio = 4k ] || huge=always
		mount -t tmpfs -o huge=$huge,size=$((m + 64))M tmpfs /mnt/b
		[ ! -e $THP ] || echo $huge > $THP
		measure shmem_batch shmem-$folio "$m" TRUNCATE TMPFS drop_bench truncate "$m" /mnt/b
		umount /mnt/b
	done
	[ ! -e $THP ] || echo never > $THP

	rm -f $F
	if doing dontneed || doing drop_caches; then
		progs/fadv write $F $((m * 256)) > /dev/null && progs/fadv dontneed $F > /dev/null ||
			fail "a $m MiB file on ext4"
	fi
	for c in dontneed drop_caches; do
		doing $c || continue
		# One untimed run first: the first read of the file after
		# another case is not like the rest.
		evict $c "$m" > /dev/null || fail "the warm-up run of $c at $m MiB"
		op=OTHER
		[ $c != dontneed ] || op=FADVISE
		measure evict_batch $c "$m" $op OTHER evict $c "$m"
	done

	[ "$m" -le $swap_max ] && doing swap || return 0
	mount -t tmpfs -o huge=never,size=$((m + 64))M tmpfs /mnt/b
	# The file's pages must be charged to the cgroup that reclaims them.
	measure swap_batch swap "$m" TRUNCATE TMPFS \
		in_cgroup $CG drop_bench truncate "$m" /mnt/b reclaim=$CG/memory.reclaim
	umount /mnt/b
}

PASS="time"
for m in $sizes; do
	point "$m"
done
check "pcdrop-stat starts with --locks" restat --locks
PASS="count"
for m in $sizes; do
	point "$m"
done
check "pcdrop-stat stops" $STAT stop
rm -f $F
umount /mnt/e
swapoff /dev/zram1
check "pcdrop unloads" pcdrop_unload
finish
