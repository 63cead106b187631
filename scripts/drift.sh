#!/bin/sh
# drift.sh - the drift guard: is each kernel function pcdrop replaces, jumps
# into, copies or mirrors (tests/drift/functions) what it was verified with?
#
# Usage: drift.sh listings KVER|VMLINUX DIR  DIR/NAME.s per function, and
#                                            DIR/symbols ("NAME SYMBOL START
#                                            END" per piece); prints "NAME
#                                            FINGERPRINT"
#        drift.sh check KVER|VMLINUX DIR     also "verified BUILD" or
#                                            "unverified, nearest BUILD (N
#                                            lines differ)" per function, and
#                                            DIR/NAME.diff against the
#                                            nearest; exit 1 if one is
#                                            unverified
#        drift.sh verify KVER                add KVER's fingerprints to the
#                                            verified ones (after reading the
#                                            change), and its load-time ones
#        drift.sh runtime KVER|VMLINUX       the load-time fingerprints: "NAME
#                                            SIZE HASH MASK" per function
#                                            marked "load" in
#                                            tests/drift/functions
#        drift.sh table                      module/drift_verified.h from
#                                            tests/drift/runtime
#
# KVER is a build unpacked by scripts/kernels.sh ($PCDROP_CACHE/kernels/KVER).
# Gating by series does not notice a stable fix to one of these functions
# (6.12.118 changed shmem_undo_range()); a fingerprint per build does.  The
# fingerprint is the first 16 hex digits of the SHA-256 of the function's
# normalised disassembly (scripts/drift-normalise.awk: no addresses, every
# target by name), taken from the build's vmlinux with objdump and named
# by the kallsyms tables inside it (scripts/kallsyms-map.c): Debian's
# System.map only points at the -dbg package.
#
# tests/drift/verified holds "NAME FINGERPRINT BUILD" per function and
# verified build, tests/drift/listings/NAME/FINGERPRINT.lst the listing
# that a new build is compared with.
#
# The module checks the functions marked "load" in tests/drift/functions
# again at load time (module/drift_guard.c), on the user's kernel, which no
# make check saw: by size and a hash of the bytes that runtime patching and
# the link layout leave alone (module/drift_fp.h, scripts/drift-mask.awk).  Their verified
# values are in tests/drift/runtime ("NAME SIZE HASH MASK BUILD"), and
# compiled into the module from module/drift_verified.h.
set -eu
. "$(dirname "$0")/common.sh"

top=$(cd "$(dirname "$0")/.." && pwd)
FUNCTIONS=$top/tests/drift/functions
VERIFIED=$top/tests/drift/verified
LISTINGS=$top/tests/drift/listings
# PCDROP_DRIFT_RUNTIME: another file of load-time fingerprints for table
# (the test of the module's guard builds it with another build's).
RUNTIME=${PCDROP_DRIFT_RUNTIME:-$top/tests/drift/runtime}
TABLE=$top/module/drift_verified.h

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# vmlinux KVER|VMLINUX
vmlinux() {
	if [ -f "$1" ]; then
		echo "$1"
	elif [ -f "$PCDROP_CACHE/kernels/$1/vmlinux" ]; then
		echo "$PCDROP_CACHE/kernels/$1/vmlinux"
	else
		die "no vmlinux for $1 (scripts/kernels.sh fetch $1)"
	fi
}

functions() {
	awk '!/^#/ && NF { print $1 }' "$FUNCTIONS"
}

# ranges VMLINUX KALLSYMS: KALLSYMS, and $tmp/ranges with
# "@@ NAME SYMBOL START END" for each function and gcc's clones of it.
ranges() {
	cc -O2 -Wall -Wextra -o "$tmp/kallsyms-map" "$top/scripts/kallsyms-map.c"
	"$tmp/kallsyms-map" "$1" > "$2"
	# "@@ NAME SYMBOL START END" for the function and gcc's clones of it,
	# in name order; END is the next symbol's address.
	functions | awk -v map="$2" '
		{ want[$1] = 1 }
		END {
			while ((getline l < map) > 0) {
				split(l, f, " ")
				if (n != "" && f[1] > start) {
					print "@@", n, s, start, f[1]
					n = ""
				}
				if (f[2] !~ /^[tT]$/)
					continue
				base = f[3]
				sub(/(\.(part|isra|constprop|cold)(\.[0-9]+)?)+$/, "", base)
				if (base in want) {
					n = base
					s = f[3]
					start = f[1]
				}
			}
		}' | sort -k2,3 > "$tmp/ranges"
}

