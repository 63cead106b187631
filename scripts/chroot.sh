#!/bin/sh
# chroot.sh - the Debian 13 (trixie) build chroot for kernels built with gcc-14.
#
# Usage: chroot.sh ensure          create it once (cached under $PCDROP_CACHE)
#        chroot.sh run DIR CMD...  run CMD inside it with DIR bind-mounted at
#                                  the same path, plus $PCDROP_CACHE and /proc
#
# Debian 13's kernels are built with gcc-14, which bookworm cannot install
# without upgrading libc6, so modules for them are built in this chroot.
# objtool reads /proc, hence the /proc mount.
set -eu
. "$(dirname "$0")/common.sh"

ROOT=$PCDROP_CACHE/chroot/trixie
MIRROR=${PCDROP_MIRROR:-http://deb.debian.org/debian}
PKGS=gcc-14,make,libc6-dev,libelf-dev,bc,kmod,dwarves,sparse,ca-certificates,xz-utils,zstd

# The ready stamp records the package list, so a changed list rebuilds it.
ensure() {
	[ "$(cat "$ROOT/.pcdrop-ready" 2>/dev/null)" = "$PKGS" ] && return 0
	command -v debootstrap >/dev/null || die "debootstrap is not installed (apt-get install debootstrap)"
	unmount_stale "$ROOT"
	rm -rf "$ROOT"
	mkdir -p "$(dirname "$ROOT")"
	log "creating the trixie build chroot in $ROOT (several minutes, once)"
	debootstrap --variant=minbase --include="$PKGS" \
		--keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
		trixie "$ROOT" "$MIRROR" >"$ROOT.log" 2>&1 ||
		die "debootstrap failed, see $ROOT.log"
	echo "$PKGS" > "$ROOT/.pcdrop-ready"
}

# Bind mounts are undone on every exit path so the cache can be deleted.
run() {
	dir=$(realpath "$1")
	shift
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
	trap "umount $mnts" EXIT
	rc=0
	chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root sh -c 'cd "$1" && shift && exec "$@"' sh "$dir" "$@" || rc=$?
	return $rc
}

case ${1:-} in
ensure) ensure ;;
run) shift; run "$@" ;;
*) die "usage: chroot.sh ensure | run DIR CMD..." ;;
esac
