# 51-fadvise-fallback.sh - the case the drain exists for still drains (seed
# 002's cross-CPU test): CPU 0 writes an 8-page file, so its folios sit in
# CPU 0's LRU batch with an extra reference; CPU 1 fsyncs and DONTNEEDs it.
# Only lru_add_drain_all() frees them: 10 rounds, 10 drains, and no page
# is left in the cache, on stock and with pcdrop.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-fallback

check "the guest has at least 2 CPUs ($(nproc))" test "$(nproc)" -ge 2
# Nothing may flush CPU 0's batch behind the test's back, or stock's first
# pass succeeds and the round needs no drain (seen about once in 3000
# rounds each): khugepaged calls lru_add_drain_all() on every scan, and the
# periodic flusher's writeback drains the batch of the CPU it runs on.
check "khugepaged stopped" sh -c \
	'echo never > /sys/kernel/mm/transparent_hugepage/enabled'
check "periodic writeback stopped" sh -c \
	'echo 0 > /proc/sys/vm/dirty_writeback_centisecs'
check "an ext4 file system on a loop device" ext4_mount /mnt/e 64
check "pcdrop-stat starts" sh -c "$STAT start > /dev/null"
for mode in stock on; do
	check "mode $mode" fadvise_mode $mode
	out=$(with_drains $FADV crosscpu /mnt/e/x 10)
	echo "# $mode: $out"
	expect_eq "$mode: 10 rounds, 10 drains" 10 "$(field "$out" drains)"
	expect_eq "$mode: no page resident after any round" \
		"0 0 0 0 0 0 0 0 0 0" "$(echo "$out" | tr ' ' '\n' | sed -n 's/^resident=//p' | tr '\n' ' ' | sed 's/ $//')"
done
check "pcdrop-stat stops" $STAT stop
finish
