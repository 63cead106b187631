#!/bin/sh
# apt-private.sh - run apt-get/apt-cache against pcdrop's own package lists.
#
# Usage: apt-private.sh update|get ARGS...|cache ARGS...
#
# The host's apt configuration is never read or changed: sources, state,
# lists and downloaded archives all live under $PCDROP_CACHE/apt.  The
# sources are the Debian suites the kernel matrix comes from.  Index files
# are refreshed at most once a day (PCDROP_APT_MAX_AGE seconds), or when
# the list of suites changed, so that a second run downloads nothing.
# The suites are every one tests/kernels.list names, plus experimental
# for the canary streams (scripts/kernels.sh canaries).
set -eu
. "$(dirname "$0")/common.sh"

APTDIR=$PCDROP_CACHE/apt
MIRROR=${PCDROP_MIRROR:-http://deb.debian.org/debian}
SECMIRROR=${PCDROP_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
MAX_AGE=${PCDROP_APT_MAX_AGE:-86400}

setup() {
	mkdir -p "$APTDIR/etc/apt.conf.d" "$APTDIR/etc/preferences.d" \
		"$APTDIR/etc/sources.list.d" "$APTDIR/state/lists/partial" \
		"$APTDIR/cache/archives/partial"
	[ -e "$APTDIR/state/status" ] || : > "$APTDIR/state/status"
	cat > "$APTDIR/etc/sources.list" <<SRC
deb [signed-by=$KEYRING] $MIRROR bookworm main
deb [signed-by=$KEYRING] $SECMIRROR bookworm-security main
deb [signed-by=$KEYRING] $MIRROR trixie main
deb [signed-by=$KEYRING] $SECMIRROR trixie-security main
deb [signed-by=$KEYRING] $MIRROR trixie-backports main
deb [signed-by=$KEYRING] $MIRROR forky main
deb [signed-by=$KEYRING] $MIRROR sid main
deb [signed-by=$KEYRING] $MIRROR experimental main
SRC
}

opts() {
	echo "-o Dir::Etc=$APTDIR/etc -o Dir::Etc::SourceList=$APTDIR/etc/sources.list" \
	     "-o Dir::Etc::SourceParts=$APTDIR/etc/sources.list.d" \
	     "-o Dir::Etc::Parts=$APTDIR/etc/apt.conf.d" \
	     "-o Dir::Etc::PreferencesParts=$APTDIR/etc/preferences.d" \
	     "-o Dir::State=$APTDIR/state -o Dir::State::status=$APTDIR/state/status" \
	     "-o Dir::Cache=$APTDIR/cache -o Debug::NoLocking=1 -o APT::Sandbox::User=root" \
	     "-o APT::Architecture=amd64 -o APT::Architectures::=amd64" \
	     "-o Acquire::Languages=none -o Acquire::Retries=3"
}

[ $# -ge 1 ] || die "usage: apt-private.sh update|get ARGS|cache ARGS"
setup
cmd=$1
shift
case $cmd in
update)
	stamp=$APTDIR/state/updated
	if [ -e "$stamp" ] && [ "${PCDROP_APT_FORCE_UPDATE:-0}" = 0 ] &&
	   cmp -s "$stamp" "$APTDIR/etc/sources.list" &&
	   [ $(( $(date +%s) - $(stat -c %Y "$stamp") )) -lt "$MAX_AGE" ]; then
		exit 0
	fi
	# shellcheck disable=SC2046
	apt-get $(opts) -q update >&2
	cp "$APTDIR/etc/sources.list" "$stamp"
	;;
get)
	# shellcheck disable=SC2046
	exec apt-get $(opts) "$@"
	;;
cache)
	# shellcheck disable=SC2046
	exec apt-cache $(opts) "$@"
	;;
*)
	die "unknown command $cmd"
	;;
esac
