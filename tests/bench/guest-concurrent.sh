# guest-concurrent.sh - the concurrency benchmark, in the guest (see
# run.sh).  tmpfs drops of 4 KiB folios with a second task beside them on
# the other vCPU (conc_bench.c), shmem_batch=0 and 1 interleaved.  Prints
# "RESULT CASE METRIC SHMEM_BATCH NS" lines; METRIC is t0 (the drop),
# t1 (the other task, not for "solo"; for "read", its ns per MiB read)
# and span.
. ./guest/lib.sh
SUITE=bench-concurrent
MIB=$(cat bench-mib)
RUNS=$(cat bench-runs)

cp progs/conc_bench /bin/conc_bench
check "pcdrop loads" pcdrop_load
check "two vCPUs" [ "$(nproc)" -ge 2 ]
mkdir -p /mnt/b
mount -t tmpfs -o huge=never,size=$((2 * MIB + 64))M tmpfs /mnt/b
# One RESULT line per run from interleaved(), split into one per metric.
for case in solo pair read write; do
	interleaved "$RUNS" shmem_batch $case all conc_bench $case "$MIB" /mnt/b > /tmp/conc.out
	awk 'BEGIN { split("t0 t1 span", m) }
		$1 == "RESULT" { for (i = 1; i <= 3; i++)
			if ($2 != "solo" || m[i] != "t1") print "RESULT", $2, m[i], $4, $(4 + i)
			next }
		{ print }' /tmp/conc.out
done
umount /mnt/b
check "pcdrop unloads" pcdrop_unload
finish
