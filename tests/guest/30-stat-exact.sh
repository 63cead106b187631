# 30-stat-exact.sh - pcdrop-stat's counters against independent figures.
#
# Folios removed come from the kernel's own mm_filemap_delete_from_page_cache
# tracepoint; batch sizes from the kernel version; drains from the number
# of fadvise calls that met mapped folios.  Lock counts are one i_lock and
# one xa_lock per removal round trip plus a small constant that belongs to
# the operation itself; each constant is named below.  The figures printed
# as "# baseline" lines are the stock baselines in the README.
. ./guest/lib.sh
. ./statlib.sh
SUITE=stat-exact
N=16384		# 64 MiB of 4 KiB folios
WRONG=${PCDROP_TEST_WRONG:-0}	# set to 1 to see the checks fail

# Extra acquisitions per operation, whatever the folio count, as
# "i_lock xa_lock".  Where they come from (stacks taken on these kernels):
#  truncate: inode_sub_bytes() from __dquot_free_space() in
#            shmem_inode_unacct_blocks() (shmem quota accounting, 6.12+)
#  punch:    shmem_fallocate() takes i_lock twice to publish and clear
#            inode->i_private (its shmem_falloc), plus inode_sub_bytes()
#  unlink, memfd close: evict() itself (inode_wait_for_writeback() and the
#            i_state wake-up: 3 on 6.1, 2 on 6.12, 1 on 7.3, less
#            inode_sub_bytes() where it exists), and one xa_lock from
#            xa_destroy() in clear_inode()
#  fallocate rollback: the same inode_sub_bytes() as truncate, and
#            shmem_fallocate() clearing inode->i_private after the undo
#            (the operation ends when vfs_fallocate() returns)
extra() {
	case $KVER in
	6.1.*) set -- "$1" truncate:0:0 punch:2:0 unlink:3:1 memfd:3:1 rollback:1:0 ;;
	6.12.*) set -- "$1" truncate:1:0 punch:3:0 unlink:3:1 memfd:3:1 rollback:2:0 ;;
	*) set -- "$1" truncate:1:0 punch:3:0 unlink:2:1 memfd:2:1 rollback:2:0 ;;
	esac
	want=$1
	shift
	for e in "$@"; do
		[ "${e%%:*}" = "$want" ] && echo "${e#*:}" | tr : ' '
	done
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b) printf "%.4f", a / b; else print "-" }'
}

# --locks: the lock counts are the claim here.
check "pcdrop-stat start --locks" $STAT start --locks
echo 1 > /proc/sys/kernel/bpf_stats_enabled

# tmpfs_op NAME OP ARGS...: one operation, checked against the tracepoint.
tmpfs_op() {
	name=$1
	op=$2
	shift 2
	$STAT reset > /dev/null
	trace_start
	out=$(./pcload "$@")
	removed=$(trace_count "$out")
	stat_snap /tmp/s
	set -- $(extra "$name")
	ci=$(($1 + WRONG))
	cx=$2
	calls=$(op_field /tmp/s "$op" TMPFS calls)
	single=$(op_field /tmp/s "$op" TMPFS removed_single)
	# Removals by the same task outside the operation: on 7.3 the folio
	# whose allocation hit ENOSPC leaves before shmem_undo_range() runs.
	others=$(op_field /tmp/s OTHER TMPFS removed_single)
	il=$(op_field /tmp/s "$op" TMPFS i_lock)
	xl=$(op_field /tmp/s "$op" TMPFS xa_lock)
	check "$name: the workload removed folios (tracepoint: $removed)" test "$removed" -gt 0
	expect_eq "$name: one operation counted" 1 "$calls"
	expect_eq "$name: per-folio removals = the tracepoint's count" "$removed" \
		"$((single + others))"
	check "$name: at most one of them outside the operation ($others)" test "$others" -le 1
	expect_eq "$name: no batches on stock shmem" 0 "$(op_field /tmp/s "$op" TMPFS batches)"
	expect_eq "$name: i_lock = one per folio + $ci" $((single + ci)) "$il"
	expect_eq "$name: xa_lock = one per folio + $cx" $((single + cx)) "$xl"
	dil=$(derived_field /tmp/s "$op" TMPFS i_lock)
	dxl=$(derived_field /tmp/s "$op" TMPFS xa_lock)
	expect_eq "$name: derived i_lock = the counted one less the operation's $ci" \
		$((il - ci)) "$dil"
	expect_eq "$name: derived xa_lock = the counted one less the operation's $cx" \
		$((xl - cx)) "$dxl"
	echo "# baseline $KVER $name tmpfs: folios=$single i_lock=$il xa_lock=$xl" \
		"locks/folio=$(ratio $((il + xl)) "$single")" \
		"default mode (derived): $dil + $dxl" \
		"locks/folio=$(ratio $((dil + dxl)) "$single")"
}

