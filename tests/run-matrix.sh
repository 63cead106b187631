#!/bin/sh
# run-matrix.sh - what "make check" runs (and "make soak", tests/soak.sh).
#
# For each kernel of the matrix (tests/kernels.list): fetch the newest
# build, check that the kernel functions pcdrop relies on are ones it was
# verified with (the drift guard, scripts/drift.sh), build pcdrop.ko and
# its test variants with that kernel's compiler,
# check its prototypes against the kernel's BTF, boot the kernel under QEMU
# and print a TAP stream of the results.  "full" rows run every suite
# (tests/guest/NN-*.sh), one boot each; "smoke" rows the suites in
# SMOKE_SUITES, all in one boot (tests/guest/suites.sh); a row Debian no
# longer carries is a TAP SKIP.  On the default kernel it also checks the
# runner itself with guests that fail, oops, warn, panic and hang.  The
# streams, with the canaries' and DKMS's, run on two lanes, longest first
# (tests/stream-times).  Ends with the time report (tests/time-report.sh),
# the time budget's TAP lines (tests/time-budget.sh) and "N passed, N
# failed", and exits non-zero on any failure.
#
# Environment: PCDROP_SERIES (names of tests/kernels.list, and "canaries"
# for the unlisted series; default: all of them, e.g. "6.12 7.3"),
# PCDROP_SUITES (a pattern such as "20-*"), PCDROP_SKIP_RUNNER_TESTS=1,
# PCDROP_SKIP_DKMS=1, PCDROP_JOBS (lanes, default 2),
# PCDROP_LIFECYCLE_CYCLES (disable/rmmod/insmod cycles of the lifecycle
# suites, default 3 on the full rows and 2 on the smoke rows),
# PCDROP_BUDGET (minutes) and PCDROP_SETUP_STEP_MAX (seconds), PCDROP_WORK (where
# build/ and results/ go; default: the checkout).  make soak's own:
# PCDROP_LIFECYCLE_SECONDS, PCDROP_MODEL_OPS, PCDROP_SHADOW_CYCLES,
# PCDROP_RACE_SECONDS, PCDROP_STRESS_SECONDS.  Logs of
# every build and boot go to results/KVER/, the times to results/times.tsv.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
. scripts/common.sh
. tests/tap.sh
work=${PCDROP_WORK:-$top}

SERIES=${PCDROP_SERIES:-$(scripts/kernels.sh list) canaries}
DEFAULT_SERIES=6.12+deb12
SUITES=${PCDROP_SUITES:-[0-9]*}
# What a smoke row proves: it loads (10), its relocations bind to kallsyms
# (20), tmpfs data stays intact with huge=never/always/within_size (40),
# unload is clean under load (45), removals are batched, exactly counted
# (46), and the seed 002 workload drains 0 times (50).
SMOKE_SUITES="10-* 20-* 40-* 45-* 46-* 50-*"
# A real-time (PREEMPT_RT) build's smoke row adds batched eviction's race
# (58): there every spinlock_t pcdrop takes, i_lock and the i_pages lock,
# is a sleeping lock, and the race is where they are contended; the
# runner fails any boot whose log says "BUG: scheduling while atomic".
RT_SUITES="$SMOKE_SUITES 58-*"
# Disable/rmmod/insmod cycles of the lifecycle suites (45, 54), with a
# load for 4 (45) or 3 (54) s per cycle beside them: 3 on the full rows,
# 1 on the smoke rows (they prove unload under load; the full row of their
# code family stresses it).  PCDROP_LIFECYCLE_CYCLES sets both; make soak
# cycles for minutes (PCDROP_LIFECYCLE_SECONDS).
CYCLES=${PCDROP_LIFECYCLE_CYCLES:-3}
SMOKE_CYCLES=${PCDROP_LIFECYCLE_CYCLES:-1}