# listings VMLINUX DIR: DIR/NAME.s and "NAME FINGERPRINT" for each function.
listings() {
	mkdir -p "$2"
	ranges "$1" "$2/kallsyms"
	# What suite 20 checks against the booted kernel's /proc/kallsyms.
	awk '{ print $2, $3, $4, $5 }' "$tmp/ranges" > "$2/symbols"
	while read -r _at n s start end; do
		echo "@@ $n.$s $start $end"
		objdump -d --no-show-raw-insn --start-address="0x$start" \
			--stop-address="0x$end" "$1" | tail -n +8
	done < "$tmp/ranges" > "$tmp/objdump"
	awk -f "$top/scripts/drift-normalise.awk" "$2/kallsyms" "$tmp/objdump" > "$tmp/all"
	for n in $(functions); do
		# "<NAME.SYMBOL>:" starts each of NAME's symbols.
		awk -v n="$n" '/^</ { on = index($0, "<" n ".") == 1; if (on) sub("<" n ".", "<") }
			on' "$tmp/all" > "$2/$n.s"
		[ -s "$2/$n.s" ] || echo absent > "$2/$n.s"
		echo "$n $(sha256sum < "$2/$n.s" | cut -c 1-16)"
	done
}

# check VMLINUX DIR
check() {
	listings "$1" "$2" > "$2.fingerprints"
	bad=0
	while read -r n fp; do
		builds=$(awk -v n="$n" -v f="$fp" '$1 == n && $2 == f { printf "%s%s", s, $3; s = "," }' "$VERIFIED")
		if [ -n "$builds" ]; then
			echo "$n $fp verified $builds"
			continue
		fi
		bad=1
		best=""
		for h in $(awk -v n="$n" '$1 == n { print $2 }' "$VERIFIED" | sort -u); do
			l=$LISTINGS/$n/$h.lst
			[ -f "$l" ] || continue
			d=$(diff "$l" "$2/$n.s" | grep -c '^[<>]' || true)
			if [ -z "$best" ] || [ "$d" -lt "$best" ]; then
				best=$d
				near=$l
			fi
		done
		if [ -z "$best" ]; then
			echo "$n $fp unverified, and no verified listing"
			continue
		fi
		nfp=$(basename "$near" .s)
		nb=$(awk -v n="$n" -v f="$nfp" '$1 == n && $2 == f { printf "%s%s", s, $3; s = "," }' "$VERIFIED")
		diff -u --label "$n $nfp ($nb)" --label "$n $fp" "$near" "$2/$n.s" > "$2/$n.diff" || true
		echo "$n $fp unverified, nearest $nb ($best lines differ)"
	done < "$2.fingerprints"
	return $bad
}

# runtime VMLINUX: "NAME SIZE HASH MASK" per function the module checks at
# load time, from its symbol alone (not its clones), or "NAME absent".
runtime() {
	vml=$1
	ranges "$1" "$tmp/kallsyms"
	cc -O2 -Wall -Wextra -o "$tmp/drift-fp" "$top/scripts/drift-fp.c"
	for n in $(awk '!/^#/ && $2 == "load" { print $1 }' "$FUNCTIONS"); do
		r=$(awk -v n="$n" '$2 == n && $3 == n { print $4, $5 }' "$tmp/ranges")
		if [ -z "$r" ]; then
			echo "$n absent"
			continue
		fi
		# shellcheck disable=SC2086
		set -- $r
		echo "$n $(objdump -d --insn-width=16 --start-address="0x$1" \
			--stop-address="0x$2" "$vml" | awk -f "$top/scripts/drift-mask.awk" |
			"$tmp/drift-fp")"
	done
}

