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

# skip_case WHAT WHY: a case this kernel cannot run, neither a pass nor a
# failure (the host counts it as a skip).
skip_case() {
	echo "ok - $SUITE: $1 # SKIP $2"
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

# The kernel log since a mark, without timestamps, and without the
# clocksource watchdog's complaints about TCG's timing ("Long readout
# interval"), which have nothing to do with pcdrop and come at random.
# has_line TEXT PATTERN: a line of TEXT matches PATTERN (grep).
has_line() {
	printf '%s\n' "$1" | grep -q -- "$2"
}

dmesg_mark() {
	dmesg | wc -l
}

dmesg_since() {
	dmesg | tail -n "+$(($1 + 1))" | sed 's/^\[[ 0-9.]*\] //' | grep -v '^clocksource: '
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

# expect_log_set WHAT MARK LINE...: the same lines in any order (livepatch
# transitions finish asynchronously, so their lines may come before or
# after pcdrop's own).
expect_log_set() {
	what=$1
	mark=$2
	shift 2
	want=$(printf '%s\n' "$@" | sort)
	got=$(dmesg_since "$mark" | sort)
	if [ "$got" = "$want" ]; then
		pass "$what"
	else
		fail "$what" "kernel log was: $(dmesg_since "$mark" | tr '\n' '|')"
	fi
}

# hold_and_truncate KO: a tmpfs file with data whose first folio
# pcdrop_hold.ko (at KO, tests/hold) keeps locked, and a truncate of it
# that sleeps inside shmem_undo_range(), the function pcdrop replaces: a
# livepatch transition cannot switch that task.  Its pid is in tpid.
hold_and_truncate() {
	dd if=/dev/zero of=/dev/shm/held bs=4096 count=4 2>/dev/null &&
		insmod "$1" path=/dev/shm/held &&
		{ truncate -s 0 /dev/shm/held & } &&
		tpid=$! &&
		wait_for 60 sh -c "grep -q shmem_undo_range /proc/$tpid/stack"
}

# release_hold: unload pcdrop_hold.ko; the truncate then finishes.
release_hold() {
	rmmod pcdrop_hold && wait "$tpid"
}

# power_cut: in a system test (scripts/sysvm.sh), sync, then have the host
# stop the guest at once, as a power cut would.
power_cut() {
	sync
	echo "SYSVM: cut the power" > /dev/console
	sleep 600
}

PCDROP_KO=/mnt/host/pcdrop.ko
PCDROP_LP=/sys/kernel/livepatch/pcdrop
PCDROP_PARAMS=/sys/module/pcdrop/parameters

# wait_for SECONDS CMD...: poll CMD every 0.1 s until it succeeds.
wait_for() {
	n=$(($1 * 10))
	shift
	while ! "$@"; do
		n=$((n - 1))
		[ "$n" -gt 0 ] || return 1
		sleep 0.1
	done
}

# lp_poll STOP NAME...: until the file STOP exists, one line each time the
# livepatches NAME... change, as "NAME=enabled/transition" (- when
# absent), polled every 0.1 s.  The shell's own read, not cat: a poller
# that forks twice per livepatch ten times a second took much of a TCG
# guest's CPU from the upgrade it watches.
lp_poll() {
	lp_stop=$1
	shift
	lp_last=""
	while [ ! -e "$lp_stop" ]; do
		lp_line=""
		for lp_p in "$@"; do
			{ read -r lp_e < "/sys/kernel/livepatch/$lp_p/enabled" &&
				read -r lp_t < "/sys/kernel/livepatch/$lp_p/transition"; } 2>/dev/null ||
				{ lp_e=- lp_t=; }
			lp_line="$lp_line $lp_p=$lp_e${lp_t:+/$lp_t}"
		done
		[ "$lp_line" = "$lp_last" ] || echo "${lp_line# }"
		lp_last=$lp_line
		sleep 0.1
	done
}

# relay_seen POLL: what lp_poll of "pcdrop pcdrop_next pcdrop_test_lp"
# wrote to POLL during a "pcdrop upgrade" is the relay: some pcdrop patch
# fully enabled at every poll, pcdrop_next enabled on its own at some
# point, pcdrop alone at both ends, the other livepatch enabled throughout.
relay_seen() {
	check "some pcdrop patch is fully enabled at every poll" \
		sh -c "! grep -v -e 'pcdrop=1/0 ' -e 'pcdrop_next=1/0 ' $1"
	check "the relay was seen: pcdrop_next fully enabled while pcdrop was disabled or gone" \
		grep -q -e 'pcdrop=0/1 pcdrop_next=1/0' -e 'pcdrop=- pcdrop_next=1/0' "$1"
	expect_eq "it began and ended with pcdrop alone" \
		"pcdrop=1/0 pcdrop_next=- pcdrop_test_lp=1/0 pcdrop=1/0 pcdrop_next=- pcdrop_test_lp=1/0" \
		"$(head -n 1 "$1") $(tail -n 1 "$1")"
	check "the other vendor's livepatch stayed enabled at every poll" \
		sh -c "! grep -v 'pcdrop_test_lp=1/0' $1"
	expect_eq "and is still in effect" pcdrop_test_lp "$(cat /proc/version)"
}

patch_settled() {
	[ "$(cat "$PCDROP_LP/transition" 2>/dev/null)" = 0 ]
}

patch_gone() {
	[ ! -e "$PCDROP_LP" ]
}

# pcdrop_load [PARAM=VALUE...]: insmod, then wait for the livepatch
# transition to finish.
pcdrop_load() {
	insmod "$PCDROP_KO" "$@" && wait_for 120 patch_settled
}

# pcdrop_unload: disable the livepatch, wait until it is gone, rmmod.
pcdrop_unload() {
	echo 0 > "$PCDROP_LP/enabled" && wait_for 120 patch_gone && rmmod pcdrop
}

# path_mode PARAM stock|on|off: pcdrop unloaded, or loaded with the
# boolean parameter PARAM at 1 or 0.
path_mode() {
	case $2 in
	stock)
		[ ! -e "$PCDROP_LP" ] || pcdrop_unload ;;
	on | off)
		{ [ -e "$PCDROP_PARAMS" ] || pcdrop_load; } &&
			if [ "$2" = on ]; then v=1; else v=0; fi &&
			echo $v > "$PCDROP_PARAMS/$1" ;;
	esac
}

