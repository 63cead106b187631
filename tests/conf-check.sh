#!/bin/sh
# conf-check.sh - pcdrop.conf's syntax (admin/pcdrop's conf_check and
# read_conf), on the host: a table of lines, each with what "pcdrop config"
# must print for it (the setting it gives, or its error on stderr), the
# strict commands refusing a file in error and the lenient ones going on
# with the defaults, and every example of the documents parsing as it
# stands.  "ok - WHAT" / "not ok - WHAT # WHY" lines, as the guests print
# them (run-matrix.sh relays them); exits 1 if any failed.
# shellcheck source=tests/host-tap.sh
. "$(dirname "$0")/host-tap.sh"
admin=admin/pcdrop

# config LINE...: pcdrop config on a file of these lines; stdout, then
# stderr, then the exit status, one line each.
config() {
	printf '%s\n' "$@" > "$tmp/conf"
	PCDROP_CONF=$tmp/conf sh "$admin" config > "$tmp/out" 2> "$tmp/err"
	echo "rc=$?"
}

# accepts WHAT LINE KEY=VALUE: LINE gives KEY=VALUE, with no error.
accepts() {
	rc=$(config "$2")
	if [ "$rc" = rc=0 ] && [ ! -s "$tmp/err" ] && grep -qx -- "$3" "$tmp/out"; then
		tap ok "pcdrop.conf: $1 gives $3"
	else
		tap "not ok" "pcdrop.conf: $1 gives $3 # $rc, out: $(tr '\n' '|' < "$tmp/out") err: $(cat "$tmp/err")"
	fi
}

# refuses WHAT LINE MESSAGE: LINE (line 2, after a comment) is refused with
# MESSAGE, exit 1, and nothing on stdout.
refuses() {
	rc=$(config '# a comment' "$2")
	want="pcdrop: $tmp/conf:2: $3"
	if [ "$rc" = rc=1 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "$want" ]; then
		tap ok "pcdrop.conf: $1 is refused: $3"
	else
		tap "not ok" "pcdrop.conf: $1 is refused: $3 # $rc, err: $(cat "$tmp/err")"
	fi
}

accepts "a plain line" 'TIMEOUT=30' TIMEOUT=30
accepts "a trailing comment" 'SHMEM_BATCH=0        # path A' SHMEM_BATCH=0
accepts "leading blanks" '   EVICT_BATCH=0' EVICT_BATCH=0
accepts "a tab before it" "$(printf '\tSWAP_BATCH=0')" SWAP_BATCH=0
accepts "blanks around =" 'TIMEOUT = 45' TIMEOUT=45
accepts "a CRLF line end" "$(printf 'FADVISE_LRU_REFS=0\r')" FADVISE_LRU_REFS=0
accepts "a CRLF line end after a comment" "$(printf 'SHADOW_BATCH=0 # off\r')" SHADOW_BATCH=0
accepts "an indented comment, the rest default" '    # indented' TIMEOUT=60
accepts "an empty line, the rest default" '' CRASH_GUARD_SECONDS=120
accepts "CRASH_GUARD_SECONDS=0" 'CRASH_GUARD_SECONDS=0' CRASH_GUARD_SECONDS=0
refuses "an unknown key" 'SHMEM_BATCHES=1' "not a setting pcdrop knows: 'SHMEM_BATCHES'"
refuses "a lower-case key" 'timeout=5' "not a setting pcdrop knows: 'timeout'"
refuses "a line without =" 'SHMEM_BATCH' "not KEY=VALUE: 'SHMEM_BATCH'"
refuses "a switch of 2" 'SHMEM_BATCH=2' "SHMEM_BATCH: '2' is not 0 (off) or 1 (on)"
refuses "a switch of yes" 'EVICT_BATCH=yes' "EVICT_BATCH: 'yes' is not 0 (off) or 1 (on)"
refuses "TIMEOUT=abc" 'TIMEOUT=abc' "TIMEOUT: 'abc' is not a number of seconds (1 or more)"
refuses "TIMEOUT=0" 'TIMEOUT=0' "TIMEOUT: '0' is not a number of seconds (1 or more)"
refuses "an empty TIMEOUT" 'TIMEOUT=' "TIMEOUT: '' is not a number of seconds (1 or more)"
refuses "a quoted value" 'TIMEOUT="30"' "TIMEOUT: '\"30\"' is not a number of seconds (1 or more)"
refuses "CRASH_GUARD_SECONDS=-1" 'CRASH_GUARD_SECONDS=-1' \
	"CRASH_GUARD_SECONDS: '-1' is not a number of seconds (0 or more)"

# Every error is named, each with its line; a strict command (load) stops
# before it loads anything, a lenient one (unload) goes on with the
# defaults and says so.
printf '%s\n' 'TIMEOUT=abc' 'FOO=1' 'SHMEM_BATCH=0' > "$tmp/conf"
PCDROP_CONF=$tmp/conf sh "$admin" config > /dev/null 2> "$tmp/err"
expect "every line in error is named, with its number" \
	"pcdrop: $tmp/conf:1: TIMEOUT: 'abc' is not a number of seconds (1 or more)|pcdrop: $tmp/conf:2: not a setting pcdrop knows: 'FOO'" \
	"$(tr '\n' '|' < "$tmp/err" | sed 's/|$//')"
PCDROP_CONF=$tmp/conf sh "$admin" load > "$tmp/out" 2>&1
expect "pcdrop load stops on it (exit 1), before it loads anything" "1 0" \
	"$? $(grep -c modprobe "$tmp/out")"
PCDROP_CONF=$tmp/conf sh "$admin" unload > "$tmp/out" 2> "$tmp/err"
expect "pcdrop unload goes on (exit 0 here: nothing loaded)" "0 pcdrop: not loaded" \
	"$? $(cat "$tmp/out")"
expect "and says the lines are ignored" \
	"pcdrop: $tmp/conf: the lines above are ignored; their settings keep their defaults" \
	"$(tail -n 1 "$tmp/err")"

# The examples, as they stand: README's and docs/operations.md's block
# after "**The config**" (README) or "### The config" (docs/operations.md), pcdrop.conf(5)'s EXAMPLES, the shipped file.
example() {
	awk '/^(\*\*The config\*\*|### The config)/ { on = 1 } on && /^```sh$/ { inb = 1; next }
		inb && /^```$/ { exit } inb { print }' "$1"
}
example README.md > "$tmp/readme.conf"
example docs/operations.md > "$tmp/ops.conf"
sed -n '/^\.SH EXAMPLES/,/^\.SH/p' man/pcdrop.conf.5 | sed -n '/^\.EX$/,/^\.EE$/p' |
	sed '1d;$d' > "$tmp/man.conf"
cp admin/pcdrop.conf "$tmp/shipped.conf"
for f in readme ops man shipped; do
	if [ -s "$tmp/$f.conf" ] &&
	   PCDROP_CONF=$tmp/$f.conf sh "$admin" config > /dev/null 2> "$tmp/err"; then
		tap ok "the $f example of pcdrop.conf parses as it stands"
	else
		tap "not ok" "the $f example of pcdrop.conf parses as it stands # $(cat "$tmp/err")"
	fi
done
exit "$failed"
