#!/bin/busybox sh
# guest.sh - /init of the arm64 prototype's guest (tests/arm64/run.sh).
# Prints TAP lines.  The redirected calls are counted twice: by the
# module (its "calls" parameter) and by a tracefs kprobe on
# shmem_undo_range(), which a redirected call enters twice (the kernel's
# entry, then the body the prototype calls).
/bin/busybox --install -s /bin
mkdir -p /proc /sys /dev /tmp /mnt/t
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tracefs tracefs /sys/kernel/tracing
mount -t tmpfs -o size=1G tmpfs /mnt/t
T=/sys/kernel/tracing
P=/sys/module/pcdrop_a64proto/parameters/calls
ok() { echo "ok - arm64: $1"; }
nok() { echo "not ok - arm64: $1${2:+ # $2}"; }
expect() { if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "expected '$2', got '$3'"; fi; }
hits() { awk '$1 == "ur" { print $2 }' $T/kprobe_profile; }
up() { cut -d' ' -f1 /proc/uptime; }

echo "# $(uname -r), init at $(up) s of uptime"
dd if=/dev/urandom of=/mnt/t/src bs=1M count=8 2> /dev/null
# mk FILE: 64 MiB, 8 copies of src.
mk() { for _i in 1 2 3 4 5 6 7 8; do cat /mnt/t/src; done > "$1"; }

t0=$(up)
if insmod /pcdrop_a64proto.ko; then
	ok "insmod: shmem_undo_range() redirected by an IPMODIFY ftrace_ops, no livepatch"
else
	nok "insmod"
fi
echo "# insmod took $t0 -> $(up) s"
echo 'p:ur shmem_undo_range' >> $T/kprobe_events && echo 1 > $T/events/kprobes/ur/enable ||
	nok "a kprobe on shmem_undo_range()"
c0=$(cat $P)
h0=$(hits)
mk /mnt/t/keep
for i in 1 2 3 4 5 6 7 8 9 10; do
	mk /mnt/t/f$i
	truncate -s 16M /mnt/t/f$i
	rm /mnt/t/f$i
done
truncate -s 16M /mnt/t/keep
c1=$(cat $P)
h1=$(hits)
echo 0 > $T/events/kprobes/ur/enable
echo "# shmem_undo_range() entries: $((h1 - h0)); redirected: $((c1 - c0))"
expect "every call of the kernel's function was redirected, once" \
	"$(((h1 - h0) / 2)) $(((h1 - h0) % 2))" "$((c1 - c0)) 0"
[ $((c1 - c0)) -ge 11 ] && ok "at least the 11 truncates ($((c1 - c0)) calls)" ||
	nok "at least the 11 truncates" "$((c1 - c0))"
head -c 8388608 /mnt/t/keep | cmp -s - /mnt/t/src && tail -c 8388608 /mnt/t/keep | cmp -s - /mnt/t/src &&
	ok "the 16 MiB left are the file's first 16 MiB" || nok "the data left"
expect "its size is 16 MiB" 16777216 "$(stat -c %s /mnt/t/keep)"

# Unload while both vCPUs truncate; each truncated file is checked
# against the first MiB of src.
head -c 1048576 /mnt/t/src > /tmp/src1
( while [ ! -e /tmp/stop ]; do
	head -c 4194304 /mnt/t/src > /mnt/t/l
	truncate -s 1M /mnt/t/l
	cmp -s /mnt/t/l /tmp/src1 || echo bad >> /tmp/bad
	rm /mnt/t/l
done ) &
( while [ ! -e /tmp/stop ]; do
	dd if=/dev/zero of=/mnt/t/z bs=1M count=4 2> /dev/null
	truncate -s 0 /mnt/t/z
done ) &
sleep 5
t0=$(up)
rmmod pcdrop_a64proto && ok "rmmod under a truncating load on both vCPUs" || nok "rmmod under load"
echo "# rmmod took $t0 -> $(up) s"
sleep 2
for i in 1 2 3; do
	insmod /pcdrop_a64proto.ko && sleep 1 && rmmod pcdrop_a64proto || nok "load/unload cycle $i under load"
done
touch /tmp/stop
wait
expect "3 more load/unload cycles under the load, no byte lost" "" "$(cat /tmp/bad 2> /dev/null)"
expect "a clean kernel log" 0 "$(dmesg | grep -cE 'BUG|Oops|WARNING|Unable to handle|Call trace')"
dmesg | grep pcdrop_a64proto | sed 's/^/# /'
echo "# done at $(up) s of uptime"
poweroff -f
