# 53-fadvise-unchanged.sh - pcdrop's replacement of mapping_try_invalidate()
# (6.1: invalidate_mapping_pagevec()) serves every caller, not only fadvise:
# drop_caches and the other invalidate_mapping_pages() users must drop
# exactly what stock drops, and shadow entries must go as on stock.
#
# Expected results come from the rules, not from a stock run: a clean,
# unmapped page goes; a mapped one stays; a page read back after its shadow
# entry was removed is not a refault (a kprobe on workingset_refault(),
# which the page cache calls for every shadow entry it finds, counts them;
# the file is read back a page at a time, so one folio per page).
# The shadow entries come from reclaiming the file's pages with
# MADV_PAGEOUT.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-unchanged

check "an ext4 file system on a loop device" ext4_mount /mnt/e 96
echo 'p:pcdrop_refault workingset_refault' > $T/kprobe_events
echo 1 > $T/events/kprobes/pcdrop_refault/enable

# holder_rss PID: the resident kB of PID's mapping of /mnt/e/mapped.
holder_rss() {
	awk '/\/mnt\/e\/mapped/ { m = 1; next } m && /^Rss:/ { print $2; exit }' \
		/proc/"$1"/smaps 2>/dev/null
}

for mode in stock on; do
	check "mode $mode" fadvise_mode $mode

	$FADV write /mnt/e/clean 2048
	$FADV write /mnt/e/mapped 1024
	# A new file each time: the shell creates it in the background job,
	# and an old one could say "held" too early.
	$FADV hold /mnt/e/mapped > /tmp/hold-$mode.out &
	holder=$!
	check "$mode: a process maps and touches a file" \
		wait_for 120 grep -q held /tmp/hold-$mode.out
	echo 1 > /proc/sys/vm/drop_caches
	expect_eq "$mode: drop_caches drops the clean, unmapped file" resident=0 \
		"$($FADV resident /mnt/e/clean)"
	got=$($FADV resident /mnt/e/mapped)
	if [ "$got" = resident=1024 ]; then
		pass "$mode: and keeps the mapped one"
	else
		# Seen once in CI, on a loaded host: say what the holder had.
		fail "$mode: and keeps the mapped one" "expected 'resident=1024', got '$got';\
 the holder maps $(holder_rss $holder) kB, says '$(cat /tmp/hold-$mode.out)'"
	fi
	kill $holder
	wait $holder 2>/dev/null
	rm /mnt/e/clean /mnt/e/mapped

	for how in nothing dontneed drop_caches; do
		$FADV write /mnt/e/w 4096
		expect_eq "$mode, $how: reclaim pushed the file out" resident=0 \
			"$($FADV pageout /mnt/e/w)"
		case $how in
		dontneed) $FADV dontneed /mnt/e/w ;;
		drop_caches) echo 1 > /proc/sys/vm/drop_caches ;;
		esac
		before=$(kprobe_hits pcdrop_refault)
		$FADV readback /mnt/e/w
		n=$(($(kprobe_hits pcdrop_refault) - before))
		if [ $how = nothing ]; then
			expect_eq "$mode: reading it back finds a shadow entry for each page" 4096 $n
		else
			expect_eq "$mode, $how: removed its shadow entries (refaults)" 0 $n
		fi
		rm /mnt/e/w
	done
done
echo 0 > $T/events/kprobes/pcdrop_refault/enable
echo > $T/kprobe_events
finish
