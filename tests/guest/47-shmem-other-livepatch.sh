# 47-shmem-other-livepatch.sh - pcdrop refuses to replace shmem_undo_range()
# when another livepatch already does (it would bypass that fix), with one
# clear line, and leaves nothing behind.  The other livepatch is a copy of
# pcdrop built under another name.
. ./guest/lib.sh
SUITE=shmem-other-livepatch
OTHER=/sys/kernel/livepatch/pcdrop_other

other_settled() {
	[ "$(cat $OTHER/transition 2>/dev/null)" = 0 ]
}

other_gone() {
	[ ! -e $OTHER ]
}

check "another livepatch of shmem_undo_range() loads" insmod /mnt/host/pcdrop_other.ko
check "and finishes its transition" wait_for 120 other_settled
mark=$(dmesg_mark)
check "pcdrop then refuses to load" sh -c "! insmod $PCDROP_KO 2>/dev/null"
# busybox insmod tries finit_module() and then init_module(): each attempt
# logs the line once.
expect_eq "with one line saying why" \
	"pcdrop: shmem_undo_range() is already patched by another livepatch or ftrace user; not replacing it" \
	"$(dmesg_since "$mark" | sort -u)"
check "nothing is left in /proc/modules" sh -c '! grep -q "^pcdrop " /proc/modules'
check "nothing is left in /sys/kernel/livepatch" test ! -e $PCDROP_LP
expect_eq "the other livepatch stays enabled" 1 "$(cat $OTHER/enabled)"
dd if=/dev/urandom of=/dev/shm/f bs=1M count=4 2>/dev/null
sum=$(head -c 1048576 /dev/shm/f | md5sum)
truncate -s 1M /dev/shm/f
expect_eq "and tmpfs truncation still works through it" "$sum 1048576" \
	"$(md5sum < /dev/shm/f) $(stat -c %s /dev/shm/f)"
rm /dev/shm/f
echo 0 > $OTHER/enabled
check "once the other livepatch is gone" wait_for 120 other_gone
rmmod pcdrop_other
check "pcdrop loads" pcdrop_load
check "and unloads" pcdrop_unload
finish