# build_progs DIR: the guest's test programs, static (the initramfs has
# no libc), one per source file.
build_progs() {
	mkdir -p "$1"
	for c in tests/shmem/*.c tests/fadvise/*.c; do
		cc -O2 -Wall -Wextra -Werror -static -pthread -o "$1/$(basename "$c" .c)" "$c" ||
			return 1
	done
}

# stage_selftests KVER DIR: suite 64's selftests (scripts/selftests.sh),
# its lists, the tier to run and the tests that did not build, into DIR.
stage_selftests() {
	bin=$(scripts/selftests.sh "$1") || return 1
	mkdir -p "$2/bin"
	find "$bin" -maxdepth 1 -type f -perm -u+x -exec cp {} "$2/bin/" \;
	cp tests/selftests/list tests/selftests/known-failures "$2/"
	cp "$bin/unbuilt" "$2/unbuilt" 2>/dev/null || : > "$2/unbuilt"
	if [ -n "${PCDROP_LIFECYCLE_SECONDS:-}" ]; then echo soak; else echo check; fi > "$2/tier"
}

# The converted module: livepatch relocations, no weak undefined symbols.
converted() {
	readelf -S -W "$1" | grep -q ' \.klp\.rela\.vmlinux\.' &&
		readelf -s -W "$1" | grep -q '\.klp\.sym\.vmlinux\.' &&
		! readelf -s -W "$1" | grep -q ' WEAK .* UND '
}

# A replacement must call the stub into the kernel's body, never jump to
# it (module/kernel_bodies.S): every instruction of REPLACEMENT in KO
# referring to STUB is a call (gcc-16 emits two call sites, one per branch,
# where older gccs emit one).  calls_body KO REPLACEMENT STUB OUT
calls_body() {
	objdump -dr "$1" | awk -v f="<$2>:" '$2 == f { on = 1; next }
		on && /^$/ { exit } on { print }' |
		grep -B1 "R_X86_64_PLT32[[:space:]]*$3" |
		grep -E '\s(call|jmp)' > "$4"
	[ -s "$4" ] && ! grep -q -v -E '\scall\s' "$4"
}

# Every replacement that runs the kernel's body: "REPLACEMENT STUB" lines.
# truncate_inode_pages_range() is replaced before 6.13 only.
replacements() {
	echo "pcdrop_shmem_undo_range pcdrop_shmem_undo_range_body"
	if readelf -s -W "$1" | grep -q ' pcdrop_truncate_inode_pages_range_body$'; then
		echo "pcdrop_truncate_inode_pages_range pcdrop_truncate_inode_pages_range_body"
	fi
}

# boot_suite KVER SHARE SCRIPT RESULTS: one boot; the guest's TAP lines,
# renumbered, plus one line for the boot itself.
boot_suite() {
	name=$(basename "$3" .sh)
	rc=0
	timed boot "$1 $name" scripts/vm-run.sh "$1" "$2" "$3" "$4" 2>"$4/$name.runner" || rc=$?
	lines=0
	if [ -f "$4/$name.output" ]; then
		grep -E '^(not )?ok - ' "$4/$name.output" > "$4/$name.tap"
		relay "$4/$name.tap"
		lines=$RELAYED
	fi
	# A boot of several suites times each one (guest/suites.sh).
	[ -z "${PCDROP_TIMES:-}" ] || [ ! -f "$4/$name.output" ] ||
		awk -v st="${PCDROP_STREAM:-main}" -v k="$1" '$1 == "#" && $2 == "time" {
			printf "%s\tsuite\t%s\t%s %s\n", st, $4, k, $3 }' \
			"$4/$name.output" >> "$PCDROP_TIMES"
	if [ "$rc" = 0 ] && [ "$lines" -gt 0 ]; then
		tap ok "$name: the guest finished with a clean kernel log"
	else
		why=$(tail -n 1 "$4/$name.runner" 2>/dev/null)
		[ "$lines" -gt 0 ] || why="no results; $why"
		tap "not ok" "$name: the guest finished with a clean kernel log # $why"
	fi
}

# runs_suite NAME PATTERNS: one of the suite PATTERNS (such as "[0-9]*"
# or "40-* 45-*") names the suite NAME.
runs_suite() {
	set -f
	for _pat in $2; do
		# shellcheck disable=SC2254 # the patterns are globs
		case $1 in
		$_pat) set +f; return 0 ;;
		esac
	done
	set +f
	return 1
}

# The long suites that make check runs on one full row only, as
# SUITE=SERIES, each where what it checks differs most (7.3's preemption
# for pcdrop-stat's missed exits, 6.1's and 6.12's own shadow and swap
# paths) or where the rest of its issue's tests run (suite 71 beside the
# booted-Debian upgrade on 6.1); make soak (PCDROP_STRESS_SECONDS) and an
# explicit PCDROP_SUITES run every suite on every full row.  Each took
# 30-230 s a boot (2026-12-05); together about 18 minutes of the lanes.
#
# Suite 70 runs on 6.12: its test of a modprobe the kernel itself keeps
# waiting (the cond_resched() rewrite of each transition) needs 6.12.
#
# Since 2026-12-06 (the tests' own time measured at 55 min against a
# 45-minute budget, with the file-system suite 59 on every full row) also
# the suites each of whose three boots a full row repeats with the least
# difference between the rows, spread over the rows: the smoke rows still
# run 40, 45, 46 and 50 on the 6.12 and 7.x builds; make soak runs all of
# them on every full row.
ONE_ROW="31-stat-lifecycle=7.3 32-stat-overhead=6.12 34-stat-concurrent=7.3
35-stat-metrics=6.12 60-shadow-truncate=6.1 61-shmem-swap-batch=6.12 63-stress-tools=7.3
70-admin=6.12 71-upgrade=6.1 11-drift-guard=6.12
58-evict-batch=6.1 40-shmem-model=6.1 45-shmem-lifecycle=6.1 30-stat-exact=7.3
54-fadvise-lifecycle=7.3 50-fadvise-seed=6.12 48-shmem-stat=6.12 57-fadvise-writeback=6.12
43-shmem-race=7.3 33-stat-module=6.1 52-fadvise-dirty=6.1 53-fadvise-unchanged=6.12
42-shmem-swap=6.12 51-fadvise-fallback=7.3 47-shmem-other-livepatch=6.1 44-shmem-accounting=7.3
55-fadvise-other-livepatch=6.1"

# here SUITE: whether this stream ($series, $role) runs SUITE in this run,
# as far as ONE_ROW goes.
here() {
	# Suite 11 loads a pcdrop verified against an archived build of the
	# same series whose functions differ: 6.12.117+deb13, on 6.12's row.
	[ "$1" != 11-drift-guard ] || [ "$series" = 6.12 ] || return 1
	[ "$role" = full ] && [ -z "${PCDROP_STRESS_SECONDS:-}${PCDROP_SUITES:-}" ] || return 0
	for _o in $ONE_ROW; do
		[ "${_o%%=*}" = "$1" ] || continue
		[ "${_o#*=}" = "$series" ]
		return
	done
	return 0
}

# runs_here SUITE: this stream runs SUITE.
runs_here() {
	here "$1" && runs_suite "$1" "$suites"
}

# elsewhere: ", but SUITE (make check runs it on SERIES)" for each suite of
# ONE_ROW this stream leaves to another row.
elsewhere() {
	for _o in $ONE_ROW; do
		here "${_o%%=*}" || printf ', but %s (on %s)' "${_o%%=*}" "${_o#*=}"
	done
}

# xfs_image FILE: suite 59's and 62's xfs (large folios); 64 MB, below xfsprogs'
# supported minimum of 300 MB, so that the guest's copy of it stays small.
# The default features of Debian 12's and 13's mkfs.xfs all mount on 6.1.
xfs_image() {
	rm -f "$1"
	truncate -s 64M "$1" && mkfs.xfs -q -f --unsupported "$1"
}

# btrfs_image FILE: suite 59's btrfs, 128 MB (mkfs.btrfs's smallest
# without mixed block groups), with the host's mkfs.btrfs defaults
# (Debian 12's: no-holes, free-space-tree; 6.1 mounts them).
btrfs_image() {
	rm -f "$1"
	truncate -s 128M "$1" && mkfs.btrfs -q -f "$1"
}

# ext4_image FILE: suite 59's and 63's ext4, 128 MB, with extents: busybox's
# mke2fs writes ext2, on which ext4 refuses to punch holes.  Without
# metadata checksums, which need crc32c, a module the guest does not load
# on 6.1.
ext4_image() {
	rm -f "$1"
	mke2fs -q -F -t ext4 -O ^metadata_csum "$1" 128M
}

# The runner's own tests: each broken guest must give its exit status.
runner_tests() {
	kver=$1
	share=$2
	res=$3
	mkdir -p "$share/runner"
	cp tests/runner/*.sh tests/runner/misbehave.c tests/runner/Kbuild "$share/runner/"
	step "runner: build misbehave.ko" "$res/misbehave-build.log" \
		scripts/with-compiler.sh "$kver" "$share/runner" \
		make -C "$(realpath "$PCDROP_CACHE/kernels/$kver/kdir")" M="$share/runner" modules ||
		return
	for case in pass:0:passing fail:1:failing oops:2:oopsing warn:2:warning \
		    panic:2:panicking hang:3:hanging; do
		script=${case%%:*}
		want=${case#*:}
		want=${want%%:*}
		rc=0
		# A boot of these takes 4-8 s: 20 s tells a hang from a slow boot.
		PCDROP_VM_TIMEOUT=20 timed boot "$kver runner/$script" \
			scripts/vm-run.sh "$kver" "$share" "runner/$script.sh" \
			"$res/runner" 2>/dev/null || rc=$?
		if [ "$rc" = "$want" ]; then
			tap ok "runner: a ${case##*:} guest is reported as such (exit $rc)"
		else
			tap "not ok" "runner: a ${case##*:} guest is reported as such # exit $rc, expected $want"
		fi
	done
}

# relay_skips FILE WHO: FILE's "ok - WHAT", "not ok - WHAT # WHY" and "ok -
# WHAT # SKIP WHY" lines as lines of this stream; a failure if it has none.
relay_skips() {
	_n=$N
	while IFS= read -r _l; do
		case $_l in
		"ok - "*" # SKIP "*) _w=${_l#ok - }; skip "${_w%% # SKIP *}" "${_w#* # SKIP }" ;;
		"ok - "*) tap ok "${_l#ok - }" ;;
		"not ok - "*) tap "not ok" "${_l#not ok - }" ;;
		esac
	done < "$1"
	[ "$N" != "$_n" ] || tap "not ok" "$2 reports its results # see $1"
}

# drift_check KVER RES: the drift guard on a build of the matrix, one TAP
# line, and one per function that matches no verified fingerprint, with
# the diff against the nearest verified one (scripts/drift.sh).
drift_check() {
	what="drift guard: every kernel function pcdrop relies on has a verified fingerprint on $1"
	if timed step "$1 drift guard" scripts/drift.sh check "$1" "$2/drift" > "$2/drift.log" 2>&1; then
		tap ok "$what"
		return
	fi
	tap "not ok" "$what # see $2/drift.log"
	grep ' unverified' "$2/drift.log" > "$2/drift-unverified.txt"
	while read -r fn _fp rest; do
		tap "not ok" "drift guard: $fn() of $1 matches no verified fingerprint # $rest; diff: $2/drift/$fn.diff"
	done < "$2/drift-unverified.txt"
}

# drift_runtime KVER RES: the load-time fingerprints of KVER's functions
# (what module/drift_guard.c computes, without runtime patching) are the
# ones tests/drift/runtime verified for it; one TAP line.
drift_runtime() {
	what="drift guard at load time: $1's fingerprints are its verified ones in tests/drift/runtime"
	scripts/drift.sh runtime "$1" 2> "$2/drift-runtime.log" | awk '$2 != "absent"' |
		sort > "$2/drift-runtime.txt"
	awk -v b="$1" '!/^#/ && $5 == b { print $1, $2, $3, $4 }' tests/drift/runtime |
		sort > "$2/drift-runtime-verified.txt"
	if [ -s "$2/drift-runtime.txt" ] &&
	   cmp -s "$2/drift-runtime.txt" "$2/drift-runtime-verified.txt"; then
		tap ok "$what"
	else
		tap "not ok" "$what # diff $2/drift-runtime-verified.txt $2/drift-runtime.txt"
	fi
}

# drift_variant KVER OUT: pcdrop for KVER whose only verified load-time
# fingerprints are 6.12.117+deb13's, from its vmlinux in the archive
# (tests/drift-archive.sh fetched it): suite 11 loads it on 6.12.118, and
# upgrades to it (so it is the next version, with its pcdrop_next).
drift_variant() {
	_v=$PCDROP_CACHE/drift/6.12.117+deb13-amd64/vmlinux
	[ -f "$_v" ] || { echo "no $_v: tests/drift-archive.sh could not fetch it"; return 1; }
	scripts/drift.sh runtime "$_v" |
		awk '$2 != "absent" { print $0, "6.12.117+deb13-amd64" }' > "$2.runtime" &&
		PCDROP_DRIFT_RUNTIME=$(realpath "$2.runtime") scripts/build-module.sh "$1" "$2" \
		PCDROP_VERSION="$(next_version)"
}

# drift_without FUNCTION KVER OUT: pcdrop for KVER with no verified
# load-time fingerprint of FUNCTION (tests/drift/runtime without its
# lines), so that FUNCTION differs on every build: suite 11 loads it.
drift_without() {
	grep -v "^$1 " tests/drift/runtime > "$3.runtime" &&
		PCDROP_DRIFT_RUNTIME=$(realpath "$3.runtime") scripts/build-module.sh "$2" "$3" \
		PCDROP_NEXT=0
}

# Style: checkpatch --strict on the kernel code; the converter and the
# guests' programs build without warnings.
export PCDROP_TIMES="$work/results/times.tsv"
mkdir -p "$work/results"
: > "$PCDROP_TIMES"
run_start=$(date +%s)
cal_start=$(tests/time-budget.sh calibrate)
N=0
echo "# lint and host builds"
echo "TAP version 13"
mkdir -p "$work/results"
step "checkpatch --strict is clean on module/, tests/runner/, tests/hold/, tests/slowinit/ and tests/lp/" "$work/results/checkpatch.log" \
	scripts/checkpatch.sh module/*.[ch] tests/runner/misbehave.c tests/hold/pcdrop_hold.c tests/slowinit/slowinit.c \
	tests/lp/*.c
step "module/drift_verified.h is what scripts/drift.sh table makes of tests/drift/runtime" \
	"$work/results/drift-table.log" sh -c 'scripts/drift.sh table | diff -u module/drift_verified.h -'
step "the README's supported-kernels table matches tests/kernels.list" \
	"$work/results/readme-kernels.log" tests/readme-kernels.sh
step "every kernel of the list resolves the same concurrently from an empty cache" \
	"$work/results/kernels-concurrent.log" tests/kernels-concurrent.sh
step "the time budget fails tests over it and a hung setup step, and sets setup apart" \
	"$work/results/budget-selftest.log" tests/time-budget.sh selftest
step "scripts/klp-convert.c compiles without warnings" "$work/results/klp-convert-build.log" \
	cc -O2 -Wall -Wextra -Werror -o "$work/results/klp-convert" scripts/klp-convert.c
step "scripts/btf-protos.c compiles without warnings" "$work/results/btf-protos-build.log" \
	cc -O2 -Wall -Wextra -Werror -o "$work/results/btf-protos" scripts/btf-protos.c
step "scripts/kallsyms-map.c compiles without warnings" "$work/results/kallsyms-map-build.log" \
	cc -O2 -Wall -Wextra -Werror -o "$work/results/kallsyms-map" scripts/kallsyms-map.c
# The drift guard against two Debian builds outside the matrix: one with a
# stable fix in shmem_undo_range(), one with the same code elsewhere.
timed step "drift guard: two archived builds" tests/drift-archive.sh "$work/results/drift-archive" \
	> "$work/results/drift-archive.log" 2>&1
relay_skips "$work/results/drift-archive.log" "drift-archive.sh"
# The load-time mask, on real functions of 6.12.117 (fetched just above).
tests/drift-mask-test.sh "$PCDROP_CACHE/drift/6.12.117+deb13-amd64/vmlinux" 6.12.118+deb13-amd64 \
	> "$work/results/drift-mask.log" 2>&1
relay_skips "$work/results/drift-mask.log" "drift-mask-test.sh"
step "the guest test programs (tests/shmem, tests/fadvise) build static without warnings" \
	"$work/results/progs-build.log" build_progs "$work/build/progs"
# pcdrop-stat and its tests' programs are static and CO-RE: built once,
# staged into every kernel's share.
step "build pcdrop-stat and tests/progs (static)" "$work/results/bpf.log" \
	make bpf BPF_OUTPUT="$work/build/bpf"
# The man pages, completions and links, against the pcdrop-stat just built
# (its --help; bpf/pcdrop-stat.c's argp table if the build failed).
step "the man pages and bash completions list every command and option of the code, man --warnings is silent, and no Markdown link is broken" \
	"$work/results/doc-check.log" tests/doc-check.sh "$work/build/bpf/pcdrop-stat"
# pcdrop.conf's syntax, line by line, and the documents' examples of it;
# the admin command's usage errors and its refusals of non-root users;
# the figures the documents quote, against docs/benchmarks.md's table.
for t in conf-check cli-check figures-check; do
	tests/$t.sh "$work/build/bpf/pcdrop-stat" > "$work/results/$t.log" 2>&1
	relay "$work/results/$t.log"
	[ "$RELAYED" -gt 0 ] || tap "not ok" "tests/$t.sh ran # see $work/results/$t.log"
done
echo "1..$N"

kernel_stream() {
	series=$1
	N=0
	PASSED=0
	FAILED=0
	res=$work/results/series-$series
	rm -rf "$res"
	mkdir -p "$res"
	echo "# series $series"
	echo "TAP version 13"
	# kernels.sh exits 3 for a row Debian no longer carries.
	rc=0
	kver=$(timed fetch "$series" scripts/kernels.sh fetch "$series" 2>"$res/fetch.log") || rc=$?
	if [ "$rc" != 0 ]; then
		if [ "$rc" = 3 ]; then
			skip "fetch the newest $series kernel" "$(tail -n 1 "$res/fetch.log")"
		else
			tap "not ok" "fetch the newest $series kernel # see $res/fetch.log"
		fi
		echo "1..$N"
		echo "$PASSED $FAILED $SKIPPED" > "$work/results/series-$series.counts"
		return
	fi
	mv "$res" "$work/results/$kver.tmp" && rm -rf "$work/results/$kver" &&
		mv "$work/results/$kver.tmp" "$work/results/$kver"
	res=$work/results/$kver
	echo "# kernel $kver"
	tap ok "fetch the newest $series kernel: $kver"
	want=$(scripts/kernels.sh field "$series" compiler)
	got=$(cat "$PCDROP_CACHE/kernels/$kver/compiler")
	if [ "$want" = "$got" ]; then
		tap ok "$kver was built with $want, as tests/kernels.list says"
	else
		tap "not ok" "$kver was built with $want, as tests/kernels.list says # its headers depend on $got"
	fi
	drift_check "$kver" "$res"
	drift_runtime "$kver" "$res"
	role=$(scripts/kernels.sh field "$series" role)
	suites=$SUITES
	if [ "$role" != full ] && [ -z "${PCDROP_SUITES:-}" ]; then
		suites=$SMOKE_SUITES
		[ "$(scripts/kernels.sh field "$series" flavour)" != rt-amd64 ] || suites=$RT_SUITES
	fi
	echo "# $series is a $role row: suites $suites$(elsewhere)"

	b=$work/build/$kver
	share=$b/share
	rm -rf "$share"
	mkdir -p "$share"
	ok=1
	sparse=""
	[ "$got" != gcc-12 ] || sparse=C=1
	step "build pcdrop.ko with $kver's compiler${sparse:+ and sparse}" "$res/build.log" \
		scripts/build-module.sh "$kver" "$b/pcdrop" $sparse || ok=0
	if [ -n "$sparse" ]; then
		if grep -E 'warning:|error:' "$res/build.log" > "$res/sparse.log"; then
			tap "not ok" "sparse (make C=1) reports nothing # see $res/sparse.log"
		else
			tap ok "sparse (make C=1) reports nothing"
		fi
	else
		echo "# sparse: run on the gcc-12 kernels (Debian's gcc-14 builds run in a chroot; 7.x headers lack scripts/checker-valid.sh)"
	fi
	# Its missing function has no prototype in any BTF to check.  Suite
	# 20 loads it: on the full rows, and on every row in make soak or with
	# PCDROP_SUITES (the livepatch core's refusal is the same in each
	# flavour of a kernel series; a build takes 15-30 s).
	rm -rf "$b/missing"
	if [ "$role" = full ] || [ -n "${PCDROP_SUITES:-}${PCDROP_STRESS_SECONDS:-}" ]; then
		step "build the missing-symbol test variant" "$res/build-missing.log" \
			scripts/build-module.sh "$kver" "$b/missing" PCDROP_TEST_MISSING_SYMBOL=1 \
			PCDROP_BTF= PCDROP_NEXT=0 || ok=0
	fi
	# The other test modules, each built only where a suite that loads
	# it runs (not on the smoke rows: a minute or more of builds each).
	rm -rf "$b/other" "$b/fadv" "$b/hold" "$b/slowinit" "$b/v2" "$b/lp" "$b/drift" "$b"/drift-* \
		"$b/probe-error"
	if runs_here 11-drift-guard; then
		step "build pcdrop with 6.12.117+deb13's fingerprints as the verified ones (suite 11)" \
			"$res/build-drift.log" drift_variant "$kver" "$b/drift" || ok=0
		for f in generic_fadvise __remove_mapping; do
			step "build pcdrop with no verified fingerprint of $f() (suite 11)" \
				"$res/build-drift-$f.log" drift_without "$f" "$kver" "$b/drift-$f" || ok=0
		done
	fi
	if runs_here 47-shmem-other-livepatch || runs_here 71-upgrade; then
		step "build a copy named pcdrop_other (another livepatch)" "$res/build-other.log" \
			scripts/build-module.sh "$kver" "$b/other" PCDROP_NAME=pcdrop_other || ok=0
	fi
	if runs_here 55-fadvise-other-livepatch || runs_here 71-upgrade; then
		step "build a copy named pcdrop_fadv (another livepatch of the fadvise function)" \
			"$res/build-fadv.log" scripts/build-module.sh "$kver" "$b/fadv" \
			PCDROP_NAME=pcdrop_fadv PCDROP_TEST_FADVISE_ONLY=1 || ok=0
	fi
	# Suites 70's and 71's: keeps a task inside shmem_undo_range() (tests/hold).
	if runs_here 70-admin || runs_here 71-upgrade; then
		mkdir -p "$b/hold" && cp tests/hold/Kbuild tests/hold/pcdrop_hold.c "$b/hold/"
		step "build pcdrop_hold.ko (test only: a stuck livepatch transition)" "$res/build-hold.log" \
			scripts/with-compiler.sh "$kver" "$b/hold" make -C "$(realpath "$PCDROP_CACHE/kernels/$kver/kdir")" \
			M="$(realpath "$b/hold")" KCFLAGS=-Werror modules || ok=0
	fi
	# Suite 70's: a module named pcdrop whose init takes 20 s (a
	# modprobe that does not return within pcdrop load's TIMEOUT).
	if runs_here 70-admin; then
		mkdir -p "$b/slowinit" && cp tests/slowinit/Kbuild tests/slowinit/slowinit.c "$b/slowinit/"
		step "build the slow-init stand-in named pcdrop (test only: a modprobe that takes 20 s)" \
			"$res/build-slowinit.log" \
			scripts/with-compiler.sh "$kver" "$b/slowinit" make -C "$(realpath "$PCDROP_CACHE/kernels/$kver/kdir")" \
			M="$(realpath "$b/slowinit")" KCFLAGS=-Werror modules || ok=0
	fi
	# Suite 71's: the next version (VERSION's last number plus one; make
	# module builds its pcdrop_next.ko too).
	if runs_here 71-upgrade; then
		step "build the next version, $(next_version), for the upgrade test" "$res/build-v2.log" \
			scripts/build-module.sh "$kver" "$b/v2" PCDROP_VERSION="$(next_version)" || ok=0
	fi
	# Suite 65's: every probe of ftrace's owners of the functions a batched
	# path stands in for fails (module/ipmodify.c).
	if runs_here 65-bypass-other-livepatch; then
		step "build pcdrop whose probe of ftrace's owners always fails (suite 65)" \
			"$res/build-probe-error.log" scripts/build-module.sh "$kver" "$b/probe-error" \
			PCDROP_TEST_PROBE_ERROR=11 PCDROP_NEXT=0 || ok=0
	fi
	# Other vendors' livepatches (tests/lp): of an unrelated function for
	# suite 71, of functions a batched path stands in for, for suite 65 (a
	# compiler's clone of one, and a cumulative livepatch, too).
	if runs_here 71-upgrade || runs_here 65-bypass-other-livepatch; then
		mkdir -p "$b/lp" && cp tests/lp/Kbuild tests/lp/*.c "$b/lp/"
		step "build the test livepatches (tests/lp)" \
			"$res/build-lp.log" \
			scripts/with-compiler.sh "$kver" "$b/lp" make -C "$(realpath "$PCDROP_CACHE/kernels/$kver/kdir")" \
			M="$(realpath "$b/lp")" KCFLAGS=-Werror modules || ok=0
	fi
	step "the prototypes in kernel_api.h match $kver's BTF, and a wrong one is refused" \
		"$res/prototypes.log" tests/check-prototypes.sh "$kver" || ok=0
	if [ $ok = 1 ]; then
		if converted "$b/pcdrop/pcdrop.ko"; then
			tap ok "pcdrop.ko carries livepatch relocations and no weak undefined symbol"
		else
			tap "not ok" "pcdrop.ko carries livepatch relocations and no weak undefined symbol"
		fi
		replacements "$b/pcdrop/pcdrop.ko" > "$res/replacements.txt"
		while read -r fn stub; do
			what="$fn() calls the kernel's body (no tail call)"
			if calls_body "$b/pcdrop/pcdrop.ko" "$fn" "$stub" "$res/calls-$fn.txt"; then
				tap ok "$what"
			else
				tap "not ok" "$what # see $res/calls-$fn.txt"
			fi
		done < "$res/replacements.txt"
		cp "$b/pcdrop/pcdrop.ko" "$share/pcdrop.ko"
		readelf -s -W "$share/pcdrop.ko" |
			sed -n 's/.* \.klp\.sym\.vmlinux\.\([^,]*\),.*/\1/p' | LC_ALL=C sort > "$share/klp-symbols"
		[ ! -d "$b/missing" ] || cp "$b/missing/pcdrop.ko" "$share/pcdrop-missing-symbol.ko"
		cp "$b/pcdrop/build/next/pcdrop_next.ko" "$share/pcdrop_next.ko"
		[ ! -d "$b/other" ] || cp "$b/other/pcdrop_other.ko" "$share/pcdrop_other.ko"
		[ ! -d "$b/fadv" ] || cp "$b/fadv/pcdrop_fadv.ko" "$share/pcdrop_fadv.ko"
		[ ! -d "$b/hold" ] || cp "$b/hold/pcdrop_hold.ko" "$share/pcdrop_hold.ko"
		[ ! -d "$b/slowinit" ] || cp "$b/slowinit/pcdrop.ko" "$share/pcdrop_slowinit.ko"
		if [ -d "$b/drift" ]; then
			cp "$b/drift/pcdrop.ko" "$share/pcdrop-drift.ko"
			cp "$b/drift/build/next/pcdrop_next.ko" "$share/pcdrop_next-drift.ko"
		fi
		for f in generic_fadvise __remove_mapping; do
			[ ! -d "$b/drift-$f" ] || cp "$b/drift-$f/pcdrop.ko" "$share/pcdrop-drift-$f.ko"
		done
		if [ -d "$b/v2" ]; then
			mkdir -p "$share/v2"
			cp "$b/v2/pcdrop.ko" "$b/v2/build/next/pcdrop_next.ko" "$share/v2/"
			next_version > "$share/v2/VERSION"
		fi
		[ ! -d "$b/lp" ] || cp "$b/lp"/pcdrop_test_*.ko "$share/"
		[ ! -d "$b/probe-error" ] || cp "$b/probe-error/pcdrop.ko" "$share/pcdrop-probe-error.ko"
	fi
	cp -r tests/guest "$share/guest"
	cp -r "$work/build/progs" "$share/progs"
	if [ "$role" = full ]; then echo "$CYCLES"; else echo "$SMOKE_CYCLES"; fi \
		> "$share/lifecycle-cycles"
	echo "${PCDROP_LIFECYCLE_SECONDS:-0}" > "$share/lifecycle-seconds"
	# The model suite's operations per mode: 150 on the full rows, 100 on
	# the smoke rows; make soak sets more.
	if [ -n "${PCDROP_MODEL_OPS:-}" ]; then echo "$PCDROP_MODEL_OPS"
	elif [ "$role" = full ]; then echo 150; else echo 100; fi > "$share/model-ops"
	# Suite 60's load/unload cycles under its truncating load: 1 (each
	# transition under it takes 20-50 s under TCG); make soak sets more.
	echo "${PCDROP_SHADOW_CYCLES:-1}" > "$share/shadow-cycles"
	# Suite 58's race: 10 s; make soak sets more.
	echo "${PCDROP_RACE_SECONDS:-10}" > "$share/race-seconds"
	# Suite 58's modes: all four on the full rows; on a smoke row (the rt
	# rows run it) the kernel's per-folio eviction through pcdrop
	# (evict_batch=0) and the batched walk (1w), each with exact lock
	# counts; make soak and PCDROP_SUITES run all four.
	if [ "$role" = full ] || [ -n "${PCDROP_SUITES:-}${PCDROP_STRESS_SECONDS:-}" ]; then
		echo "stock 0 1 1w"
	else
		echo "0 1w"
	fi > "$share/evict-modes"
	# Suite 32's timed runs per mode: its figures are a benchmark's
	# (tests/bench); make check checks that the counted runs are exact.
	echo "${PCDROP_OVERHEAD_RUNS:-2}" > "$share/overhead-runs"
	# Suite 71 upgrades under a tmpfs load, except on 6.12 outside make
	# soak: there each of the relay's four transitions takes 70-80 s under
	# it (TCG), 5 minutes in all; 6.1 and 7.3 take seconds.
	case $series in
	6.12*) [ -n "${PCDROP_LIFECYCLE_SECONDS:-}" ] && echo yes || echo no ;;
	*) echo yes ;;
	esac > "$share/upgrade-load"
	# Suite 63's Debian stress-ng and fio and suite 35's promtool, with
	# their libraries (140 MB: only into the shares of the rows that run
	# them), and how long stress-ng and fio run: 20 s, or make soak's
	# PCDROP_STRESS_SECONDS.
	if runs_here 63-stress-tools || runs_here 35-stat-metrics; then
		step "stage Debian's stress-ng, fio and promtool for suites 63 and 35" \
			"$res/stress-tools.log" scripts/stress-tools.sh "$share/tools" || ok=0
	fi
	if runs_here 63-stress-tools || runs_here 59-fadvise-filesystems; then
		step "make the ext4 image suites 59 and 63 mount" "$res/mkfs-ext4.log" \
			ext4_image "$share/ext4.img"
	fi
	if runs_here 59-fadvise-filesystems; then
		step "make the btrfs image suite 59 mounts" "$res/mkfs-btrfs.log" \
			btrfs_image "$share/btrfs.img"
	fi
	echo "${PCDROP_STRESS_SECONDS:-20}" > "$share/stress-seconds"
	step "make the xfs image suites 59 and 62 mount" "$res/mkfs-xfs.log" \
		xfs_image "$share/xfs.img"
	cp VERSION "$share/VERSION"
	cp README.md "$share/README.md"
	# Suite 20 checks the drift guard's symbols against /proc/kallsyms.
	cp "$res/drift/symbols" "$share/drift-symbols" 2>/dev/null
	# The admin command, its unit and config as "make admin-install"
	# installs them (suite 70 copies them into the guest's root).
	make -s admin-install DESTDIR="$share/admin-root" > "$res/admin-install.log" 2>&1 || ok=0
	export PCDROP_INITRD="$b/initrd.cpio.gz"
	step "build the guest initramfs" "$res/initramfs.log" \
		scripts/mkinitramfs.sh "$kver" "$PCDROP_INITRD" || ok=0
	cp "$work/build/bpf/pcdrop-stat" "$work/build/bpf/pcload" \
		tests/progs/statlib.sh tests/progs/jsonflat.awk tests/progs/metrics-expect.awk \
		tests/progs/metrics-compare.awk "$share/" 2>/dev/null
	if [ $ok = 1 ]; then
		set -f
		for pat in $suites; do
			set +f
			for s in tests/guest/$pat.sh; do
				[ -f "$s" ] || continue
				here "$(basename "$s" .sh)" || continue
				basename "$s" .sh
			done
		done > "$share/suites"
		set +f
		# Suite 64's tests: the kernel's own selftests, from Debian's
		# source of this build (cached; seconds when warm).  make soak
		# runs the list's soak tier too.
		if grep -q -x 64-selftests "$share/suites"; then
			mkdir -p "$share/selftests"
			step "build the kernel's own selftests from Debian's linux-source of $kver" \
				"$res/selftests-build.log" \
				stage_selftests "$kver" "$share/selftests"
		fi
		# A smoke row boots once for all its suites; a full row once
		# per suite, so that no suite sees what another left behind.
		if [ "$role" = smoke ]; then
			boot_suite "$kver" "$share" guest/suites.sh "$res"
		else
			while read -r s; do
				boot_suite "$kver" "$share" "guest/$s.sh" "$res" </dev/null
			done < "$share/suites"
		fi
		if [ "$series" = "$DEFAULT_SERIES" ] && [ -z "${PCDROP_SKIP_RUNNER_TESTS:-}" ]; then
			runner_tests "$kver" "$share" "$res"
		fi
	fi
	echo "1..$N"
	echo "$PASSED $FAILED $SKIPPED" > "$work/results/series-$series.counts"
}

