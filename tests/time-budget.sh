#!/bin/sh
# time-budget.sh calibrate | check SECONDS TIMES CAL_START CAL_END | split SECONDS TIMES | selftest
#
# make check's time budget, the one place it is set.  A run's time has two
# parts, told apart by the kinds of the steps timed() wrote to TIMES:
# - setup: downloads (kernels, sources, archived builds, tools), chroots
#   debootstrapped, packages installed into them, the system-test image
#   made (kinds "fetch" and "chroot"; "setup" for the prefetch of them
#   all before the lanes start, whose steps are also timed one by one).
#   It depends on the day's network
#   and disk, not on pcdrop, and a warm cache skips most of it, so it is
#   only bounded against a hang: no one step may take over
#   PCDROP_SETUP_STEP_MAX seconds (default 1200, scaled as below);
# - the tests' own time: the run's wall time less the setup the run
#   waited on, i.e. the main process's own setup and, of the lanes,
#   what the longest lane would lose had every setup step taken no time
#   (each lane's streams' wall times, less their setup steps, summed; the
#   longest such lane against the longest lane as run).  At most
#   PCDROP_BUDGET (minutes, default 45) on the reference machine: 2 cores,
#   no KVM, where "calibrate" takes REFERENCE_CAL seconds.
#
#   calibrate  time a fixed single-threaded CPU workload (the best of
#              three), the kind of work TCG does; prints seconds.
#   split      "TESTS SETUP SLOWEST_SECONDS SLOWEST_STEP": the tests'
#              seconds, the setup the run waited on, and its slowest step.
#   check      two TAP lines, the tests' time against the budget and the
#              slowest setup step against its bound, each scaled up on a
#              slower machine (the larger calibration of the run's start
#              and end, over REFERENCE_CAL) or one with fewer cores (make
#              check runs two lanes).  Exits 1 when either is over, and
#              run-matrix.sh counts a "not ok" line as a failure.
#   selftest   checks "check" on made-up runs: one within the budget only
#              once its setup is set apart, one over it, one whose setup
#              step hangs.  Exits 1 if any verdict is wrong.
#
# A failure, not a warning: CI stops at 90 minutes and lands nothing that
# runs past it, so a run whose tests grew past their budget must be seen
# the day they grow.  The scaling keeps a merely slower machine from
# failing; setting setup apart keeps a cold cache or a slow mirror from
# failing it.
set -eu
BUDGET=${PCDROP_BUDGET:-45}
SETUP_STEP_MAX=${PCDROP_SETUP_STEP_MAX:-1200}
REFERENCE_CORES=2
REFERENCE_CAL=0.80

calibrate() {
	for _ in 1 2 3; do
		t0=$(date +%s.%N)
		awk 'BEGIN { for (i = 0; i < 16000000; i++) s += (i * 7) % 13; exit s < 0 }'
		echo "$t0 $(date +%s.%N)"
	done | awk '{ d = $2 - $1; if (NR == 1 || d < m) m = d } END { printf "%.2f\n", m }'
}

# split SECONDS TIMES (see above).  TIMES lines: STREAM KIND SECONDS WHAT;
# a stream's own line has kind "stream" and WHAT "lane N".
split() {
	awk -F '\t' -v secs="$1" '
		$2 == "fetch" || $2 == "chroot" {
			setup[$1] += $3
			if ($3 > slow) { slow = $3; slowwhat = $1 ": " $4 }
		}
		# The prefetch as a whole (its own steps are the ones above).
		$2 == "setup" { setup[$1] += $3 }
		$2 == "stream" { lane[$1] = $4; wall[$1] = $3 }
		END {
			for (s in wall) {
				lw[lane[s]] += wall[s]
				lt[lane[s]] += wall[s] - setup[s]
			}
			for (l in lw) {
				if (lw[l] > mw) mw = lw[l]
				if (lt[l] > mt) mt = lt[l]
			}
			waited = setup["main"] + mw - mt
			printf "%.0f %.0f %.0f %s\n", secs - waited, waited, slow,
				slowwhat == "" ? "none" : slowwhat
		}' "$2" 2>/dev/null || echo "$1 0 0 none"
}

