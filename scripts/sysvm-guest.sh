#!/bin/bash
# The system tests' guest side: sysvm-test.service's program in each image
# of scripts/sysvm.sh.  Runs this boot's script (/var/lib/sysvm/script,
# from /var/lib/sysvm, where tests/guest/lib.sh is too), keeps its output,
# exit status and the kernel log in /var/lib/sysvm/out/ for the host, and
# powers off.  The script finds the kernel the host booted in SYSVM_KVER.
# Its output goes to the console too, to read a boot that hangs.
# "SYSVM:" lines are the host's markers.
d=/var/lib/sysvm
mkdir -p "$d/out"
cd "$d" || exit 1
echo "SYSVM: script start at uptime $(cut -d' ' -f1 /proc/uptime)" > /dev/console
export SYSVM_KVER
SYSVM_KVER=$(cat kver)
# The script writes its output file itself, so that what it synced before
# a power cut (power_cut in lib.sh) is there; a follower copies it to the
# console.
: > out/output
bash ./script > out/output 2>&1 &
spid=$!
tail -n +1 -s 0.2 --pid="$spid" -f out/output > /dev/console &
rc=0
wait "$spid" || rc=$?
wait
echo "$rc" > out/rc
dmesg > out/dmesg
sync
echo "SYSVM: script rc=$rc at uptime $(cut -d' ' -f1 /proc/uptime)" > /dev/console
systemctl poweroff --no-block
