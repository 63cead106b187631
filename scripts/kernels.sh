#!/bin/sh
# kernels.sh - fetch the stock Debian kernels pcdrop is built and tested on.
#
# Usage: kernels.sh resolve SERIES   print the newest kernel release of SERIES
#        kernels.sh fetch SERIES     download and unpack it; print the release
#        kernels.sh list             the series names, default first
#
# SERIES is 6.1, 6.12 or 7.  Debian replaces kernel builds, so the newest
# build of a series is looked up at run time; pin one with
# PCDROP_KVER_6_1=6.1.0-57-amd64 (PCDROP_KVER_6_12, PCDROP_KVER_7 likewise).
#
# Each release is unpacked under $PCDROP_CACHE/kernels/KVER/:
#   root/        the image, modules and headers packages, unpacked
#   vmlinuz      the kernel as Debian ships it
#   vmlinux      the same, uncompressed, for a fast PVH boot
#   modules/     lib/modules/KVER of the image (plus linux-modules on 7.x)
#   kdir         a symlink to the headers (the KDIR to build against)
#   compiler     "host" (gcc-12 on bookworm) or "trixie" (gcc-14 chroot)
# A release already unpacked is never downloaded again.
set -eu
. "$(dirname "$0")/common.sh"

APT="$(cd "$(dirname "$0")" && pwd)/apt-private.sh"
SERIES_ALL="6.12 6.1 7"

pattern() {
	case $1 in
	6.1) echo '^linux-image-6\.1\.0-[0-9]+-amd64(-unsigned)?$' ;;
	6.12) echo '^linux-image-6\.12\.[0-9]+\+deb12-amd64(-unsigned)?$' ;;
	7) echo '^linux-image-7\.[0-9]+\.[0-9]+\+deb13-amd64(-unsigned)?$' ;;
	*) die "unknown series '$1' (known: $SERIES_ALL)" ;;
	esac
}

pinned() {
	eval "echo \${PCDROP_KVER_$(echo "$1" | tr . _):-}"
}

resolve() {
	pin=$(pinned "$1")
	if [ -n "$pin" ]; then
		echo "$pin"
		return
	fi
	"$APT" update
	kver=$("$APT" cache search --names-only "$(pattern "$1")" |
		sed -e 's/ .*//' -e 's/^linux-image-//' -e 's/-unsigned$//' |
		sort -uV | tail -n 1)
	[ -n "$kver" ] || die "no kernel of series $1 in the archive"
	echo "$kver"
}

# field PKG NAME: one control field of the candidate version of PKG.
field() {
	"$APT" cache show --no-all-versions "$1" 2>/dev/null |
		sed -n "s/^$2: //p" | head -n 1
}

# Packages that make up KVER: the image (signed if Debian has it), the
# headers, and their dependencies that belong to this kernel build.
packages() {
	kver=$1
	stem=${kver%-amd64}
	img=linux-image-$kver
	[ -n "$(field "$img" Version)" ] || img=$img-unsigned
	[ -n "$(field "$img" Version)" ] || die "neither $img nor linux-image-$kver in the archive"
	todo="$img linux-headers-$kver"
	seen=""
	while [ -n "$todo" ]; do
		set -- $todo
		p=$1
		shift
		todo="$*"
		case " $seen " in *" $p "*) continue ;; esac
		seen="$seen $p"
		ver=$(field "$p" Version)
		# An alternative Debian does not build (a signed image) has none.
		[ -n "$ver" ] || continue
		echo "$p=$ver"
		deps=$(field "$p" Depends | tr ',|' '\n\n' | sed -e 's/^ *//' -e 's/ .*//')
		for d in $deps; do
			case $d in
			linux-*"$stem"*|linux-kbuild-*) todo="$todo $d" ;;
			esac
		done
	done
}

# Debian's headers refer to their common half and to kbuild by absolute
# /usr/... paths; point those at the unpacked copy.
fix_headers() {
	root=$1
	for f in "$root"/usr/src/linux-headers-*/Makefile; do
		sed -i "s|\([= ]\)/usr/src/|\1$root/usr/src/|g" "$f"
	done
	find "$root/usr/src" -type l | while read -r l; do
		t=$(readlink "$l")
		case $t in
		/*) ln -sfn "$root$t" "$l" ;;
		esac
	done
}

fetch() {
	kver=$(resolve "$1")
	dir=$PCDROP_CACHE/kernels/$kver
	if [ ! -e "$dir/.ready" ]; then
		log "fetching $kver"
		"$APT" update
		rm -rf "$dir"
		mkdir -p "$dir/debs" "$dir/root"
		pkgs=$(packages "$kver")
		# shellcheck disable=SC2086
		(cd "$dir/debs" && "$APT" get -q download $pkgs >&2) ||
			die "downloading $kver failed"
		for deb in "$dir"/debs/*.deb; do
			dpkg-deb -x "$deb" "$dir/root"
		done
		fix_headers "$dir/root"
		mods=$(find "$dir/root" -maxdepth 4 -type d -path "*/lib/modules/$kver" | head -n 1)
		[ -d "$mods/kernel" ] || die "$kver: no modules in its packages"
		ln -sfn "$mods" "$dir/modules"
		vmlinuz=$(find "$dir/root" -name "vmlinuz-$kver" -o -path "*/$kver/vmlinuz" | head -n 1)
		[ -f "$vmlinuz" ] || die "$kver: no vmlinuz in its packages"
		ln -sfn "$vmlinuz" "$dir/vmlinuz"
		"$(dirname "$0")/extract-vmlinux.sh" "$vmlinuz" "$dir/vmlinux"
		ln -sfn "$dir/root/usr/src/linux-headers-$kver" "$dir/kdir"
		case $1 in
		7) echo trixie ;;
		*) echo host ;;
		esac > "$dir/compiler"
		rm -rf "$dir/debs"
		touch "$dir/.ready"
	fi
	echo "$kver"
}

case ${1:-} in
resolve) resolve "$2" ;;
fetch) fetch "$2" ;;
list) echo "$SERIES_ALL" ;;
*) die "usage: kernels.sh resolve|fetch SERIES | list" ;;
esac