# todo STATUS DESCRIPTION: a TAP line marked TODO, counted in neither
# PASSED nor FAILED.
todo() {
	N=$((N + 1))
	echo "$1 $N - $2 # TODO canary"
}

# canary_end STATUS DESCRIPTION SUMMARY: a canary's last TAP line, and
# its line in the summary.
canary_end() {
	todo "$1" "$2"
	echo "$3" >> "$res/summary"
}

# canary SERIES KVER HEADERS: build pcdrop.ko for an unlisted kernel series (with
# PCDROP_UNVERIFIED_KERNEL, past the #error), boot it and run suite 46
# (it loads, batches removals with exact counts, unloads).
canary() {
	if [ "$3" = no-headers ]; then
		canary_end "not ok" "$1: Debian carries headers for $2, to build pcdrop against" \
			"$1 $2: Debian carries its image but not its headers"
		return
	fi
	r=$res/$2
	b=$work/build/canary-$2
	share=$b/share
	mkdir -p "$r"
	rm -rf "$share"
	mkdir -p "$share"
	if ! timed fetch "$2" scripts/kernels.sh fetch "$2" >/dev/null 2>"$r/fetch.log"; then
		canary_end "not ok" "$1: fetch $2 # see $r/fetch.log" "$1 $2: cannot be fetched"
		return
	fi
	if ! timed build "$2 pcdrop.ko" scripts/build-module.sh "$2" "$b/pcdrop" \
			PCDROP_UNVERIFIED_KERNEL=1 >"$r/build.log" 2>&1; then
		canary_end "not ok" "$1: pcdrop.ko builds for $2 # see $r/build.log" \
			"$1 $2: does not build"
		return
	fi
	todo ok "$1: pcdrop.ko builds for $2"
	cp "$b/pcdrop/pcdrop.ko" VERSION "$share/"
	cp -r tests/guest "$share/guest"
	cp -r "$work/build/progs" "$share/progs"
	if ! scripts/mkinitramfs.sh "$2" "$b/initrd.cpio.gz" >"$r/initramfs.log" 2>&1; then
		canary_end "not ok" "$1: the guest initramfs builds for $2 # see $r/initramfs.log" \
			"$1 $2: builds; no guest initramfs"
		return
	fi
	if PCDROP_INITRD=$b/initrd.cpio.gz timed boot "$2 46-shmem-effect" scripts/vm-run.sh "$2" "$share" \
			guest/46-shmem-effect.sh "$r" 2>"$r/46-shmem-effect.runner"; then
		canary_end ok "$1: $2 loads pcdrop and batches removals (suite 46)" \
			"$1 $2: builds, loads, batches"
	else
		canary_end "not ok" "$1: $2 loads pcdrop and batches removals (suite 46) # $(tail -n 1 "$r/46-shmem-effect.runner")" \
			"$1 $2: builds; suite 46 fails"
	fi
}

