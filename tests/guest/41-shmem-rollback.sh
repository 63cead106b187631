# 41-shmem-rollback.sh - an fallocate() that runs out of space on a
# size-limited tmpfs leaves the file and the filesystem exactly as before:
# the rollback (shmem_undo_range(unfalloc)) removes only the folios it
# added; a kprobe on it shows that it ran.
. ./guest/lib.sh
SUITE=shmem-rollback

# state FILE: size, contents, the file's blocks and the filesystem's free blocks.
state() {
	echo "$(stat -c '%s %b' "$1") $(md5sum < "$1" | cut -d' ' -f1) $(stat -f -c '%f' "$(dirname "$1")")"
}

T=/sys/kernel/tracing
echo 'p:pcdrop_undo shmem_undo_range unfalloc=%cx:u8' > $T/kprobe_events
echo 'unfalloc == 1' > $T/events/kprobes/pcdrop_undo/filter
echo 1 > $T/events/kprobes/pcdrop_undo/enable
check "pcdrop loads" pcdrop_load
mkdir -p /mnt/r
for huge in never always; do
	for batch in 1 0; do
		echo $batch > $PCDROP_PARAMS/shmem_batch
		mount -t tmpfs -o huge=$huge,size=12M tmpfs /mnt/r
		# Data at the start, a hole, data in the middle; another file
		# takes 4 MiB.  Then fallocate() 10 MiB over the data: less than
		# the file system's size (more would fail before allocating
		# anything) but more than its free space, so shmem_fallocate()
		# allocates until ENOSPC and then undoes what it added.
		dd if=/dev/urandom of=/mnt/r/f bs=1M count=3 2>/dev/null
		dd if=/dev/urandom of=/mnt/r/f bs=4k count=3 seek=1500 conv=notrunc 2>/dev/null
		dd if=/dev/urandom of=/mnt/r/other bs=1M count=4 2>/dev/null
		before=$(state /mnt/r/f)
		for mode in "" "-k"; do
			u0=$(kprobe_hits pcdrop_undo)
			if progs/falloc $mode 0 $((10 << 20)) /mnt/r/f 2>/tmp/err; then
				fail "huge=$huge shmem_batch=$batch fallocate $mode beyond the space fails"
			else
				expect_eq "huge=$huge shmem_batch=$batch fallocate $mode fails with ENOSPC" \
					1 "$(grep -c 'No space left' /tmp/err)"
			fi
			expect_eq "huge=$huge shmem_batch=$batch fallocate $mode: size, blocks, contents, free space unchanged" \
				"$before" "$(state /mnt/r/f)"
			ran=$(($(kprobe_hits pcdrop_undo) - u0))
			check "huge=$huge shmem_batch=$batch fallocate $mode: the rollback ran ($ran)" \
				test "$ran" -ge 1
		done
		umount /mnt/r
	done
done
check "pcdrop unloads" pcdrop_unload
echo 0 > $T/events/kprobes/pcdrop_undo/enable
echo > $T/kprobe_events
finish
