# 58-evict-batch.sh - batched eviction on invalidation (module/evict_batch.c):
# POSIX_FADV_DONTNEED and drop_caches evict the clean, unmapped folios of a
# batch under one lock round trip, and nothing else.
#
# Each case is an ext4 file of 64 pages, read back one folio per page, in
# which some pages must stay: mapped (a shared mapping), held by a
# reference without a mapping (spliced into a pipe nobody reads), dirty
# (drop_caches does not write back), or none, with shadow entries between
# the folios (reclaimed pages).  Stock (pcdrop not loaded),
# evict_batch=0 and evict_batch=1 must leave exactly the same pages
# (mincore(), page by page) and exactly the model's; pcdrop-stat must count
# the same folios evicted (the evicted part of the count the kernel's
# function returns, whose failures feed the drain decision), one by one
# on stock and with evict_batch=0, in ceil(N/31) batches (6.1: 15) with
# evict_batch=1, and one i_lock and one xa_lock per batch instead of per
# folio; the drains are the same.  evict_batch=1 runs twice: with the
# kernel's mm_filemap_delete_from_page_cache event on (mode 1: each folio
# leaves through __filemap_remove_folio(), which emits it, and the event
# counts the folios that left), and off (mode 1w: the batch leaves the tree
# in one walk).  Then a race: DONTNEED in a loop against reads, faults and
# GUP pins (O_DIRECT from a mapping) of the same pages while evict_batch
# and the event flip and pcdrop reloads: every byte is right.  The walk
# keeps the mapping's page count, which the unmount at the end checks
# (clear_inode() BUGs on a count left over).
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=evict-batch
F=/mnt/e/f
PAGES=64

check "an ext4 file system on a loop device" ext4_mount /mnt/e 64

# prepare: F written, synced and read back a page at a time (64 folios of
# one page; 7.x's ext4 would read ahead into large folios).
prepare() {
	$FADV write $F $PAGES > /dev/null && sync && $FADV readback $F > /dev/null
}

# model FIRST PAGES: the residency map with pages FIRST..FIRST+PAGES-1 kept.
model() {
	awk -v f="$1" -v n="$2" -v p=$PAGES 'BEGIN {
		printf "map="
		for (i = 0; i < p; i++) printf "%d", (i >= f && i < f + n)
		print ""
	}'
}

# mode stock|0|1|1w: pcdrop unloaded, or loaded with evict_batch at 0 or 1
# (1w: 1, the case run without the event);
# pcdrop-stat started afresh with lock counting (it finds the module's
# probe point only when started after the load).
mode() {
	if [ "$1" = stock ]; then
		path_mode evict_batch stock
	else
		path_mode evict_batch "$(if [ "$1" = 0 ]; then echo off; else echo on; fi)"
	fi && restat --locks
}

# paths_start, paths_count: which way pcdrop's batches left the tree, from
# tracefs kprobes on its two notification functions (module/stat_probe.c),
# apart from pcdrop-stat: "WALKS PER-FOLIO" batches.  The buffer's size is
# trace_start's, which mode 1 calls next.
paths_start() {
	echo 'p:pcdt/walked pcdrop:pcdrop_stat_folios_walked' >> $T/kprobe_events
	echo 'p:pcdt/evicted pcdrop:pcdrop_stat_folios_evicted' >> $T/kprobe_events
	trace_events 16384 pcdt
}

paths_count() {
	echo 0 > $T/tracing_on
	echo "$(grep -c ' walked:' $T/trace) $(grep -c ' evicted:' $T/trace)"
	echo 0 > $T/events/pcdt/enable
	echo '-:pcdt/walked' >> $T/kprobe_events
	echo '-:pcdt/evicted' >> $T/kprobe_events
}

