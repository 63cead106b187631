# 48-shmem-stat.sh - pcdrop-stat's proof of effect: for a tmpfs file or
# memfd of N 4 KiB folios, pcdrop removes all N in batches of the kernel's
# batch size, with one i_lock and one i_pages lock round trip per batch,
# where the stock path (shmem_batch=0) takes both locks once per folio.
#
# Folios removed come from the kernel's mm_filemap_delete_from_page_cache
# tracepoint.  The few lock acquisitions that belong to the operation
# itself (quota accounting, evict(), shmem_fallocate()'s bookkeeping: see
# 30-stat-exact.sh) are measured on the stock path in the same boot and
# must be the same with pcdrop.
. ./guest/lib.sh
. ./statlib.sh
SUITE=shmem-stat
N=$((BATCH * 128))	# a multiple of the batch size: 3968 or 1920 folios

# --locks: the lock counts are the claim here.
check "pcdrop-stat start --locks" $STAT start --locks
check "pcdrop loads" pcdrop_load

# run MODE NAME OP ARGS...: one operation; sets removed single batches
# batched il xl others.
run() {
	echo "$1" > $PCDROP_PARAMS/shmem_batch
	name=$2
	op=$3
	shift 3
	$STAT reset > /dev/null
	trace_start
	out=$(./pcload "$@")
	removed=$(trace_count "$out")
	stat_snap /tmp/s
	single=$(op_field /tmp/s "$op" TMPFS removed_single)
	batches=$(op_field /tmp/s "$op" TMPFS batches)
	batched=$(op_field /tmp/s "$op" TMPFS batched_folios)
	il=$(op_field /tmp/s "$op" TMPFS i_lock)
	xl=$(op_field /tmp/s "$op" TMPFS xa_lock)
	# On 7.3 the folio whose allocation hit ENOSPC leaves before the
	# rollback, outside the operation.
	others=$(op_field /tmp/s OTHER TMPFS removed_single)
}

per_folio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'
}

# case NAME OP ARGS...: stock, then batched, compared.
case_() {
	run 0 "$@"
	s_removed=$removed
	s_il=$((il - single))	# what the operation takes besides removals
	s_xl=$((xl - single))
	check "$1 stock: folios removed ($removed)" test "$removed" -gt 0
	expect_eq "$1 stock: all removed one by one" "$removed" "$((single + others))"
	expect_eq "$1 stock: no batch" 0 "$batches"
	echo "# $(uname -r) $1 stock: $(per_folio $((il + xl)) "$removed") locks per folio"

	run 1 "$@"
	want=$(((removed - others + BATCH - 1) / BATCH))
	expect_eq "$1 pcdrop: the same folios removed" "$s_removed" "$removed"
	expect_eq "$1 pcdrop: none one by one" 0 "$single"
	expect_eq "$1 pcdrop: all in batches" "$((removed - others))" "$batched"
	expect_eq "$1 pcdrop: ceil(folios / $BATCH) batches" "$want" "$batches"
	expect_eq "$1 pcdrop: i_lock once per batch (+ the operation's $s_il)" \
		"$((batches + s_il))" "$il"
	expect_eq "$1 pcdrop: xa_lock once per batch (+ the operation's $s_xl)" \
		"$((batches + s_xl))" "$xl"
	expect_eq "$1 pcdrop: derived i_lock = the counted one less the operation's $s_il" \
		"$((il - s_il))" "$(derived_field /tmp/s "$op" TMPFS i_lock)"
	expect_eq "$1 pcdrop: derived xa_lock = the counted one less the operation's $s_xl" \
		"$((xl - s_xl))" "$(derived_field /tmp/s "$op" TMPFS xa_lock)"
	echo "# $(uname -r) $1 pcdrop: $(per_folio $((il + xl)) "$removed") locks per folio" \
		"($(per_folio $((2 * batches)) "$removed") for the removals; 2/$BATCH = $(per_folio 2 "$BATCH"))"
}

case_ truncate TRUNCATE truncate /dev/shm/t $N
case_ punch PUNCH punch /dev/shm/p $N
rm -f /dev/shm/t /dev/shm/p
case_ unlink UNLINK unlink /dev/shm/u $N
case_ "memfd close" MEMFD_CLOSE memfd $N
mkdir -p /tmp/small && mount -t tmpfs -o size=8m tmpfs /tmp/small
./pcload write /tmp/small/fill 1024 > /dev/null
case_ "fallocate rollback" FALLOC_ROLLBACK rollback /tmp/small/f $((6 << 20))
umount /tmp/small

check "pcdrop unloads" pcdrop_unload
check "pcdrop-stat stop" $STAT stop
finish
