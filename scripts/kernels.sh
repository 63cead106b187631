#!/bin/sh
# kernels.sh - the stock Debian kernels pcdrop is built and tested on.
#
# Usage: kernels.sh list [ROLE]      names of tests/kernels.list (full, smoke)
#        kernels.sh field NAME COL   one column of NAME's line (release,
#                                    suites, compiler, flavour, role, debian)
#        kernels.sh resolve NAME     the newest release of NAME in Debian's
#                                    archive; exit 3 if Debian carries none
#        kernels.sh fetch NAME|KVER  download and unpack it; print the release
#        kernels.sh table            the README's table of supported kernels
#        kernels.sh canaries         "SERIES KVER headers|no-headers" for the
#                                    newest build of every generic x86_64
#                                    kernel series in the archive that
#                                    tests/kernels.list lacks
#
# Debian replaces kernel builds, so each name of the list is resolved at run
# time to the newest release that matches its pattern and flavour in one of
# its suites.  Pin one with PCDROP_KVER_<name>, '.', '+' and '-' in the name
# turned into '_' (PCDROP_KVER_6_12_deb12=6.12.118+deb12-amd64).
#
# Each release is unpacked under $PCDROP_CACHE/kernels/KVER/:
#   root/        the image, modules and headers packages, unpacked
#   vmlinuz      the kernel as Debian ships it
#   vmlinux      the same, uncompressed, for a fast PVH boot
#   modules/     lib/modules/KVER of the image (plus linux-modules on 7.x)
#   kdir         a symlink to the headers (the KDIR to build against)
#   compiler     gcc-N, read from the headers' dependencies (with-compiler.sh)
# A release already unpacked is never downloaded again.  Fetches take a
# lock: the private apt state is shared by every checkout on the machine.
set -eu
. "$(dirname "$0")/common.sh"

APT="$(cd "$(dirname "$0")" && pwd)/apt-private.sh"
LIST=$(cd "$(dirname "$0")/.." && pwd)/tests/kernels.list

entries() {
	grep -v -e '^#' -e '^[[:space:]]*$' "$LIST"
}

list() {
	entries | awk -v r="${1:-}" 'r == "" || $6 == r { printf "%s%s", s, $1; s = " " }
		END { print "" }'
}

# field NAME COLUMN
field() {
	line=$(entries | awk -v n="$1" '$1 == n')
	[ -n "$line" ] || die "unknown kernel '$1' (known: $(list))"
	echo "$line" | awk -v c="$2" '
		BEGIN { split("name release suites compiler flavour role", k, " ") }
		{ for (i = 1; i <= 6; i++) if (k[i] == c) { print $i; exit }
		  if (c == "debian") { $1 = $2 = $3 = $4 = $5 = $6 = ""; sub(/^ +/, ""); print; exit }
		  exit 1 }' || die "unknown column '$2'"
}

pinned() {
	eval "echo \${PCDROP_KVER_$(echo "$1" | tr '.+-' '___'):-}"
}

# load_index: INDEX, "PACKAGE VERSION SUITE DEPENDS" for every linux-*
# package of the private archive, rebuilt after each index update (one
# apt-cache call per package would take minutes with this many suites).
# make check's streams start at once: the update and the rebuild take a
# lock, and a failure stops the command (it must not read as "Debian
# carries no such kernel").
load_index() {
	INDEX=$PCDROP_CACHE/apt/linux.index
	mkdir -p "$PCDROP_CACHE/apt"
	exec 7>"$PCDROP_CACHE/apt/.index.lock"
	flock 7
	"$APT" update || die "updating the private package lists failed"
	if [ ! -s "$INDEX" ] || [ -n "$(find "$PCDROP_CACHE/apt/state/updated" -newer "$INDEX")" ]; then
		for f in "$PCDROP_CACHE"/apt/state/lists/*_Packages*; do
			suite=$(basename "$f" | sed -E 's/.*_dists_([^_]+)_.*/\1/')
			/usr/lib/apt/apt-helper cat-file "$f" | awk -v s="$suite" '
				/^Package: / { p = $2; v = ""; d = "" }
				/^Version: / { v = $2 }
				/^Depends: / { d = substr($0, 10); gsub(/ /, "", d) }
				/^$/ { if (p ~ /^linux-/) print p, v, s, d; p = "" }' ||
				die "cannot read $f"
		done > "$INDEX.tmp"
		[ -s "$INDEX.tmp" ] || die "no linux-* package in the private package lists"
		mv "$INDEX.tmp" "$INDEX"
	fi
	flock -u 7
}

# releases PATTERN: kernel releases whose image package matches, newest
# first (signed and -unsigned images count once).
releases() {
	awk '{ print $1 }' "$INDEX" | grep -E "^linux-image-($1)(-unsigned)?\$" |
		sed -e 's/^linux-image-//' -e 's/-unsigned$//' | sort -urV
}

# suites_of PKG: the suites the archive has PKG in.
suites_of() {
	awk -v p="$1" '$1 == p { print $3 }' "$INDEX"
}

resolve() {
	pin=$(pinned "$1")
	if [ -n "$pin" ]; then
		echo "$pin"
		return
	fi
	pat="$(field "$1" release)-$(field "$1" flavour)"
	suites=$(field "$1" suites | tr , ' ')
	for kver in $(releases "$pat"); do
		# Debian keeps old backports images longer than their headers.
		[ -n "$(suites_of "linux-headers-$kver")" ] || continue
		for s in $(suites_of "linux-image-$kver") $(suites_of "linux-image-$kver-unsigned"); do
			case " $suites " in
			*" $s "*) echo "$kver"; return ;;
			esac
		done
	done
	echo "Debian carries no $1 kernel with headers (linux-image-$pat in $suites)" >&2
	exit 3
}

