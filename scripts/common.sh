# shellcheck shell=sh
# Shared settings for pcdrop's host scripts.  Sourced, not run.
#
# PCDROP_CACHE holds everything downloaded or built outside the source tree:
# the private apt state, the kernel packages, the Debian 13 build chroot.
# It defaults to a folder outside the checkout so that fresh clones (CI)
# on the same machine reuse it; delete it to start cold.

PCDROP_CACHE=${PCDROP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pcdrop}
# Its real path: the build chroots bind-mount the kernels folder at the
# path given, and the headers' links inside it name real paths, so a
# cache reached through a symbolic link broke every chroot build.
PCDROP_CACHE=$(realpath -m "$PCDROP_CACHE")
export PCDROP_CACHE

die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

log() {
	echo "== $*" >&2
}

# Which Debian builds with which gcc: the host (Debian 12) has gcc-12,
# the build chroots (chroot.sh) have the others.  The one table.
BUILD_ENVS="gcc-12:host gcc-14:trixie gcc-16:forky"

# build_env gcc-N: "host" or the chroot's suite; fails for another gcc.
build_env() {
	for _e in $BUILD_ENVS; do
		[ "${_e%%:*}" != "$1" ] || { echo "${_e#*:}"; return 0; }
	done
	return 1
}

# build_env_cc SUITE: the gcc of SUITE's build chroot; fails for another.
build_env_cc() {
	[ "$1" != host ] || return 1
	for _e in $BUILD_ENVS; do
		[ "${_e#*:}" != "$1" ] || { echo "${_e%%:*}"; return 0; }
	done
	return 1
}

# unmount_stale DIR: take down every mount below DIR (bind mounts left by a
# killed chroot run), so that "rm -rf DIR" cannot delete the host's folders
# behind them.
unmount_stale() {
	awk -v r="$1/" 'index($2, r) == 1 { print $2 }' /proc/mounts | sort -r |
		while read -r m; do umount "$m" || umount -l "$m"; done
	! awk -v r="$1/" 'index($2, r) == 1 { f = 1 } END { exit !f }' /proc/mounts ||
		die "cannot unmount everything under $1"
}

# timed KIND WHAT CMD...: run CMD; when PCDROP_TIMES names a file, append
# "STREAM<TAB>KIND<TAB>SECONDS<TAB>WHAT" to it (make check's time report,
# tests/time-report.sh).  KIND is boot, build, fetch, chroot, stream or
# step; STREAM is the stream that ran it (PCDROP_STREAM).
timed() {
	# Timed commands nest (a stream's steps): dash's and busybox's local,
	# with names no caller uses (local is dynamically scoped).
	# shellcheck disable=SC3043
	local _t_kind _t_what _t_start _t_rc
	_t_kind=$1
	_t_what=$2
	shift 2
	_t_start=$(date +%s.%N)
	_t_rc=0
	"$@" || _t_rc=$?
	[ -z "${PCDROP_TIMES:-}" ] ||
		printf '%s\t%s\t%s\t%s\n' "${PCDROP_STREAM:-main}" "$_t_kind" \
			"$(echo "$_t_start $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')" \
			"$_t_what" >> "$PCDROP_TIMES"
	return $_t_rc
}

# What a clean kernel never prints.  vm-run.sh and sysvm.sh match it in the
# console log and in the guest's dmesg.
KERNEL_BAD='Oops|BUG:|kernel BUG|WARNING:|Kernel panic|general protection fault'
KERNEL_BAD="$KERNEL_BAD|Call Trace:|KASAN|KFENCE|possible recursive locking|circular locking"
KERNEL_BAD="$KERNEL_BAD|inconsistent lock state|INFO: task .* blocked|rcu.*stall|soft lockup|hard LOCKUP"

# kernel_problems OUT FILE...: the lines of the FILEs (missing ones are
# skipped) that show a kernel problem go to OUT; fails if there is none,
# and then removes OUT.
kernel_problems() {
	_kp_out=$1
	shift
	cat "$@" 2>/dev/null | grep -E "$KERNEL_BAD" > "$_kp_out" && return 0
	rm -f "$_kp_out"
	return 1
}

# boot_verdict TAG SCRIPT TIMEOUT QEMU_RC RC_FILE PROBLEMS CONSOLE DMESG:
# the status of a test boot, as vm-run.sh and sysvm.sh exit with it, its
# reason on standard error after TAG.  0 the script's RC_FILE says 0 and
# the kernel log is clean; 1 it says otherwise; 2 the kernel reported a
# problem (its lines go to PROBLEMS) or the guest died before the script
# finished; 3 QEMU_RC says the guest ran out of time.
boot_verdict() {
	_bv_status=0
	if [ "$4" = 124 ] || [ "$4" = 137 ]; then
		echo "$1: $2 did not finish within ${3}s" >&2
		_bv_status=3
	elif [ ! -f "$5" ]; then
		echo "$1: the guest died before $2 finished; see $7" >&2
		_bv_status=2
	elif [ "$(cat "$5")" != 0 ]; then
		echo "$1: $2 exited with $(cat "$5")" >&2
		_bv_status=1
	fi
	if kernel_problems "$6" "$7" "$8"; then
		echo "$1: the kernel reported a problem:" >&2
		sed "s/^/$1:   /" "$6" | head -n 5 >&2
		_bv_status=2
	fi
	return $_bv_status
}

# qemu_tcg TIMEOUT ARGS...: QEMU as every test guest runs, for at most
# TIMEOUT seconds (status 124 or 137 past it): single-threaded TCG (see
# vm-run.sh), qboot instead of SeaBIOS, no network, the serial console on
# standard output.  Environment: PCDROP_VM_SMP (2), PCDROP_VM_MEM (3G),
# PCDROP_VM_ICOUNT (set: -icount shift=0 for instruction-count timing).
qemu_tcg() {
	_q_timeout=$1
	shift
	# shellcheck disable=SC2046
	timeout -k 10 "$_q_timeout" qemu-system-x86_64 \
		-accel tcg,thread=single $([ -z "${PCDROP_VM_ICOUNT:-}" ] || echo -icount shift=0) \
		-cpu max -smp "${PCDROP_VM_SMP:-2}" -m "${PCDROP_VM_MEM:-3G}" \
		-nographic -no-reboot -nic none \
		-bios /usr/share/qemu/qboot.rom "$@" </dev/null
}

# next_version: VERSION with its last number plus one: the version the
# upgrade tests (suite 71, tests/sysvm/system.sh) upgrade to.  Run from
# the top of the tree.
next_version() {
	awk -F. '{ print $1 "." $2 "." $3 + 1 }' VERSION
}
