# guest-transition.sh - where a livepatch transition's time goes, in the
# guest (see run.sh transition).  For two livepatches, the test livepatch
# of version_proc_show() (one function, nothing to do with the page cache)
# and pcdrop, RUNS patch/unpatch pairs in each condition of
# PCDROP_BENCH_WORKLOADS (default all three):
#   idle    nothing else runs
#   load    suite 45's load (shmem_model and punch_race on a huge=never
#           tmpfs), on any vCPU
#   pinned  the same load, it and the livepatch's insmod and enabled
#           write on vCPU 0 alone: the other vCPU idles
# Each
# transition is traced with function_graph: the livepatch core's,
# static-call, text-poke, ftrace and RCU functions this kernel has, under
# the two places a transition runs (the enabled write or klp_enable_patch(),
# and the transition's work item).  Prints
#   RESULT COND-DIR wall LP NS        the transition, start to settled
#   RESULT COND-DIR call LP NS        the insmod or enabled write alone
#   PROFILE LP COND-DIR FUNCTION CALLS US
# with LP 0 for the test livepatch and 1 for pcdrop.
. ./guest/lib.sh
SUITE=bench-transition
RUNS=$(cat bench-runs)
CONDS=$(cat bench-workloads)
T=/sys/kernel/tracing
KLP=/sys/kernel/livepatch

# The graph roots: everything a transition does runs under one of them.
ROOTS="klp_enable_patch enabled_store klp_transition_work_fn"
FUNCS="$ROOTS klp_try_complete_transition klp_complete_transition
	klp_start_transition klp_init_transition klp_patch_object
	klp_unpatch_objects klp_try_switch_task klp_send_signals
	sched_dynamic_klp_enable sched_dynamic_klp_disable
	__static_call_update arch_static_call_transform
	text_poke_bp text_poke_bp_batch smp_text_poke_single
	smp_text_poke_batch_finish text_poke_finish text_poke_sync
	smp_text_poke_sync_each_cpu on_each_cpu_cond_mask
	synchronize_rcu_tasks_rude synchronize_rcu_tasks synchronize_rcu
	register_ftrace_function unregister_ftrace_function
	ftrace_modify_all_code ftrace_replace_code
	static_key_enable static_key_disable jump_label_update"

# filter_of WORDS: those of WORDS this kernel can trace.
filter_of() {
	for fo in $1; do
		grep -qx "$fo" /tmp/traceable && echo "$fo"
	done
}

now_ns() {
	awk '{ printf "%.0f\n", $1 * 1e9 }' /proc/uptime
}

trace_start() {
	echo 0 > $T/tracing_on
	echo > $T/trace
	echo 1 > $T/tracing_on
}

# trace_sum LP CASE: the functions' calls and time in the trace so far.
trace_sum() {
	echo 0 > $T/tracing_on
	awk -v lp="$1" -v c="$2" '
	/\| / && / us / {
		split($0, p, "|")
		d = p[1]
		gsub(/[^0-9. ]/, " ", d)
		n = split(d, w, " ")
		us = w[n]
		f = p[2]
		if (f ~ /\} \/\* /) { sub(/.*\/\* /, "", f); sub(/ \*\/.*/, "", f) }
		else { sub(/\(\).*/, "", f); gsub(/ /, "", f) }
		calls[f]++
		t[f] += us
	}
	END { for (f in calls) printf "PROFILE %s %s %s %d %.0f\n", lp, c, f, calls[f], t[f] }' \
		$T/trace | sort -k6,6nr
}

lp_settled() {
	[ "$(cat "$KLP/$1/transition" 2>/dev/null)" = 0 ]
}

lp_gone() {
	[ ! -e "$KLP/$1" ]
}

# timed LP-INDEX CASE DONE NAME CMD...: one transition, traced: CMD (on
# $ON's CPUs), then until "DONE NAME" holds.
timed() {
	tm_lp=$1 tm_case=$2 tm_done=$3 tm_name=$4
	shift 4
	trace_start
	t0=$(now_ns)
	$ON "$@" || return 1
	t1=$(now_ns)
	wait_for 900 "$tm_done" "$tm_name" || return 1
	t2=$(now_ns)
	trace_sum "$tm_lp" "$tm_case"
	echo "RESULT $tm_case call $tm_lp $((t1 - t0))"
	echo "RESULT $tm_case wall $tm_lp $((t2 - t0))"
}

# transition LP-INDEX NAME KO COND: patch, then unpatch.
transition() {
	timed "$1" "$4-patch" lp_settled "$2" insmod "$3" || return 1
	timed "$1" "$4-unpatch" lp_gone "$2" sh -c 'echo 0 > "$1"' sh "$KLP/$2/enabled" || return 1
	wait_for 30 rmmod "$2"
}

# both COND: RUNS pairs of each livepatch, interleaved.
both() {
	for r in $(seq "$RUNS"); do
		check "$1: test livepatch, round $r" transition 0 pcdrop_test_lp /mnt/host/pcdrop_test_lp.ko "$1"
		check "$1: pcdrop, round $r" transition 1 pcdrop "$PCDROP_KO" "$1"
	done
}

sed 's/ .*//' $T/available_filter_functions | sort -u > /tmp/traceable
roots=$(filter_of "$ROOTS")
funcs=$(filter_of "$FUNCS")
echo "# traced: $(echo $funcs)"
echo "# preemption: $(cat /sys/kernel/debug/sched/preempt 2>/dev/null)"
echo 8192 > $T/buffer_size_kb
echo function_graph > $T/current_tracer
echo 1 > $T/options/funcgraph-tail
echo "$funcs" > $T/set_ftrace_filter
echo "$roots" > $T/set_graph_function
echo 0 > $T/tracing_on

# under COND: both, beside suite 45's load.
under() {
	mkdir -p /mnt/l
	mount -t tmpfs -o huge=never,size=96M tmpfs /mnt/l
	rm -f /tmp/load-done
	seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
	$ON progs/shmem_model -s "$seed" -T 100000 -U /tmp/load-done -m 16 -f /mnt/l/model \
		> /tmp/model.out 2>&1 &
	model=$!
	$ON progs/punch_race -s "$seed" -T 100000 -U /tmp/load-done -f /mnt/l/race \
		> /tmp/race.out 2>&1 &
	race=$!
	sleep 5
	both "$1"
	touch /tmp/load-done
	wait $model
	expect_eq "$1: the model saw no lost data (seed $seed)" 0 $?
	wait $race
	expect_eq "$1: the punch/read race saw no old data" 0 $?
	umount /mnt/l
}

for cond in $CONDS; do
	ON=
	case $cond in
	idle) both idle ;;
	load) under load ;;
	pinned) ON="taskset -c 0" under pinned ;;
	esac
done
echo nop > $T/current_tracer
finish
