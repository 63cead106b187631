#!/bin/sh
# doc-links.sh DIR - every relative link of the Markdown documents under
# DIR (an installed package's /usr/share/doc/PACKAGE) leads to a file
# there: the documents a reader is sent to are shipped where the links
# say.  Prints the broken ones; exits 1 if there is any.
set -u
[ -d "${1:-}" ] || { echo "usage: doc-links.sh DIR" >&2; exit 64; }
# Each document's ](target) of inline links, not URLs, not anchors within
# the page, as "DOCUMENT TARGET" lines; then each that is not there.
find "$1" -name '*.md' | while read -r md; do
	grep -o '](\([^)]*\))' "$md" | sed 's/^](//; s/)$//; s/#.*//' | sort -u |
		while read -r t; do
			case $t in '' | *://* | mailto:*) continue ;; esac
			[ -e "$(dirname "$md")/$t" ] || echo "${md#"$1"/}: $t is not there"
		done
done > "${TMPDIR:-/tmp}/doc-links.$$"
bad=$(cat "${TMPDIR:-/tmp}/doc-links.$$")
rm -f "${TMPDIR:-/tmp}/doc-links.$$"
[ -z "$bad" ] || { echo "$bad"; exit 1; }
