# 31-stat-lifecycle.sh - pcdrop-stat start, stop, reset, refusals, kprobe
# mode, a missing symbol, and bpftool reading the same counters.
. ./guest/lib.sh
. ./statlib.sh
SUITE=stat-lifecycle
N=256

progs0=$(nr_progs)

# Refusals first: not root, no BTF, no bpffs.
out=$(./pcload asuser 65534 $STAT start 2>&1)
rc=$?
check "start as a user fails" test $rc != 0
check "... saying it must run as root" sh -c "echo '$out' | grep -q 'must run as root'"
mount -t tmpfs tmpfs /sys/kernel/btf
out=$($STAT start 2>&1)
rc=$?
umount /sys/kernel/btf
check "start without BTF fails" test $rc != 0
check "... saying the kernel has no BTF" sh -c "echo '$out' | grep -q 'has no BTF'"
check "... and leaves no pins" test ! -e /sys/fs/bpf/pcdrop
umount /sys/fs/bpf
out=$($STAT start 2>&1)
rc=$?
check "start without bpffs mounts it and starts" test $rc = 0
check "... saying so" sh -c "echo '$out' | grep -q 'mounted bpffs'"
check "... and bpffs is mounted" grep -q ' /sys/fs/bpf bpf ' /proc/mounts
check "stop" $STAT stop

# start, start again, stop.
check "start" $STAT start
progs1=$(nr_progs)
check "by default no program is attached to a spinlock function" \
	sh -c '! bpftool prog show | grep -q " name lock_"'
check "... and dump says the lock counts are derived" \
	sh -c "$STAT dump --json | grep -q '\"locks\":\"derived\"' && $STAT dump | grep -q '^\\* derived'"
check "programs are loaded ($progs0 -> $progs1)" test "$progs1" -gt "$progs0"
check "maps are pinned" test -e /sys/fs/bpf/pcdrop/v1/ops -a -e /sys/fs/bpf/pcdrop/v1/drains \
	-a -e /sys/fs/bpf/pcdrop/v1/batches -a -e /sys/fs/bpf/pcdrop/v1/hist
out=$($STAT start 2>&1)
rc=$?
check "a second start is refused" test $rc != 0
check "... saying it is already started" sh -c "echo '$out' | grep -q 'already started'"
expect_eq "... and loads nothing" "$progs1" "$(nr_progs)"
$STAT reset > /dev/null
trace_start
out=$(./pcload truncate /dev/shm/t $N)
removed=$(trace_count "$out")
stat_snap /tmp/s
expect_eq "after the refused start, a truncate is counted once" 1 \
	"$(op_field /tmp/s TRUNCATE TMPFS calls)"
expect_eq "... with each removal counted once" "$removed" \
	"$(op_field /tmp/s TRUNCATE TMPFS removed_single)"

# bpftool prints the same numbers, with named fields.
# Both dumps are taken back to back, before any file is written; a counter
# the system moves in between (a drain by another task) gets up to three
# tries, and a formatting difference fails all three.
dumps() {
	bt=$(bpftool -j map dump pinned /sys/fs/bpf/pcdrop/v1/$1)
	ps=$($STAT dump --json)
	echo "$bt" | awk -f ./jsonflat.awk |
		sed -n "s/^\([0-9]*\)\.formatted\./$1.\1./p" > /tmp/bt.$1
	echo "$ps" | awk -f ./jsonflat.awk | grep "^$1\." > /tmp/ps.$1
}
for m in ops drains batches hist health; do
	for try in 1 2 3; do
		dumps $m
		! cmp -s /tmp/bt.$m /tmp/ps.$m || break
		echo "# $m: the dumps differ (try $try)"
	done
	check "bpftool map dump pinned $m parses ($(wc -l < /tmp/bt.$m) fields)" test -s /tmp/bt.$m
	check "bpftool and pcdrop-stat dump --json agree on $m" cmp -s /tmp/bt.$m /tmp/ps.$m
done
check "bpftool prints named fields" grep -q '"removed_single": ' \
	"$(bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/ops > /tmp/bt.txt; echo /tmp/bt.txt)"
check "bpftool prints enum names" grep -q '"PCDROP_OP_TRUNCATE"' /tmp/bt.txt
check "the table names the operation" sh -c "$STAT dump | grep -q '^truncate  *tmpfs '"
out=$($STAT watch -i 1 -c 2)
expect_eq "watch -c 2 prints two tables" 2 "$(echo "$out" | grep -c '^OP ')"

# bcc's form: watch [INTERVAL] [COUNT], -T for the time, --json for JSON
# lines, each with the schema version of its layout first.
hms='^[0-2][0-9]:[0-5][0-9]:[0-5][0-9]$'
out=$($STAT watch 1 2)
expect_eq "watch 1 2 prints two tables, with no time unless -T" "2 0" \
	"$(echo "$out" | grep -c '^OP ') $(echo "$out" | grep -c "$hms")"
out=$($STAT watch -T 1 2)
expect_eq "watch -T 1 2 prints the time above each of its two tables" "2 2" \
	"$(echo "$out" | grep -c "$hms") $(echo "$out" | grep -A1 "$hms" | grep -c '^OP ')"
out=$($STAT watch --json 1 2)
expect_eq "watch --json 1 2 prints two lines, each a JSON object with schema 1 first" "2 2" \
	"$(echo "$out" | wc -l) $(echo "$out" | grep -c '^{"schema":1,"ops":\[.*}$')"