# table: module/drift_verified.h, the verified load-time fingerprints per
# series, one entry for the builds that share one.
table() {
	awk '
	function series(b,   v) {
		split(b, v, /[.-]/)
		return v[1] ", " v[2]
	}
	!/^#/ && NF == 5 {
		s = series($5)
		k = s SUBSEP $1 SUBSEP $2 SUBSEP $3 SUBSEP $4
		if (!(k in builds)) {
			order[++n] = k
			if (!(s in seen)) {
				seen[s] = 1
				ser[++ns] = s
			}
			builds[k] = $5
		} else
			builds[k] = builds[k] " " $5
	}
	END {
		print "/* SPDX-License-Identifier: GPL-2.0 */"
		print "/*"
		print " * drift_verified.h - the load-time fingerprints of the verified builds,"
		print " * generated by scripts/drift.sh table from tests/drift/runtime: do not"
		print " * edit (make check fails when the two differ)."
		print " */"
		for (j = 1; j <= ns; j++) {
			printf "#%s PCDROP_SERIES(%s)\n", j == 1 ? "if" : "elif", ser[j]
			for (i = 1; i <= n; i++) {
				split(order[i], f, SUBSEP)
				if (f[1] != ser[j])
					continue
				printf "static const struct pcdrop_fp_mask pcdrop_mask_%d[] = {\n", i
				m = split(f[5], r, ",")
				line = "\t"
				for (k = 1; k <= m; k++) {
					split(r[k], ol, ":")
					item = "{ " ol[1] ", " ol[2] " },"
					if (length(line) + length(item) > 72) {
						print line
						line = "\t"
					}
					line = line (line == "\t" ? "" : " ") item
				}
				print line
				print "};"
				print ""
			}
			print "static const struct pcdrop_fp pcdrop_verified[] = {"
			for (i = 1; i <= n; i++) {
				split(order[i], f, SUBSEP)
				if (f[1] != ser[j])
					continue
				printf "\t{ \"%s\", %s, 0x%sULL,\n", f[2], f[3], f[4]
				printf "\t  pcdrop_mask_%d, ARRAY_SIZE(pcdrop_mask_%d),\n", i, i
				printf "\t  \"%s\" },\n", builds[order[i]]
			}
			print "};"
		}
		print "#else"
		print "/* A series no build of which is verified: every function differs. */"
		print "static const struct pcdrop_fp pcdrop_verified[] = { };"
		print "#endif"
	}' "$RUNTIME"
}

# verify KVER: its fingerprints become verified ones.
verify() {
	listings "$(vmlinux "$1")" "$tmp/l" > "$tmp/fp"
	while read -r n fp; do
		mkdir -p "$LISTINGS/$n"
		cp "$tmp/l/$n.s" "$LISTINGS/$n/$fp.lst"
		awk -v n="$n" -v f="$fp" -v b="$1" '$1 == n && $2 == f && $3 == b { found = 1 }
			END { exit !found }' "$VERIFIED" 2>/dev/null ||
			echo "$n $fp $1" >> "$VERIFIED"
	done < "$tmp/fp"
	# One order, so that the diff of a re-verification reads well.
	{ grep '^#' "$VERIFIED"; grep -v '^#' "$VERIFIED" | sort -k1,1 -k3,3V; } > "$tmp/v"
	cat "$tmp/v" > "$VERIFIED"
	runtime "$(vmlinux "$1")" | awk -v b="$1" '$2 != "absent" { print $0, b }' > "$tmp/r"
	{ grep '^#' "$RUNTIME"; grep -v '^#' "$RUNTIME" | awk -v b="$1" '$5 != b'
	  cat "$tmp/r"; } 2>/dev/null > "$tmp/v"
	{ grep '^#' "$tmp/v"; grep -v '^#' "$tmp/v" | sort -k1,1 -k5,5V; } > "$RUNTIME"
	table > "$TABLE"
}

case ${1:-} in
listings) [ $# = 3 ] || die "usage: drift.sh listings KVER|VMLINUX DIR"; listings "$(vmlinux "$2")" "$3" ;;
check) [ $# = 3 ] || die "usage: drift.sh check KVER|VMLINUX DIR"; check "$(vmlinux "$2")" "$3" ;;
verify) [ $# = 2 ] || die "usage: drift.sh verify KVER"; verify "$2" ;;
runtime) [ $# = 2 ] || die "usage: drift.sh runtime KVER|VMLINUX"; runtime "$(vmlinux "$2")" ;;
table) [ $# = 1 ] || die "usage: drift.sh table"; table ;;
*) die "usage: drift.sh listings|check KVER|VMLINUX DIR | verify KVER | runtime KVER|VMLINUX | table" ;;
esac
