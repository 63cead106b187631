#!/bin/busybox sh
# guest.sh - /init of the arm64 prototype's guest (tests/arm64/run.sh).
# Prints TAP lines.  The redirected calls are counted twice: by the
# module (its "calls" parameter) and by a tracefs kprobe on
# shmem_undo_range(), which a redirected call enters twice (the kernel's
# entry, then the body the prototype calls).  Then path A's exact counts,
# its tmpfs model and its punch race, with the batched pre-pass on and
# off, and unload under load.
/bin/busybox --install -s /bin
mkdir -p /proc /sys /dev /tmp /mnt/t
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tracefs tracefs /sys/kernel/tracing
mount -t tmpfs -o size=1G tmpfs /mnt/t
T=/sys/kernel/tracing
P=/sys/module/pcdrop_a64proto/parameters/calls
ok() { echo "ok - arm64: $1"; }
nok() { echo "not ok - arm64: $1${2:+ # $2}"; }
expect() { if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "expected '$2', got '$3'"; fi; }
# kp EVENT: a tracefs kprobe's hits.
kp() { awk -v e="$1" '$1 == e { print $2 }' $T/kprobe_profile; }
up() { cut -d' ' -f1 /proc/uptime; }

echo "# $(uname -r), init at $(up) s of uptime"
dd if=/dev/urandom of=/mnt/t/src bs=1M count=8 2> /dev/null
# mk FILE: 64 MiB, 8 copies of src.
mk() { for _i in 1 2 3 4 5 6 7 8; do cat /mnt/t/src; done > "$1"; }

t0=$(up)
if insmod /pcdrop_a64proto.ko; then
	ok "insmod: shmem_undo_range() redirected by an IPMODIFY ftrace_ops, no livepatch"
else
	nok "insmod"
fi
echo "# insmod took $t0 -> $(up) s"
# ftrace allows one IPMODIFY user per function: a second one is refused,
# which is how pcdrop's refusal of another owner would carry over.
if insmod /pcdrop_a64twin.ko 2> /dev/null; then
	nok "a second IPMODIFY redirect of shmem_undo_range() is refused" "it loaded"
	rmmod pcdrop_a64twin
else
	# busybox's insmod tries finit_module() then init_module(): one
	# line per attempt, all this one.
	expect "a second IPMODIFY redirect of shmem_undo_range() is refused (-EBUSY) and says why in the log" \
		"pcdrop_a64twin: cannot redirect shmem_undo_range() (-16); not loading" \
		"$(dmesg | grep pcdrop_a64twin | sed 's/^\[[^]]*\] //' | sort -u)"
fi
echo 'p:ur shmem_undo_range' >> $T/kprobe_events && echo 1 > $T/events/kprobes/ur/enable ||
	nok "a kprobe on shmem_undo_range()"
c0=$(cat $P)
h0=$(kp ur)
mk /mnt/t/keep
for i in 1 2 3 4 5 6 7 8 9 10; do
	mk /mnt/t/f$i
	truncate -s 16M /mnt/t/f$i
	rm /mnt/t/f$i
done
truncate -s 16M /mnt/t/keep
c1=$(cat $P)
h1=$(kp ur)
echo 0 > $T/events/kprobes/ur/enable
echo "# shmem_undo_range() entries: $((h1 - h0)); redirected: $((c1 - c0))"
expect "every call of the kernel's function was redirected, once" \
	"$(((h1 - h0) / 2)) $(((h1 - h0) % 2))" "$((c1 - c0)) 0"
[ $((c1 - c0)) -ge 11 ] && ok "at least the 11 truncates ($((c1 - c0)) calls)" ||
	nok "at least the 11 truncates" "$((c1 - c0))"
head -c 8388608 /mnt/t/keep | cmp -s - /mnt/t/src && tail -c 8388608 /mnt/t/keep | cmp -s - /mnt/t/src &&
	ok "the 16 MiB left are the file's first 16 MiB" || nok "the data left"
expect "its size is 16 MiB" 16777216 "$(stat -c %s /mnt/t/keep)"

