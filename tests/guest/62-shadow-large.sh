# 62-shadow-large.sh - pcdrop's shadow walk and a large shadow entry across
# either end of a POSIX_FADV_DONTNEED range (module/shadow_batch.c).
#
# xfs caches a file read with readahead in large folios, and reclaim leaves
# one shadow entry per folio, of the folio's order (the kernel's
# mm_filemap_delete_from_page_cache tracepoint gives each one's index and
# order).  After DONTNEED over a range whose end or start lies inside a
# large shadow entry, reading the file back a page at a time refaults (a
# kprobe on workingset_refault()) exactly the pages whose shadow entries
# stayed, and the data is right:
# - 6.12's and 7.x's invalidation leaves the entry whole, its pages in the
#   range with those outside (find_lock_entries() stops at one across the
#   end and skips one across the start), stock and shadow_batch=0;
# - 6.1's find_lock_entries() returns it, and the kernel removes it whole,
#   the pages outside the range too;
# - pcdrop's walk leaves it as 6.12 does, on 6.1 too, with shadow_batch=1
#   (from 6.13, where the kernel walks once itself, the path refuses to
#   turn on: stock and 0 only).
# A round during which the shadow-node shrinker freed shadow nodes
# (/proc/vmstat's workingset_nodereclaim moved: global reclaim, which the
# cgroup's ballast does not hold off; 7.3 once lost every entry of a round
# that way) is done again, at most 3 times.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=shadow-large
F=/mnt/x/f
P=2048

check "an xfs file system on a loop device" image_mount xfs /mnt/x
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
# across end|start: write F, reclaim it to shadow entries, then DONTNEED
# a range whose end (pages 0 to B + 1) or start (pages B + S - 2 to the
# last) lies inside the large entry of pages B to B + S - 1, the first of
# 4 pages or more in the second half.  Then count the lookups, check the
# data and count the refaults: the pages outside the range, and the
# entry's S pages where it stays.
across() {
	side=$1
	w="$mode, across the $side"
	# Written a page at a time, the file is cached in small folios:
	# DONTNEED drops them (leaving no shadow entries) for readahead to
	# read it back in large ones.
	$FADV write $F $P && $FADV dontneed $F && in_cgroup $CG $FADV read $F
	expect_eq "$w: reclaim leaves only shadow entries" resident=0 "$(evict)"
	expect_eq "$w: their pages add up to the file's" $P \
		"$(awk '{ n += $2 } END { print n }' /tmp/evicted)"
	echo "# $w: shadow entries, pages x count: $(awk '{ print $2 }' /tmp/evicted |
		sort -n | uniq -c | awk '{ printf "%sx%s ", $2, $1 }')"
	set -- $(awk -v h=$((P / 2)) '$1 >= h && $2 >= 4 { print; exit }' /tmp/evicted)
	B=${1:-} S=${2:-}
	check "$w: a large one in the second half" test -n "$B"
	[ -n "$B" ] || return 0
	# n: the entries in the range.  At the end, more than a batch of
	# them, so that pcdrop's walk meets the large one past the batch.
	if [ $side = end ]; then
		first=0 last=$((B + 1)) outside=$((P - B - S))
		n=$(awk -v b="$B" '$1 < b' /tmp/evicted | wc -l)
		check "$w: more than a batch of entries before it" test "$n" -gt $BATCH
	else
		first=$((B + S - 2)) last=$((P - 1)) outside=$B
		n=$(awk -v b="$B" '$1 > b' /tmp/evicted | wc -l)
	fi
	echo "# $w: DONTNEED pages $first-$last: $n entries besides the one of pages $B-$((B + S - 1))"

	r0=$(refaults) l0=$(kprobe_hits pcdrop_lookup)
	$FADV dontneed $F $first $((last - first + 1))
	l=$(($(kprobe_hits pcdrop_lookup) - l0))
	verified=$($FADV verify $F 0 0)
	r=$(($(refaults) - r0))
	rm $F
	# The shadow-node shrinker freed shadow entries after all (global
	# reclaim; the ballast only keeps the cgroup's own off): the counts
	# mean nothing, the round is done again.
	if [ "$(nodereclaim)" != "$nr0" ]; then
		echo "# $w: the shadow-node shrinker ran (workingset_nodereclaim $nr0 -> $(nodereclaim)): again"
		return 1
	fi
	if [ $mode = on ]; then
		expect_eq "$w: find_lock_entries() calls (pcdrop walks past the batch)" 2 "$l"
	else
		check "$w: find_lock_entries() called once a batch ($l)" \
			test "$l" -ge "$(ceil_batches "$n")"
	fi
	expect_eq "$w: the data reads back" bad=0 "$verified"
	case $mode-$KVER in
	stock-6.1.* | off-6.1.*)
		expect_eq "$w: the large entry goes whole: only the pages outside it and the range refault" \
			$outside $r ;;
	*)
		expect_eq "$w: the large entry stays whole: its pages and those outside the range refault" \
			$((outside + S)) $r ;;
	esac
}

# nodereclaim: shadow nodes the shadow-node shrinker has freed.
nodereclaim() {
	awk '$1 == "workingset_nodereclaim" { print $2 }' /proc/vmstat
}

# across_once end|start: across, done again (at most 3 times) while the
# shadow-node shrinker spoils the round.
across_once() {
	for try in 1 2 3; do
		nr0=$(nodereclaim)
		across "$1" && return
	done
	fail "$mode, across the $1: a round without the shadow-node shrinker" "3 tries"
}

for mode in $modes; do
	check "mode $mode" path_mode shadow_batch $mode
	across_once end
	across_once start
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
