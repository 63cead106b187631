#!/bin/busybox sh
# /init of the system tests' initramfs (mkinitramfs.sh KVER OUT root).
#
# Loads the modules that reach the root disk (/dev/vda, ext4), mounts it
# read-write and hands over to its systemd, which mounts /proc, /sys and
# /dev again itself.  "SYSVM:" lines are markers for scripts/sysvm.sh.
/bin/busybox --install -s /bin
export PATH=/bin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
for m in $(cat /modules.load); do
	insmod "/modules/$m" || echo "SYSVM: insmod $m failed"
done
# virtio_blk adds the disk asynchronously: wait up to 10 s.
i=0
while [ ! -b /dev/vda ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
mkdir -p /newroot
if ! mount -t ext4 -o rw /dev/vda /newroot; then
	echo "SYSVM: cannot mount the root disk /dev/vda"
	poweroff -f
fi
echo "SYSVM: initramfs done at uptime $(cut -d' ' -f1 /proc/uptime)"
umount /proc /sys /dev
exec switch_root /newroot /sbin/init