# canary_stream: every x86_64 kernel series Debian carries that
# tests/kernels.list does not list (a new 7.N in backports, an rc in
# experimental) is built and loaded, so a new series is seen the day it
# appears, in TODO lines that never fail make check.
canary_stream() {
	N=0
	PASSED=0
	FAILED=0
	SKIPPED=0
	res=$work/results/canaries
	rm -rf "$res"
	mkdir -p "$res"
	: > "$res/summary"
	echo "# canaries: kernel series Debian carries that tests/kernels.list does not list"
	echo "TAP version 13"
	if scripts/kernels.sh canaries > "$res/list" 2>"$res/list.log"; then
		while read -r series kver headers; do
			canary "$series" "$kver" "$headers" </dev/null
		done < "$res/list"
	else
		tap "not ok" "list the unlisted kernel series # see $res/list.log"
	fi
	echo "1..$N"
	echo "$PASSED $FAILED $SKIPPED" > "$work/results/series-canaries.counts"
}

# dkms_stream: DKMS and the Debian package, in Debian 12 and 13 chroots
# (tests/dkms/run.sh, same PCDROP_SERIES), then the packages it built on a
# booted Debian with systemd (tests/sysvm/system.sh): two TAP streams.
dkms_stream() {
	echo "# dkms"
	# make check: the DKMS chroot tests in Debian 12's chroot (6.1) only,
	# the longest part of the longest stream (Debian 13's took over 10
	# minutes warm); the booted-Debian tests below install the same
	# packages, DKMS building them, on Debian 13 too.  make soak and an
	# explicit PCDROP_SERIES run both chroots.
	dkms_series=${PCDROP_SERIES:-}
	[ -n "$dkms_series" ] || [ -n "${PCDROP_STRESS_SECONDS:-}" ] || dkms_series=6.1
	PCDROP_SERIES=$dkms_series tests/dkms/run.sh 2>"$work/results/dkms.log" |
		tee "$work/results/dkms.tap"
	echo "# system (a booted Debian)"
	tests/sysvm/system.sh "$work/build/dkms/deb" "$work/build/dkms/deb-next" \
		2>"$work/results/system.log" |
		tee "$work/results/system.tap"
	p=0 f=0
	for t in dkms system; do
		p=$((p + $(grep -c '^ok ' "$work/results/$t.tap")))
		f=$((f + $(grep -c '^not ok ' "$work/results/$t.tap")))
		grep -q '^1\.\.' "$work/results/$t.tap" || {
			echo "not ok - the $t tests did not finish # see $work/results/$t.log"
			f=$((f + 1))
		}
	done
	echo "$p $f 0" > "$work/results/series-dkms.counts"
}

