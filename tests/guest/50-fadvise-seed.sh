# 50-fadvise-seed.sh - seed 002's workload: a 128 MiB ext4 file, fsynced,
# mapped MAP_SHARED and read 2 MiB at a time, each chunk DONTNEEDed while
# the mapping stays.  Every folio fails eviction because it is mapped,
# which no drain can fix: stock drains once per call, pcdrop never, and
# fadvise_lru_refs=0 drains exactly as stock.  The pages left in the page
# cache are the same in every mode.  Unmapped, every mode drops them all.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-seed

check "an ext4 file system on a loop device" ext4_mount /mnt/e 192
check "a 128 MiB file, written and fsynced" $FADV write /mnt/e/seed 32768
check "pcdrop-stat starts" sh -c "$STAT start > /dev/null"
stock_resident=""
for mode in stock on off on stock; do
	check "mode $mode" fadvise_mode $mode
	out=$(with_drains $FADV seed /mnt/e/seed 2048 mapped)
	echo "# $mode mapped: $out"
	expect_eq "$mode, mapped: 64 fadvise calls" 64 "$(field "$out" calls)"
	case $mode in
	on) want=0 ;;
	*) want=64 ;;
	esac
	expect_eq "$mode, mapped: drains by fadvise" $want "$(field "$out" drains)"
	res=$(field "$out" resident)
	: "${stock_resident:=$res}"
	expect_eq "$mode, mapped: resident pages as on stock ($stock_resident)" \
		"$stock_resident" "$res"
	out=$(with_drains $FADV seed /mnt/e/seed 2048 unmapped)
	echo "# $mode unmapped: $out"
	expect_eq "$mode, unmapped: every page dropped" 0 "$(field "$out" resident)"
	expect_eq "$mode, unmapped: no drain" 0 "$(field "$out" drains)"
done
# The mapping keeps almost every page (7.x may drop one it does not cover).
check "the mapped run keeps the mapped pages ($stock_resident)" \
	test "$stock_resident" -ge 32767
check "pcdrop-stat stops" $STAT stop
finish
