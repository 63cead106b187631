# 56-fadvise-buffers.sh - DONTNEED on a block device whose mounted file
# system just read metadata through it (dd iflag=nocache, imaging and
# backup tools).  Each metadata read leaves its buffer head in the reading
# CPU's bh_lru, holding b_count: try_to_free_buffers() fails on that
# folio with a normal reference count, and only lru_add_drain_all()
# (invalidate_bh_lrus_cpu()) lets it go.  Stock drains and evicts it on
# its second walk; pcdrop must count that failure and drain too, so that
# the same pages stay cached in every mode.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-buffers

# The block devices' page cache (Buffers: in /proc/meminfo; the loop device
# is the guest's only one).  mincore() would not see it: a folio whose
# 1 KiB blocks were read one at a time is not uptodate as a whole.
buffers_kb() {
	awk '$1 == "Buffers:" { print $2 }' /proc/meminfo
}

check "an ext4 file system on a loop device" ext4_mount /mnt/b 64
mkdir -p /mnt/b/d
i=0
while [ $i -lt 400 ]; do
	: > /mnt/b/d/f$i
	i=$((i + 1))
done
sync
check "pcdrop-stat starts" sh -c "$STAT start > /dev/null"
# One round unmeasured first: right after the mount and the sync the
# journal still holds a buffer of the device, which a later round finds
# gone (7.3 once: 8 kB left after the first stock round, 4 kB after every
# other, stock's second included).
echo 3 > /proc/sys/vm/drop_caches
taskset 2 ls -l /mnt/b/d > /dev/null
$FADV dontneed "$dev" > /dev/null
stock=""
for mode in stock on off on stock; do
	check "mode $mode" fadvise_mode $mode
	# Nothing of the device cached but what the file system holds.
	echo 3 > /proc/sys/vm/drop_caches
	# Read the inode tables on CPU 1: their buffer heads land in CPU 1's
	# bh_lru.  fadv runs on CPU 0.
	taskset 2 ls -l /mnt/b/d > /dev/null
	before=$(buffers_kb)
	out=$(with_drains $FADV dontneed "$dev")
	after=$(buffers_kb)
	echo "# $mode: Buffers $before -> $after kB, drains $(field "$out" drains)"
	: "${stock:=$after}"
	expect_eq "$mode: the device's page cache after DONTNEED is stock's ($stock kB)" \
		"$stock" "$after"
	expect_eq "$mode: one drain by fadvise" 1 "$(field "$out" drains)"
done
check "the metadata read left pages for DONTNEED to drop ($before -> $after kB)" \
	test "$after" -lt "$before"
check "pcdrop-stat stops" $STAT stop
umount /mnt/b
finish
