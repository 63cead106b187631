# 47-shmem-other-livepatch.sh - pcdrop refuses to replace shmem_undo_range()
# when another livepatch already does (it would bypass that fix), with one
# clear line, and leaves nothing behind.  The other livepatch is a copy of
# pcdrop built under another name.
. ./guest/lib.sh
SUITE=shmem-other-livepatch

refused_beside pcdrop_other shmem_undo_range
dd if=/dev/urandom of=/dev/shm/f bs=1M count=4 2>/dev/null
sum=$(head -c 1048576 /dev/shm/f | md5sum)
truncate -s 1M /dev/shm/f
expect_eq "and tmpfs truncation still works through it" "$sum 1048576" \
	"$(md5sum < /dev/shm/f) $(stat -c %s /dev/shm/f)"
rm /dev/shm/f
other_unload pcdrop_other
finish