# ready STREAM: the build chroot STREAM starts with is made (or it needs
# none), so a lane that takes it starts testing at once.
ready() {
	case $1 in
	canaries) return 0 ;;
	dkms) [ -e "$PCDROP_CACHE/chroot/dkms-bookworm/.pcdrop-ready" ] ;;
	*)
		env=$(build_env "$(scripts/kernels.sh field "$1" compiler)") || return 0
		[ "$env" = host ] || [ -e "$PCDROP_CACHE/chroot/$env/.pcdrop-ready" ] ;;
	esac
}

# next_stream: take a stream off the queue: the first (longest) one that
# is ready, else the first.
next_stream() {
	exec 6>"$queue.lock"
	flock 6
	pick=""
	while read -r cand; do
		ready "$cand" && { pick=$cand; break; }
	done < "$queue"
	[ -n "$pick" ] || pick=$(head -n 1 "$queue")
	grep -v -x -F "$pick" "$queue" > "$queue.new"
	mv "$queue.new" "$queue"
	flock -u 6
	[ -n "$pick" ] && echo "$pick"
}

# lane N: run streams off the queue, one at a time, until it is empty.
lane() {
	while s=$(next_stream); do
		echo "# stream $s: started on lane $1"
		rm -f "$work/results/series-$s.counts"
		case $s in
		canaries) run=canary_stream ;;
		dkms) run=dkms_stream ;;
		*) run="kernel_stream $s" ;;
		esac
		# A subshell: each stream starts from the runner's globals.
		# shellcheck disable=SC2086
		(PCDROP_STREAM=$s timed stream "lane $1" $run) > "$work/results/series-$s.tap" 2>&1
	done
}

