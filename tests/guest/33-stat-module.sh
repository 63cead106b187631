# 33-stat-module.sh - pcdrop-stat with pcdrop.ko loaded: the same counters
# see the batched shmem path, still exact against the tracepoint.  Also
# the "after" figure against the stock baseline of 30-stat-exact.
. ./guest/lib.sh
. ./statlib.sh
SUITE=stat-module
N=16384		# 64 MiB of 4 KiB folios

check "pcdrop.ko loads" pcdrop_load
check "pcdrop-stat start with the module loaded" $STAT start --locks
for op in truncate memfd; do
	case $op in
	truncate) OP=TRUNCATE; set -- truncate /dev/shm/t $N ;;
	memfd) OP=MEMFD_CLOSE; set -- memfd $N ;;
	esac
	$STAT reset > /dev/null
	trace_start
	out=$(./pcload "$@")
	removed=$(trace_count "$out")
	stat_snap /tmp/s
	single=$(op_field /tmp/s $OP TMPFS removed_single)
	batched=$(op_field /tmp/s $OP TMPFS batched_folios)
	batches=$(op_field /tmp/s $OP TMPFS batches)
	il=$(op_field /tmp/s $OP TMPFS i_lock)
	xl=$(op_field /tmp/s $OP TMPFS xa_lock)
	check "$op: the workload removed folios (tracepoint: $removed)" test "$removed" -gt 0
	expect_eq "$op: single + batched removals = the tracepoint's count" "$removed" \
		"$((single + batched))"
	check "$op: batches were counted ($batches)" test "$batches" -gt 0
	check "$op: batches <= ceil(folios / $BATCH) + per-folio ones" \
		test "$batches" -le $(((removed + BATCH - 1) / BATCH + single))
	echo "# with pcdrop.ko $KVER $op tmpfs: folios=$removed single=$single" \
		"batches=$batches i_lock=$il xa_lock=$xl" \
		"locks/folio=$(awk -v a=$((il + xl)) -v b="$removed" 'BEGIN { printf "%.4f", a / b }')"
done
rm -f /dev/shm/t
check "pcdrop-stat stop" $STAT stop
check "pcdrop.ko unloads" pcdrop_unload
finish
