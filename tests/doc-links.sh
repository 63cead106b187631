#!/bin/sh
# doc-links.sh DIR - every relative link of the Markdown documents under
# DIR (an installed package's /usr/share/doc/PACKAGE) leads to a file
# there: the documents a reader is sent to are shipped where the links
# say.  Prints the broken ones; exits 1 if there is any.
set -u
[ -d "${1:-}" ] || { echo "usage: doc-links.sh DIR" >&2; exit 64; }
bad=0
for md in $(find "$1" -name '*.md'); do
	dir=$(dirname "$md")
	# ](target) of inline links; not URLs, not anchors within the page.
	for t in $(grep -o '](\([^)]*\))' "$md" | sed 's/^](//; s/)$//; s/#.*//' | sort -u); do
		case $t in '' | *://* | mailto:*) continue ;; esac
		[ -e "$dir/$t" ] || { echo "${md#"$1"/}: $t is not there"; bad=1; }
	done
done
exit $bad