# run_case MODE NAME FIRST PAGES HOLD OP: in MODE (already set), F
# prepared, HOLD (a command left running, or "-") keeping pages
# FIRST..+PAGES, then OP (dontneed, drop, shadows or dirty); checks the
# pages left and the counts.  The cases run in the same order in each
# mode; evict_batch=1's drains are compared with evict_batch=0's of the
# same case (drains0_N).
run_case() {
	m=$1 name=$2 first=$3 kept=$4 hold=$5 op=$6
	want=$(model "$first" "$kept")
	evicted=$((PAGES - kept))
	[ "$op" != shadows ] || evicted=$((PAGES / 2))
	case_nr=$((case_nr + 1))

	# Nothing else cached that drop_caches would count.
	echo 1 > /proc/sys/vm/drop_caches
	prepare
	hpid=""
	if [ "$hold" != - ]; then
		$hold > /tmp/hold.out &
		hpid=$!
		wait_for 10 grep -q held /tmp/hold.out
	fi
	[ "$op" != dirty ] || $FADV rewrite $F "$first" "$kept" > /dev/null
	# Every page reclaimed to a shadow entry, every other one read
	# back: shadow entries between the folios of each batch.
	[ "$op" != shadows ] || $FADV pageout $F 2 > /dev/null
	$STAT reset > /dev/null
	[ $m = stock ] || paths_start
	[ $m = 1w ] || trace_start
	case $op in
	dontneed | shadows) $FADV dontneed $F ;;
	*) echo 1 > /proc/sys/vm/drop_caches ;;
	esac
	stat_snap /tmp/evict.snap
	[ $m = 1w ] || gone=$(trace_count "$($FADV ident $F)")
	[ $m = stock ] || paths=$(paths_count)
	got=$($FADV residency $F)
	[ -z "$hpid" ] || { kill "$hpid"; wait "$hpid" 2>/dev/null; }
	expect_eq "$name, $m: the pages left are the model's" "$want" "$got"
	[ $m = 1w ] ||
		expect_eq "$name, $m: $evicted folios left its page cache" "$evicted" "$gone"
	# drop_caches evicts other files' and the device's pages too,
	# outside any operation: the counts are exact for DONTNEED of folios
	# alone.
	[ "$op" = dontneed ] || return 0
	single=$(op_field /tmp/evict.snap FADVISE OTHER removed_single)
	batched=$(op_field /tmp/evict.snap FADVISE OTHER batched_folios)
	batches=$(op_field /tmp/evict.snap FADVISE OTHER batches)
	locks="$(op_field /tmp/evict.snap FADVISE OTHER i_lock) $(op_field /tmp/evict.snap FADVISE OTHER xa_lock)"
	drains=$(drains /tmp/evict.snap FADVISE)
	if [ $m != stock ] && [ $m != 0 ]; then
		expect_eq "$name, $m: $evicted folios evicted, in batches" \
			"0 $evicted" "${single:-0} ${batched:-0}"
		expect_eq "$name, $m: one i_lock and one xa_lock per batch ($batches)" \
			"$batches $batches" "$locks"
		expect_eq "$name, $m: as many drains as with evict_batch=0" \
			"$(eval echo "\$drains0_$case_nr")" "$drains"
		expect_eq "$name, $m: batches in one walk, one by one" \
			"$(if [ $m = 1w ]; then echo "$batches 0"; else echo "0 $batches"; fi)" "$paths"
	else
		expect_eq "$name, $m: $evicted folios evicted, one by one" \
			"$evicted 0" "${single:-0} ${batched:-0}"
		expect_eq "$name, $m: one i_lock and one xa_lock per folio" \
			"$evicted $evicted" "$locks"
	fi
	# Stock drains for any failure; pcdrop's count (fadvise_lru_refs)
	# does not drain for a mapped folio, but does for a pipe's reference
	# (an extra reference, as a CPU's LRU batch holds), and batching
	# changes neither.
	[ $m != stock ] || expect_eq "$name, stock: drains" \
		"$(if [ "$kept" = 0 ]; then echo 0; else echo 1; fi)" "$drains"
	[ $m != 0 ] || eval "drains0_$case_nr=\$drains"
}