# prefetch: make the build and DKMS chroots (a minute or more each from
# an empty cache, mostly downloads) and the booted-Debian tests' disk
# images, fetch the kernels in the order the lanes take them, then the
# full rows' selftests and the stress tools.  It runs before the lanes start, as setup: on a
# cold cache its downloads and debootstraps would otherwise compete with
# the first guests for the two cores, and the tests' time would depend
# on the day's mirror.  Failures are the streams' to report: they make
# and fetch the same.
prefetch() {
	for c in $(for s in $SERIES; do
			scripts/kernels.sh field "$s" compiler 2>/dev/null; done | sort -u); do
		env=$(build_env "$c") || continue
		[ "$env" != host ] || continue
		timed chroot "$env build chroot (prefetch)" scripts/chroot.sh ensure "$env"
	done
	[ -n "${PCDROP_SKIP_DKMS:-}" ] || for c in bookworm trixie; do
		timed chroot "$c DKMS chroot (prefetch)" scripts/dkms-chroot.sh ensure "$c"
	done
	# The booted-Debian tests' disk images, with their kernels' packages
	# (minutes from an empty cache, mostly apt-get): the DKMS stream then
	# only boots them.
	[ -n "${PCDROP_SKIP_DKMS:-}" ] ||
		timed chroot "the system-test images (prefetch)" tests/sysvm/system.sh --images
	for s in $(cat "$queue.all"); do
		case $s in
		canaries | dkms) ;;
		*) timed fetch "$s (prefetch)" scripts/kernels.sh fetch "$s" ;;
		esac
	done
	# What the full rows would otherwise download and build once into the
	# cache while the other lane's guests run: each kernel's selftests
	# (suite 64: its linux-source) and the stress tools (suites 35, 63).
	for s in $(cat "$queue.all"); do
		[ "$(scripts/kernels.sh field "$s" role 2>/dev/null)" = full ] || continue
		kver=$(scripts/kernels.sh fetch "$s" 2>/dev/null) || continue
		! runs_suite 64-selftests "$SUITES" ||
			timed fetch "$kver selftests: source and build (prefetch)" \
				scripts/selftests.sh "$kver" > /dev/null
	done
	if runs_suite 35-stat-metrics "$SUITES" || runs_suite 63-stress-tools "$SUITES"; then
		timed fetch "stress-ng, fio and promtool (prefetch)" \
			scripts/stress-tools.sh "$work/build/stress-tools.prefetch"
		rm -rf "$work/build/stress-tools.prefetch"
	fi
}