tmpfs_op truncate TRUNCATE truncate /dev/shm/t $N
tmpfs_op punch PUNCH punch /dev/shm/p $N
rm -f /dev/shm/t /dev/shm/p
tmpfs_op unlink UNLINK unlink /dev/shm/u $N
tmpfs_op memfd MEMFD_CLOSE memfd $N

# fallocate rollback: on an 8 MiB tmpfs holding 4 MiB, a 6 MiB fallocate
# (not larger than the file system, which fails before allocating) runs
# out of space, and shmem_fallocate() undoes what it allocated.
mkdir -p /tmp/small && mount -t tmpfs -o size=8m tmpfs /tmp/small
./pcload write /tmp/small/fill 1024 > /dev/null
tmpfs_op rollback FALLOC_ROLLBACK rollback /tmp/small/f $((6 << 20))
umount /tmp/small

check "an ext4 file system on a loop device" ext4_mount /mnt/e 400

# ext4 truncate goes through truncate_inode_pages_range(): batched.
$STAT reset > /dev/null
trace_start
out=$(./pcload truncate /mnt/e/t $N sync)
removed=$(trace_count "$out")
stat_snap /tmp/s
batches=$(op_field /tmp/s TRUNCATE OTHER batches)
batched=$(op_field /tmp/s TRUNCATE OTHER batched_folios)
xl=$(op_field /tmp/s TRUNCATE OTHER xa_lock)
il=$(op_field /tmp/s TRUNCATE OTHER i_lock)
full=$((removed / BATCH))
rest=$((removed % BATCH))
want="${rest}x1 ${BATCH}x$full"
[ $rest != 0 ] || want="${BATCH}x$full"
check "ext4 truncate: the workload removed folios (tracepoint: $removed)" test "$removed" -gt 0
expect_eq "ext4 truncate: batched folios = the tracepoint's count" "$removed" "$batched"
expect_eq "ext4 truncate: batches = ceil(folios / $BATCH)" \
	$(((removed + BATCH - 1) / BATCH + WRONG)) "$batches"
expect_eq "ext4 truncate: batch sizes are $BATCH but the last" "$want" \
	"$(batch_sizes /tmp/s TRUNCATE OTHER)"
expect_eq "ext4 truncate: no per-folio removals" 0 "$(op_field /tmp/s TRUNCATE OTHER removed_single)"
expect_eq "ext4 truncate: xa_lock = one per batch" "$batches" "$xl"
# ext4 also takes i_lock to dirty the inode (__mark_inode_dirty,
# ext4_mark_iloc_dirty) and in inode_sub_bytes() while freeing blocks.
check "ext4 truncate: i_lock >= one per batch ($il)" test "$il" -ge "$batches"
echo "# baseline $KVER truncate ext4: folios=$removed batches=$batches" \
	"folios/batch=$(ratio "$batched" "$batches") xa_lock=$xl i_lock=$il"
rm -f /mnt/e/t

