# 45-shmem-lifecycle.sh - disabling, unloading and reloading pcdrop while
# tmpfs files are punched and truncated loses no data and oopses nothing;
# bad parameter values are refused and change nothing.
. ./guest/lib.sh
SUITE=shmem-lifecycle
# make check runs 20 cycles; PCDROP_LIFECYCLE_CYCLES=N make check, more.
CYCLES=$(cat lifecycle-cycles 2>/dev/null || echo 20)

check "pcdrop loads" pcdrop_load
P=$PCDROP_PARAMS/shmem_batch
for bad in 2 -1 x "" maybe; do
	before=$(cat $P)
	if echo "$bad" > $P 2>/dev/null; then
		fail "shmem_batch='$bad' is refused" "the write succeeded"
	else
		pass "shmem_batch='$bad' is refused"
	fi
	expect_eq "shmem_batch='$bad' changes nothing" "$before" "$(cat $P)"
done
check "a user other than root cannot write shmem_batch" \
	sh -c "! progs/runas 65534 sh -c 'echo 0 > $P' 2>/dev/null"
expect_eq "and it is unchanged" Y "$(cat $P)"

mkdir -p /mnt/l
mount -t tmpfs -o huge=never,size=96M tmpfs /mnt/l
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
seconds=$((CYCLES * 4 + 30))
progs/shmem_model -s "$seed" -T "$seconds" -m 16 -f /mnt/l/model > /tmp/model.out 2>&1 &
model=$!
progs/punch_race -s "$seed" -T "$seconds" -f /mnt/l/race > /tmp/race.out 2>&1 &
race=$!
done_cycles=0
for i in $(seq 1 "$CYCLES"); do
	echo $((i % 2)) > $P || break
	sleep 0.5
	pcdrop_unload || break
	sleep 0.5
	pcdrop_load || break
	done_cycles=$i
done
expect_eq "$CYCLES disable/rmmod/insmod cycles under load succeed" "$CYCLES" "$done_cycles"
wait $model
expect_eq "the model run under the cycles saw no lost data (seed $seed)" 0 $?
wait $race
expect_eq "the punch/read race under the cycles saw no old data" 0 $?
umount /mnt/l
check "pcdrop unloads" pcdrop_unload
finish
