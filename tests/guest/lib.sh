# shellcheck shell=sh
# lib.sh - TAP helpers for the guest test scripts (busybox sh).  Sourced.
#
# Each check prints one TAP line without a number, "ok - SUITE: WHAT" or
# "not ok - SUITE: WHAT # WHY"; the host's runner numbers them per kernel.
# A script ends with "finish", which exits non-zero if any check failed.
# Set SUITE before the first check.

FAILED=0

pass() {
	echo "ok - $SUITE: $1"
}

fail() {
	echo "not ok - $SUITE: $1${2:+ # $2}"
	FAILED=$((FAILED + 1))
}

# check WHAT CMD...: passes when CMD succeeds.
check() {
	what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what" "failed: $*"; fi
}

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected '$2', got '$3'"; fi
}

# The kernel log since a mark, without timestamps.
dmesg_mark() {
	dmesg | wc -l
}

dmesg_since() {
	dmesg | tail -n "+$(($1 + 1))" | sed 's/^\[[ 0-9.]*\] //'
}

# expect_log WHAT MARK LINE...: the kernel log since MARK consists of
# exactly these lines, in this order.
expect_log() {
	what=$1
	mark=$2
	shift 2
	want=$(printf '%s\n' "$@")
	got=$(dmesg_since "$mark")
	if [ "$got" = "$want" ]; then
		pass "$what"
	else
		fail "$what" "kernel log was: $(echo "$got" | tr '\n' '|')"
	fi
}

module_loaded() {
	grep -q "^$1 " /proc/modules
}

finish() {
	exit "$FAILED"
}
