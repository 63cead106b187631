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
	interleaved "$RUNS" shadow_batch shadow $op drop_bench $op "$MIB" /mnt/b shadow
done
check "pcdrop unloads" pcdrop_unload
finish
