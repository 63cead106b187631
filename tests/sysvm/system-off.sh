# shellcheck shell=bash disable=SC2034,SC1091
# A boot that must stay stock: with /etc/pcdrop/disable (then removed for
# the next boot), or with pcdrop.enable=0 on the kernel command line
# (then a hand-typed modprobe is refused too).
. ./lib.sh
. ./sys.sh
SUITE=system-off
up
expect_eq "pcdrop.service's condition kept it from running" no \
	"$(systemctl show -p ConditionResult --value pcdrop.service)"
status_is 0 not-loaded
stock
if grep -qw pcdrop.enable=0 /proc/cmdline; then
	check "modprobe pcdrop is refused" sh -c '! modprobe pcdrop 2> /dev/null'
	check "with one line in the kernel log" sh -c \
		'dmesg | grep -q "pcdrop: not loading: enable=0"'
	stock
else
	check "the disable file is there" test -e /etc/pcdrop/disable
	check "it is removed for the next boot" sh -c 'rm /etc/pcdrop/disable && sync'
fi
finish
