# 43-shmem-race.sh - readers faulting and reading pages while holes are
# punched and the file truncated never see old data once the operation
# has returned.
. ./guest/lib.sh
SUITE=shmem-race

check "pcdrop loads" pcdrop_load
mkdir -p /mnt/t
mount -t tmpfs -o huge=never,size=64M tmpfs /mnt/t
for batch in 1 0; do
	echo $batch > $PCDROP_PARAMS/shmem_batch
	for target in "-f /mnt/t/f" -M; do
		seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
		out=$(progs/punch_race -s "$seed" -r 15 $target 2>&1)
		if [ $? = 0 ]; then
			pass "shmem_batch=$batch ${target%% *}: $(echo "$out" | tail -n 1)"
		else
			fail "shmem_batch=$batch ${target%% *}: no reader saw old data" \
				"$(echo "$out" | tr '\n' '|'); replay: punch_race -s $seed -r 15 $target"
		fi
	done
done
umount /mnt/t
check "pcdrop unloads" pcdrop_unload
finish
