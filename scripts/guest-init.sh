#!/bin/busybox sh
# /init of the test initramfs (see mkinitramfs.sh).
#
# Mounts the usual file systems and the host's share (9p, or the ext4
# disk /dev/vda where the kernel has no 9p: see vm-run.sh), runs the script
# named by pcdrop.script= on the kernel command line from the share, saves
# its output, its exit status and the kernel log there, and powers off.
# The lines starting with "GUEST:" are markers the host's runner waits for.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin:/usr/bin:/usr/sbin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/shm /tmp /mnt/host
mount -t tmpfs -o size=90% tmpfs /dev/shm
mount -t tmpfs tmpfs /tmp
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
mount -t bpf bpf /sys/fs/bpf
mkdir -p /sys/fs/cgroup && mount -t cgroup2 cgroup2 /sys/fs/cgroup

for m in $(cat /modules.load); do
	insmod "/modules/$m" || echo "GUEST: insmod $m failed"
done
if [ "$(cat /transport)" = disk ]; then
	mount -t ext4 /dev/vda /mnt/host
else
	mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,cache=none host /mnt/host
fi || echo "GUEST: mounting the host share failed"

script=$(sed -n 's/.*pcdrop\.script=\([^ ]*\).*/\1/p' /proc/cmdline)
echo "GUEST: init done at uptime $(cut -d' ' -f1 /proc/uptime)"
if [ -z "$script" ]; then
	echo "GUEST: no pcdrop.script= given, starting a shell"
	exec sh
fi

out=/mnt/host/out
mkdir -p "$out"
cd /mnt/host || exit 1
set -o pipefail
sh "./$script" 2>&1 | tee "$out/output"
rc=$?
echo "$rc" > "$out/rc"
echo "GUEST: script rc=$rc"
dmesg > "$out/dmesg"
sync
[ "$(cat /transport)" != disk ] || umount /mnt/host
echo "GUEST: poweroff"
poweroff -f
