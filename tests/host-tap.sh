# shellcheck shell=sh disable=SC2034 # failed: the sourcing script exits with it
# host-tap.sh - what the lint stream's host checks (conf-check.sh,
# cli-check.sh, figures-check.sh) share.  Sourced: the checkout as the
# working directory (top), a temporary directory (tmp, removed at exit),
# and "ok - WHAT" / "not ok - WHAT # WHY" lines, as the guests print them
# (run-matrix.sh relays them); each script ends with "exit $failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# tap ok|"not ok" WHAT
tap() {
	echo "$1 - $2"
	[ "$1" = ok ] || failed=1
}

# expect WHAT WANT GOT
expect() {
	if [ "$2" = "$3" ]; then
		tap ok "$1"
	else
		tap "not ok" "$1 # expected '$2', got '$3'"
	fi
}
