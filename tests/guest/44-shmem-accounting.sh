# 44-shmem-accounting.sh - Shmem and ShmemHugePages in /proc/meminfo and
# the writer's memory.current return to their baseline after each way of
# dropping a tmpfs file or memfd.
. ./guest/lib.sh
SUITE=shmem-accounting
CG=/sys/fs/cgroup/pcdrop-acct
THP=/sys/kernel/mm/transparent_hugepage/shmem_enabled

# Per-CPU vmstat deltas are folded first, so the figures are exact.
meminfo() {
	echo 1 > /proc/sys/vm/stat_refresh
	awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo
}

# The shmem bytes charged to the test cgroup.
cg_shmem() {
	awk '$1 == "shmem" { print $2 }' $CG/memory.stat
}

# The cgroup's statistics are flushed lazily: reading memory.stat flushes
# them only when enough updates are pending, and an update that races a
# flush in progress is not counted as pending, so it waits for the periodic
# flush (every 2 s).  Stock 6.12 left 16 MiB there once, with the path off.
# A page that is really still charged never lets this succeed.
cg_shmem_is() {
	[ "$(cg_shmem)" = "$1" ]
}

# Run falloc from the initramfs: a program run from the 9p share would
# leave its own page cache charged to the cgroup.
cp progs/falloc /bin/falloc
check "pcdrop loads" pcdrop_load
echo +memory > /sys/fs/cgroup/cgroup.subtree_control
mkdir -p $CG /mnt/a
for huge in never always; do
	mount -t tmpfs -o huge=$huge,size=64M tmpfs /mnt/a
	echo $huge > $THP
	for batch in 1 0; do
		echo $batch > $PCDROP_PARAMS/shmem_batch
		for how in truncate punch unlink memfd; do
			sync
			shmem=$(meminfo Shmem)
			thp=$(meminfo ShmemHugePages)
			cur=$(cat $CG/memory.current)
			cgshmem=$(cg_shmem)
			case $how in
			truncate) in_cgroup $CG falloc 0 16777216 /mnt/a/f
				truncate -s 0 /mnt/a/f; rm /mnt/a/f ;;
			punch) in_cgroup $CG falloc 0 16777216 /mnt/a/f
				falloc -p 0 16777216 /mnt/a/f; rm /mnt/a/f ;;
			unlink) in_cgroup $CG falloc 0 16777216 /mnt/a/f; rm /mnt/a/f ;;
			memfd) in_cgroup $CG falloc 0 16777216 - ;;
			esac
			expect_eq "huge=$huge shmem_batch=$batch $how: Shmem back to its baseline (kB)" \
				"$shmem" "$(meminfo Shmem)"
			expect_eq "huge=$huge shmem_batch=$batch $how: ShmemHugePages back to its baseline (kB)" \
				"$thp" "$(meminfo ShmemHugePages)"
			wait_for 10 cg_shmem_is "$cgshmem"
			expect_eq "huge=$huge shmem_batch=$batch $how: the cgroup's shmem back to its baseline" \
				"$cgshmem" "$(cg_shmem)"
			# memory.current also counts the charges each CPU keeps in
			# stock (MEMCG_CHARGE_BATCH, 64 pages) and the slab of the
			# freed inode: exact figures are the shmem ones above.
			now=$(cat $CG/memory.current)
			check "huge=$huge shmem_batch=$batch $how: memory.current back to its baseline ($cur -> $now, per-CPU stock slack)" \
				test "$now" -le $((cur + 64 * 4096 * $(nproc)))
		done
	done
	umount /mnt/a
done
echo never > $THP
check "pcdrop unloads" pcdrop_unload
finish