members() {
	awk -f ./jsonflat.awk | sed 's/[. ].*//' | uniq | tr '\n' ' '
}
expect_eq "... then the members of dump --json" "schema $($STAT dump --json | members)" \
	"$(echo "$out" | head -n 1 | members)"
out=$($STAT watch -T --json 1 1)
expect_eq "watch -T --json 1 1 gives its line the UTC time after the schema" 1 \
	"$(echo "$out" | grep -Ec '^\{"schema":1,"time":"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z","ops":\[')"
out=$($STAT watch 1 2 3 2>&1)
rc=$?
check "watch with a third number is refused" test $rc != 0
expect_eq "... saying it takes an interval and a count" 1 \
	"$(echo "$out" | grep -c 'at most an interval and a count')"

check "reset" $STAT reset
stat_snap /tmp/s
# 9p evicts its own inodes now and then ("unlink, other"); tmpfs is quiet.
expect_eq "reset zeroes the tmpfs truncate counters" "0 0 0" \
	"$(op_field /tmp/s TRUNCATE TMPFS calls) $(op_field /tmp/s TRUNCATE TMPFS removed_single) $(op_field /tmp/s TRUNCATE TMPFS i_lock)"

check "stop" $STAT stop
check "no pins are left" test ! -e /sys/fs/bpf/pcdrop
expect_eq "no programs are left" "$progs0" "$(wait_progs "$progs0")"
out=$($STAT dump 2>&1)
check "dump after stop says it is not started" sh -c "echo '$out' | grep -q 'not started'"

# kprobe mode: the same exact counts.
out=$($STAT start --kprobes --locks)
# Every function it attached to is a kprobe (how many depends on the kernel).
started=$(echo "$out" | sed -n 's/.*started on \([0-9]*\) functions (0 fentry, \([0-9]*\) kprobe.*/\1 \2/p')
check "start --kprobes --locks attaches kprobes only ($started)" \
	test -n "$started" -a "${started% *}" = "${started#* }" -a "${started% *}" -ge 13
expect_eq "--locks attaches the three spinlock programs" 3 \
	"$(bpftool prog show | grep -c ' name lock_')"
check "... and dump says the lock counts are counted" \
	sh -c "$STAT dump --json | grep -q '\"locks\":\"counted\"'"
trace_start
out=$(./pcload truncate /dev/shm/t $N)
removed=$(trace_count "$out")
stat_snap /tmp/s
expect_eq "kprobes: per-folio removals = the tracepoint's count" "$removed" \
	"$(op_field /tmp/s TRUNCATE TMPFS removed_single)"
expect_eq "kprobes: xa_lock = one per folio" "$removed" "$(op_field /tmp/s TRUNCATE TMPFS xa_lock)"
check "stop (kprobes)" $STAT stop
expect_eq "no programs are left (kprobes)" "$progs0" "$(wait_progs "$progs0")"

# A symbol missing on this kernel: that counter is off, the rest counts.
out=$($STAT start --without lru_add_drain_all 2>&1)
rc=$?
check "start with lru_add_drain_all missing succeeds" test $rc = 0
check "... naming the counter that is unavailable" sh -c \
	"echo '$out' | grep -q 'lru_add_drain_all is not on this kernel: lru_add_drain_all() calls unavailable'"
check "dump lists it as unavailable" sh -c "$STAT dump | grep -q '^unavailable: lru_add_drain_all() calls'"
trace_start
out=$(./pcload truncate /dev/shm/t $N)
removed=$(trace_count "$out")
stat_snap /tmp/s
expect_eq "... and the rest still counts" "$removed" "$(op_field /tmp/s TRUNCATE TMPFS removed_single)"
check "stop" $STAT stop
expect_eq "no programs are left" "$progs0" "$(wait_progs "$progs0")"

# The fallocate rollback starts at shmem_undo_range()'s entry and ends at
# vfs_fallocate()'s exit: without the latter, the former is not hooked
# either (its operation would never end, and its slot stay taken).
out=$($STAT start --without vfs_fallocate 2>&1)
rc=$?
check "start with vfs_fallocate missing succeeds" test $rc = 0
check "... saying the rollback is unavailable with it" sh -c \
	"echo '$out' | grep -q 'vfs_fallocate is not attached: the fallocate-rollback operation unavailable'"
check "... and leaves shmem_undo_range() unhooked" \
	test ! -e /sys/fs/bpf/pcdrop/v1/links/kprobe-shmem_undo_range
check "dump lists it as unavailable" sh -c \
	"$STAT dump | grep -q '^unavailable: the fallocate-rollback operation (shmem_undo_range'"
mkdir -p /tmp/small && mount -t tmpfs -o size=8m tmpfs /tmp/small
./pcload write /tmp/small/fill 1024 > /dev/null
./pcload rollback /tmp/small/f $((6 << 20)) > /dev/null
./pcload truncate /tmp/small/t 16 > /dev/null
umount /tmp/small
stat_snap /tmp/s
expect_eq "... no rollback is counted" 0 "$(op_field /tmp/s FALLOC_ROLLBACK TMPFS calls)"
expect_eq "... and the truncate after it is" 1 "$(op_field /tmp/s TRUNCATE TMPFS calls)"
check "stop" $STAT stop
finish
