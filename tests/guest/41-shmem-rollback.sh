# 41-shmem-rollback.sh - an fallocate() that runs out of space on a
# size-limited tmpfs leaves the file and the filesystem exactly as before:
# the rollback removes only the folios it added.
. ./guest/lib.sh
SUITE=shmem-rollback

# state FILE: size, contents, the file's blocks and the filesystem's free blocks.
state() {
	echo "$(stat -c '%s %b' "$1") $(md5sum < "$1" | cut -d' ' -f1) $(stat -f -c '%f' "$(dirname "$1")")"
}

check "pcdrop loads" pcdrop_load
mkdir -p /mnt/r
for huge in never always; do
	for batch in 1 0; do
		echo $batch > $PCDROP_PARAMS/shmem_batch
		mount -t tmpfs -o huge=$huge,size=12M tmpfs /mnt/r
		# Data at the start, a hole, data in the middle, then more space
		# asked for than the filesystem has.
		dd if=/dev/urandom of=/mnt/r/f bs=1M count=3 2>/dev/null
		dd if=/dev/urandom of=/mnt/r/f bs=4k count=3 seek=1500 conv=notrunc 2>/dev/null
		before=$(state /mnt/r/f)
		for mode in "" "-k"; do
			if progs/falloc $mode 0 33554432 /mnt/r/f 2>/tmp/err; then
				fail "huge=$huge shmem_batch=$batch fallocate $mode beyond the space fails"
			else
				expect_eq "huge=$huge shmem_batch=$batch fallocate $mode fails with ENOSPC" \
					1 "$(grep -c 'No space left' /tmp/err)"
			fi
			expect_eq "huge=$huge shmem_batch=$batch fallocate $mode: size, blocks, contents, free space unchanged" \
				"$before" "$(state /mnt/r/f)"
		done
		umount /mnt/r
	done
done
check "pcdrop unloads" pcdrop_unload
finish
