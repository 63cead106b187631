# demo-guest.sh - runs in the demo guest (see demo.sh).
set -e
echo "guest kernel: $(uname -r)"
echo "\$ insmod pcdrop.ko"
insmod /mnt/host/pcdrop.ko
dmesg | grep 'pcdrop: ' | sed 's/^\[[ 0-9.]*\] /  dmesg: /'
echo "\$ cat /sys/kernel/debug/pcdrop/vmlinux_symbols   # where pcdrop was bound"
sed 's/^/  /' /sys/kernel/debug/pcdrop/vmlinux_symbols
echo "\$ grep the same names in /proc/kallsyms"
awk '{ print $2 }' /sys/kernel/debug/pcdrop/vmlinux_symbols > /tmp/names
awk 'NR == FNR { w[$1] = 1; next } $3 in w { print "  " $0 }' /tmp/names /proc/kallsyms
echo "\$ rmmod pcdrop"
rmmod pcdrop
echo "demo done"
