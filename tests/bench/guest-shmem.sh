# guest-shmem.sh - the shmem benchmark, in the guest (see run.sh).
# Prints "RESULT FOLIO OP SHMEM_BATCH NS" lines (PCDROP: 0 or 1).
. ./guest/lib.sh
SUITE=bench-shmem
MIB=$(cat bench-mib)
RUNS=$(cat bench-runs)
THP=/sys/kernel/mm/transparent_hugepage/shmem_enabled

cp progs/drop_bench /bin/drop_bench
check "pcdrop loads" pcdrop_load
mkdir -p /mnt/b
# A kernel without transparent huge pages (PREEMPT_RT's) has no PMD folios.
folios="4k pmd"
[ -e $THP ] || folios=4k
for folio in $folios; do
	huge=never
	[ $folio = 4k ] || huge=always
	mount -t tmpfs -o huge=$huge,size=$((MIB + 64))M tmpfs /mnt/b
	[ ! -e $THP ] || echo $huge > $THP
	for op in truncate punch unlink memfd; do
		interleaved "$RUNS" shmem_batch $folio $op drop_bench $op "$MIB" /mnt/b
	done
	umount /mnt/b
done
[ ! -e $THP ] || echo never > $THP
check "pcdrop unloads" pcdrop_unload
finish
