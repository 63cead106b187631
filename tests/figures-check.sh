#!/bin/sh
# figures-check.sh [PCDROP_STAT] - the figures README.md, the man pages,
# pcdrop-stat's --help (bpf/pcdrop-stat.c), docs/operations.md and
# docs/design.md quote are the ones docs/benchmarks.md's "Figures quoted
# elsewhere" table gives.  For each key of that table, every document it
# lists must contain the key's text exactly (grep -F, on the document with
# its lines joined and runs of blanks squeezed, roff's \(en and \- read as
# "-", Markdown's "\|" in the table as "|"); docs/benchmarks.md is searched
# without the table itself.  And no document may still contain a figure
# the table replaced (OLD below).  The argument (a built pcdrop-stat, as
# run-matrix.sh passes its lint checks) is accepted and not used: the
# C source's strings are what is checked.  "ok - WHAT" / "not ok - WHAT #
# WHY" lines; exits 1 if any failed.
# shellcheck source=tests/host-tap.sh
. "$(dirname "$0")/host-tap.sh"
src=docs/benchmarks.md
soh=$(printf '\001')

# flat DOC: DOC's text on one line, as the checks read it.
flat() {
	case $1 in
	"$src") sed '/<!-- figures:begin -->/,/<!-- figures:end -->/d' "$1" ;;
	*.[0-9]) sed 's/\\(en/-/g; s/\\-/-/g; s/\\&//g' "$1" ;;
	*) cat "$1" ;;
	esac | tr '\n\t' '  ' | tr -s ' '
}

# The table: "| `key` | `text` | doc, doc | from |" rows between the
# markers; a text holding a backquote is in double backquotes.
if ! grep -q '<!-- figures:begin -->' "$src" || ! grep -q '<!-- figures:end -->' "$src"; then
	tap "not ok" "figures: $src has the table of figures quoted elsewhere # no <!-- figures:begin/end --> markers"
	exit 1
fi
sed -n '/<!-- figures:begin -->/,/<!-- figures:end -->/p' "$src" |
	sed "s/\\\\|/$soh/g" |
	awk -F'|' '
		function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
		$2 ~ /^ *`[a-z0-9-]+` *$/ {
			key = trim($2); gsub(/`/, "", key)
			text = trim($3)
			if (text ~ /^`` .* ``$/) text = substr(text, 4, length(text) - 6)
			else if (text ~ /^`.*`$/) text = substr(text, 2, length(text) - 2)
			docs = trim($4); gsub(/ /, "", docs)
			printf "%s\t%s\t%s\n", key, text, docs
		}' | tr '\001' '|' > "$tmp/figures"
n=$(wc -l < "$tmp/figures")
if [ "$n" -ge 10 ]; then
	tap ok "figures: $src's table of figures quoted elsewhere has $n keys"
else
	tap "not ok" "figures: $src's table of figures quoted elsewhere has $n keys # expected at least 10"
fi

tab=$(printf '\t')
while IFS="$tab" read -r key text docs; do
	[ -n "$text" ] || { tap "not ok" "figures: $key has a text # empty"; continue; }
	[ -n "$docs" ] || { tap "not ok" "figures: $key is quoted somewhere # no document listed"; continue; }
	for doc in $(echo "$docs" | tr ',' ' '); do
		if [ ! -f "$doc" ]; then
			tap "not ok" "figures: $key in $doc # no such file"
		elif flat "$doc" | grep -qF -e "$text"; then
			tap ok "figures: $key in $doc"
		else
			tap "not ok" "figures: $key in $doc # '$text' (docs/benchmarks.md) not found there"
		fi
	done
done < "$tmp/figures"

# OLD: figures that disagreed with docs/benchmarks.md and were replaced,
# one "DOCS<TAB>TEXT" a line (DOCS: the documents that must not have it).
quoting="README.md docs/operations.md docs/design.md man/pcdrop.8 man/pcdrop-stat.8 bpf/pcdrop-stat.c"
while IFS="$tab" read -r docs text; do
	[ -n "$text" ] || continue
	[ "$docs" = quoting ] && docs=$quoting
	for doc in $docs; do
		[ -f "$doc" ] || { tap "not ok" "figures: $doc has no old '$text' # no such file"; continue; }
		if flat "$doc" | grep -qF -e "$text"; then
			tap "not ok" "figures: $doc has no old '$text' # still there: see $src's figures quoted elsewhere"
		else
			tap ok "figures: $doc has no old '$text'"
		fi
	done
done <<EOF
quoting	1.06-1.09
quoting	1.55 on a swap truncation
quoting	1.03-2.2
quoting	1.03 to 2.2
quoting	0.86-0.88
quoting	1.006-1.021
quoting	1.014-1.041
quoting	locks per folio | 0.90 |
quoting	2.000 -> 0.065 locks per folio |
quoting	from 64 MiB to 2 GiB the
$src	DESIGN.md
$src	not been re-measured on 6.12.x+deb13
$src	| unchanged | 0.994-0.999
$src	from 64 MiB to 2 GiB on the
EOF
exit "$failed"