# The streams (each kernel row, the canaries, DKMS) run on PCDROP_JOBS
# lanes (default 2: each guest keeps one host core busy; kernels.sh
# serialises their downloads).  Longest first, by the times measured in
# tests/stream-times (a stream not listed there counts as longest): each
# lane takes the next stream when its last one ends.  They are printed in
# list order once all are done.
JOBS=${PCDROP_JOBS:-2}
STREAMS=$SERIES
[ -n "${PCDROP_SKIP_DKMS:-}" ] || STREAMS="$STREAMS dkms"
queue=$work/results/queue
for s in $STREAMS; do
	t=$(awk -v s="$s" '$1 !~ /^#/ && $1 == s { print $2 }' tests/stream-times)
	echo "${t:-99999} $s"
done | sort -k1,1 -rn -s | awk '{ print $2 }' > "$queue"
cp "$queue" "$queue.all"
# A long lifecycle run needs a longer boot.
export PCDROP_VM_TIMEOUT="${PCDROP_VM_TIMEOUT:-$((900 + CYCLES * 15))}"
# Its own steps are timed as stream "prefetch", the whole as main's setup.
prefetch_all() {
	(PCDROP_STREAM=prefetch && export PCDROP_STREAM && prefetch)
}
timed setup "the build and DKMS chroots and the kernels (prefetch)" prefetch_all \
	> "$work/results/prefetch.log" 2>&1
