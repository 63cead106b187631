#!/bin/sh
# cli-check.sh - admin/pcdrop's command line on the host, where nothing is
# loaded: each usage error says what was wrong and the command's usage
# line, exits 64 and changes nothing; the commands that change the system
# refuse a user other than root with exit 77 before they touch anything.
# Then pcdrop-stat's (the build given as the first argument): complete
# output or none, and the same usage exit status.  "ok - WHAT" / "not ok -
# WHAT # WHY" lines (run-matrix.sh relays them); exits 1 if any failed.
# shellcheck source=tests/host-tap.sh
. "$(dirname "$0")/host-tap.sh"
admin=$top/admin/pcdrop
# Run as root with a config that says nothing, so only the command line
# decides.
: > "$tmp/conf"
export PCDROP_CONF="$tmp/conf"

# usage_error "ARGS" MESSAGE USAGE: pcdrop ARGS exits 64, prints nothing on
# stdout and these two lines on stderr.
usage_error() {
	# shellcheck disable=SC2086 # ARGS are words
	sh "$admin" $1 > "$tmp/out" 2> "$tmp/err"
	rc=$?
	want="pcdrop: $2
usage: $3"
	if [ "$rc" = 64 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "$want" ]; then
		tap ok "pcdrop $1: a usage error (64) that says '$2'"
	else
		tap "not ok" "pcdrop $1: a usage error (64) that says '$2' # rc $rc, stderr: $(tr '\n' '|' < "$tmp/err")"
	fi
}

ALL="pcdrop status|load|unload|upgrade|boot|rearm|config|--version|--help (pcdrop --help says more)"
usage_error "" "a command is needed" "$ALL"
usage_error "lode" "unknown command 'lode'" "$ALL"
usage_error "status --jsn" "unexpected '--jsn'" "pcdrop status [--json]"
usage_error "status --json x" "unexpected 'x'" "pcdrop status [--json]"
usage_error "load --timeout" "--timeout takes a number of seconds, 1 or more, not ''" "pcdrop load [--timeout S]"
usage_error "unload --timeout abc" "--timeout takes a number of seconds, 1 or more, not 'abc'" "pcdrop unload [--timeout S]"
usage_error "upgrade --timeout 0" "--timeout takes a number of seconds, 1 or more, not '0'" "pcdrop upgrade [--timeout S]"
usage_error "unload now" "unexpected 'now'" "pcdrop unload [--timeout S]"
usage_error "boot x" "unexpected 'x'" "pcdrop boot"
usage_error "rearm x" "unexpected 'x'" "pcdrop rearm"
usage_error "config x" "unexpected 'x'" "pcdrop config"
usage_error "--version x" "unexpected 'x'" "pcdrop --version"

# As nobody: the commands that change the system refuse with 77; status,
# config, --version and --help work.
if command -v setpriv > /dev/null; then
	for c in load unload upgrade boot rearm; do
		out=$(setpriv --reuid=65534 --regid=65534 --clear-groups sh "$admin" $c 2>&1)
		rc=$?
		if [ "$rc" = 77 ] && [ "$out" = "pcdrop: $c needs root (sudo pcdrop $c)" ]; then
			tap ok "pcdrop $c as nobody: refused, exit 77"
		else
			tap "not ok" "pcdrop $c as nobody: refused, exit 77 # rc $rc: $out"
		fi
	done
	for c in config --version --help; do
		if setpriv --reuid=65534 --regid=65534 --clear-groups sh "$admin" $c > /dev/null 2>&1; then
			tap ok "pcdrop $c as nobody: exit 0"
		else
			tap "not ok" "pcdrop $c as nobody: exit 0"
		fi
	done
else
	tap "not ok" "setpriv (util-linux) is there to run pcdrop as nobody"
fi
# pcdrop-stat (its build, the first argument) where its counters are not
# started: dump and metrics print nothing on standard output, the reason
# on standard error, exit 1; an unknown command is a usage error, 64.
stat=${1:-}
if [ -x "$stat" ]; then
	for c in "dump" "dump --json" "metrics"; do
		# shellcheck disable=SC2086 # c is words
		"$stat" $c > "$tmp/out" 2> "$tmp/err"
		rc=$?
		if [ "$rc" = 1 ] && [ ! -s "$tmp/out" ] && grep -q 'not started' "$tmp/err"; then
			tap ok "pcdrop-stat $c, not started: nothing on stdout, the reason on stderr, exit 1"
		else
			tap "not ok" "pcdrop-stat $c, not started: nothing on stdout, the reason on stderr, exit 1 # rc $rc, stdout $(wc -c < "$tmp/out") bytes"
		fi
	done
	"$stat" frobnicate > /dev/null 2>&1
	rc=$?
	if [ "$rc" = 64 ]; then
		tap ok "pcdrop-stat frobnicate: a usage error, exit 64 as pcdrop's"
	else
		tap "not ok" "pcdrop-stat frobnicate: a usage error, exit 64 as pcdrop's # rc $rc"
	fi
else
	tap "not ok" "pcdrop-stat was built for cli-check.sh ($stat)"
fi
exit "$failed"
