# 60-shadow-truncate.sh - pcdrop's shadow-entry path (module/shadow_batch.c):
# truncating, punching, unlinking, fadvising and drop_caching an ext4 file
# whose pages were all reclaimed to shadow entries.
#
# Expected results come from the rules, not from a stock run:
# - data: every byte read back is what was written, or zero past the
#   truncation or inside the hole;
# - shadow entries: reading the file back a page at a time refaults exactly
#   the pages whose shadow entries should remain (a kprobe on
#   workingset_refault(), which the page cache calls for every shadow entry
#   it finds), so a walk that removes too few or too many fails;
# - accounting: /proc/vmstat's workingset_nodes (the tree nodes that hold
#   only shadow entries) is back at its baseline once the file's shadow
#   entries are all gone;
# - counts: pcdrop-stat's values_walked is the number of shadow entries in
#   the range, in ceil(N / batch) walks when the path is on, none when it
#   is off or pcdrop is not loaded; the lock round trips per entry are
#   2 / batch (--locks);
# - lookups: with the path on, pcdrop's walk goes on past the first batch
#   over every shadow entry that follows, so find_lock_entries() (a kprobe)
#   runs once or twice where the kernel runs it once a batch;
# - the same data, refault and walk counts with folios among the shadow
#   entries (every 100th page read back after reclaim).
# From 6.13 the kernel walks once itself: there the path refuses to turn on,
# and the stock and off modes still pass the same model.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=shadow-truncate
F=/mnt/s/f
P=2048
SIZE=$((P * 4096))
# Truncations cut the file at page K and 100 bytes; punches make a hole of
# HOLE pages from page H.  K, H and H + HOLE are multiples of the mixed
# file's KEEP (below): its pages at either side of a cut are folios.
K=500
H=500
HOLE=1000

check "an ext4 file system on a loop device" ext4_mount /mnt/s 96
echo 'p:pcdrop_refault workingset_refault' > $T/kprobe_events
echo 'p:pcdrop_lookup find_lock_entries' >> $T/kprobe_events
echo 1 > $T/events/kprobes/pcdrop_refault/enable
echo 1 > $T/events/kprobes/pcdrop_lookup/enable

refaults() {
	kprobe_hits pcdrop_refault
}

# expect_lookups WHAT N L0 ON: the find_lock_entries() calls since L0 of an
# operation over N shadow entries and nothing else.  With the path on, ON:
# one for pcdrop's first batch, whose walk goes on over all the rest, and
# one that finds the range empty (pcdrop's own, or the kernel body's when
# the file keeps pages).  Else one per batch, at least.  The programs run
# from the root file system: starting one from the 9p share looks up
# entries of its own.
cp progs/falloc $FADV /bin/
FADV=/bin/fadv
expect_lookups() {
	n=$(($(kprobe_hits pcdrop_lookup) - $3))
	if [ "$mode" = on ]; then
		expect_eq "$1: find_lock_entries() calls" "$4" "$n"
	else
		check "$1: find_lock_entries() called once a batch ($n)" \
			test "$n" -ge "$(ceil_batches "$2")"
	fi
}

# workingset_nodes, with every CPU's pending delta folded in first.
nodes() {
	echo 1 > /proc/sys/vm/stat_refresh
	awk '$1 == "workingset_nodes" { print $2 }' /proc/vmstat
}

# shadowed WHAT [KEEP RESIDENT]: write the file and reclaim every page of
# it, then read every KEEP-th page back: RESIDENT pages in the page cache.
shadowed() {
	$FADV write $F $P &&
		expect_eq "$1: reclaim leaves only shadow entries${2:+, but every ${2}th page read back}" \
			resident=${3:-0} "$($FADV pageout $F $2)"
}

# expect_walked WHAT OP N [WALKS]: pcdrop-stat saw N shadow entries of OP
# walked, in WALKS walks (default ceil(N / batch)), when the path is on;
# none when it is not.
expect_walked() {
	stat_snap /tmp/shadow.snap
	if [ "$mode" = on ]; then
		want=$3 walks=${4:-$(ceil_batches "$3")}
	else
		want=0 walks=0
	fi
	expect_eq "$1: shadow entries walked" "$want" \
		"$(op_field /tmp/shadow.snap "$2" OTHER values_walked)"
	expect_eq "$1: in that many walks" "$walks" \
		"$(op_field /tmp/shadow.snap "$2" OTHER value_walks)"
}

# begin_mode PREFIX: pcdrop in $mode, pcdrop-stat afresh, and base: the
# workingset_nodes to come back to.
begin_mode() {
	check "${1}mode $mode" path_mode shadow_batch $mode
	check "$1$mode: pcdrop-stat starts" restat
	base=$(nodes)
}

# begin_op: zero the counters; r0 and l0: the refaults and lookups so far.
begin_op() {
	$STAT reset > /dev/null
	r0=$(refaults) l0=$(kprobe_hits pcdrop_lookup)
}

if shadow_path; then
	modes="stock off on"
else
	modes="stock off"
