# shellcheck shell=sh disable=SC2034
# guest-packages.sh - run in the guest: what the two Debian packages
# installed works together.  The host puts the module pcdrop-dkms built at
# /mnt/host/dkms.ko (decompressed) and pcdrop-stat's /usr/sbin/pcdrop-stat
# at /mnt/host/pcdrop-stat.  A tmpfs file of 465 folios (a multiple of 15
# and of 31, the batch sizes) truncated with the module loaded: pcdrop-stat
# counts no folio removed one by one and 465 in batches, and bpftool reads
# the same counters from the pinned map.
. ./guest/lib.sh
SUITE=packages
STAT=/mnt/host/pcdrop-stat
N=465
PCDROP_KO=/mnt/host/dkms.ko

# The truncate row of "pcdrop-stat dump": FIELD is 6 (SINGLE) or 8 (BATCHED).
truncate_field() {
	$STAT dump | awk -v f="$1" '$1 == "truncate" && $2 == "tmpfs" { print $f }'
}

check "insmod of the packaged pcdrop.ko succeeds, the transition ends" pcdrop_load
expect_eq "the livepatch is enabled" 1 "$(cat /sys/kernel/livepatch/pcdrop/enabled 2>&1)"
check "the packaged pcdrop-stat starts" sh -c "$STAT start > /dev/null"
check "a tmpfs with a $N-folio file" sh -c "mkdir -p /mnt/t && mount -t tmpfs -o huge=never tmpfs /mnt/t &&
	dd if=/dev/zero of=/mnt/t/f bs=4096 count=$N 2> /dev/null"
check "pcdrop-stat reset" sh -c "$STAT reset > /dev/null"
check "truncate it to 0" truncate -s 0 /mnt/t/f
expect_eq "pcdrop-stat dump: no folio removed one by one" 0 "$(truncate_field 6)"
expect_eq "pcdrop-stat dump: $N folios removed in batches" $N "$(truncate_field 8)"
check "bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/ops shows the truncate" sh -c \
	'bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/ops | grep -q PCDROP_OP_TRUNCATE'
check "pcdrop-stat stops" $STAT stop
check "and unpins everything" test ! -e /sys/fs/bpf/pcdrop
check "disable and rmmod pcdrop succeed" pcdrop_unload
umount /mnt/t
finish
