#!/bin/sh
# doc-check.sh [PCDROP_STAT] - the documentation says what the code does.
#
#   - each man page (man/) lists exactly the commands and options of its
#     code: pcdrop(8) those of admin/pcdrop (its usage text, the options it
#     compares its arguments with, its dispatch), pcdrop-stat(8) those of
#     PCDROP_STAT --help (a built pcdrop-stat; without one, the argp table
#     opts and the doc string of bpf/pcdrop-stat.c), pcdrop.conf(5) the
#     keys read_conf() accepts and admin/pcdrop.conf sets: a new option
#     without its documentation fails, and so does a documented one that
#     is gone;
#   - man --warnings says nothing about any page at MANWIDTH=80;
#   - the bash completions (completions/) complete every command, and
#     between them every long option;
#   - no relative link of README.md or docs/*.md points to a file, or a
#     heading of a Markdown file, that does not exist.
#
# One TAP line a check, the reason after "#" on failure; exits 1 if any
# failed.  Needs man-db, groff-base and bash-completion
# (scripts/host-deps.sh check).  POSIX sh; runs from any directory.
set -u
cd "$(dirname "$0")/.." || exit 1
unset MAN_KEEP_FORMATTING MANPAGER PAGER MANOPT
stat_bin=${1:-}

N=0
FAILED=0
tap() {
	N=$((N + 1))
	echo "$1 $N - $2"
	[ "$1" = ok ] || FAILED=$((FAILED + 1))
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# same WHAT CODE DOC: one TAP line: the lists in the files CODE and DOC
# (one item a line) are the same set; else the differences.
same() {
	sort -u "$2" > "$tmp/same.code"
	sort -u "$3" > "$tmp/same.doc"
	if [ ! -s "$tmp/same.code" ]; then
		tap "not ok" "$1 # found none in the code: the check's parsing is out of date"
	elif cmp -s "$tmp/same.code" "$tmp/same.doc"; then
		tap ok "$1"
	else
		tap "not ok" "$1 # missing: $(comm -23 "$tmp/same.code" "$tmp/same.doc" |
			tr '\n' ' '); not in the code: $(comm -13 "$tmp/same.code" "$tmp/same.doc" |
			tr '\n' ' ')"
	fi
}

# render PAGE OUT: PAGE as man prints it, plain ASCII, 80 columns.
render() {
	LC_ALL=C MANWIDTH=80 man -l "$1" > "$2" 2>/dev/null
}

# section NAME FILE: the lines of a rendered page's section NAME.
section() {
	awk -v name="$1" '/^[A-Z]/ { on = $0 == name; next } on' "$2"
}

# items NAME FILE: the first word of each item (a .TP tag) of section NAME.
items() {
	section "$1" "$2" | sed -n 's/^       \([^ ]\{1,\}\).*/\1/p'
}

# opt_items NAME FILE: each option item of section NAME as "S:short
# L:long A:argument" (empty where there is none).
opt_items() {
	section "$1" "$2" |
		sed -nE 's/^       (-(.), )?--([a-z][a-z-]*)(=([A-Z]+))?( .*)?$/S:\2 L:\3 A:\5/p'
}

have_man=1
command -v man > /dev/null || have_man=0
for page in man/pcdrop.8 man/pcdrop-stat.8 man/pcdrop.conf.5; do
	if [ $have_man = 0 ]; then
		: > "$tmp/${page#man/}.txt"
	else
		render "$page" "$tmp/${page#man/}.txt"
	fi
done

# -- pcdrop(8) and admin/pcdrop.
admin=admin/pcdrop
page=$tmp/pcdrop.8.txt
# The dispatch: the labels of the last "case $cmd in", one a line.
awk '/^case \$cmd in$/ { on = 1; n = 0; delete l; next }
	on && /^esac$/ { on = 0 }
	on && /^[^\t ].*\)$/ { sub(/\)$/, ""); l[++n] = $0 }
	END { for (i = 1; i <= n; i++) print l[i] }' "$admin" |
	tr '|' '\n' | sed 's/^ *//; s/ *$//' | grep -v '^\*$' > "$tmp/dispatch"
grep -v '^-' "$tmp/dispatch" > "$tmp/admin.cmds"
# The usage text (the header comment usage() prints) and the options the
# code compares its arguments with.
sed -n 's/^#   pcdrop \([a-z][a-z]*\).*/\1/p' "$admin" > "$tmp/usage.cmds"
{
	grep '^-' "$tmp/dispatch"
	sed -n 's/^#   pcdrop //p' "$admin" | grep -oE -- '--[a-z][a-z-]*'
	grep -oE -- '!?= --[a-z][a-z-]*' "$admin" | sed 's/.* //'
} | sort -u > "$tmp/admin.opts"
same "admin/pcdrop's usage text names every command of its dispatch" \
	"$tmp/admin.cmds" "$tmp/usage.cmds"