fi
for mode in $modes; do
	begin_mode ""

	# Truncate to K pages and 100 bytes: pages [K + 1, P) go, and the K
	# pages before the cut refault.  ext4 zeroes the tail of page K, which
	# brings it back, and seen from here that counts as a refault on some
	# boots and not on others: K or K + 1.  That the walk left page K
	# alone is proved exactly by the count of entries walked.
	shadowed "$mode, truncate"
	begin_op
	truncate -s $((K * 4096 + 100)) $F
	expect_lookups "$mode, truncate" $((P - K - 1)) "$l0" 2
	expect_walked "$mode, truncate" TRUNCATE $((P - K - 1))
	truncate -s $SIZE $F
	expect_eq "$mode, truncate: the data before the cut, zeros after" bad=0 \
		"$($FADV verify $F $((K * 4096 + 100)) $SIZE)"
	n=$(($(refaults) - r0))
	check "$mode, truncate: only the pages before the cut refault ($n)" \
		test $n = $K -o $n = $((K + 1))
	rm $F

	# Punch pages [H, H + HOLE).
	shadowed "$mode, punch"
	begin_op
	check "$mode, punch: fallocate punches the hole" \
		/bin/falloc -p $((H * 4096)) $((HOLE * 4096)) $F
	expect_lookups "$mode, punch" $HOLE "$l0" 2
	expect_walked "$mode, punch" PUNCH $HOLE
	expect_eq "$mode, punch: the data outside the hole, zeros inside" bad=0 \
		"$($FADV verify $F $((H * 4096)) $(((H + HOLE) * 4096)))"
	expect_eq "$mode, punch: only the pages outside the hole refault" $((P - HOLE)) \
		$(($(refaults) - r0))
	rm $F

	# DONTNEED and drop_caches: the invalidation path.
	for how in dontneed drop_caches; do
		shadowed "$mode, $how"
		begin_op
		if [ $how = dontneed ]; then
			$FADV dontneed $F
			expect_lookups "$mode, $how" $P "$l0" 2
			expect_walked "$mode, $how" FADVISE $P
			stat_snap /tmp/shadow.snap
			single=$(op_field /tmp/shadow.snap FADVISE OTHER values_single)
			if [ $mode = on ] || ! shadow_path; then
				expect_eq "$mode, $how: none one by one" 0 "$single"
			else
				expect_eq "$mode, $how: all one by one (the kernel's helpers)" $P "$single"
			fi
		else
			echo 1 > /proc/sys/vm/drop_caches
		fi
		expect_eq "$mode, $how: workingset_nodes back at its baseline" "$base" "$(nodes)"
		expect_eq "$mode, $how: the data reads back" bad=0 "$($FADV verify $F 0 0)"
		expect_eq "$mode, $how: no page refaults" 0 $(($(refaults) - r0))
		rm $F
	done

	# Unlink: evict() truncates the whole file.
	shadowed "$mode, unlink"
	begin_op
	rm $F
	expect_lookups "$mode, unlink" $P "$l0" 1
	expect_walked "$mode, unlink" UNLINK $P
	expect_eq "$mode, unlink: workingset_nodes back at its baseline" "$base" "$(nodes)"
done

# A file whose shadow entries are broken up by folios: after reclaim every
# KEEP-th page is read back.  pcdrop's walk steps over the folios and goes
# on past each batch while shadow entries turn up, and still takes one lock
# round trip per batch's worth of entries: so N entries, shadows and folios,
# in ceil(N / batch) walks, as 6.13's walk per batch of find_lock_entries().
# That the walk leaves each folio alone shows in the data and in the
# refaults, exact here: the pages at either side of a cut are folios.
KEEP=100
# shadows_in FROM TO: the shadow entries among pages [FROM, TO).
shadows_in() {
	echo $(($2 - $1 - ($2 + KEEP - 1) / KEEP + ($1 + KEEP - 1) / KEEP))
}

# mixed WHAT: shadowed, then every KEEP-th page read back.
mixed() {
	shadowed "$1" $KEEP $(((P + KEEP - 1) / KEEP))
}

