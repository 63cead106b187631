# shellcheck shell=sh
# tap.sh - TAP helpers for the host-side test runners (run-matrix.sh,
# dkms/run.sh).  Sourced.  N numbers the current stream; PASSED and FAILED
# count every line but skips, which SKIPPED counts.

N=0
PASSED=0
FAILED=0
SKIPPED=0

# skip DESCRIPTION REASON: a TAP "# SKIP" line, neither a pass nor a failure.
skip() {
	N=$((N + 1))
	echo "ok $N - $1 # SKIP $2"
	SKIPPED=$((SKIPPED + 1))
}

# tap STATUS DESCRIPTION: one numbered line of the current stream.
tap() {
	N=$((N + 1))
	echo "$1 $N - $2"
	if [ "$1" = ok ]; then PASSED=$((PASSED + 1)); else FAILED=$((FAILED + 1)); fi
}

# step DESCRIPTION LOG CMD...: run a host-side step, one TAP line; its
# time goes to make check's time report (timed).
step() {
	what=$1
	log=$2
	shift 2
	if timed step "$what" "$@" >"$log" 2>&1; then
		tap ok "$what"
	else
		tap "not ok" "$what # see $log"
		return 1
	fi
}

# relay FILE [PREFIX]: a guest's TAP lines in FILE ("ok - WHAT", "not ok -
# WHAT # WHY", "ok - WHAT # SKIP WHY", "# NOTE") as lines of this stream,
# WHAT after PREFIX; RELAYED counts the ok, not ok and skip lines.
relay() {
	RELAYED=0
	[ -f "$1" ] || return 0
	while IFS= read -r _r_line; do
		case $_r_line in
		"ok - "*" # SKIP "*)
			_r_what=${_r_line#ok - }
			skip "${2:-}${_r_what%% # SKIP *}" "${_r_what#* # SKIP }" ;;
		"ok - "*) tap ok "${2:-}${_r_line#ok - }" ;;
		"not ok - "*) tap "not ok" "${2:-}${_r_line#not ok - }" ;;
		"# "*) echo "$_r_line"; continue ;;
		*) continue ;;
		esac
		RELAYED=$((RELAYED + 1))
	done < "$1"
}
