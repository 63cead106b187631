# shellcheck shell=sh disable=SC2034
# guest.sh - run in the guest: the module DKMS built loads and unloads.
# The host puts it at /mnt/host/dkms.ko (decompressed) and tests/guest/lib.sh
# at /mnt/host/guest/lib.sh.
. ./guest/lib.sh
SUITE=dkms-load
KO=/mnt/host/dkms.ko

check "insmod of the DKMS-built pcdrop.ko succeeds" insmod "$KO"
expect_eq "the module is live" live "$(cat /sys/module/pcdrop/initstate 2>&1)"
case $(cat /sys/module/pcdrop/taint 2>/dev/null) in
*K*) pass "it is loaded as a livepatch module (taint K)" ;;
*) fail "it is loaded as a livepatch module (taint K)" "taint $(cat /sys/module/pcdrop/taint 2>&1)" ;;
esac
check "its parameters are in /sys/module/pcdrop/parameters or it has none" \
	sh -c 'test -d /sys/module/pcdrop/parameters || ! grep -q "^parm:" /mnt/host/modinfo'
# Once pcdrop enables its livepatch, it must be disabled before unloading
# (README: "Uninstalling"); until then there is nothing to disable.
if [ -d /sys/kernel/livepatch/pcdrop ]; then
	echo "# /sys/kernel/livepatch/pcdrop: enabled=$(cat /sys/kernel/livepatch/pcdrop/enabled)"
	echo 0 > /sys/kernel/livepatch/pcdrop/enabled
	i=0
	while [ -d /sys/kernel/livepatch/pcdrop ] && [ $i -lt 60 ]; do
		sleep 1
		i=$((i + 1))
	done
fi
check "rmmod pcdrop succeeds" rmmod pcdrop
check "the module is gone" test ! -e /sys/module/pcdrop
check "no livepatch is left" test ! -e /sys/kernel/livepatch/pcdrop
finish