# all_cases MODE: every case, in MODE.
all_cases() {
	case_nr=0
	run_case "$1" "all clean, DONTNEED" 0 0 - dontneed
	run_case "$1" "pages 8-23 mapped, DONTNEED" 8 16 "$FADV holdrange $F 8 16" dontneed
	run_case "$1" "pages 32-47 mapped, drop_caches" 32 16 "$FADV holdrange $F 32 16" drop
	run_case "$1" "pages 40-55 in a pipe, DONTNEED" 40 16 "$FADV splice $F 40 16" dontneed
	run_case "$1" "pages 40-55 in a pipe, drop_caches" 40 16 "$FADV splice $F 40 16" drop
	# The value entries' own walk changes the lock counts: pages and
	# the folios that left are checked.
	run_case "$1" "shadow entries between the folios, DONTNEED" 0 0 - shadows
	# Dirty pages stay through drop_caches; the flusher must not clean
	# them meanwhile.
	echo 0 > /proc/sys/vm/dirty_writeback_centisecs
	echo 360000 > /proc/sys/vm/dirty_expire_centisecs
	run_case "$1" "pages 16-31 dirty, drop_caches" 16 16 - dirty
	echo 500 > /proc/sys/vm/dirty_writeback_centisecs
	echo 3000 > /proc/sys/vm/dirty_expire_centisecs
	sync
}

check "pcdrop-stat starts" sh -c "$STAT start --locks > /dev/null"
# Stock, then pcdrop loaded once with evict_batch=0, then 1: one load
# and one pcdrop-stat restart per mode, not per case.  A smoke row (the
# share's evict-modes) runs 0 and 1w only.
for m in $(cat evict-modes 2>/dev/null || echo stock 0 1 1w); do
	check "mode $m" mode $m
	all_cases $m
done

# Exact batch sizes with evict_batch=1: 64 clean folios, all in one call.
mode 1
prepare
$STAT reset > /dev/null
$FADV dontneed $F
stat_snap /tmp/evict.snap
expect_eq "64 folios in $(ceil_batches 64) batches of $BATCH and the rest" \
	"$(ceil_batches 64)" "$(op_field /tmp/evict.snap FADVISE OTHER batches)"

# The race, with the switch and the event flipping, and one reload.
mode 1
$FADV write $F $PAGES > /dev/null && sync
# 10 s in make check, longer in make soak (the share's race-seconds).
secs=$(cat race-seconds 2>/dev/null || echo 10)
$FADV race $F "$secs" > /tmp/race.out &
rpid=$!
flips=0 reloaded=no
end=$(($(date +%s) + secs - 2))
while [ "$(date +%s)" -lt "$end" ]; do
	echo 0 > "$PCDROP_PARAMS/evict_batch" && echo 1 > "$PCDROP_PARAMS/evict_batch" &&
		flips=$((flips + 1))
	# The event on at even flips: off through the reload at the 5th, which
	# can take the rest of the race (a livepatch transition under load).
	echo $(((flips + 1) % 2)) > $T/events/filemap/mm_filemap_delete_from_page_cache/enable
	if [ $flips = 5 ] && [ $reloaded = no ]; then
		reloaded=failed
		pcdrop_unload && pcdrop_load && reloaded=yes
	fi
	sleep 0.1
done
wait $rpid
echo 0 > $T/events/filemap/mm_filemap_delete_from_page_cache/enable
out=$(cat /tmp/race.out)
echo "# race: $out, $flips switch flips"
expect_eq "pcdrop unloaded and loaded again once under the race" yes "$reloaded"
expect_eq "the race: every byte read, faulted and pinned is right" 0 "$(field "$out" bad)"
check "the race ran rounds" test "$(field "$out" rounds)" -gt 100
check "pcdrop-stat stops" $STAT stop
umount /mnt/e
check "pcdrop unloads" pcdrop_unload
finish
