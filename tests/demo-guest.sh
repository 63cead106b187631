# demo-guest.sh - runs in the demo guest (see demo.sh).
. ./guest/lib.sh
. ./statlib.sh
SUITE=demo
MIB=$(cat demo-mib)
N=$((MIB * 256))

echo "guest: $(uname -r), $(nproc) CPUs; dropping a $MIB MiB /dev/shm file ($N folios)"
pcdrop_load || exit 1
dmesg | grep 'pcdrop: loaded'
cp drop_bench /bin/drop_bench

# median FILE: the middle one of the numbers in FILE.
median() {
	sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# Timed first, with no BPF program attached: pcdrop-stat's counters hook
# every spin_lock(), which would slow the stock path (2 locks per folio)
# far more than pcdrop's.  RUNS unlinks per mode, interleaved.
RUNS=3
drop_bench unlink "$MIB" /dev/shm > /dev/null	# warm up the allocator
: > /tmp/t0
: > /tmp/t1
for i in $(seq $RUNS); do
	for m in 0 1; do
		echo $m > $PCDROP_PARAMS/shmem_batch
		drop_bench unlink "$MIB" /dev/shm >> /tmp/t$m
	done
done

# row MODE: one unlink counted by pcdrop-stat, beside the median time.
row() {
	$STAT reset > /dev/null
	drop_bench unlink "$MIB" /dev/shm > /dev/null
	stat_snap /tmp/s
	il=$(op_field /tmp/s UNLINK TMPFS i_lock)
	xl=$(op_field /tmp/s UNLINK TMPFS xa_lock)
	single=$(op_field /tmp/s UNLINK TMPFS removed_single)
	batched=$(op_field /tmp/s UNLINK TMPFS batched_folios)
	batches=$(op_field /tmp/s UNLINK TMPFS batches)
	awk -v m="$1" -v ns="$2" -v il="$il" -v xl="$xl" -v s="$single" \
		-v b="$batched" -v nb="$batches" -v d="$(op_field /tmp/s UNLINK TMPFS drains)" \
		'BEGIN { printf "%-22s %9.1f %9.3f %9d %9d %8d %7d\n", m, ns / 1e6,
			 (il + xl) / (s + b), s, b, nb, d }'
}

$STAT start --locks > /dev/null || exit 1
echo
printf '%-22s %9s %9s %9s %9s %8s %7s\n' "unlink of the file" "ms" \
	"locks/fo" "one-by-1" "batched" batches drains
echo 0 > $PCDROP_PARAMS/shmem_batch
row "stock (shmem_batch=0)" "$(median /tmp/t0)"
echo 1 > $PCDROP_PARAMS/shmem_batch
row "pcdrop (shmem_batch=1)" "$(median /tmp/t1)"
awk -v a="$(median /tmp/t0)" -v b="$(median /tmp/t1)" \
	'BEGIN { printf "%-22s %9.2f\n", "pcdrop/stock", b / a }'
echo
echo "ms: median of $RUNS unlinks per mode, interleaved, with no BPF program attached"
echo "    (guest wall clock under TCG; tests/bench/run.sh measures both clocks properly)."
echo "locks/fo ... drains: one more unlink per mode, counted by pcdrop-stat:"
echo "locks/fo: i_lock + i_pages lock acquisitions per folio removed;"
echo "drains: lru_add_drain_all() calls during the drop."
echo

echo "\$ bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/ops   # the unlink/tmpfs entry"
bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/ops | awk '
	/"key": [{]/ { n = 0 }
	{ e[++n] = $0 }
	/"op": "PCDROP_OP_UNLINK"/ { hit = 1 }
	hit && /"fs": "PCDROP_FS_TMPFS"/ { keep = 1 }
	hit && /"fs": "PCDROP_FS_OTHER"/ { hit = 0 }
	keep && /"time_ns"/ { for (i = 1; i <= n; i++) print e[i]; exit }'
echo "\$ bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/batches   # batch sizes seen"
bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/batches | grep -E "\"(op|fs|folios|count)\"" | paste - - - - | tr -s " " | head -n 8
echo

# fadvise_row MODE US: seed 002's workload counted by pcdrop-stat, beside
# the median time per call measured without it.
fadvise_row() {
	$STAT reset > /dev/null
	out=$(./fadv seed /mnt/e/seed 2048 mapped)
	stat_snap /tmp/s
	echo "$out" | awk -v m="$1" -v us="$2" -v d="$(drains /tmp/s FADVISE)" '{
		for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		printf "%-26s %6d %9.1f %8d %9d\n", m, v["calls"], us, d, v["resident"] }'
}

# fadvise_time MODE: one seed 002 run, microseconds per call.
fadvise_time() {
	echo "$1" > $PCDROP_PARAMS/fadvise_lru_refs
	./fadv seed /mnt/e/seed 2048 mapped | awk '{
		for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		printf "%.1f\n", v["ns"] / v["calls"] / 1e3 }'
}

ext4_mount /mnt/e 192 || exit 1
./fadv write /mnt/e/seed 32768 || exit 1
$STAT stop > /dev/null
: > /tmp/f0
: > /tmp/f1
for i in $(seq $RUNS); do
	for m in 0 1; do
		fadvise_time $m >> /tmp/f$m
	done
done
$STAT start --locks > /dev/null || exit 1
echo "fadvise(DONTNEED) on a 128 MiB ext4 file kept mapped, 2 MiB at a time (seed 002)"
printf '%-26s %6s %9s %8s %9s\n' "" calls "us/call" drains resident
echo 0 > $PCDROP_PARAMS/fadvise_lru_refs
fadvise_row "stock (fadvise_lru_refs=0)" "$(median /tmp/f0)"
echo 1 > $PCDROP_PARAMS/fadvise_lru_refs
fadvise_row "pcdrop (fadvise_lru_refs=1)" "$(median /tmp/f1)"
awk -v a="$(median /tmp/f0)" -v b="$(median /tmp/f1)" \
	'BEGIN { printf "%-26s %6s %9.2f\n", "pcdrop/stock", "", b / a }'
echo
echo "us/call: median of $RUNS runs per mode, interleaved, with no BPF program attached."
echo "drains: lru_add_drain_all() calls from fadvise in one more run, by pcdrop-stat;"
echo "resident: pages left in the page cache (the mapping keeps them, in both modes)."
echo
echo "\$ bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/drains   # by caller, pcdrop row"
bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/drains | grep -E '"(caller|count)"' | paste - - | tr -s " "
$STAT stop > /dev/null
pcdrop_unload