for mode in $modes; do
	begin_mode "mixed, "

	mixed "mixed, $mode, truncate"
	begin_op
	truncate -s $((K * 4096 + 100)) $F
	expect_walked "mixed, $mode, truncate" TRUNCATE \
		"$(shadows_in $((K + 1)) $P)" "$(ceil_batches $((P - K - 1)))"
	truncate -s $SIZE $F
	expect_eq "mixed, $mode, truncate: the data before the cut, zeros after" bad=0 \
		"$($FADV verify $F $((K * 4096 + 100)) $SIZE)"
	expect_eq "mixed, $mode, truncate: only the shadow entries before the cut refault" \
		"$(shadows_in 0 $K)" $(($(refaults) - r0))
	rm $F

	mixed "mixed, $mode, punch"
	begin_op
	check "mixed, $mode, punch: fallocate punches the hole" \
		/bin/falloc -p $((H * 4096)) $((HOLE * 4096)) $F
	expect_walked "mixed, $mode, punch" PUNCH \
		"$(shadows_in $H $((H + HOLE)))" "$(ceil_batches $HOLE)"
	expect_eq "mixed, $mode, punch: the data outside the hole, zeros inside" bad=0 \
		"$($FADV verify $F $((H * 4096)) $(((H + HOLE) * 4096)))"
	expect_eq "mixed, $mode, punch: only the shadow entries outside the hole refault" \
		$(($(shadows_in 0 $H) + $(shadows_in $((H + HOLE)) $P))) $(($(refaults) - r0))
	rm $F

	mixed "mixed, $mode, dontneed"
	begin_op
	$FADV dontneed $F
	expect_walked "mixed, $mode, dontneed" FADVISE \
		"$(shadows_in 0 $P)" "$(ceil_batches $P)"
	expect_eq "mixed, $mode, dontneed: nothing left in the page cache" \
		resident=0 "$($FADV resident $F)"
	expect_eq "mixed, $mode, dontneed: workingset_nodes back at its baseline" \
		"$base" "$(nodes)"
	expect_eq "mixed, $mode, dontneed: the data reads back" bad=0 "$($FADV verify $F 0 0)"
	expect_eq "mixed, $mode, dontneed: no page refaults" 0 $(($(refaults) - r0))
	rm $F

	mixed "mixed, $mode, unlink"
	begin_op
	rm $F
	expect_walked "mixed, $mode, unlink" UNLINK \
		"$(shadows_in 0 $P)" "$(ceil_batches $P)"
	expect_eq "mixed, $mode, unlink: workingset_nodes back at its baseline" \
		"$base" "$(nodes)"
done

# Lock round trips of DONTNEED, counted: 2 per walk with the path on; on
# stock, 2 per entry on 6.1 (clear_shadow_entry()) and 2 per batch on
# 6.12.
for mode in $modes; do
	check "locks, mode $mode" path_mode shadow_batch $mode
	check "locks, $mode: pcdrop-stat starts --locks" restat --locks
	shadowed "locks, $mode"
	$STAT reset > /dev/null
	$FADV dontneed $F
	stat_snap /tmp/shadow.snap
	case $mode-$KVER in
	on-*) want=$(ceil_batches $P) ;;
	*-6.1.*) want=$P ;;
	*) want=$(ceil_batches $P) ;;
	esac
	for lock in i_lock xa_lock; do
		expect_eq "locks, $mode: $lock round trips of DONTNEED over $P shadow entries" \
			"$want" "$(op_field /tmp/shadow.snap FADVISE OTHER $lock)"
	done
	rm $F
done
check "pcdrop-stat stops" sh -c "$STAT stop > /dev/null"

# The switch.
check "pcdrop loaded" path_mode shadow_batch off
if shadow_path; then
	check "shadow_batch turns on" sh -c "echo 1 > $PCDROP_PARAMS/shadow_batch"
	expect_param_guarded shadow_batch
else
	mark=$(dmesg_mark)
	check "shadow_batch refuses to turn on" sh -c "! echo 1 > $PCDROP_PARAMS/shadow_batch 2>/dev/null"
	expect_eq "and stays off" N "$(cat $PCDROP_PARAMS/shadow_batch)"
	expect_log "and says why" "$mark" \
		"pcdrop: shadow_batch stays off: Linux $KVER removes shadow entries in one walk itself"
fi
check "pcdrop unloads" pcdrop_unload

# Lifecycle: pcdrop loads and unloads while another task truncates
# shadowed files, and every truncation keeps its data.
if shadow_path; then
	(
		n=0
		while [ ! -e /tmp/life.stop ]; do
			$FADV write /mnt/s/l 256 && $FADV pageout /mnt/s/l > /dev/null &&
				truncate -s $((100 * 4096)) /mnt/s/l &&
				truncate -s $((256 * 4096)) /mnt/s/l &&
				[ "$($FADV verify /mnt/s/l $((100 * 4096)) $((256 * 4096)))" = bad=0 ] ||
				echo "round $n" >> /tmp/life.bad
			n=$((n + 1))
			echo $n > /tmp/life.rounds
		done
	) &
	job=$!
	# make check: 1 cycle (a transition under this load takes 20-50 s
	# under TCG); make soak: more (the share's shadow-cycles).
	want=$(cat shadow-cycles 2>/dev/null || echo 1)
	cycles=0
	for i in $(seq 1 "$want"); do
		pcdrop_load && pcdrop_unload && cycles=$((cycles + 1))
	done
	touch /tmp/life.stop
	wait $job
	expect_eq "$want load/unload cycles while another task truncates" "$want" $cycles
	rounds=$(cat /tmp/life.rounds 2>/dev/null)
	check "that task truncated meanwhile ($rounds rounds)" test "${rounds:-0}" -ge "$want"
	expect_eq "and every truncation kept its data" "" "$(cat /tmp/life.bad 2>/dev/null)"
fi
echo 0 > $T/events/kprobes/pcdrop_refault/enable
echo 0 > $T/events/kprobes/pcdrop_lookup/enable
echo > $T/kprobe_events
finish
