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

# Which Debian builds with which gcc: the host (Debian 12) has gcc-12,
# the build chroots (chroot.sh) have the others.  The one table.
BUILD_ENVS="gcc-12:host gcc-14:trixie gcc-16:forky"

# build_env gcc-N: "host" or the chroot's suite; fails for another gcc.
build_env() {
	for _e in $BUILD_ENVS; do
		[ "${_e%%:*}" != "$1" ] || { echo "${_e#*:}"; return 0; }
	done
	return 1
}

# build_env_cc SUITE: the gcc of SUITE's build chroot; fails for another.
build_env_cc() {
	[ "$1" != host ] || return 1
	for _e in $BUILD_ENVS; do
		[ "${_e#*:}" != "$1" ] || { echo "${_e%%:*}"; return 0; }
	done
	return 1
}

# unmount_stale DIR: take down every mount below DIR (bind mounts left by a
# killed chroot run), so that "rm -rf DIR" cannot delete the host's folders
# behind them.
unmount_stale() {
	awk -v r="$1/" 'index($2, r) == 1 { print $2 }' /proc/mounts | sort -r |
		while read -r m; do umount "$m" || umount -l "$m"; done
	! awk -v r="$1/" 'index($2, r) == 1 { f = 1 } END { exit !f }' /proc/mounts ||
		die "cannot unmount everything under $1"
}

# timed KIND WHAT CMD...: run CMD; when PCDROP_TIMES names a file, append
# "STREAM<TAB>KIND<TAB>SECONDS<TAB>WHAT" to it (make check's time report,
# tests/time-report.sh).  KIND is boot, build, fetch, chroot, stream or
# step; STREAM is the stream that ran it (PCDROP_STREAM).
timed() {
	# Timed commands nest (a stream's steps): dash's and busybox's local,
	# with names no caller uses (local is dynamically scoped).
	# shellcheck disable=SC3043
	local _t_kind _t_what _t_start _t_rc
	_t_kind=$1
	_t_what=$2
	shift 2
	_t_start=$(date +%s.%N)
	_t_rc=0
	"$@" || _t_rc=$?
	[ -z "${PCDROP_TIMES:-}" ] ||
		printf '%s\t%s\t%s\t%s\n' "${PCDROP_STREAM:-main}" "$_t_kind" \
			"$(echo "$_t_start $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')" \
			"$_t_what" >> "$PCDROP_TIMES"
	return $_t_rc
}
