# 52-fadvise-dirty.sh - dirty folios that fadvise's own writeback cannot
# clean fail eviction; no drain helps them.  An ext4 file system shut down
# without a flush (EXT4_IOC_SHUTDOWN, NOLOGFLUSH) keeps its written pages
# dirty: its writeback fails.  Stock drains once per call for them,
# pcdrop does not, fadvise_lru_refs=0 does; the pages stay dirty in every
# mode.
#
# Folios under writeback never reach the count: find_lock_entries() skips
# them on every kernel of the matrix, so neither stock nor pcdrop drains
# for them, and there is nothing to compare.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-dirty
PAGES=2048

check "pcdrop-stat starts" sh -c "$STAT start > /dev/null"
n=0
for mode in stock on off; do
	n=$((n + 1))
	check "mode $mode" fadvise_mode $mode
	check "$mode: a fresh ext4 file system" ext4_mount /mnt/d$n 64
	out=$(with_drains $FADV shutdown /mnt/d$n/f $PAGES)
	echo "# $mode: $out"
	case $mode in
	on) want=0 ;;
	*) want=1 ;;
	esac
	expect_eq "$mode: drains by fadvise" $want "$(field "$out" drains)"
	# Dirty: is summed from per-CPU deltas; allow them their slack.
	check "$mode: the $PAGES pages stay dirty ($(field "$out" dirty_kb) kB more)" \
		test "$(field "$out" dirty_kb)" -ge $((PAGES * 4 * 3 / 4))
	umount /mnt/d$n
done
check "pcdrop-stat stops" $STAT stop
finish
