#!/bin/sh
# drift-mask-test.sh VMLINUX KVER - the load-time fingerprint's mask
# (scripts/drift-mask.awk) hides what runtime patching and the link layout
# change, and nothing of a function's own logic.
#
# VMLINUX is a Debian build whose mapping_evict_folio() and
# __remove_mapping() are KVER's (6.12.117+deb13's, which the drift guard's
# archive test fetches, against 6.12.118+deb13's verified fingerprints).
# Their bytes, unchanged, must give KVER's verified fingerprints
# (tests/drift/runtime); each of these one-byte changes must change the
# hash:
# - mapping_evict_folio(): the dirty test inverted (jne -> je), the
#   reference count test's > made >= (jle -> jl), the count comparison's
#   operands swapped (cmp %rdx,%rax -> cmp %rax,%rdx);
# - __remove_mapping(): the freeze's lock cmpxchg made a lock xadd.
# Prints one line per check; exits 1 if any fails.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
vml=$1
kver=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -Wall -Wextra -o "$tmp/kallsyms-map" "$top/scripts/kallsyms-map.c" &&
	cc -O2 -Wall -Wextra -o "$tmp/drift-fp" "$top/scripts/drift-fp.c" || exit 1
"$tmp/kallsyms-map" "$vml" > "$tmp/map" || exit 1
fails=0

# masked NAME: the mask's output for NAME's bytes in VMLINUX.
masked() {
	r=$(awk -v n="$1" 'found { print $1; exit } $3 == n && $2 ~ /^[tT]$/ { s = $1; found = 1 }
		END { if (s) printf " %s\n", s }' "$tmp/map" | tr '\n' ' ')
	# shellcheck disable=SC2086
	set -- $r
	objdump -d --insn-width=16 --start-address="0x$2" --stop-address="0x$1" "$vml" |
		awk -f "$top/scripts/drift-mask.awk"
}

# flip FILE PATTERN AT NEW: FILE's bytes with the byte AT bytes into the
# first PATTERN (hex, at a byte boundary) replaced by NEW, hashed.
flip() {
	awk -v p="$2" -v at="$3" -v new="$4" '
		$1 == "bytes" {
			for (i = 1; i <= length($2); i += 2)
				if (substr($2, i, length(p)) == p) {
					o = i + 2 * at
					$2 = substr($2, 1, o - 1) new substr($2, o + 2)
					found = 1
					break
				}
			if (!found)
				exit 1
		}
		{ print }' "$1" | "$tmp/drift-fp" | cut -d' ' -f2
}

check() {
	if [ "$2" = "$3" ]; then
		echo "ok - $1"
	else
		echo "not ok - $1 # expected $2, got $3"
		fails=$((fails + 1))
	fi
}

differs() {
	if [ -n "$3" ] && [ "$2" != "$3" ]; then
		echo "ok - $1 ($3)"
	else
		echo "not ok - $1 # the hash stayed $2"
		fails=$((fails + 1))
	fi
}

verified() {
	awk -v n="$1" -v b="$kver" '!/^#/ && $1 == n && $5 == b { print $3 }' \
		"$top/tests/drift/runtime"
}

masked mapping_evict_folio > "$tmp/mef"
masked __remove_mapping > "$tmp/rm"
h=$("$tmp/drift-fp" < "$tmp/mef" | cut -d' ' -f2)
check "mapping_evict_folio() unchanged gives $kver's verified fingerprint" "$(verified mapping_evict_folio)" "$h"
# test $0x10,%al (PG_dirty); jne
differs "mapping_evict_folio() with its dirty test inverted differs" "$h" "$(flip "$tmp/mef" a8107531 2 74)"
# cmp %rdx,%rax; jle
differs "mapping_evict_folio() with > made >= differs" "$h" "$(flip "$tmp/mef" 4839d07e 3 7c)"
differs "mapping_evict_folio() with the comparison's operands swapped differs" "$h" \
	"$(flip "$tmp/mef" 4839d07e 1 3b)"
h=$("$tmp/drift-fp" < "$tmp/rm" | cut -d' ' -f2)
check "__remove_mapping() unchanged gives $kver's verified fingerprint" "$(verified __remove_mapping)" "$h"
# lock cmpxchg %ecx,0x34(%rbx): the freeze
differs "__remove_mapping() with its lock cmpxchg made a lock xadd differs" "$h" \
	"$(flip "$tmp/rm" f00fb14b34 2 c1)"
exit $((fails > 0))
