# 42-shmem-swap.sh - truncating and punching a tmpfs file whose pages are
# in swap (zram) returns the swap space, and the data that stays is intact.
. ./guest/lib.sh
SUITE=shmem-swap
CG=/sys/fs/cgroup/pcdrop-swap
MiB=1048576

chunk_sum() {
	dd if=/mnt/s/f bs=1M skip="$1" count=1 2>/dev/null | md5sum | cut -d' ' -f1
}

check "pcdrop loads" pcdrop_load
check "swap on zram is enabled" swap_on_zram 128
mkdir -p $CG /mnt/s
mount -t tmpfs -o huge=never,size=64M tmpfs /mnt/s
zero=$(head -c $MiB /dev/zero | md5sum | cut -d' ' -f1)
for batch in 1 0; do
	echo $batch > $PCDROP_PARAMS/shmem_batch
	# The file's pages are charged to the cgroup of the writer: only
	# they are there for memory.reclaim to push out.
	in_cgroup $CG dd if=/dev/urandom of=/mnt/s/f bs=1M count=32 2>/dev/null
	sums=""
	for i in $(seq 0 31); do sums="$sums $(chunk_sum "$i")"; done
	echo 64M > $CG/memory.reclaim 2>/dev/null
	swapped=$(cat $CG/memory.swap.current)
	check "shmem_batch=$batch: at least 16 MiB of the file went to swap ($((swapped / MiB)) MiB)" \
		test "$swapped" -ge $((16 * MiB))
	progs/falloc -p $((4 * MiB)) $((8 * MiB)) /mnt/s/f
	truncate -s $((20 * MiB)) /mnt/s/f
	after=$(cat $CG/memory.swap.current)
	check "shmem_batch=$batch: punch and truncate returned swap ($((swapped / 1024)) -> $((after / 1024)) KiB)" \
		test "$after" -lt "$swapped"
	bad=0
	i=0
	for s in $sums; do
		[ $i -lt 20 ] || break
		want=$s
		[ $i -lt 4 ] || [ $i -ge 12 ] || want=$zero
		[ "$(chunk_sum $i)" = "$want" ] || bad=$((bad + 1))
		i=$((i + 1))
	done
	expect_eq "shmem_batch=$batch: the 20 MiB left read back right (punched MiB as zeros)" 0 "$bad"
	expect_eq "shmem_batch=$batch: the size is 20 MiB" $((20 * MiB)) "$(stat -c %s /mnt/s/f)"
	rm /mnt/s/f
	# Freed swap entries may wait in the per-CPU swap slot caches (64
	# entries per CPU, mm/swap_slots.c) before the cgroup is uncharged.
	left=$(cat $CG/memory.swap.current)
	check "shmem_batch=$batch: removing the file returns its swap (left: $((left / 1024)) KiB, at most the slot caches)" \
		test "$left" -le $((64 * 4096 * $(nproc)))
done
umount /mnt/s
swapoff /dev/zram0
check "pcdrop unloads" pcdrop_unload
finish