# fadvise(DONTNEED) on clean, unmapped folios: each is removed by
# __remove_mapping() under i_lock and xa_lock, and nothing needs a drain.
./pcload write /mnt/e/u 2048 sync > /dev/null
$STAT reset > /dev/null
trace_start
out=$(progs/fadv seed /mnt/e/u 2048 unmapped)
removed=$(trace_count "$out")
stat_snap /tmp/s
check "fadvise unmapped: the workload removed folios (tracepoint: $removed)" test "$removed" -gt 0
expect_eq "fadvise unmapped: 4 calls counted" 4 "$(op_field /tmp/s FADVISE OTHER calls)"
expect_eq "fadvise unmapped: per-folio removals = the tracepoint's count" "$removed" \
	"$(op_field /tmp/s FADVISE OTHER removed_single)"
expect_eq "fadvise unmapped: i_lock = one per folio" "$removed" "$(op_field /tmp/s FADVISE OTHER i_lock)"
expect_eq "fadvise unmapped: xa_lock = one per folio" "$removed" "$(op_field /tmp/s FADVISE OTHER xa_lock)"
expect_eq "fadvise unmapped: no drain" 0 "$(drains /tmp/s FADVISE)"
rm -f /mnt/e/u

# The same on mapped folios: every call fails on them and drains.
./pcload write /mnt/e/m 2048 sync > /dev/null
$STAT reset > /dev/null
trace_start
out=$(progs/fadv seed /mnt/e/m 2048 mapped)
removed=$(trace_count "$out")
stat_snap /tmp/s
# Mapped folios stay (7.3 may still drop one the mapping does not cover).
check "fadvise mapped: (almost) nothing removed (tracepoint: $removed)" test "$removed" -le 1
expect_eq "fadvise mapped: per-folio removals = the tracepoint's count" "$removed" \
	"$(op_field /tmp/s FADVISE OTHER removed_single)"
expect_eq "fadvise mapped: one drain per call, attributed to fadvise" $((4 + WRONG)) \
	"$(drains /tmp/s FADVISE)"
expect_eq "fadvise mapped: the operation's own drain count agrees" 4 \
	"$(op_field /tmp/s FADVISE OTHER drains)"
rm -f /mnt/e/m

# Seed 002's workload: 128 MiB mapped, DONTNEED in 2 MiB chunks.
./pcload write /mnt/e/s 32768 sync > /dev/null
$STAT reset > /dev/null
out=$(progs/fadv seed /mnt/e/s 2048 mapped)
stat_snap /tmp/s
calls=$(field "$out" calls)
d=$(drains /tmp/s FADVISE)
expect_eq "seed 002 workload: 64 fadvise calls" 64 "$calls"
expect_eq "seed 002 workload: one drain per call" "$calls" "$d"
echo "# baseline $KVER fadvise seed002: calls=$calls drains=$d drains/call=$(ratio "$d" "$calls")"
rm -f /mnt/e/s

# Compaction's drain is attributed to compaction.
$STAT reset > /dev/null
echo 1 > /proc/sys/vm/compact_memory
stat_snap /tmp/s
expect_eq "vm.compact_memory: one drain, attributed to compaction" 1 "$(drains /tmp/s COMPACTION)"
expect_eq "vm.compact_memory: not attributed to fadvise" 0 "$(drains /tmp/s FADVISE)"

# The programs ran and lost nothing that mattered: recursion misses are
# spinlocks taken in interrupts while a lock program ran on the same CPU.
stat_snap /tmp/s
check "the programs ran (run_cnt > 0)" test "$(sum_field /tmp/s progs run_cnt)" -gt 0
echo "# recursion misses: $(sum_field /tmp/s progs recursion_misses)"
expect_eq "no operation went untracked (slot busy)" 0 "$(sum_field /tmp/s health slot_busy)"
check "pcdrop-stat stop" $STAT stop
umount /mnt/e
finish