# Exact counts, batched and not, against tracefs kprobes: a 64 MiB file
# of 4 KiB folios is 16384 folios, which the batched pre-pass removes in
# ceil(16384 / 31) = 529 batches of delete_from_page_cache_batch() and
# none one by one (__filemap_remove_folio()); the kernel's own path, the
# other way round.
P2=/sys/module/pcdrop_a64proto/parameters
echo 'p:dpcb delete_from_page_cache_batch' >> $T/kprobe_events &&
	echo 'p:frf __filemap_remove_folio' >> $T/kprobe_events &&
	echo 1 > $T/events/kprobes/dpcb/enable && echo 1 > $T/events/kprobes/frf/enable ||
	nok "kprobes on delete_from_page_cache_batch() and __filemap_remove_folio()"
counts() { echo "$(kp dpcb) $(kp frf) $(cat $P2/batches) $(cat $P2/batched)"; }
for b in 1 0; do
	echo $b > $P2/batch
	mk /mnt/t/c
	# shellcheck disable=SC2046 # four numbers
	set -- $(counts)
	truncate -s 0 /mnt/t/c
	# shellcheck disable=SC2046
	set -- "$@" $(counts)
	rm /mnt/t/c
	if [ $b = 1 ]; then want="529 0 529 16384"; else want="0 16384 0 0"; fi
	expect "batch=$b: 64 MiB truncated: batch calls, one-by-one removals, module's batches and folios" \
		"$want" "$(($5 - $1)) $(($6 - $2)) $(($7 - $3)) $(($8 - $4))"
done
echo 1 > $P2/batch

# The tmpfs model (150 random operations, byte for byte) and the punch
# race, with path A on and off, on files and memfds.
THP=/sys/kernel/mm/transparent_hugepage/shmem_enabled
mkdir -p /mnt/m
for huge in never always; do
	mount -t tmpfs -o huge=$huge,size=64M tmpfs /mnt/m
	echo $huge > $THP
	h=""
	[ $huge = never ] || h=-h
	for b in 1 0; do
		echo $b > $P2/batch
		for target in "-f /mnt/m/f" -M; do
			seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
			if out=$(/progs/shmem_model -s "$seed" -n 150 $target $h 2>&1); then
				ok "model huge=$huge batch=$b ${target%% *}: 150 operations match (seed $seed)"
			else
				nok "model huge=$huge batch=$b ${target%% *}" "$(echo "$out" | tail -n 1)"
			fi
		done
	done
	umount /mnt/m
done
echo never > $THP
mount -t tmpfs -o huge=never,size=64M tmpfs /mnt/m
for b in 1 0; do
	echo $b > $P2/batch
	for target in "-f /mnt/m/f" -M; do
		seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
		if out=$(/progs/punch_race -s "$seed" -r 15 $target 2>&1); then
			ok "race batch=$b ${target%% *}: $(echo "$out" | tail -n 1)"
		else
			nok "race batch=$b ${target%% *}" "$(echo "$out" | tr '\n' '|')"
		fi
	done
done
umount /mnt/m
echo 1 > $P2/batch
echo "# model and race done at $(up) s of uptime"

# Unload while both vCPUs truncate; each truncated file is checked
# against the first MiB of src.
head -c 1048576 /mnt/t/src > /tmp/src1
( while [ ! -e /tmp/stop ]; do
	head -c 4194304 /mnt/t/src > /mnt/t/l
	truncate -s 1M /mnt/t/l
	cmp -s /mnt/t/l /tmp/src1 || echo bad >> /tmp/bad
	rm /mnt/t/l
done ) &
( while [ ! -e /tmp/stop ]; do
	dd if=/dev/zero of=/mnt/t/z bs=1M count=4 2> /dev/null
	truncate -s 0 /mnt/t/z
done ) &
sleep 5
t0=$(up)
rmmod pcdrop_a64proto && ok "rmmod under a truncating load on both vCPUs" || nok "rmmod under load"
echo "# rmmod took $t0 -> $(up) s"
sleep 2
for i in 1 2 3; do
	insmod /pcdrop_a64proto.ko && sleep 1 && rmmod pcdrop_a64proto || nok "load/unload cycle $i under load"
done
touch /tmp/stop
wait
expect "3 more load/unload cycles under the load, no byte lost" "" "$(cat /tmp/bad 2> /dev/null)"
expect "a clean kernel log" 0 "$(dmesg | grep -cE 'BUG|Oops|WARNING|Unable to handle|Call trace')"
dmesg | grep pcdrop_a64proto | sed 's/^/# /'
echo "# done at $(up) s of uptime"
poweroff -f