check() {
	secs=$1
	cal=$(echo "$3 $4" | awk '{ print ($1 > $2 ? $1 : $2) }')
	set -- $(split "$secs" "$2")
	tests=$1 waited=$2 slow=$3
	shift 3
	slowwhat=$*
	cores=$(nproc)
	scale=$(echo "$cal $REFERENCE_CAL $cores $REFERENCE_CORES" |
		awk '{ s = $1 / $2; if (s < 1) s = 1; if ($3 < $4) s *= $4 / $3; printf "%.2f", s }')
	limit=$(echo "$BUDGET $scale" | awk '{ printf "%.0f", $1 * $2 * 60 }')
	setup_limit=$(echo "$SETUP_STEP_MAX $scale" | awk '{ printf "%.0f", $1 * $2 }')
	why="calibration $cal s (reference $REFERENCE_CAL s), $cores cores (reference $REFERENCE_CORES)"
	rc=0
	what="make check's tests fit their time budget: $((tests / 60)) min $((tests % 60)) s of $BUDGET min x $scale"
	what="$what ($((secs / 60)) min $((secs % 60)) s in all, $((waited / 60)) min $((waited % 60)) s of it waiting on setup)"
	if [ "$tests" -le "$limit" ]; then
		echo "ok - $what # $why"
	else
		echo "not ok - $what # over by $((tests - limit)) s; $why"
		rc=1
	fi
	what="no setup step hangs: the slowest took $slow s of at most $setup_limit s ($slowwhat)"
	if [ "$slow" -le "$setup_limit" ]; then
		echo "ok - $what"
	else
		echo "not ok - $what # a download, debootstrap or package install that slow is stuck or its mirror is: see results/times.tsv"
		rc=1
	fi
	return $rc
}

# verdict WANT SECONDS TIMES: check's exit status on a made-up run is WANT.
verdict() {
	_rc=0
	check "$2" "$3" 0.80 0.80 > "$t/$(basename "$3").tap" || _rc=$?
	cat "$t/$(basename "$3").tap"
	[ "$_rc" = "$1" ] || { echo "wrong verdict: exit $_rc, wanted $1"; return 1; }
}

selftest() {
	t=$(mktemp -d)
	trap 'rm -rf "$t"' EXIT
	tab=$(printf '\t')
	# 60 minutes in all, 10 of them the prefetch before the lanes and 20
	# one lane's kernel download: 30 of tests.
	{
		echo "main${tab}step${tab}100.0${tab}lint"
		echo "main${tab}setup${tab}600.0${tab}the prefetch"
		echo "a${tab}fetch${tab}1200.0${tab}a kernel"
		echo "a${tab}stream${tab}2900.0${tab}lane 1"
		echo "b${tab}stream${tab}1500.0${tab}lane 2"
	} > "$t/cold"
	# The same run, its download counted as tests.
	sed 's/fetch/boot/' "$t/cold" > "$t/over"
	# The tests as fast, but their download took over 20 minutes.
	sed 's/1200.0/1300.0/' "$t/cold" > "$t/hang"
	verdict 0 3600 "$t/cold" && verdict 1 3600 "$t/over" &&
		grep -q '^not ok - make check.s tests' "$t/over.tap" &&
		verdict 1 3600 "$t/hang" && grep -q '^ok - make check.s tests' "$t/hang.tap" &&
		grep -q '^not ok - no setup step hangs: the slowest took 1300 s .*(a: a kernel)' "$t/hang.tap" &&
		verdict 1 99999 /dev/null && verdict 0 60 /dev/null
}

case ${1:-} in
calibrate) calibrate ;;
split) shift; split "$@" ;;
check) shift; check "$@" ;;
selftest) selftest ;;
*)
	echo "usage: time-budget.sh calibrate | check SECONDS TIMES CAL_START CAL_END | split SECONDS TIMES | selftest" >&2
	exit 2
	;;
esac