# swap_on_zram MIB: swap of MIB MiB on zram, and a memory controller for
# the cgroups that push pages to it (memory.reclaim).
swap_on_zram() {
	echo "$1M" > /sys/block/zram0/disksize &&
		mkswap /dev/zram0 > /dev/null &&
		swapon /dev/zram0 &&
		echo +memory > /sys/fs/cgroup/cgroup.subtree_control
}

# interleaved RUNS PARAM KEY1 KEY2 CMD...: the benchmarks' loop.  RUNS
# rounds of CMD with PARAM at 0 and at 1, alternating which goes first;
# prints "RESULT KEY1 KEY2 VALUE-OF-PARAM CMD'S-OUTPUT" lines.
interleaved() {
	_runs=$1 _param=$2 _k1=$3 _k2=$4
	shift 4
	for _r in $(seq 1 "$_runs"); do
		_order="0 1"
		[ $((_r % 2)) = 1 ] || _order="1 0"
		for _b in $_order; do
			echo $_b > "$PCDROP_PARAMS/$_param"
			if _v=$("$@") && [ -n "$_v" ]; then
				echo "RESULT $_k1 $_k2 $_b $_v"
			else
				fail "$_k1 $_k2 with $_param=$_b" "failed: $*"
			fi
		done
	done
}

# The kernel log lines of one load and one unload.
pcdrop_load_lines() {
	echo "livepatch: enabling patch 'pcdrop'"
	echo "livepatch: 'pcdrop': starting patching transition"
	echo "livepatch: 'pcdrop': patching complete"
	echo "pcdrop: loaded on $(uname -r): batched shmem truncation, drain-aware fadvise, $(shadow_path_line)"
}

