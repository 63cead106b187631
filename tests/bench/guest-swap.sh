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
echo $((MIB + 64))M > /sys/block/zram0/disksize
mkswap /dev/zram0 > /dev/null
check "swap on zram" swapon /dev/zram0
echo +memory > /sys/fs/cgroup/cgroup.subtree_control
mkdir -p $CG /mnt/b
mount -t tmpfs -o huge=never,size=$((MIB + 64))M tmpfs /mnt/b
for op in truncate punch unlink memfd; do
	for r in $(seq 1 "$RUNS"); do
		# Interleaved, alternating which goes first.
		order="0 1"
		[ $((r % 2)) = 1 ] || order="1 0"
		for b in $order; do
			echo $b > $PCDROP_PARAMS/swap_batch
			ns=$(sh -c "echo \$\$ > $CG/cgroup.procs &&
				exec drop_bench $op $MIB /mnt/b reclaim=$CG/memory.reclaim")
			echo "RESULT swap $op $b $ns"
		done
	done
done
umount /mnt/b
swapoff /dev/zram0
check "pcdrop unloads" pcdrop_unload
finish
