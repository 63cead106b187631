# 63-stress-tools.sh - Debian's own stress tools with data verification
# (stress-ng --verify, fio verify=), on tmpfs and ext4, under reclaim into
# zram swap, while pcdrop's path switches flip and pcdrop is disabled,
# unloaded and loaded again: 0 verification errors, and (the runner's
# check) a clean kernel log.  The tools are Debian 13's packages with
# their libraries (scripts/stress-tools.sh, in the share's tools/).
. ./guest/lib.sh
SUITE=stress-tools
CG=/sys/fs/cgroup/pcdrop-stress
T=/sys/kernel/tracing
# How long the tools run: make check's 20 s, or make soak's
# PCDROP_STRESS_SECONDS (the share's stress-seconds).
SECONDS_RUN=$(cat stress-seconds 2>/dev/null || echo 20)
t0=$(cut -d' ' -f1 /proc/uptime)
echo "# stress-ng $(cat tools/stress-ng.version), fio $(cat tools/fio.version), $SECONDS_RUN s"

# The switches of this kernel's paths; shadow_batch refuses to turn on
# from 6.13, where the kernel removes shadow entries in one walk itself.
SWITCHES=shmem_batch,fadvise_lru_refs
! shadow_path || SWITCHES=$SWITCHES,shadow_batch

check "pcdrop loads" pcdrop_load
check "swap on zram is enabled" swap_on_zram 256
mkdir -p $CG /mnt/t
mount -t tmpfs -o huge=never,size=192M tmpfs /mnt/t
# The host's ext4 image (run-matrix.sh's ext4_image), with extents, so
# that holes can be punched, in a tmpfs file under a loop device.
ext4_up() {
	cp ext4.img /dev/shm/ext4.img && dev=$(losetup -f) &&
		losetup "$dev" /dev/shm/ext4.img && mkdir -p /mnt/e && mount -t ext4 "$dev" /mnt/e
}
check "an ext4 file system with extents on a loop device" ext4_up

# Every POSIX_FADV_DONTNEED that reaches the kernel's generic_fadvise()
# (x86-64: advice is the fourth argument, %cx), traced: fio's dontneed
# job makes one before each verify pass.
echo 'p:pcdt/dontneed generic_fadvise advice=%cx:s32' >> $T/kprobe_events
echo 'advice == 4' > $T/events/pcdt/dontneed/filter
echo > $T/trace
echo 1 > $T/events/pcdt/dontneed/enable

# Reclaim: every second, ask the tools' cgroup to give back 32 MiB, into
# zram; the most swap it held is kept in /tmp/swap-peak.
rm -f /tmp/stress-done
echo 0 > /tmp/swap-peak
(
	while [ ! -e /tmp/stress-done ]; do
		echo 32M > $CG/memory.reclaim 2>/dev/null
		s=$(cat $CG/memory.swap.current)
		[ "$s" -le "$(cat /tmp/swap-peak)" ] || echo "$s" > /tmp/swap-peak
		sleep 1
	done
) &
reclaimer=$!

# stress-ng's page-cache and tmpfs stressors, one instance each: on tmpfs
# (its tmpfs stressor picks a tmpfs mount itself), and on ext4 hdd and
# fallocate; each with --verify, which checks the data it reads back.
echo "# the tools start at guest uptime $(cut -d' ' -f1 /proc/uptime)"
sng() {
	in_cgroup $CG tools/stress-ng --verify --timeout "${SECONDS_RUN}s" --metrics-brief "$@"
}
sng --temp-path /mnt/t --tmpfs 1 --fallocate 1 --fallocate-bytes 16m \
	--memfd 1 --memfd-bytes 16m --madvise 1 --mmap 1 --mmap-bytes 16m --mmap-file \
	--shm 1 --shm-bytes 8m > /tmp/sng-tmpfs.out 2>&1 &
