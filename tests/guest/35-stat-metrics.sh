# 35-stat-metrics.sh - "pcdrop-stat metrics" and "export" (docs/metrics.md).
#
#  - The series are the counters of "dump --json", through an independent
#    model of the names and labels (metrics-expect.awk), on a workload
#    whose removals the kernel's tracepoint counts: stock, and with
#    pcdrop.ko loaded.
#  - Debian's promtool (prometheus package) passes the exposition.
#  - A reader never sees a torn file while the file is rewritten in a
#    loop under a truncating load.
#  - Every counter is monotonic across a restart of "export" and across a
#    load, switch flip and unload of pcdrop.ko; the module's own series
#    follow it.
. ./guest/lib.sh
. ./statlib.sh
SUITE=stat-metrics
N=4096		# 16 MiB of 4 KiB folios
PROMTOOL=/mnt/host/tools/promtool
F=/tmp/prom/pcdrop.prom
mkdir -p /tmp/prom

# series NAME{LABELS} FILE: that series' value.
series() {
	awk -v k="$1" '$1 == k { print $2 }' "$2"
}

# metrics_match WHAT FILE: FILE (pcdrop-stat metrics) against dumps taken
# before and after it, through the model.  Every file it writes is new:
# rewriting one on this tmpfs would be a truncate the counters count.
metrics_match() {
	mm=$2
	stat_snap "$mm.lo.flat"
	$STAT metrics > "$mm.new" && mv "$mm.new" "$mm"
	stat_snap "$mm.hi.flat"
	awk -f ./metrics-expect.awk "$mm.lo.flat" > "$mm.lo.exp"
	awk -f ./metrics-expect.awk "$mm.hi.flat" > "$mm.hi.exp"
	if diffs=$(awk -f ./metrics-compare.awk "$mm.lo.exp" "$mm.hi.exp" "$mm"); then
		pass "$1: every counter of dump --json, by the model ($(wc -l < "$mm.lo.exp") series)"
	else
		fail "$1: every counter of dump --json, by the model" "$(echo "$diffs" | head -5 | tr '\n' '|')"
	fi
	check "$1: promtool check metrics passes it" promtool_ok "$2"
}

promtool_ok() {
	_out=$($PROMTOOL check metrics < "$1" 2>&1) && [ -z "$_out" ] ||
		{ echo "$_out" | head -5; return 1; }
}

