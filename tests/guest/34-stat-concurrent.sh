# 34-stat-concurrent.sh - pcdrop-stat under many truncations at once.
#
# A kretprobe holds at most max(10, 2 * CPUs) returns in flight: 10 on
# the 2-vCPU guest.  48 tasks truncating tmpfs files together overlap
# inside do_truncate() and shmem_undo_range() far beyond that, and a
# return probe that missed once left its task slot taken (issue 19): the
# operation was lost, and so was every later one of that task.  Here each
# of the 48 truncates its file with the others, then once more alone;
# all 96 must be counted, in the default mode and with --kprobes, and one
# more truncate by a new task after them.
. ./guest/lib.sh
. ./statlib.sh
SUITE=stat-concurrent
N=48		# tasks
PAGES=2048	# per file: long enough to be preempted inside the kernel (6.12, 1024: 12 at once)

# The most tasks inside shmem_undo_range() at once, counted by a kprobe
# and a kretprobe of tracefs with room for 128 returns; sets max, and
# undo_missed, the returns that kretprobe missed (0, or max is unsure).
overlap_start() {
	echo 'p:pcdt/undo_in shmem_undo_range' >> $T/kprobe_events
	echo 'r128:pcdt/undo_out shmem_undo_range' >> $T/kprobe_events
	trace_events 1024 pcdt
}

overlap_stop() {
	echo 0 > $T/tracing_on
	echo 0 > $T/events/pcdt/enable
	max=$(awk '/ undo_in: / { if (++n > m) m = n } / undo_out: / { n-- }
		END { print m + 0 }' $T/trace)
	undo_missed=$(awk '$1 == "undo_out" { print $3 }' $T/kprobe_profile)
	echo '-:pcdt/undo_in' >> $T/kprobe_events
	echo '-:pcdt/undo_out' >> $T/kprobe_events
}

# health FILE FIELD
health() {
	sum_field "$1" health "$2"
}

# skipped FILE PROG: the calls the kernel did not run PROG for, because
# it was running on that CPU already (its recursion_misses).  A BPF
# trampoline runs its programs preemptibly: on 7.3 (lazy preemption) a
# task preempted inside truncate_fe makes the next truncate on that CPU
# skip it, and that operation goes uncounted; a skipped truncate_fx is an
# exit missed, found when the task truncates again.
skipped() {
	awk -v p="$2" '{ split($1, k, ".") }
	k[1] == "progs" && k[3] == "name" { n[k[2]] = $2 }
	k[1] == "progs" && k[3] == "recursion_misses" { m[k[2]] = $2 }
	END { for (i in n) if (n[i] == p) t += m[i]; print t + 0 }' "$1"
}

# run MODE [START ARGS]: the truncations, counted.
run() {
	mode=$1
	shift
	restat "$@"
	rm -rf /dev/shm/cc /tmp/s0 /tmp/s1 /tmp/s2 /dev/shm/one
	mkdir /dev/shm/cc
	stat_snap /tmp/s0
	overlap_start
	check "$mode: $N tasks truncate their files at once, then one by one" \
		./pcload truncmany /dev/shm/cc $N $PAGES
	overlap_stop
	stat_snap /tmp/s1
	echo "# $KVER $mode: at most $max tasks inside shmem_undo_range() at once;" \
		"missed returns $(health /tmp/s1 missed_returns) ($(health /tmp/s1 no_stack) without a stack);" \
		"recursion misses $(sum_field /tmp/s1 progs recursion_misses)"
	expect_eq "$mode: the overlap count itself missed no return" 0 "$undo_missed"
	check "$mode: more than 10 truncations overlapped in shmem_undo_range() ($max)" \
		test "$max" -gt 10
	if [ "$mode" = default ]; then entry=truncate_fe; else entry=truncate_kp; fi
	skips=$(($(skipped /tmp/s1 $entry) - $(skipped /tmp/s0 $entry)))
	expect_eq "$mode: all $((2 * N)) truncates counted, less $skips whose $entry was skipped" \
		$(($(op_field /tmp/s0 TRUNCATE TMPFS calls) + 2 * N - skips)) \
		"$(op_field /tmp/s1 TRUNCATE TMPFS calls)"
	expect_eq "$mode: none untracked (slot busy)" 0 "$(health /tmp/s1 slot_busy)"
	expect_eq "$mode: none counted as nested" 0 "$(health /tmp/s1 nested)"
	if [ "$mode" = default ]; then
		# Each missed exit is a skipped fexit; not each skipped fexit
		# is found as one: its fentry may have been skipped too (then
		# there was nothing to end), or it ended the task's last
		# truncate (no later entry finds it).
		fx=$(($(skipped /tmp/s1 truncate_fx) - $(skipped /tmp/s0 truncate_fx)))
		check "$mode: exits missed ($(health /tmp/s1 missed_returns)) <= truncate_fx skipped ($fx)" \
			test "$(health /tmp/s1 missed_returns)" -le "$fx"
	else
		# Each task inside shmem_undo_range() is inside do_truncate(),
		# whose kretprobe keeps 10: at least max - 10 returns missed,
		# each found when its task truncated again, at most one per task.
		missed=$(health /tmp/s1 missed_returns)
		check "$mode: missed returns ($missed) >= $max - 10" \
			test "$missed" -ge $((max - 10))
		check "$mode: missed returns ($missed) <= $N" test "$missed" -le $N
	fi
	./pcload truncate /dev/shm/one 4 > /dev/null
	stat_snap /tmp/s2
	expect_eq "$mode: one more truncate is counted" \
		$(($(op_field /tmp/s1 TRUNCATE TMPFS calls) + 1)) \
		"$(op_field /tmp/s2 TRUNCATE TMPFS calls)"
	rm -rf /dev/shm/cc /dev/shm/one
}

# lost MODE LINK [START ARGS]: an exit never seen, for sure: with the
# exit link of do_truncate() unpinned (so detached), this shell truncates
# a file twice (open with O_TRUNC); the first truncate is found to have
# ended when the second begins.  (A task that exits may enter a hooked
# function on its way out, and end its last one too: this one stays.)
lost() {
	mode=$1
	link=$2
	shift 2
	restat "$@"
	rm -f /dev/shm/lost /tmp/s0 /tmp/s1
	./pcload write /dev/shm/lost 4 > /dev/null
	rm /sys/fs/bpf/pcdrop/v1/links/$link
	stat_snap /tmp/s0
	: > /dev/shm/lost
	: > /dev/shm/lost
	stat_snap /tmp/s1
	expect_eq "$mode, $link removed: the first truncate counted when the second begins" \
		$(($(op_field /tmp/s0 TRUNCATE TMPFS calls) + 1)) \
		"$(op_field /tmp/s1 TRUNCATE TMPFS calls)"
	expect_eq "$mode, $link removed: its exit counted as missed" 1 \
		"$(health /tmp/s1 missed_returns)"
	expect_eq "$mode, $link removed: the second not counted as nested" 0 \
		"$(health /tmp/s1 nested)"
	rm -f /dev/shm/lost
}

run default
run kprobes --kprobes
lost default fexit-do_truncate
lost kprobes kretprobe-do_truncate --kprobes
check "pcdrop-stat stop" $STAT stop
finish