items COMMANDS "$page" > "$tmp/man.cmds"
same "pcdrop(8) documents every command of admin/pcdrop, and only those" \
	"$tmp/admin.cmds" "$tmp/man.cmds"
opt_items OPTIONS "$page" | sed 's/.*L:\([^ ]*\).*/--\1/' > "$tmp/man.opts"
same "pcdrop(8) documents every option of admin/pcdrop, and only those" \
	"$tmp/admin.opts" "$tmp/man.opts"
# Its exit statuses: each number the code returns, exits with or keeps
# in rc, but 124, bounded()'s "not returned in time", which its callers
# turn into 2.
{
	grep -oE '(return|exit) [0-9]+|rc=[0-9]+' "$admin" | sed 's/.*[ =]//'
	echo 0
} | grep -vx 124 | sort -u > "$tmp/admin.rcs"
section "EXIT STATUS" "$page" | sed -n 's/^       \([0-9]\{1,\}\) .*/\1/p' > "$tmp/man.rcs"
same "pcdrop(8) documents every exit status of admin/pcdrop, and only those" \
	"$tmp/admin.rcs" "$tmp/man.rcs"

# -- pcdrop.conf(5), read_conf() and the shipped config.
page=$tmp/pcdrop.conf.5.txt
# The keys read_conf() accepts: CONF_SWITCHES and CONF_SECONDS.
sed -n 's/^CONF_\(SWITCHES\|SECONDS\)="\(.*\)"$/\2/p' "$admin" | tr ' ' '\n' |
	sort -u > "$tmp/conf.keys"
sed -n 's/^\([A-Z][A-Z_]*\)=.*/\1/p' admin/pcdrop.conf > "$tmp/shipped.keys"
same "admin/pcdrop.conf sets every key read_conf() accepts, and only those" \
	"$tmp/conf.keys" "$tmp/shipped.keys"
section SETTINGS "$page" | sed -n 's/^       \([A-Z][A-Z_]*\)=.*/\1/p' > "$tmp/man.keys"
same "pcdrop.conf(5) documents every key read_conf() accepts, and only those" \
	"$tmp/conf.keys" "$tmp/man.keys"
# Each default: read_conf()'s, the shipped file's and the page's.
{
	sed -n '/^read_conf() {$/,/^}$/p' "$admin" | sed -n '/^	[A-Z]/p' | tr -s ' \t' '\n' |
		grep -E '^[A-Z][A-Z_]+=[0-9]+$'
} | sort -u > "$tmp/conf.defaults"
grep -E '^[A-Z][A-Z_]+=[0-9]+$' admin/pcdrop.conf > "$tmp/shipped.defaults"
section SETTINGS "$page" | sed -n 's/^       \([A-Z][A-Z_]*=[0-9]*\).*/\1/p' > "$tmp/man.defaults"
same "admin/pcdrop.conf's values are read_conf()'s defaults" \
	"$tmp/conf.defaults" "$tmp/shipped.defaults"
same "pcdrop.conf(5) gives read_conf()'s defaults" "$tmp/conf.defaults" "$tmp/man.defaults"

# -- pcdrop-stat(8) and pcdrop-stat.
page=$tmp/pcdrop-stat.8.txt
src=bpf/pcdrop-stat.c
if [ -n "$stat_bin" ] && [ -x "$stat_bin" ]; then
	from="$stat_bin --help"
	"$stat_bin" --help > "$tmp/stat.help" 2>&1
	sed -nE 's/^(  |      )(-(.), )?--([a-z][a-z-]*)(=([A-Z]+))?( .*)?$/S:\3 L:\4 A:\6/p' \
		"$tmp/stat.help" > "$tmp/stat.opts"
	sed -n '/^Commands:$/,/^$/p' "$tmp/stat.help" |
		sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' > "$tmp/stat.cmds"
else
	[ -z "$stat_bin" ] || echo "# $stat_bin is not an executable: reading $src instead"
	from=$src
	{
		sed -nE 's/^[[:space:]]*\{ "([a-z][a-z-]*)", '"'"'(.)'"'"', (NULL|"([A-Z]+)"), .*/S:\2 L:\1 A:\4/p' "$src"
		# argp's own.
		printf '%s\n' 'S:? L:help A:' 'S: L:usage A:' 'S:V L:version A:'
	} > "$tmp/stat.opts"
	sed -n '/^"Commands:\\n"$/,/^"\\n"$/p' "$src" |
		sed -n 's/^"  \([a-z][a-z]*\)  .*/\1/p' > "$tmp/stat.cmds"
fi
# What main() runs, against what its help lists.
grep -oE 'strcmp\(env\.cmd, "[a-z]+"\)' "$src" | sed 's/.*"\(.*\)".*/\1/' |
	sort -u > "$tmp/stat.dispatch"
