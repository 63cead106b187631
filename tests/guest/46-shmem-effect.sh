# 46-shmem-effect.sh - the batched path does what it claims: for a tmpfs
# file or memfd of N 4 KiB folios, no per-folio removal, N folios removed
# in ceil(N / batch size) calls of delete_from_page_cache_batch(); with
# shmem_batch=0, exactly what the stock kernel does (N per-folio removals).
#
# Counted with the kernel's own instruments, not pcdrop's: kprobes on the
# two removal functions (kprobe_profile) and the
# mm_filemap_delete_from_page_cache tracepoint for folios.
. ./guest/lib.sh
SUITE=shmem-effect
T=/sys/kernel/tracing
N=4096				# 16 MiB of 4 KiB folios
case $(uname -r) in
6.1.*) BATCH=15 ;;
*) BATCH=31 ;;
esac

# Programs run from the 9p share drop their own page cache when they exit;
# run the one needed from the initramfs instead.
cp progs/falloc /bin/falloc
echo 'p:pcdrop_single filemap_remove_folio' > $T/kprobe_events
echo 'p:pcdrop_batch delete_from_page_cache_batch' >> $T/kprobe_events
echo 8192 > $T/buffer_size_kb
echo 1 > $T/events/kprobes/enable
echo 1 > $T/events/filemap/mm_filemap_delete_from_page_cache/enable

# measure OP: "single batch folios" removal counts for one drop of N folios.
measure() {
	case $1 in
	truncate|punch|unlink) falloc 0 $((N * 4096)) /mnt/e/f ;;
	esac
	echo > $T/trace
	s0=$(kprobe_hits pcdrop_single)
	b0=$(kprobe_hits pcdrop_batch)
	case $1 in
	truncate) truncate -s 0 /mnt/e/f ;;
	punch) falloc -p 0 $((N * 4096)) /mnt/e/f ;;
	unlink) rm /mnt/e/f ;;
	memfd) falloc 0 $((N * 4096)) - ;;
	esac
	echo "$(($(kprobe_hits pcdrop_single) - s0)) $(($(kprobe_hits pcdrop_batch) - b0))" \
		"$(grep -c 'mm_filemap_delete_from_page_cache:' $T/trace)"
	rm -f /mnt/e/f
}

mkdir -p /mnt/e
mount -t tmpfs -o huge=never,size=64M tmpfs /mnt/e
batches=$(((N + BATCH - 1) / BATCH))
for op in truncate punch unlink memfd; do
	expect_eq "stock kernel, $op: $N per-folio removals, no batch, $N folios" \
		"$N 0 $N" "$(measure $op)"
done
check "pcdrop loads" pcdrop_load
for op in truncate punch unlink memfd; do
	expect_eq "pcdrop, $op: no per-folio removal, $batches batches of $BATCH, $N folios" \
		"0 $batches $N" "$(measure $op)"
done
echo 0 > $PCDROP_PARAMS/shmem_batch
for op in truncate punch unlink memfd; do
	expect_eq "pcdrop with shmem_batch=0, $op: as stock" "$N 0 $N" "$(measure $op)"
done
check "pcdrop unloads" pcdrop_unload
umount /mnt/e
echo 0 > $T/events/kprobes/enable
echo > $T/kprobe_events
finish
