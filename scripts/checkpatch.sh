#!/bin/sh
# checkpatch.sh FILE... - run the kernel's checkpatch.pl --strict on files.
#
# checkpatch.pl comes from Debian's linux-source-7.3 package, fetched once
# through the private apt configuration; only the three files it needs
# are kept under $PCDROP_CACHE/checkpatch.
set -eu
. "$(dirname "$0")/common.sh"

dir=$PCDROP_CACHE/checkpatch
if [ ! -x "$dir/scripts/checkpatch.pl" ]; then
	apt=$(cd "$(dirname "$0")" && pwd)/apt-private.sh
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	"$apt" update
	(cd "$tmp" && "$apt" get -q download linux-source-7.3 >&2)
	dpkg-deb --fsys-tarfile "$tmp"/linux-source-7.3_*.deb |
		tar -x -C "$tmp" --wildcards '*/linux-source-7.3.tar.xz'
	mkdir -p "$dir"
	tar -xJf "$tmp"/usr/src/linux-source-7.3.tar.xz -C "$dir" --strip-components=1 \
		linux-source-7.3/scripts/checkpatch.pl \
		linux-source-7.3/scripts/spelling.txt \
		linux-source-7.3/scripts/const_structs.checkpatch
fi
# Two rules are for in-tree code only, and both apply to module/kernel_api.h
# alone: LINUX_VERSION_CODE (an out-of-tree module for several kernels needs
# it) and WEAK_DECLARATION (the weak declarations there are what
# scripts/klp-convert turns into livepatch relocations; it checks that
# none survives).
# Run from outside the checkout: in a git tree, checkpatch.pl leaves its
# .checkpatch-camelcase.git.* cache in the current folder.
files=""
for f in "$@"; do
	files="$files $(realpath "$f")"
done
cd "$dir"
# shellcheck disable=SC2086
exec perl "$dir/scripts/checkpatch.pl" --strict --no-tree --terse \
	--ignore SPDX_LICENSE_TAG,FILE_PATH_CHANGES,LINUX_VERSION_CODE,WEAK_DECLARATION -f $files