# ctl PKG Version|Depends: a field of the newest version of PKG.
ctl() {
	awk -v p="$1" '$1 == p { print $2, $4 }' "$INDEX" | sort -rV | head -n 1 |
		awk -v f="$2" '{ print f == "Version" ? $1 : $2 }'
}

# The compiler Debian built KVER with, from its headers' dependencies
# (gcc-N-for-host on Debian 13 and later, linux-compiler-gcc-N-x86 before).
compiler() {
	c=$(ctl "linux-headers-$1" Depends | grep -o -E 'gcc-[0-9]+' | head -n 1)
	[ -n "$c" ] || die "cannot tell which gcc built $1"
	echo "$c"
}

# Packages that make up KVER: the image (signed if Debian has it), the
# headers, and their dependencies that belong to this kernel build.
packages() {
	kver=$1
	stem=${kver%-amd64}
	stem=${stem%-cloud}
	stem=${stem%-rt}
	img=linux-image-$kver
	[ -n "$(ctl "$img" Version)" ] || img=$img-unsigned
	[ -n "$(ctl "$img" Version)" ] || die "neither $img nor linux-image-$kver in the archive"
	todo="$img linux-headers-$kver"
	seen=""
	while [ -n "$todo" ]; do
		set -- $todo
		p=$1
		shift
		todo="$*"
		case " $seen " in *" $p "*) continue ;; esac
		seen="$seen $p"
		ver=$(ctl "$p" Version)
		# An alternative Debian does not build (a signed image) has none.
		[ -n "$ver" ] || continue
		echo "$p=$ver"
		deps=$(ctl "$p" Depends | tr ',|' '\n\n' | sed -e 's/(.*//')
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
	case $1 in
	*-amd64) kver=$1 ;;
	*) kver=$(resolve "$1") ;;
	esac
	dir=$PCDROP_CACHE/kernels/$kver
	if [ -e "$dir/.ready" ]; then
		# Caches from before the compiler was read from the headers
		# say "host" or "trixie".
		grep -q '^gcc-[0-9]*$' "$dir/compiler" || compiler "$kver" > "$dir/compiler"
		echo "$kver"
		return
	fi
	mkdir -p "$PCDROP_CACHE/kernels"
	exec 8>"$PCDROP_CACHE/kernels/.fetch.lock"
	flock 8
	if [ ! -e "$dir/.ready" ]; then
		log "fetching $kver"
		rm -rf "$dir"
		mkdir -p "$dir/debs" "$dir/root"
		pkgs=$(packages "$kver")
		cc=$(compiler "$kver")
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
		echo "$cc" > "$dir/compiler"
		rm -rf "$dir/debs"
		touch "$dir/.ready"
	fi
	flock -u 8
	echo "$kver"
}

# Every generic x86_64 kernel image in the archive, as "SERIES KVER" with
# SERIES = major.minor plus its +debN tag, minus the builds the list covers
# (whatever their flavour: cloud and rt follow their generic build).
# Meta packages (linux-image-amd64, a series' linux-image-X.Y-amd64 in
# Debian 12) are not kernels: only images that need an initramfs tool are.
canaries() {
	listed=$(entries | awk '{ printf "%s%s", s, $2; s = "|" }')
	for kver in $(releases '[0-9][^ ]*-amd64' | grep -v -E -e '-(cloud|rt)-amd64$' -e '-dbg$' |
			grep -v -E "^($listed)-amd64\$"); do
		ctl "linux-image-$kver" Depends | grep -q initramfs ||
			ctl "linux-image-$kver-unsigned" Depends | grep -q initramfs || continue
		series=$(echo "$kver" | sed -E 's/^([0-9]+\.[0-9]+)[^+]*(\+deb[0-9]+)?-amd64$/\1\2/')
		h=headers
		[ -n "$(suites_of "linux-headers-$kver")" ] || h=no-headers
		echo "$series $kver $h"
	done | sort -V -k1,1 -k2,2 |
		awk '{ last[$1] = $2 " " $3; if (!($1 in seen)) { seen[$1] = 1; o[++n] = $1 } }
		END { for (i = 1; i <= n; i++) print o[i], last[o[i]] }'
}

# The README's "Supported kernels" table, less its last column (the
# newest build tested, which tests/readme-kernels.sh leaves to the README).
table() {
	echo "| kernel | release | suites | compiler | flavour | tests | serves |"
	echo "|---|---|---|---|---|---|---|"
	for n in $(list); do
		printf '| %s | `%s` | %s | %s | %s | %s | Debian %s |\n' "$n" \
			"$(field "$n" release)-$(field "$n" flavour)" "$(field "$n" suites)" \
			"$(field "$n" compiler)" "$(field "$n" flavour)" "$(field "$n" role)" \
			"$(field "$n" debian)"
	done
}

case ${1:-} in
list) list "${2:-}" ;;
table) table ;;
field) field "$2" "$3" ;;
resolve) load_index; resolve "$2" ;;
fetch) load_index; fetch "$2" ;;
canaries) load_index; canaries ;;
*) die "usage: kernels.sh list [ROLE] | field NAME COLUMN | table | resolve NAME | fetch NAME|KVER | canaries" ;;
esac
