# 32-stat-overhead.sh - what the counters cost: a 256 MiB tmpfs ftruncate
# with and without pcdrop-stat attached, interleaved in one boot.  Prints
# the figures for the README; checks only that the runs happened and the
# counted runs were exact.
. ./guest/lib.sh
. ./statlib.sh
SUITE=stat-overhead
N=65536		# 256 MiB of 4 KiB folios
# Runs per mode: the share's overhead-runs (make check: 2), or 5.
RUNS=$(cat overhead-runs 2>/dev/null || echo 5)

off=""
on=""
exact=0
i=0
while [ $i -lt "$RUNS" ]; do
	t=$(./pcload truncate /dev/shm/big $N | sed 's/.*ns=\([0-9]*\).*/\1/')
	off="$off $t"
	$STAT start --locks > /dev/null
	t=$(./pcload truncate /dev/shm/big $N | sed 's/.*ns=\([0-9]*\).*/\1/')
	on="$on $t"
	stat_snap /tmp/s
	[ "$(op_field /tmp/s TRUNCATE TMPFS removed_single)" = $N ] && exact=$((exact + 1))
	$STAT stop > /dev/null
	i=$((i + 1))
done
rm -f /dev/shm/big

stats() {
	echo "$1" | tr ' ' '\n' | grep . | sort -n |
		awk '{ v[NR] = $1 } END { printf "%.1f %.1f %.1f", v[1] / 1e6, v[int((NR + 1) / 2)] / 1e6, v[NR] / 1e6 }'
}
set -- $(stats "$off")
echo "# overhead $(uname -r): without counters ms min/median/max: $1 $2 $3"
m0=$2
set -- $(stats "$on")
echo "# overhead $(uname -r): with counters    ms min/median/max: $1 $2 $3"
echo "# overhead $(uname -r): ratio of medians $(awk -v a="$2" -v b="$m0" 'BEGIN { printf "%.2f", a / b }')"
expect_eq "$RUNS runs without and $RUNS with the counters" "$RUNS $RUNS" \
	"$(echo "$off" | wc -w) $(echo "$on" | wc -w)"
expect_eq "every counted run counted all $N folios" "$RUNS" "$exact"
finish
