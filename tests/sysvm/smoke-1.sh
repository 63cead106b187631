# shellcheck shell=bash disable=SC2034,SC1091
# Smoke test of the system-test harness, first boot (tests/sysvm/smoke.sh):
# systemd brings the system up, the kernel is the one asked for, and a
# file written now is there on the next boot.
. ./lib.sh
SUITE=sysvm-smoke
state=$(timeout 120 systemctl is-system-running --wait)
case $state in
running|degraded) pass "systemd brought the system up (is-system-running: $state)" ;;
*) fail "systemd brought the system up" "state '$state'" ;;
esac
[ "$state" = running ] ||
	echo "# failed units: $(systemctl list-units --state=failed --no-legend --plain | awk '{ printf "%s ", $1 }')"
expect_eq "uname -r is the booted kernel" "$SYSVM_KVER" "$(uname -r)"
check "PID 1 is systemd" grep -qx systemd /proc/1/comm
check "a file written on the first boot" sh -c 'mkdir -p /var/lib/sysvm-smoke &&
	uname -r > /var/lib/sysvm-smoke/first-boot'
finish
