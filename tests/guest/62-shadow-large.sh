# 62-shadow-large.sh - pcdrop's shadow walk and a large shadow entry across
# the end of a POSIX_FADV_DONTNEED range (module/shadow_batch.c).
#
# xfs caches a file read with readahead in large folios, and reclaim leaves
# one shadow entry per folio, of the folio's order (the kernel's
# mm_filemap_delete_from_page_cache tracepoint gives each one's index and
# order).  After DONTNEED over pages [0, E], E inside a large shadow entry
# of S pages from page B, reading the file back a page at a time refaults
# (a kprobe on workingset_refault()) exactly the pages whose shadow entries
# stayed, and the data is right:
# - from 6.6 the kernel's invalidation leaves the entry whole, pages in
#   the range with those past it (find_lock_entries() stops at it): the
#   pages from B on refault, stock and shadow_batch=0;
# - 6.1's find_lock_entries() returns it, and the kernel removes it whole,
#   pages past E too: the pages from B + S on;
# - pcdrop's walk past the batch leaves it as 6.6 does, on 6.1 too: from B
#   on, with shadow_batch=1 (from 6.13, where the kernel walks once itself,
#   the path refuses to turn on: stock and 0 only).
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=shadow-large
F=/mnt/x/f
P=2048

# xfs_mount DIR: suite 62's xfs image (run-matrix.sh) on a loop device over
# a tmpfs copy of it.
xfs_mount() {
	for m in $(cat /modules.xfs); do
		insmod "/modules/$m" || return 1
	done
	cp /mnt/host/xfs.img /dev/shm/xfs.img &&
		dev=$(losetup -f) && losetup "$dev" /dev/shm/xfs.img &&
		mkdir -p "$1" && mount -t xfs "$dev" "$1"
}

check "an xfs file system on a loop device" xfs_mount /mnt/x
cp $FADV /bin/
FADV=/bin/fadv
echo 'p:pcdrop_refault workingset_refault' > $T/kprobe_events
echo 'p:pcdrop_lookup find_lock_entries' >> $T/kprobe_events
echo 1 > $T/events/kprobes/pcdrop_refault/enable
echo 1 > $T/events/kprobes/pcdrop_lookup/enable
EV=$T/events/filemap/mm_filemap_delete_from_page_cache

refaults() {
	kprobe_hits pcdrop_refault
}

# The file's folios are charged to a cgroup, whose memory.reclaim evicts
# them whole (MADV_PAGEOUT splits large folios on 6.1).  64 MiB of tmpfs
# charged there too, and never reclaimed (no swap), keep its shadow
# entries from the shadow-node shrinker, which memcg reclaim runs and which
# frees what exceeds an eighth of the cgroup's pages.
CG=/sys/fs/cgroup/large
echo +memory > /sys/fs/cgroup/cgroup.subtree_control
mkdir $CG
check "64 MiB of tmpfs in the cgroup" \
	in_cgroup $CG dd if=/dev/zero of=/dev/shm/ballast bs=1M count=64 2> /dev/null

# evict: reclaim every page of F, and write the shadow entries that
# leaves to /tmp/evicted, "INDEX PAGES" lines in index order.
evict() {
	echo "i_ino == $(stat -c %i $F)" > $EV/filter
	echo > $T/trace
	echo 1 > $EV/enable
	echo $((P * 4096)) > $CG/memory.reclaim
	echo 0 > $EV/enable
	sed -n 's/.* ofs=\([0-9]*\) order=\([0-9]*\).*/\1 \2/p' $T/trace |
		awk '{ n = 1; for (i = 0; i < $2; i++) n *= 2; print $1 / 4096, n }' |
		sort -n > /tmp/evicted
	$FADV resident $F
}

if shadow_path; then
	modes="stock off on"
else
	modes="stock off"
fi
for mode in $modes; do
	check "mode $mode" path_mode shadow_batch $mode
	# Written a page at a time, the file is cached in small folios:
	# DONTNEED drops them (leaving no shadow entries) for readahead to
	# read it back in large ones.
	$FADV write $F $P && $FADV dontneed $F && in_cgroup $CG $FADV read $F
	expect_eq "$mode: reclaim leaves only shadow entries" resident=0 "$(evict)"
	expect_eq "$mode: their pages add up to the file's" $P \
		"$(awk '{ n += $2 } END { print n }' /tmp/evicted)"
	echo "# $mode: shadow entries, pages x count: $(awk '{ print $2 }' /tmp/evicted |
		sort -n | uniq -c | awk '{ printf "%sx%s ", $2, $1 }')"
	# The first entry of 4 pages or more in the second half: B, S; and
	# n entries before it, more than a batch, so that pcdrop's walk meets
	# it past the batch.
	set -- $(awk -v h=$((P / 2)) '$1 >= h && $2 >= 4 { print; exit }' /tmp/evicted)
	B=${1:-} S=${2:-}
	n=$(awk -v b="${B:-0}" '$1 < b' /tmp/evicted | wc -l)
	check "$mode: a large one in the second half, more than a batch of entries before it" \
		test -n "$B" -a "$n" -gt $BATCH
	[ -n "$B" ] || continue
	E=$((B + 1))
	echo "# $mode: DONTNEED pages 0-$E: $n entries before the one of pages $B-$((B + S - 1))"

	r0=$(refaults) l0=$(kprobe_hits pcdrop_lookup)
	$FADV dontneed $F 0 $((E + 1))
	l=$(($(kprobe_hits pcdrop_lookup) - l0))
	if [ $mode = on ]; then
		expect_eq "$mode: find_lock_entries() calls (pcdrop walks past the batch)" 2 "$l"
	else
		check "$mode: find_lock_entries() called once a batch ($l)" \
			test "$l" -ge "$(ceil_batches "$n")"
	fi
	expect_eq "$mode: the data reads back" bad=0 "$($FADV verify $F 0 0)"
	case $mode-$KVER in
	stock-6.1.* | off-6.1.*)
		expect_eq "$mode: the entry across the range's end goes whole: the pages past it refault" \
			$((P - B - S)) $(($(refaults) - r0)) ;;
	*)
		expect_eq "$mode: the entry across the range's end stays whole: the pages from its first refault" \
			$((P - B)) $(($(refaults) - r0)) ;;
	esac
	rm $F
done

echo 0 > $T/events/kprobes/pcdrop_refault/enable
echo 0 > $T/events/kprobes/pcdrop_lookup/enable
echo > $T/kprobe_events
echo 0 > $EV/filter
check "pcdrop unloads" path_mode shadow_batch stock
umount /mnt/x
rm /dev/shm/ballast
rmdir $CG
finish