pids=""
for l in $(seq 1 "$JOBS"); do
	lane "$l" &
	pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
for series in $STREAMS; do
	cat "$work/results/series-$series.tap"
	if read -r p f sk < "$work/results/series-$series.counts"; then
		PASSED=$((PASSED + p))
		FAILED=$((FAILED + f))
		SKIPPED=$((SKIPPED + sk))
	else
		echo "not ok - series $series: its stream did not finish"
		FAILED=$((FAILED + 1))
	fi
done
if [ -s "$work/results/canaries/summary" ]; then
	sed 's/^/# canary: /' "$work/results/canaries/summary"
fi
tests/time-report.sh "$PCDROP_TIMES" "$work/results/suite-times.tsv"
# The budget (tests/time-budget.sh) holds for the default run only.
if [ -n "${PCDROP_SERIES:-}${PCDROP_SUITES:-}${PCDROP_LIFECYCLE_CYCLES:-}${PCDROP_LIFECYCLE_SECONDS:-}${PCDROP_STRESS_SECONDS:-}${PCDROP_RACE_SECONDS:-}" ]; then
	echo "# time budget: not checked (PCDROP_SERIES, PCDROP_SUITES or a longer lifecycle, race or stress run set)"
else
	tests/time-budget.sh check "$(($(date +%s) - run_start))" "$PCDROP_TIMES" \
		"$cal_start" "$(tests/time-budget.sh calibrate)" > "$work/results/budget.tap"
	cat "$work/results/budget.tap"
	PASSED=$((PASSED + $(grep -c '^ok ' "$work/results/budget.tap")))
	FAILED=$((FAILED + $(grep -c '^not ok ' "$work/results/budget.tap")))
	[ -s "$work/results/budget.tap" ] || {
		echo "not ok - make check's time budget was checked # time-budget.sh printed nothing"
		FAILED=$((FAILED + 1))
	}
fi
echo "# $SKIPPED skipped (listed kernels Debian no longer carries, cases a kernel cannot run, the missing-symbol load on the smoke rows: make soak runs it)"
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
