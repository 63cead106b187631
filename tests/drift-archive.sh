#!/bin/sh
# drift-archive.sh - the drift guard (scripts/drift.sh) against two real
# Debian builds that are not in the matrix, one TAP line each:
#
#   6.12.117+deb13-amd64  trixie's point release; 6.12.118+deb13 (trixie-
#                         security, verified) changed shmem_undo_range().
#                         The guard must fail it naming that function, and
#                         that function only.
#   6.1.0-50-amd64        bookworm's point release (6.1.176); the verified
#                         6.1.0-57 (6.1.192) has the same code in every
#                         listed function, at other addresses.  The guard
#                         must pass it: the normalisation removes the link
#                         layout and nothing else.
#
# Usage: drift-archive.sh OUTDIR
#
# Prints "ok - WHAT", "not ok - WHAT # WHY" or "ok - WHAT # SKIP WHY" per
# build (tests/run-matrix.sh numbers them) and exits 1 on a failure.
# Each image package is downloaded once, with the private apt
# configuration (scripts/apt-private.sh), and only its vmlinux is kept,
# under $PCDROP_CACHE/drift/KVER.  A build Debian no longer carries and
# the cache lacks is a TAP SKIP: pick another pair then (docs/testing.md).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/common.sh"
failed=0
out=$1
mkdir -p "$out"

# download KVER DIR: KVER's image package into DIR.tmp, its vmlinux out.
# Fetches share scripts/kernels.sh's lock on the private apt state.
download() {
	mkdir -p "$PCDROP_CACHE/kernels" "$2.tmp"
	(
		flock 8
		"$top/scripts/apt-private.sh" update &&
			cd "$2.tmp" &&
			"$top/scripts/apt-private.sh" get -q download "linux-image-$1-unsigned" &&
			dpkg-deb --fsys-tarfile ./*.deb | tar -x "./boot/vmlinuz-$1" &&
			"$top/scripts/extract-vmlinux.sh" "boot/vmlinuz-$1" vmlinux
	) 8>"$PCDROP_CACHE/kernels/.fetch.lock" >"$out/fetch-$1.log" 2>&1
}

# vmlinux KVER: $PCDROP_CACHE/drift/KVER/vmlinux, downloaded if missing (a
# "(download)" step: setup, which make check's time budget sets apart).
vmlinux() {
	d=$PCDROP_CACHE/drift/$1
	if [ ! -f "$d/vmlinux" ]; then
		timed fetch "$1 for the drift guard (download)" download "$1" "$d" || {
			rm -rf "$d.tmp"
			return 1
		}
		mkdir -p "$d"
		mv "$d.tmp/vmlinux" "$d/vmlinux"
		rm -rf "$d.tmp"
	fi
	echo "$d/vmlinux"
}

other=6.12.117+deb13-amd64
what="the drift guard fails $other naming shmem_undo_range() alone (6.12.118 changed it)"
if v=$(vmlinux $other); then
	rc=0
	"$top/scripts/drift.sh" check "$v" "$out/$other" > "$out/$other.log" 2>&1 || rc=$?
	bad=$(awk '$3 == "unverified," { printf "%s%s", s, $1; s = " " }' "$out/$other.log")
	if [ "$rc" = 1 ] && [ "$bad" = shmem_undo_range ] && [ -s "$out/$other/shmem_undo_range.diff" ]; then
		echo "ok - $what"
	else
		echo "not ok - $what # exit $rc, unverified: ${bad:-none}; see $out/$other.log"
		failed=1
	fi
else
	echo "ok - $what # SKIP cannot fetch it (see $out/fetch-$other.log)"
fi

# The module's layer (module/drift_guard.c), with its own hash code
# (scripts/drift-fp.c includes module/drift_fp.h), on the same bytes:
# load-time fingerprints of $other matching none (line 1) or one (line 2)
# of the verified builds of its series.
# runtime_verdicts VMLINUX SERIES: "NAME verified|differs" per function.
runtime_verdicts() {
	"$top/scripts/drift.sh" runtime "$1" | awk -v s="$2" '
		BEGIN {
			while ((getline l < ARGV[1]) > 0) {
				split(l, f, " ")
				if (l !~ /^#/ && index(f[5], s) == 1)
					ok[f[1] " " f[2] " " f[3] " " f[4]] = 1
			}
			ARGV[1] = "-"
		}
		$2 != "absent" { print $1, ($0 in ok) ? "verified" : "differs" }' "$top/tests/drift/runtime"
}

# runtime_case KVER SERIES WANT WHAT: one TAP line: the verdicts of
# runtime_verdicts for KVER, on one line, are WANT.
runtime_case() {
	if v=$(vmlinux "$1"); then
		got=$(runtime_verdicts "$v" "$2" | tr '\n' ' ')
		if [ "$got" = "$3" ]; then
			echo "ok - $4"
		else
			echo "not ok - $4 # got: $got"
			failed=1
		fi
	else
		echo "ok - $4 # SKIP cannot fetch it (see $out/fetch-$1.log)"
	fi
}

runtime_case $other 6.12. "shmem_undo_range differs truncate_inode_pages_range verified mapping_try_invalidate verified generic_fadvise verified mapping_evict_folio verified __remove_mapping verified __filemap_remove_folio verified filemap_unaccount_folio verified delete_from_page_cache_batch verified " \
	"the load-time guard finds shmem_undo_range() of $other changed, and only it"

same=6.1.0-50-amd64
what="the drift guard passes $same: 6.1.0-57's code in every function, at other addresses"
if v=$(vmlinux $same); then
	if "$top/scripts/drift.sh" check "$v" "$out/$same" > "$out/$same.log" 2>&1; then
		echo "ok - $what"
	else
		echo "not ok - $what # see $out/$same.log"
		failed=1
	fi
else
	echo "ok - $what # SKIP cannot fetch it (see $out/fetch-$same.log)"
fi

runtime_case $same 6.1. "shmem_undo_range verified truncate_inode_pages_range verified invalidate_mapping_pagevec verified generic_fadvise verified mapping_evict_folio verified __remove_mapping verified __filemap_remove_folio verified filemap_unaccount_folio verified delete_from_page_cache_batch verified " \
	"the load-time guard finds every function of $same verified (6.1.0-57's fingerprints)"
[ "$failed" = 0 ]
