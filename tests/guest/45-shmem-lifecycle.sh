# 45-shmem-lifecycle.sh - disabling, unloading and reloading pcdrop while
# tmpfs files are punched and truncated loses no data and oopses nothing;
# bad parameter values are refused and change nothing.
. ./guest/lib.sh
SUITE=shmem-lifecycle
# The load: 4 s per cycle plus 30 s (50 s for make check's 5 cycles on a
# full row).
lifecycle_plan 4 30

check "pcdrop loads" pcdrop_load
expect_param_guarded shmem_batch

mkdir -p /mnt/l
mount -t tmpfs -o huge=never,size=96M tmpfs /mnt/l
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
progs/shmem_model -s "$seed" -T "$LOAD_SECONDS" -U /tmp/cycles-done -m 16 -f /mnt/l/model \
	> /tmp/model.out 2>&1 &
model=$!
progs/punch_race -s "$seed" -T "$LOAD_SECONDS" -U /tmp/cycles-done -f /mnt/l/race \
	> /tmp/race.out 2>&1 &
race=$!
# shellcheck disable=SC2046
set -- $(switch_cycles shmem_batch $model $race)
touch /tmp/cycles-done
expect_eq "at least $CYCLES disable/rmmod/insmod cycles beside the load succeed ($1)" ok "$2"
expect_eq "the load was running when the first unload began" 1 "$3"
wait $model
expect_eq "the model run under the cycles saw no lost data (seed $seed)" 0 $?
wait $race
expect_eq "the punch/read race under the cycles saw no old data" 0 $?
umount /mnt/l
check "pcdrop unloads" pcdrop_unload
finish
