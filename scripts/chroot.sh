#!/bin/sh
# chroot.sh - build chroots for kernels built with a newer gcc than the
# host's: Debian 13 (trixie) for gcc-14, Debian 14 (forky) for gcc-16.
#
# Usage: chroot.sh ensure SUITE          create it once (cached under $PCDROP_CACHE)
#        chroot.sh run SUITE DIR CMD...  run CMD inside it with DIR bind-mounted
#                                        at the same path, plus the kernels and /proc
#
# Debian 13's kernels are built with gcc-14 and Debian 14's with gcc-16,
# which bookworm cannot install without upgrading libc6, so modules for
# them are built in these chroots.  objtool reads /proc, hence the /proc
# mount.
set -eu
. "$(dirname "$0")/common.sh"

MIRROR=${PCDROP_MIRROR:-http://deb.debian.org/debian}

# setup SUITE: ROOT and PKGS of the chroot for SUITE.
setup() {
	cc=$(build_env_cc "$1") || die "no build chroot for '$1' ($BUILD_ENVS)"
	SUITE=$1
	ROOT=$PCDROP_CACHE/chroot/$1
	PKGS=$cc,make,libc6-dev,libelf-dev,bc,kmod,dwarves,sparse,ca-certificates,xz-utils,zstd
}

# The ready stamp records the package list, so a changed list rebuilds it.
ensure() {
	[ "$(cat "$ROOT/.pcdrop-ready" 2>/dev/null)" = "$PKGS" ] && return 0
	command -v debootstrap >/dev/null || die "debootstrap is not installed (apt-get install debootstrap)"
	unmount_stale "$ROOT"
	rm -rf "$ROOT"
	mkdir -p "$(dirname "$ROOT")"
	log "creating the $SUITE build chroot in $ROOT (several minutes, once)"
	# Debian 12's debootstrap has no script for forky; sid's fits every
	# suite after trixie.
	script=/usr/share/debootstrap/scripts/$SUITE
	[ -e "$script" ] || script=/usr/share/debootstrap/scripts/sid
	timed chroot "debootstrap $SUITE build chroot" \
		debootstrap --variant=minbase --include="$PKGS" \
		--keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
		"$SUITE" "$ROOT" "$MIRROR" "$script" >"$ROOT.log" 2>&1 ||
		die "debootstrap failed, see $ROOT.log"
	echo "$PKGS" > "$ROOT/.pcdrop-ready"
}

# Bind mounts are undone on every exit path so the cache can be deleted.
run() {
	dir=$(realpath "$1")
	shift
	# One build at a time per chroot: make check builds two kernels at
	# once, and a second build's bind mounts would stack on the first's;
	# whichever finishes first would pull the kernels folder from under
	# the other's make (seen: getcwd() failed, then as crashed).
	mkdir -p "$(dirname "$ROOT")"
	exec 7>"$ROOT.lock"
	flock 7
	ensure
	mnts=""
	for m in "$dir" "$PCDROP_CACHE/kernels"; do
		mkdir -p "$m" "$ROOT$m"
		mount --bind "$m" "$ROOT$m"
		mnts="$ROOT$m $mnts"
	done
	mount -t proc proc "$ROOT/proc"
	mnts="$ROOT/proc $mnts"
	# shellcheck disable=SC2064
	trap "unmount $mnts" EXIT
	rc=0
	chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root sh -c 'cd "$1" && shift && exec "$@"' sh "$dir" "$@" || rc=$?
	unmount $mnts
	trap - EXIT
	return $rc
}

# unmount MOUNT...: a mount still busy (a process the build left behind)
# is detached lazily; the build's own status is what counts.
unmount() {
	for m in "$@"; do
		umount "$m" 2>/dev/null || umount -l "$m" || true
	done
}

[ $# -ge 2 ] || die "usage: chroot.sh ensure SUITE | run SUITE DIR CMD..."
setup "$2"
case $1 in
ensure)
	# The same lock as run's: make check makes the chroots ahead of
	# the streams that build in them.
	mkdir -p "$(dirname "$ROOT")"
	exec 7>"$ROOT.lock"
	flock 7
	ensure
	;;
run) shift 2; run "$@" ;;
*) die "usage: chroot.sh ensure SUITE | run SUITE DIR CMD..." ;;
esac
