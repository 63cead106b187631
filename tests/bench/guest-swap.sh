# guest-swap.sh - the swap-entry benchmark, in the guest (see run.sh).  A
# tmpfs file (or memfd) whose pages were all pushed to swap on zram,
# dropped with swap_batch=0 and 1 interleaved.  Prints "RESULT swap OP
# SWAP_BATCH NS" lines.
. ./guest/lib.sh
SUITE=bench-swap
MIB=$(cat bench-mib)
RUNS=$(cat bench-runs)
CG=/sys/fs/cgroup/pcdrop-bench

cp progs/drop_bench /bin/drop_bench
check "pcdrop loads" pcdrop_load
check "swap on zram" swap_on_zram $((MIB + 64))
mkdir -p $CG /mnt/b
mount -t tmpfs -o huge=never,size=$((MIB + 64))M tmpfs /mnt/b
# The file's pages must be charged to the cgroup that reclaims them.
for op in truncate punch unlink memfd; do
	interleaved "$RUNS" swap_batch swap $op \
		in_cgroup $CG drop_bench $op "$MIB" /mnt/b reclaim=$CG/memory.reclaim
done
umount /mnt/b
swapoff /dev/zram0
check "pcdrop unloads" pcdrop_unload
finish