same "pcdrop-stat's help lists every command main() runs" "$tmp/stat.dispatch" "$tmp/stat.cmds"
items COMMANDS "$page" > "$tmp/man.stat.cmds"
same "pcdrop-stat(8) documents every command of pcdrop-stat, and only those (from $from)" \
	"$tmp/stat.cmds" "$tmp/man.stat.cmds"
opt_items OPTIONS "$page" > "$tmp/man.stat.opts"
same "pcdrop-stat(8) documents every option of pcdrop-stat, its short name and argument, and only those (from $from)" \
	"$tmp/stat.opts" "$tmp/man.stat.opts"

# -- man --warnings.
for p in man/pcdrop.8 man/pcdrop-stat.8 man/pcdrop.conf.5; do
	what="MANWIDTH=80 man --warnings -l $p prints no warning"
	if [ $have_man = 0 ]; then
		tap "not ok" "$what # no man (man-db) on this machine"
		continue
	fi
	if MANWIDTH=80 man --warnings -l "$p" 2> "$tmp/warn" > /dev/null && [ ! -s "$tmp/warn" ]; then
		tap ok "$what"
	else
		tap "not ok" "$what # $(head -n 3 "$tmp/warn" | tr '\n' ' ')"
	fi
done

# -- the bash completions.
# complete FILE FUNCTION WORD...: what FUNCTION of FILE offers for the last
# WORD (the one being completed), one a line, sorted.
bc=/usr/share/bash-completion/bash_completion
complete_words() {
	bash -c '
		. "$1" || exit 1
		. "$2" || exit 1
		compopt() { :; }
		fn=$3
		shift 3
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		COMPREPLY=()
		"$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}"' sh "$bc" "$@" 2>&1 | sed '/^$/d' | sort -u
}

if ! command -v bash > /dev/null || [ ! -r "$bc" ]; then
	tap "not ok" "bash completion checks # no bash or no $bc (bash-completion)"
else
	{ cat "$tmp/admin.cmds"; grep -x -e --version -e --help "$tmp/admin.opts"; } > "$tmp/want"
	complete_words completions/pcdrop _pcdrop pcdrop "" > "$tmp/got"
	same "completions/pcdrop completes every command of admin/pcdrop, and only those" \
		"$tmp/want" "$tmp/got"
	{
		complete_words completions/pcdrop _pcdrop pcdrop ""
		while read -r c; do
			complete_words completions/pcdrop _pcdrop pcdrop "$c" --
		done < "$tmp/admin.cmds"
	} | grep '^-' > "$tmp/got"
	same "completions/pcdrop completes every option of admin/pcdrop" "$tmp/admin.opts" "$tmp/got"

	complete_words completions/pcdrop-stat _pcdrop_stat pcdrop-stat "" > "$tmp/got"
	same "completions/pcdrop-stat completes every command of pcdrop-stat, and only those" \
		"$tmp/stat.cmds" "$tmp/got"
	sed 's/.*L:\([^ ]*\).*/--\1/' "$tmp/stat.opts" > "$tmp/want"
	{
		complete_words completions/pcdrop-stat _pcdrop_stat pcdrop-stat --
		while read -r c; do
			complete_words completions/pcdrop-stat _pcdrop_stat pcdrop-stat "$c" --
		done < "$tmp/stat.cmds"
	} | sed 's/=$//' > "$tmp/got"
	same "completions/pcdrop-stat completes every long option of pcdrop-stat, and only those" \
		"$tmp/want" "$tmp/got"
fi

# -- relative links of the Markdown documents.
# anchors FILE: the anchors of FILE's headings, as GitHub makes them
# (lower case; what is not a letter, digit, space, - or _ dropped; spaces
# to -).
anchors() {
	sed -n 's/^#\{1,6\} \{1,\}//p' "$1" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}
bad=""
for md in README.md docs/*.md; do
	dir=$(dirname "$md")
	grep -oE '\]\([^) ]+\)' "$md" | sed 's/^](//; s/)$//' > "$tmp/links"
	while read -r link; do
		case $link in
		http://* | https://* | mailto:* | ftp://*) continue ;;
		'#'*) target=$md anchor=${link#\#} ;;
		*'#'*) target=$dir/${link%%#*} anchor=${link#*#} ;;
		*) target=$dir/$link anchor="" ;;
		esac
		if [ ! -e "$target" ]; then
			bad="$bad $md:$link"
		elif [ -n "$anchor" ] && case $target in *.md) true ;; *) false ;; esac &&
		     ! anchors "$target" | grep -qxF "$anchor"; then
			bad="$bad $md:$link(no such heading)"
		fi
	done < "$tmp/links"
done
if [ -z "$bad" ]; then
	tap ok "every relative link of README.md and docs/*.md points to a file (and heading) that exists"
else
	tap "not ok" "every relative link of README.md and docs/*.md points to a file (and heading) that exists # broken:$bad"
fi

echo "1..$N"
[ "$FAILED" = 0 ]
