# guest-fadvise.sh - the fadvise benchmark, in the guest (see run.sh): seed
# 002's workload (a 128 MiB ext4 file mapped MAP_SHARED, read and DONTNEEDed
# 2 MiB at a time: 64 calls) and the same without the mapping, stock
# (pcdrop unloaded) and pcdrop rounds interleaved.
# Prints "RESULT fadvise CASE PCDROP NS_PER_CALL DRAINS" lines; the drains
# are counted by a kprobe on lru_add_drain_all(), in both modes.
. ./guest/lib.sh
. ./statlib.sh
SUITE=bench-fadvise
RUNS=$(cat bench-runs)

check "an ext4 file system on a loop device" ext4_mount /mnt/e 192
check "a 128 MiB file" progs/fadv write /mnt/e/seed 32768
echo 'p:pcdrop_drain lru_add_drain_all' > $T/kprobe_events
echo 1 > $T/events/kprobes/pcdrop_drain/enable
for r in $(seq 1 "$RUNS"); do
	order="0 1"
	[ $((r % 2)) = 1 ] || order="1 0"
	for p in $order; do
		if [ $p = 1 ]; then
			[ -e "$PCDROP_LP" ] || pcdrop_load || fail "pcdrop loads"
		else
			[ ! -e "$PCDROP_LP" ] || pcdrop_unload || fail "pcdrop unloads"
		fi
		for case in mapped unmapped; do
			d=$(kprobe_hits pcdrop_drain)
			out=$(progs/fadv seed /mnt/e/seed 2048 $case)
			ns_per_call=$(($(field "$out" ns) / $(field "$out" calls)))
			echo "RESULT fadvise $case $p $ns_per_call $(($(kprobe_hits pcdrop_drain) - d))"
		done
	done
done
echo 0 > $T/events/kprobes/pcdrop_drain/enable
echo > $T/kprobe_events
[ ! -e "$PCDROP_LP" ] || pcdrop_unload
finish