# Does this kernel get pcdrop's shadow-entry path (before 6.13)?
shadow_path() {
	v=$(uname -r)
	major=${v%%.*}
	minor=${v#*.}
	minor=${minor%%[!0-9]*}
	[ "$major" -lt 6 ] || { [ "$major" = 6 ] && [ "$minor" -lt 13 ]; }
}

shadow_path_line() {
	if shadow_path; then
		echo "single-walk shadow-entry removal"
	else
		echo "shadow entries left to the kernel's own single walk"
	fi
}

pcdrop_unload_lines() {
	echo "livepatch: 'pcdrop': starting unpatching transition"
	echo "livepatch: 'pcdrop': unpatching complete"
	echo "pcdrop: unloaded"
}

# expect_param_guarded NAME: bad values and other users than root cannot
# change the boolean parameter NAME.
expect_param_guarded() {
	p=$PCDROP_PARAMS/$1
	for bad in 2 -1 x "" maybe; do
		before=$(cat "$p")
		if echo "$bad" > "$p" 2>/dev/null; then
			fail "$1='$bad' is refused" "the write succeeded"
		else
			pass "$1='$bad' is refused"
		fi
		expect_eq "$1='$bad' changes nothing" "$before" "$(cat "$p")"
	done
	before=$(cat "$p")
	check "a user other than root cannot write $1" \
		sh -c "! progs/runas 65534 sh -c 'echo N > $p' 2>/dev/null"
	expect_eq "and it is unchanged" "$before" "$(cat "$p")"
}

# refused_beside NAME FUNC: with the livepatch module NAME (/mnt/host/NAME.ko)
# loaded and owning the kernel function FUNC, pcdrop refuses to load, with
# one line saying why, and leaves nothing behind.  NAME stays loaded.
refused_beside() {
	_other=/sys/kernel/livepatch/$1
	check "another livepatch of $2() loads" insmod "/mnt/host/$1.ko"
	check "and finishes its transition" \
		wait_for 120 sh -c "[ \"\$(cat $_other/transition)\" = 0 ]"
	_mark=$(dmesg_mark)
	check "pcdrop then refuses to load" sh -c "! insmod $PCDROP_KO 2>/dev/null"
	# busybox insmod tries finit_module() and then init_module(): each
	# attempt logs the line once.
	expect_eq "with one line saying why" \
		"pcdrop: $2() is already patched by another livepatch or ftrace user; not replacing it (if that is an older pcdrop: pcdrop upgrade)" \
		"$(dmesg_since "$_mark" | sort -u)"
	check "nothing is left in /proc/modules" sh -c '! grep -q "^pcdrop " /proc/modules'
	check "nothing is left in /sys/kernel/livepatch" test ! -e "$PCDROP_LP"
	expect_eq "the other livepatch stays enabled" 1 "$(cat "$_other/enabled")"
}

# other_unload NAME: disable and unload the livepatch module NAME; then
# pcdrop loads and unloads.
other_unload() {
	echo 0 > "/sys/kernel/livepatch/$1/enabled"
	check "once the other livepatch is gone" wait_for 120 test ! -e "/sys/kernel/livepatch/$1"
	rmmod "$1"
	check "pcdrop loads" pcdrop_load
	check "and unloads" pcdrop_unload
}

# in_cgroup CG CMD...: run CMD as a member of the cgroup CG, so that the
# pages it allocates are charged there.
in_cgroup() {
	sh -c "echo \$\$ > $1/cgroup.procs && shift && exec \"\$@\"" sh "$@"
}

# kprobe_hits EVENT: how often the kprobe event EVENT has fired.
kprobe_hits() {
	awk -v e="$1" '$1 == e { print $2 }' /sys/kernel/tracing/kprobe_profile
}

# field OUTPUT NAME: the value of NAME=VALUE in OUTPUT.
field() {
	echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | tail -n 1
}

# lifecycle_plan PER_CYCLE BASE: how the lifecycle suites (45, 54) cycle.
# CYCLES disable/rmmod/insmod cycles (the share's lifecycle-cycles: make
# check's count, or PCDROP_LIFECYCLE_CYCLES), and for SOAK_SECONDS at
# least (lifecycle-seconds: make soak).  The load beside them runs for
# LOAD_SECONDS: PER_CYCLE seconds per cycle plus BASE, plus SOAK_SECONDS,
# and stops early once the cycles are done (/tmp/cycles-done).  Under a
# truncating load one livepatch transition can take over a minute on 6.12
# under TCG, so there the load may end during the first cycles and the
# rest run on an idle guest; make soak keeps it running throughout.
lifecycle_plan() {
	CYCLES=$(cat lifecycle-cycles 2>/dev/null || echo 10)
	SOAK_SECONDS=$(cat lifecycle-seconds 2>/dev/null || echo 0)
	LOAD_SECONDS=$((CYCLES * $1 + $2 + SOAK_SECONDS))
	rm -f /tmp/cycles-done
}

# running PID...: every PID is a live process (not a zombie nobody has
# waited for yet).
running() {
	for _p in "$@"; do
		grep -q '^State:[[:space:]]*[^Z]' "/proc/$_p/status" 2>/dev/null || return 1
	done
}

# switch_cycles PARAM[,PARAM...] PID...: flip the boolean parameters
# PARAM, disable and unload pcdrop, load it again; CYCLES times at least,
# for SOAK_SECONDS at least (lifecycle_plan).  Prints how many cycles
# succeeded; "ok", or "failed" after the first that did not; and 1 if the
# load's PIDs were all running when the first unload began, else 0.
switch_cycles() {
	_params=$(echo "$1" | tr , ' ')
	shift
	_done=0
	_st=ok
	_loaded=0
	_end=$(($(date +%s) + SOAK_SECONDS))
	while [ "$_done" -lt "$CYCLES" ] || [ "$(date +%s)" -lt "$_end" ]; do
		_i=$((_done + 1))
		for _param in $_params; do
			echo $((_i % 2)) > "$PCDROP_PARAMS/$_param" || _st=failed
		done
		[ "$_st" = ok ] || break
		sleep 0.5
		[ "$_i" != 1 ] || ! running "$@" || _loaded=1
		pcdrop_unload || { _st=failed; break; }
		sleep 0.5
		pcdrop_load || { _st=failed; break; }
		_done=$_i
	done
	echo "$_done $_st $_loaded"
}

finish() {
	exit "$FAILED"
}