sng_tmpfs=$!
sng --temp-path /mnt/e --hdd 1 --hdd-bytes 16m --fallocate 1 --fallocate-bytes 16m \
	> /tmp/sng-ext4.out 2>&1 &
sng_ext4=$!
# fio's jobs (guest/stress.fio): punching beside verified data on tmpfs
# and ext4, and verify passes after POSIX_FADV_DONTNEED on ext4.
FIO_SECONDS=$SECONDS_RUN in_cgroup $CG tools/fio guest/stress.fio > /tmp/fio.out 2>&1 &
fio=$!

# Flip the switches and reload pcdrop while they run: at least once, and
# for as long as they run.
CYCLES=1
SOAK_SECONDS=$SECONDS_RUN
# shellcheck disable=SC2046
set -- $(switch_cycles $SWITCHES $sng_tmpfs $sng_ext4 $fio)
echo "# the cycles are done at guest uptime $(cut -d' ' -f1 /proc/uptime)"
expect_eq "disable/rmmod/insmod cycles with $SWITCHES flipping beside the tools succeed ($1)" ok "$2"
expect_eq "the tools were running when the first unload began" 1 "$3"

wait $sng_tmpfs
expect_eq "stress-ng on tmpfs exits 0" 0 $?
wait $sng_ext4
expect_eq "stress-ng on ext4 exits 0" 0 $?
wait $fio
expect_eq "fio exits 0" 0 $?
touch /tmp/stress-done
echo "# the tools are done at guest uptime $(cut -d' ' -f1 /proc/uptime)"
wait $reclaimer
echo 0 > $T/events/pcdt/dontneed/enable

# stress-ng's own summary: every stressor ran and passed, none failed
# (a verification error fails its stressor) or was skipped.
sng_summary() {
	expect_eq "stress-ng on $1: $2 stressors passed" "$2" \
		"$(sed -n 's/.*\] passed: \([0-9]*\):.*/\1/p' "/tmp/sng-$1.out")"
	expect_eq "stress-ng on $1: none failed" 0 \
		"$(sed -n 's/.*\] failed: \([0-9]*\).*/\1/p' "/tmp/sng-$1.out")"
	check "stress-ng on $1: none was skipped" sh -c "! grep -q '\] skipped: [1-9]' /tmp/sng-$1.out"
}
sng_summary tmpfs 6
sng_summary ext4 2
# fio's own report: each of the 5 jobs ended without an error (a
# verification error ends its job with one, verify_fatal), and reported
# no verify error.
expect_eq "fio: 5 jobs ended with err= 0" 5 "$(grep -c '(groupid=.*): err= 0:' /tmp/fio.out)"
check "fio: no verify error" sh -c '! grep -q "verify:" /tmp/fio.out'
check "fio's data jobs verified their blocks (they read them back)" \
	test "$(grep -A 1 -E '^(tmpfs|ext4)-data:' /tmp/fio.out | grep -c ' read: ')" = 2
dontneed=$(grep -c 'dontneed:' $T/trace)
check "POSIX_FADV_DONTNEED reached generic_fadvise() during the run ($dontneed calls)" \
	test "$dontneed" -ge 2
peak=$(cat /tmp/swap-peak)
check "the tools ran under reclaim: up to $((peak / 1024)) KiB of theirs in swap" test "$peak" -gt 0

echo '-:pcdt/dontneed' >> $T/kprobe_events
# The tools' verdicts and complaints, for the log.
for f in sng-tmpfs sng-ext4 fio; do
	grep -E 'passed:|failed:|skipped:|error|warn|err=|verify|IOPS' /tmp/$f.out | sed "s/^/# $f: /"
done
umount /mnt/t /mnt/e
swapoff /dev/zram0
check "pcdrop unloads" pcdrop_unload
echo "# guest time of the suite: $(awk -v t0="$t0" '{ printf "%.0f", $1 - t0 }' /proc/uptime) s"
finish
