#!/bin/sh
# stress-tools.sh DIR - Debian's stress-ng and fio (suite 63) and
# prometheus' promtool (suite 35), with the shared libraries they load,
# for the busybox guest: DIR/stress-ng, DIR/fio and DIR/promtool run them
# through DIR/lib's own dynamic loader, so the guest needs no libc of its
# own and the host's libraries play no part.
#
# The packages and their dependencies come from Debian 13 (trixie) through
# pcdrop's private apt state (apt-private.sh); the host's apt is never
# used.  Of the ~100 MB the packages unpack to (stress-ng depends on Mesa
# and LLVM, fio on GlusterFS), only the libraries the two binaries load
# are kept: the loader's own --list resolves them.  Cached under
# $PCDROP_CACHE/stress-tools/SUITE; a changed package list rebuilds it.
set -eu
. "$(dirname "$0")/common.sh"

[ $# -eq 1 ] || die "usage: stress-tools.sh DIR"
out=$1
SUITE=trixie
PKGS="stress-ng fio prometheus"
BINS="stress-ng fio promtool"
top=$PCDROP_CACHE/stress-tools/$SUITE
LDSO=usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2

ensure() {
	rm -rf "$top"
	mkdir -p "$top/debs" "$top/root" "$top/tools/lib"
	# The private apt state is shared by every checkout on the machine:
	# kernels.sh's lock keeps another update from replacing the lists
	# while this reads them.
	exec 7>"$PCDROP_CACHE/apt/.index.lock"
	flock 7
	"$(dirname "$0")/apt-private.sh" update
	# The private state lists nothing installed: this fetches the whole
	# dependency closure, libc6 included.
	# shellcheck disable=SC2086
	"$(dirname "$0")/apt-private.sh" get -q -y -t "$SUITE" --download-only \
		-o Dir::Cache::archives="$top/debs" install $PKGS >&2
	flock -u 7
	for deb in "$top"/debs/*.deb; do
		dpkg-deb -x "$deb" "$top/root"
	done
	# Some libraries live in subfolders (fio's librbd needs ceph/'s).
	libpath=$(find "$top/root/usr/lib" -name '*.so*' -printf '%h\n' | sort -u | paste -s -d:)
	for bin in $BINS; do
		cp "$top/root/usr/bin/$bin" "$top/tools/lib/$bin.bin"
		"$top/root/$LDSO" --library-path "$libpath" --list "$top/root/usr/bin/$bin" > "$top/$bin.libs" ||
			die "the loader cannot resolve $bin's libraries, see $top/$bin.libs"
		! grep -q 'not found' "$top/$bin.libs" ||
			die "$bin needs a library no package brought, see $top/$bin.libs"
		awk '$2 == "=>" && $3 ~ /^\// { print $3 }' "$top/$bin.libs" |
			while read -r lib; do cp -L "$lib" "$top/tools/lib/"; done
	done
	cp -L "$top/root/$LDSO" "$top/tools/lib/ld.so"
	for bin in $BINS; do
		# The guest mounts the share at /mnt/host.
		cat > "$top/tools/$bin" <<EOF
#!/bin/sh
# Debian $SUITE's $bin, on its own libraries (scripts/stress-tools.sh).
exec /mnt/host/tools/lib/ld.so --library-path /mnt/host/tools/lib /mnt/host/tools/lib/$bin.bin "\$@"
EOF
		chmod 755 "$top/tools/$bin"
	done
	dpkg-deb -f "$top"/debs/stress-ng_*.deb Version > "$top/tools/stress-ng.version"
	dpkg-deb -f "$top"/debs/fio_*.deb Version > "$top/tools/fio.version"
	rm -rf "$top/debs" "$top/root"
	echo "$PKGS" > "$top/.ready"
}

mkdir -p "$(dirname "$top")" "$PCDROP_CACHE/apt"
# make check prepares two kernels' shares at once.
exec 8>"$top.lock"
flock 8
# A download: setup, which make check's time budget sets apart (time-budget.sh).
[ "$(cat "$top/.ready" 2>/dev/null)" = "$PKGS" ] ||
	timed fetch "stress-ng, fio and promtool (download)" ensure
rm -rf "$out"
cp -r "$top/tools" "$out"
