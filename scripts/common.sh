# shellcheck shell=sh
# Shared settings for pcdrop's host scripts.  Sourced, not run.
#
# PCDROP_CACHE holds everything downloaded or built outside the source tree:
# the private apt state, the kernel packages, the Debian 13 build chroot.
# It defaults to a folder outside the checkout so that fresh clones (CI)
# on the same machine reuse it; delete it to start cold.

PCDROP_CACHE=${PCDROP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pcdrop}
export PCDROP_CACHE

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

log() {
	echo "== $*" >&2
}
