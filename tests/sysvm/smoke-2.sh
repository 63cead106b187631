# shellcheck shell=bash disable=SC2034,SC1091
# Smoke test of the system-test harness, second boot (tests/sysvm/smoke.sh),
# with "sysvm.smoke=2" added to the kernel command line: the first boot's
# file is there, the word is in /proc/cmdline; then a file synced before
# the power is cut, which the host reads back.
. ./lib.sh
SUITE=sysvm-smoke
expect_eq "the first boot's file is there" "$SYSVM_KVER" "$(cat /var/lib/sysvm-smoke/first-boot 2>&1)"
check "the extra word is on the kernel command line" grep -qw sysvm.smoke=2 /proc/cmdline
check "a file written and synced on the second boot" sh -c '
	echo synced > /var/lib/sysvm-smoke/second-boot && sync'
power_cut
