# 54-fadvise-lifecycle.sh - the fadvise_lru_refs switch, and disabling,
# unloading and reloading pcdrop while fadvise runs: no oops, no error, no
# change to the data.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-lifecycle
# The load: 3 s per cycle plus 20 s (35 s for make check's 5 cycles).
lifecycle_plan 3 20

check "pcdrop loads" pcdrop_load
expect_eq "fadvise_lru_refs is on by default" Y "$(cat $PCDROP_PARAMS/fadvise_lru_refs)"
expect_param_guarded fadvise_lru_refs

check "an ext4 file system on a loop device" ext4_mount /mnt/e 64
$FADV write /mnt/e/f 4096
sum=$(md5sum < /mnt/e/f)
# Mapped and unmapped DONTNEED loops and drop_caches, until the cycles
# are done (/tmp/cycles-done) or the deadline; each writes its failures
# to /tmp/loops.err.
: > /tmp/loops.err
loop() {
	end=$(($(date +%s) + LOAD_SECONDS))
	while [ ! -e /tmp/cycles-done ] && [ "$(date +%s)" -lt "$end" ]; do
		"$@" > /dev/null 2>> /tmp/loops.err || echo "failed: $*" >> /tmp/loops.err
	done
}
loop $FADV seed /mnt/e/f 1024 mapped &
l1=$!
loop $FADV seed /mnt/e/f 512 unmapped &
l2=$!
loop sh -c 'echo 1 > /proc/sys/vm/drop_caches' &
l3=$!
# shellcheck disable=SC2046
set -- $(switch_cycles fadvise_lru_refs $l1 $l2 $l3)
touch /tmp/cycles-done
expect_eq "at least $CYCLES disable/rmmod/insmod cycles beside fadvise succeed ($1)" ok "$2"
expect_eq "the fadvise loops were running when the first unload began" 1 "$3"
wait $l1 $l2 $l3
expect_eq "the fadvise and drop_caches loops saw no error" "" "$(cat /tmp/loops.err)"
expect_eq "the file's data is unchanged" "$sum" "$(md5sum < /mnt/e/f)"
umount /mnt/e
check "pcdrop unloads" pcdrop_unload
finish
