#!/bin/sh
# dkms-chroot.sh - Debian 12 and 13 chroots with DKMS, for the DKMS and
# package tests (tests/dkms/run.sh).
#
# Usage: dkms-chroot.sh ensure NAME            create it once (cached)
#        dkms-chroot.sh root NAME              print its path
#        dkms-chroot.sh headers NAME KVER...   install linux-headers-KVER
#        dkms-chroot.sh run NAME DIR CMD...    run CMD inside it, in DIR
#
# "run" also takes the path of another Debian root for NAME (the system
# tests' images, scripts/sysvm.sh), and "-" for DIR: nothing bind-mounted,
# CMD runs in /.
# NAME is bookworm (Debian 12: dkms 3.0.x, gcc-12, bookworm-security for
# the 6.1 and 6.12 kernels) or trixie (Debian 13 + trixie-backports: dkms
# 3.2.x, gcc-14, the 7.x kernels).  They live in
# $PCDROP_CACHE/chroot/dkms-NAME, apart from the build chroot of chroot.sh,
# because the tests install and remove packages in them.  "run" bind-mounts
# DIR and $PCDROP_WORK (if set) at the same paths and mounts /proc (objtool).
#
# Headers: Debian 12's linux-headers-6.12.* depend on their linux-image
# (or its -unsigned twin); "headers" then installs the -unsigned image
# too, as on a real host (its postinst runs DKMS and update-initramfs,
# once, when the cached chroot is set up).  A stand-in package made with
# dpkg-deb was tried and dropped: apt replaces it by the archive's image
# of the same version on the next install.  The 6.1 and 7.x headers need
# no image.
set -eu
. "$(dirname "$0")/common.sh"

MIRROR=${PCDROP_MIRROR:-http://deb.debian.org/debian}
SECMIRROR=${PCDROP_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
BASE_PKGS=dkms,dh-dkms,debhelper,build-essential,dpkg-dev,make,gcc,libc6-dev,kmod,openssl,xz-utils,zstd,binutils
# The packages are built in the Debian 12 chroot: pcdrop-stat's build needs.
STAT_BUILD_PKGS=clang,bpftool,libbpf-dev,libelf-dev,zlib1g-dev

# pkgs_of NAME: what the chroot NAME has installed.
pkgs_of() {
	case $1 in
	bookworm) echo "$BASE_PKGS,$STAT_BUILD_PKGS" ;;
	*) echo "$BASE_PKGS" ;;
	esac
}

