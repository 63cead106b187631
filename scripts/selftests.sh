#!/bin/sh
# selftests.sh KVER - the kernel's own selftests for KVER, built static for
# the guest; prints the folder of the built tests (suite 64 runs them).
#
# The source is Debian's linux-source-X.Y package of the same version as
# KVER's image package (6.1.0-57-amd64 is 6.1.192-3), fetched with the
# private apt state (apt-private.sh).  Only what the tests need is kept:
# tools/, the exported uapi headers (make headers) and mm/gup_test.h, under
# $PCDROP_CACHE/selftests/KVER/src.  The chosen tests (tests/selftests/list)
# are built with KVER's compiler (with-compiler.sh: the host's gcc-12 or a
# build chroot's) into $PCDROP_CACHE/selftests/KVER/bin.  Both steps are
# cached: a second run with the same list costs a few seconds.
set -eu
. "$(dirname "$0")/common.sh"

[ $# = 1 ] || die "usage: selftests.sh KVER"
kver=$1
top=$(cd "$(dirname "$0")/.." && pwd)
APT=$top/scripts/apt-private.sh
LIST=$top/tests/selftests/list
kdir=$PCDROP_CACHE/kernels/$kver
[ -e "$kdir/.ready" ] || die "$kver is not fetched (scripts/kernels.sh fetch)"
dir=$PCDROP_CACHE/selftests/$kver
src=$dir/src
# One fetch and build per kernel at a time: make check's two lanes, and
# other checkouts, share the cache.
mkdir -p "$PCDROP_CACHE/selftests"
exec 9>"$dir.lock"
flock 9

# The version of KVER's image package, from kernels.sh's index.
version() {
	awk -v a="linux-image-$kver" -v b="linux-image-$kver-unsigned" \
		'$1 == a || $1 == b { print $2 }' "$PCDROP_CACHE/apt/linux.index" |
		sort -uV | tail -n 1
}

# unpack: the source of exactly that version, reduced to tools/, the
# uapi headers and mm/gup_test.h.
unpack() {
	ver=$(version)
	[ -n "$ver" ] || die "no image package for $kver in $PCDROP_CACHE/apt/linux.index"
	series=$(echo "$ver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
	rm -rf "$dir"
	mkdir -p "$dir/deb" "$dir/tmp"
	log "fetching linux-source-$series=$ver for $kver"
	(cd "$dir/deb" && "$APT" get -q download "linux-source-$series=$ver" >&2) ||
		die "downloading linux-source-$series=$ver failed"
	dpkg-deb --fsys-tarfile "$dir"/deb/linux-source-*.deb |
		tar -x -C "$dir/tmp" --wildcards '*/linux-source-*.tar.xz'
	tarball=$(find "$dir/tmp" -name 'linux-source-*.tar.xz' | head -n 1)
	[ -n "$tarball" ] || die "no source tarball in linux-source-$series"
	# make headers needs the top folder, scripts/, include/ and arch/x86/;
	# drivers, file systems, sound and the other architectures are most
	# of the 1.5 GB unpacked.
	mkdir -p "$dir/full"
	tar -xJf "$tarball" -C "$dir/full" --strip-components=1 \
		--exclude='*/drivers' --exclude='*/sound' --exclude='*/Documentation' \
		--exclude='*/fs' --exclude='*/net' --exclude='*/arch/[a-w]*' \
		--exclude='*/arch/xtensa'
	rm -rf "$dir/deb" "$dir/tmp"
	# The headers the selftests include (KHDR_INCLUDES, usr/include).
	make -s -C "$dir/full" ARCH=x86 headers >"$dir/headers.log" 2>&1 ||
		die "make headers failed, see $dir/headers.log"
	# The mm tests include the kernel's mm/gup_test.h (its ioctls).
	mkdir -p "$src/mm"
	mv "$dir/full/tools" "$dir/full/usr" "$src/"
	mv "$dir/full/mm/gup_test.h" "$src/mm/"
	rm -rf "$dir/full"
	echo "$ver" > "$dir/version"
}

# A download: setup, which make check's time budget sets apart (time-budget.sh).
[ -e "$dir/version" ] || timed fetch "linux-source for $kver (download)" unpack

# The mm selftests were in vm/ before 6.3.
mm=mm
[ -d "$src/tools/testing/selftests/mm" ] || mm=vm

# The binaries the list names, per folder: "DIR PROG...".
stamp=$(sha256sum "$LIST" "$0" | sha256sum | cut -c1-16)
bin=$dir/bin
if [ "$(cat "$bin/.stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$bin"
	mkdir -p "$bin"
	cc=$(cat "$kdir/compiler")
	# build DIR PROG EXTRA_CFLAGS: log in $bin/PROG.log.
	build() {
		"$top/scripts/with-compiler.sh" "$kver" "$dir" \
			make -s -C "$1" CC="$cc" LDFLAGS=-static EXTRA_CFLAGS="$3" \
			OUTPUT="$bin" "$bin/$2" >"$bin/$2.log" 2>&1
	}
	[ "$(build_env "$cc")" != host ] || cc=gcc
	for d in memfd mm; do
		progs=$(grep -v '^#' "$LIST" | awk -v d="$d" '$1 == d { print $2 }' | sort -u)
		sd=$src/tools/testing/selftests/$d
		[ "$d" = mm ] && sd=$src/tools/testing/selftests/$mm
		for p in $progs; do
			# A test this kernel's source does not have is a SKIP
			# of the suite; one that does not build fails it.
			if [ ! -e "$sd/$p.c" ]; then
				echo "$p" >> "$bin/absent"
				continue
			fi
			if build "$sd" "$p" "" ||
				# Debian's 6.12.118 khugepaged.c returns
				# KSFT_SKIP without including kselftest.h (a
				# stable backport that missed the include).
				{ grep -q "'KSFT_SKIP' undeclared" "$bin/$p.log" &&
				  build "$sd" "$p" "-include $src/tools/testing/selftests/kselftest.h"; }; then
				rm -f "$bin/$p.log"
			else
				echo "$p: see $bin/$p.log" >> "$bin/unbuilt"
				rm -f "$bin/$p"
			fi
		done
	done
	echo "$stamp" > "$bin/.stamp"
fi
echo "$bin"
