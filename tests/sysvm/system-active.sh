# shellcheck shell=bash disable=SC2034,SC1091
# A boot after the packages were installed: pcdrop.service loaded pcdrop,
# "pcdrop status" says so, pcdrop-stat.service exports to node_exporter
# (with "caps": each of its capabilities is needed), and a tmpfs unlink
# goes in batches.  If the
# host left /var/lib/sysvm/next-disable, it then creates the disable file
# for the next boot.
. ./lib.sh
. ./sys.sh
SUITE=system-active
up
check "pcdrop.service is active" systemctl is-active -q pcdrop.service
status_is 0 active
expect_eq "the loaded version is the package's" "$(dpkg-query -W -f '${Version}' pcdrop-dkms)" \
	"$(cat /sys/module/pcdrop/version)"
check "the livepatch is enabled" grep -qx 1 /sys/kernel/livepatch/pcdrop/enabled
exporter_serves
[ ! -f caps ] || stat_caps
unlink_counted 4096
if [ -f next-disable ]; then
	check "the disable file is created for the next boot" sh -c 'touch /etc/pcdrop/disable && sync'
fi
finish