root_of() {
	case $1 in
	bookworm|trixie) echo "$PCDROP_CACHE/chroot/dkms-$1" ;;
	/*) echo "$1" ;;
	*) die "unknown chroot '$1' (bookworm or trixie)" ;;
	esac
}

sources() {
	case $1 in
	bookworm)
		echo "deb $MIRROR bookworm main"
		echo "deb $SECMIRROR bookworm-security main"
		;;
	trixie)
		echo "deb $MIRROR trixie main"
		echo "deb $SECMIRROR trixie-security main"
		echo "deb $MIRROR trixie-backports main"
		;;
	esac
}

# The ready stamp records the package list; the sources are rewritten
# when they change.  A changed list is installed
# into an existing chroot (keeping its headers); if that fails, the chroot
# is made anew.
ensure() {
	root=$(root_of "$1")
	PKGS=$(pkgs_of "$1")
	# One maker at a time: make check makes the chroots ahead of the DKMS
	# stream (tests/run-matrix.sh).
	mkdir -p "$(dirname "$root")"
	exec 6>"$root.lock"
	flock 6
	ensure_locked "$1"
	flock -u 6
}

ensure_locked() {
	if [ "$(cat "$root/.pcdrop-ready" 2>/dev/null)" = "$PKGS" ]; then
		# A suite added since the chroot was made (trixie-security).
		sources "$1" | cmp -s - "$root/etc/apt/sources.list" && return 0
		sources "$1" > "$root/etc/apt/sources.list"
		in_root "$1" apt-get -q update >>"$root.log" 2>&1 ||
			die "apt-get update failed in $root, see $root.log"
		return 0
	fi
	if [ -e "$root/.pcdrop-ready" ]; then
		log "installing $PKGS in the $1 DKMS chroot"
		# shellcheck disable=SC2046
		if in_root "$1" apt-get install -y -q $(echo "$PKGS" | tr , ' ') >>"$root.log" 2>&1; then
			echo "$PKGS" > "$root/.pcdrop-ready"
			return 0
		fi
	fi
	command -v debootstrap >/dev/null || die "debootstrap is not installed (apt-get install debootstrap)"
	unmount_stale "$root"
	rm -rf "$root"
	mkdir -p "$(dirname "$root")"
	log "creating the $1 DKMS chroot in $root (once)"
	timed chroot "debootstrap $1 DKMS chroot" \
		debootstrap --variant=minbase --include="$PKGS" --keyring="$KEYRING" \
		"$1" "$root" "$MIRROR" >"$root.log" 2>&1 ||
		die "debootstrap failed, see $root.log"
	sources "$1" > "$root/etc/apt/sources.list"
	# No documentation or translations: smaller and faster to install.
	cat > "$root/etc/dpkg/dpkg.cfg.d/01-pcdrop-nodoc" <<CFG
path-exclude=/usr/share/doc/*
path-exclude=/usr/share/man/*
path-exclude=/usr/share/locale/*
CFG
	echo 'APT::Install-Recommends "false";' > "$root/etc/apt/apt.conf.d/01-pcdrop"
	chroot "$root" apt-get -q update >>"$root.log" 2>&1 ||
		die "apt-get update failed in $root, see $root.log"
	echo "$PKGS" > "$root/.pcdrop-ready"
}

# in_root NAME CMD...: run CMD in the chroot with /proc mounted, and DIRs
# from $BINDS bind-mounted at the same paths; mounts are undone afterwards
# and on any exit.
MNTS=""
umount_all() {
	for m in $MNTS; do umount "$m" || umount -l "$m"; done
	MNTS=""
}
trap umount_all EXIT
trap 'exit 130' INT TERM

in_root() {
	root=$(root_of "$1")
	shift
	for m in ${BINDS:-}; do
		mkdir -p "$m" "$root$m"
		mount --bind "$m" "$root$m"
		MNTS="$root$m $MNTS"
	done
	mount -t proc proc "$root/proc"
	MNTS="$root/proc $MNTS"
	rc=0
	chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@" || rc=$?
	umount_all
	return $rc
}

headers() {
	name=$1
	shift
	ensure "$name"
	root=$(root_of "$name")
	for kver in "$@"; do
		[ -e "$root/usr/src/linux-headers-$kver/.config" ] && continue
		log "installing linux-headers-$kver in the $name DKMS chroot"
		# A kernel newer than the chroot's package lists: refresh them.
		in_root "$name" apt-cache show "linux-headers-$kver" >/dev/null 2>&1 ||
			in_root "$name" apt-get -q update >&2
		# Debian 12's 6.12 headers depend on their image: take the
		# -unsigned one (no shim/signing packages needed).
		img=""
		if in_root "$name" apt-cache show --no-all-versions "linux-headers-$kver" |
			grep -q "^Depends:.*linux-image-$kver-unsigned"; then
			img=linux-image-$kver-unsigned
		fi
		# Headers' postinst runs DKMS for the new kernel; nothing of
		# ours is registered at this point.
		# shellcheck disable=SC2086
		timed chroot "$name DKMS chroot: install linux-headers-$kver" \
			in_root "$name" apt-get install -y -q "linux-headers-$kver" $img >&2 ||
			die "installing linux-headers-$kver in $name failed"
	done
}

case ${1:-} in
ensure) ensure "$2" ;;
root) root_of "$2" ;;
headers) shift; headers "$@" ;;
run)
	name=$2
	dir=/
	[ "$3" = - ] || dir=$(realpath "$3")
	shift 3
	case $name in /*) ;; *) ensure "$name" ;; esac
	[ "$dir" = / ] || BINDS="$dir ${PCDROP_WORK:+$(realpath "$PCDROP_WORK")}"
	in_root "$name" sh -c 'cd "$1" && shift && exec "$@"' sh "$dir" "$@"
	;;
*) die "usage: dkms-chroot.sh ensure|root NAME | headers NAME KVER... | run NAME DIR CMD..." ;;
esac
