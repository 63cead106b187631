# guest-shadow.sh - the shadow-entry benchmark, in the guest (see run.sh).
# An ext4 file whose pages were all reclaimed to shadow entries, dropped
# with shadow_batch=0 and 1 interleaved.  Prints "RESULT shadow OP
# SHADOW_BATCH NS" lines.
. ./guest/lib.sh
. ./statlib.sh
SUITE=bench-shadow
MIB=$(cat bench-mib)
RUNS=$(cat bench-runs)

cp progs/drop_bench /bin/drop_bench
check "pcdrop loads" pcdrop_load
check "an ext4 file system of $((MIB + 128)) MiB" ext4_mount /mnt/b $((MIB + 128))
for op in truncate punch unlink dontneed; do
	for r in $(seq 1 "$RUNS"); do
		# Interleaved, alternating which goes first.
		order="0 1"
		[ $((r % 2)) = 1 ] || order="1 0"
		for b in $order; do
			echo $b > $PCDROP_PARAMS/shadow_batch
			echo "RESULT shadow $op $b $(drop_bench $op "$MIB" /mnt/b shadow)"
		done
	done
done
check "pcdrop unloads" pcdrop_unload
finish
