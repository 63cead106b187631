# shellcheck shell=bash disable=SC2034,SC1091
# A boot that dies soon after pcdrop.service loaded pcdrop: the crash-loop
# guard's marker is there when the power goes.
. ./lib.sh
. ./sys.sh
SUITE=system-crash
up
status_is 0 active
check "the crash-loop guard's marker is there" test -s /var/lib/pcdrop/loading
power_cut
