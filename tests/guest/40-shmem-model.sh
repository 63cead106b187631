# 40-shmem-model.sh - random operations on tmpfs files and memfds match an
# in-memory model, byte for byte, on every huge= mode, with the batched
# path on and off.  A kernel without transparent huge pages (PREEMPT_RT's)
# has huge=never only: the other modes are reported as skipped there.
. ./guest/lib.sh
SUITE=shmem-model
# Operations per run: the share's model-ops (make check: 150 on the full
# rows, 100 on the smoke rows; make soak: 2000).
OPS=$(cat model-ops 2>/dev/null || echo 150)
THP=/sys/kernel/mm/transparent_hugepage/shmem_enabled

check "pcdrop loads" pcdrop_load
mkdir -p /mnt/t
for huge in never always within_size; do
	if [ $huge != never ] && [ ! -e $THP ]; then
		for batch in 1 0; do
			for target in -f -M; do
				skip_case "huge=$huge shmem_batch=$batch $target: $OPS operations match the model" \
					"no transparent huge pages in this kernel (no $THP)"
			done
		done
		continue
	fi
	check "tmpfs mounts with huge=$huge" mount -t tmpfs -o huge=$huge,size=64M tmpfs /mnt/t
	# memfds follow the sysfs setting
	[ ! -e $THP ] || echo $huge > $THP
	h=""
	[ $huge = never ] || h=-h
	for batch in 1 0; do
		echo $batch > $PCDROP_PARAMS/shmem_batch
		for target in "-f /mnt/t/f" -M; do
			seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
			out=$(progs/shmem_model -s "$seed" -n "$OPS" $target $h 2>&1)
			if [ $? = 0 ]; then
				pass "huge=$huge shmem_batch=$batch ${target%% *}: $OPS operations match the model (seed $seed)"
			else
				fail "huge=$huge shmem_batch=$batch ${target%% *}: $OPS operations match the model" \
					"$(echo "$out" | tail -n 1); replay: shmem_model -s $seed -n $OPS $target $h"
			fi
		done
	done
	umount /mnt/t
done
[ ! -e $THP ] || echo never > $THP
check "pcdrop unloads" pcdrop_unload
finish