# monotonic A B: every counter series of A is in B, not lower.
monotonic() {
	awk 'FNR == NR && /^pcdrop/ { a[$1] = $2; next }
	/^pcdrop/ { b[$1] = $2 }
	END {
		bad = 0
		for (k in a) {
			if (k !~ /_total[{ ]|_total$|_bucket\{|_count\{|_sum\{/)
				continue
			if (!(k in b) || b[k] + 0 < a[k] + 0) {
				print k " " a[k] " -> " (k in b ? b[k] : "missing")
				bad++
			}
		}
		exit bad != 0
	}' "$1" "$2"
}

expect_monotonic() {
	if _d=$(monotonic "$2" "$3"); then pass "$1"; else fail "$1" "$(echo "$_d" | head -3 | tr '\n' '|')"; fi
}

# The tmpfs truncate of suite 30, counted by the tracepoint.
truncate_counted() {
	trace_start
	out=$(./pcload truncate /dev/shm/t $N)
	removed=$(trace_count "$out")
}

check "promtool is staged (Debian's prometheus package)" test -x "$PROMTOOL"
check "pcdrop-stat start" $STAT start

truncate_counted
metrics_match "stock" /tmp/m1.prom
expect_eq "stock: one-by-one removals of the truncate = the tracepoint's count" "$removed" \
	"$(series 'pcdrop_folios_removed_total{op="truncate",fs="tmpfs",how="single"}' /tmp/m1.prom)"
expect_eq "stock: not loaded" 0 "$(series pcdrop_module_loaded /tmp/m1.prom)"
expect_eq "stock: no path series" 0 "$(grep -c '^pcdrop_path_enabled' /tmp/m1.prom)"
check "stock: programs attached" test "$(series pcdrop_stat_programs_attached /tmp/m1.prom)" -gt 0

check "pcdrop.ko loads" pcdrop_load
$STAT reset > /dev/null
truncate_counted
metrics_match "with pcdrop.ko" /tmp/m2.prom
expect_eq "with pcdrop.ko: batched removals of the truncate = the tracepoint's count" \
	"$removed" \
	"$(series 'pcdrop_folios_removed_total{op="truncate",fs="tmpfs",how="batched"}' /tmp/m2.prom)"
expect_eq "with pcdrop.ko: loaded" 1 "$(series pcdrop_module_loaded /tmp/m2.prom)"
expect_eq "with pcdrop.ko: livepatch enabled" 1 "$(series pcdrop_livepatch_enabled /tmp/m2.prom)"
expect_eq "with pcdrop.ko: shmem_batch on" 1 \
	"$(series 'pcdrop_path_enabled{path="shmem_batch"}' /tmp/m2.prom)"
# One series per runtime switch the module has (its writable Y/N
# parameters), with its value: a switch the metrics forget fails here.
switches=$(find /sys/module/pcdrop/parameters -type f -perm -200 |
	while read -r f; do
		case $(cat "$f") in
		Y) echo "pcdrop_path_enabled{path=\"${f##*/}\"} 1" ;;
		N) echo "pcdrop_path_enabled{path=\"${f##*/}\"} 0" ;;
		esac
	done | sort)
check "with pcdrop.ko: the module has its five switches" \
	test "$(echo "$switches" | wc -l)" = 5
expect_eq "with pcdrop.ko: a series for each switch" "$switches" \
	"$(grep '^pcdrop_path_enabled' /tmp/m2.prom | sort)"
expect_eq "with pcdrop.ko: its version" "version=\"$(cat /sys/module/pcdrop/version)\"" \
	"$(grep -o 'version="[^"]*"' /tmp/m2.prom | head -n 1)"
echo 0 > /sys/module/pcdrop/parameters/shmem_batch
$STAT metrics > /tmp/m3.prom
expect_eq "shmem_batch=0: its series says off" 0 \
	"$(series 'pcdrop_path_enabled{path="shmem_batch"}' /tmp/m3.prom)"
echo 1 > /sys/module/pcdrop/parameters/shmem_batch

# Torn files: the file rewritten 100 times while a reader reads it in a
# loop and a truncating load runs.  Every read is whole: it begins with
# the first family, ends with the last series, has every line.
$STAT metrics "$F"
lines=$(wc -l < "$F")
(while :; do ./pcload truncate /dev/shm/load 1024 > /dev/null || exit 1; done) &
load=$!
(i=0; while [ $i -lt 100 ]; do $STAT metrics "$F" || exit 1; i=$((i + 1)); done) &
writer=$!
reads=0 torn=0
while kill -0 $writer 2> /dev/null; do
	c=$(cat "$F")
	reads=$((reads + 1))
	n=$(echo "$c" | wc -l)
	case $c in
	"# HELP pcdrop_build_info "*'pcdrop_stat_events_total{event="no_stack"} '[0-9]*) ;;
	*) torn=$((torn + 1)); continue ;;
	esac
	[ "$n" = "$lines" ] || torn=$((torn + 1))
done
wait $writer
wrc=$?
kill $load
wait $load 2> /dev/null
expect_eq "100 atomic rewrites under load: the writer succeeded" 0 "$wrc"
check "the reader read it many times ($reads)" test "$reads" -ge 20
expect_eq "no read saw a torn or partial file ($reads reads of $lines lines)" 0 "$torn"
check "no temporary file is left beside it" test "$(ls -A /tmp/prom)" = pcdrop.prom
rm -f /dev/shm/load

# export: restarts and module reloads never take a counter back.
wait_newer() {
	_i=0
	while [ $_i -lt 40 ]; do
		[ "$F" -nt "$1" ] && return 0
		sleep 0.5
		_i=$((_i + 1))
	done
	return 1
}
snap() {
	touch "/tmp/$1.mark"
	sleep 1
	wait_newer "/tmp/$1.mark" && cp "$F" "/tmp/$1.prom"
}
check "pcdrop-stat stop" $STAT stop
rm -f "$F"
$STAT export "$F" 1 > /tmp/export.log 2>&1 &
exp=$!
check "export starts the counters when they are not" wait_for 20 test -e /sys/fs/bpf/pcdrop/v1/ops
check "export writes the file" wait_for 20 test -e "$F"
./pcload truncate /dev/shm/t $N > /dev/null
check "export: snapshot a" snap a
kill $exp
wait $exp
expect_eq "export exits 0 on SIGTERM" 0 "$?"
check "the counters stay pinned after export stops" test -e /sys/fs/bpf/pcdrop/v1/ops
./pcload truncate /dev/shm/t $N > /dev/null
$STAT export "$F" 1 >> /tmp/export.log 2>&1 &
exp=$!
check "export restarted: snapshot b" snap b
expect_monotonic "monotonic across a restart of export" /tmp/a.prom /tmp/b.prom
check "the restart went on from the counters (more truncates in b)" test \
	"$(series 'pcdrop_operations_total{op="truncate",fs="tmpfs"}' /tmp/b.prom)" -gt \
	"$(series 'pcdrop_operations_total{op="truncate",fs="tmpfs"}' /tmp/a.prom)"
check "pcdrop.ko unloads under export" pcdrop_unload
./pcload truncate /dev/shm/t $N > /dev/null
check "snapshot c (unloaded)" snap c
expect_monotonic "monotonic across an unload" /tmp/b.prom /tmp/c.prom
expect_eq "unloaded: pcdrop_module_loaded 0" 0 "$(series pcdrop_module_loaded /tmp/c.prom)"
check "pcdrop.ko loads again under export" pcdrop_load
./pcload truncate /dev/shm/t $N > /dev/null
check "snapshot d (loaded again)" snap d
expect_monotonic "monotonic across a load" /tmp/c.prom /tmp/d.prom
expect_eq "loaded again: pcdrop_module_loaded 1" 1 "$(series pcdrop_module_loaded /tmp/d.prom)"
check "pcdrop-stat stop, export running" $STAT stop
# A watchdog, should export not end: SIGTERM, which it answers with 0
# too, but without its line and with its file left.
(sleep 15; kill $exp 2> /dev/null) &
dog=$!
wait $exp
expect_eq "export ends, with exit 0 (a service's Restart=on-failure leaves it stopped)" 0 "$?"
kill $dog 2> /dev/null
check "saying why" grep -q "the counters were stopped (pcdrop-stat stop): export ends" /tmp/export.log
check "and removes its file (no stale series)" test ! -e "$F"
check "the counters stay stopped" test ! -e /sys/fs/bpf/pcdrop/v1/ops
check "pcdrop.ko unloads" pcdrop_unload
rm -f /dev/shm/t
echo "# export's log: $(tr '\n' '|' < /tmp/export.log)"
finish
