# 70-admin.sh - the admin command /usr/sbin/pcdrop as installed (make
# admin-install, staged into admin-root/ by the runner): status and its
# exit codes, human and --json, before and after load; load with
# pcdrop.conf's switches, unload; "pcdrop boot"'s kill switches (the disable
# file, pcdrop.enable=0 on the kernel command line, which also makes
# modprobe's load refused by the module itself) and crash-loop guard; the
# module's own enable=0 refusal; and stuck transitions: a task kept inside
# shmem_undo_range() (pcdrop_hold.ko holds a folio lock its truncation
# waits for) makes "pcdrop load" time out, name it with its stack, revert
# and leave the kernel stock, and "pcdrop unload" time out and stay loaded;
# a modprobe that does not return (a module named pcdrop whose init takes
# 20 s) makes "pcdrop load" return after TIMEOUT all the same, saying so;
# and where the kernel itself makes modprobe wait (6.12 under a tmpfs load),
# "pcdrop load --timeout 10" returns after 10 s with modprobe's kernel stack.
# It never writes "force".  Busybox's modprobe, depmod and sh run it here;
# the systemd unit and the packages are tested on a booted Debian.
. ./guest/lib.sh
SUITE=admin

cp -a /mnt/host/admin-root/. /
mods=/lib/modules/$(uname -r)
mkdir -p "$mods/updates/dkms"
cp "$PCDROP_KO" "$mods/updates/dkms/pcdrop.ko"
depmod
PATH=/usr/sbin:$PATH

# cmdline [WORD...]: /proc/cmdline as modprobe and pcdrop read it: the
# boot's without the runner's pcdrop.script= (modprobe would pass it to
# the module as an unknown parameter), plus WORDs.
cmdline() {
	umount /proc/cmdline 2>/dev/null
	echo "$(sed 's/ *pcdrop\.script=[^ ]*//' /proc/cmdline) $*" > /tmp/cmdline
	mount --bind /tmp/cmdline /proc/cmdline
}
cmdline

# json KEY: that scalar of the last "pcdrop status --json" (jsonflat paths).
json() {
	echo "$js" | awk -f ./jsonflat.awk | sed -n "s/^$1 //p"
}

status_rc() {
	pcdrop status >/dev/null
	echo $?
}

# -- not loaded
out=$(pcdrop status)
expect_eq "status exits 2 when pcdrop is not loaded where it should be" 2 $?
expect_eq "and says so first" "pcdrop: not loaded (the kernel runs stock)" "$(echo "$out" | head -n 1)"
js=$(pcdrop status --json)
expect_eq "status --json exits 2 too" 2 $?
expect_eq "its state is not-loaded" not-loaded "$(json state)"
expect_eq "its kernel is uname -r" "$(uname -r)" "$(json kernel)"
expect_eq "boot loading is on" on "$(json boot)"
expect_eq "its exit_status is the exit status" 2 "$(json exit_status)"

# -- load
mark=$(dmesg_mark)
out=$(pcdrop load)
expect_eq "pcdrop load exits 0" 0 $?
expect_eq "and says what it loaded" "pcdrop: loaded $(cat /mnt/host/VERSION) on $(uname -r)" "$out"
expect_log_set "the kernel log is that of one load" "$mark" \
	"pcdrop: loading out-of-tree module taints kernel." \
	"pcdrop: tainting kernel with TAINT_LIVEPATCH" \
	"pcdrop: module verification failed: signature and/or required key missing - tainting kernel" \
	"$(pcdrop_load_lines)"
expect_eq "status exits 0 when it is active" 0 "$(status_rc)"
# A kernel installed beside it without headers, so without a build.
fake=6.12.999+deb13-amd64
mkdir -p "/lib/modules/$fake" /boot && touch "/boot/vmlinuz-$fake"
out=$(pcdrop status)
expect_eq "with an installed kernel without a pcdrop build, status exits 1" 1 $?
check "and names it, with the package to install" has_line "$out" \
	"^warning: booting $fake will run stock: install linux-headers-$fake (DKMS then builds pcdrop for it)\$"
check "so does --json" sh -c "pcdrop status --json | grep -qF '\"unbuilt_kernels\":[\"$fake\"]'"
mkdir -p "/lib/modules/$fake/updates/dkms" && touch "/lib/modules/$fake/updates/dkms/pcdrop.ko.xz"
expect_eq "once it has a build, status exits 0 again" 0 "$(status_rc)"
rm -rf "/lib/modules/$fake" "/boot/vmlinuz-$fake"
js=$(pcdrop status --json)
expect_eq "status --json exits 0 too" 0 $?
expect_eq "its state is active" active "$(json state)"
expect_eq "its version is the module's" "$(cat /mnt/host/VERSION)" "$(json version)"
expect_eq "the livepatch is enabled, no transition" "true false" \
	"$(json livepatch.enabled) $(json livepatch.transition)"
if shadow_path; then shadow=on; else shadow="not built"; fi
expect_eq "the paths: shmem, fadvise, swap on, shadow $shadow" \
	"on on $shadow on" \
	"$(json paths.shmem_batch) $(json paths.fadvise_lru_refs) $(json paths.shadow_batch) $(json paths.swap_batch)"
expect_eq "the functions it replaces are the livepatch's" \
	"$(ls /sys/kernel/livepatch/pcdrop/vmlinux | sed -n 's/,.*//p' | sort | tr '\n' ' ')" \
	"$(echo "$js" | awk -f ./jsonflat.awk | sed -n 's/^functions\.[0-9]*\.name //p' | sort | tr '\n' ' ')"
expect_eq "no other livepatch" "" "$(echo "$js" | awk -f ./jsonflat.awk | grep other_livepatches)"
expect_eq "the taint is the kernel's" "$(cat /proc/sys/kernel/tainted)" "$(json taint.value)"
check "its flags include O, E and K" sh -c "echo '$(json taint.flags)' | grep -q 'O.*E.*K'"
out=$(pcdrop status)
check "the human status says active" sh -c "echo '$out' | grep -qx 'pcdrop: $(cat /mnt/host/VERSION) active'"
check "and lists shmem_undo_range()" sh -c "echo '$out' | grep -qx 'replaces shmem_undo_range()'"
out=$(pcdrop load)
expect_eq "load again: already loaded, exit 0" \
	"0 pcdrop: already loaded and active ($(cat /mnt/host/VERSION))" "$? $out"

# -- unload
mark=$(dmesg_mark)
out=$(pcdrop unload)
expect_eq "pcdrop unload exits 0" 0 $?
expect_eq "and says so" "pcdrop: unloaded: the kernel runs stock" "$out"
check "the module is gone" test ! -e /sys/module/pcdrop
expect_log_set "the kernel log is that of one unload" "$mark" "$(pcdrop_unload_lines)"
expect_eq "status exits 2 again" 2 "$(status_rc)"
out=$(pcdrop unload)
expect_eq "unload again: not loaded, exit 0" "0 pcdrop: not loaded" "$? $out"

# -- pcdrop.conf's switches
printf 'SHMEM_BATCH=0\nSWAP_BATCH=0\n' >> /etc/pcdrop/pcdrop.conf
out=$(pcdrop load)
expect_eq "with SHMEM_BATCH=0 and SWAP_BATCH=0, load says them" \
	"0 pcdrop: loaded $(cat /mnt/host/VERSION) on $(uname -r), off: shmem_batch=0 swap_batch=0" "$? $out"
expect_eq "and the module has them off, the rest on" "N Y N" \
	"$(cat $PCDROP_PARAMS/shmem_batch $PCDROP_PARAMS/fadvise_lru_refs $PCDROP_PARAMS/swap_batch | tr '\n' ' ' | sed 's/ $//')"
js=$(pcdrop status --json)
expect_eq "status says off, on, off" "off on off" \
	"$(json paths.shmem_batch) $(json paths.fadvise_lru_refs) $(json paths.swap_batch)"
check "unload" pcdrop unload
echo "SWAP_BATCH=yes" >> /etc/pcdrop/pcdrop.conf
out=$(pcdrop load 2>&1)
expect_eq "a bad setting is refused with its line" \
	"1 pcdrop: /etc/pcdrop/pcdrop.conf:$(wc -l < /etc/pcdrop/pcdrop.conf): SWAP_BATCH: 'yes' is not 0 (off) or 1 (on)" \
	"$? $out"
check "and nothing is loaded" test ! -e /sys/module/pcdrop
cp /mnt/host/admin-root/etc/pcdrop/pcdrop.conf /etc/pcdrop/pcdrop.conf
check "pcdrop loads" pcdrop load
echo "NO_SUCH_SETTING=1" >> /etc/pcdrop/pcdrop.conf
out=$(pcdrop unload 2>/tmp/err)
expect_eq "with a line in error, pcdrop unload still unloads (exit 0)" \
	"0 pcdrop: unloaded: the kernel runs stock" "$? $out"
check "naming the line on stderr" grep -q "pcdrop.conf:$(wc -l < /etc/pcdrop/pcdrop.conf): not a setting pcdrop knows: 'NO_SUCH_SETTING'" /tmp/err
check "and pcdrop is gone" test ! -e /sys/module/pcdrop
cp /mnt/host/admin-root/etc/pcdrop/pcdrop.conf /etc/pcdrop/pcdrop.conf

# -- the module's own kill switch
mark=$(dmesg_mark)
check "insmod pcdrop.ko enable=0 is refused" sh -c "! insmod $PCDROP_KO enable=0 2>/dev/null"
expect_eq "with one line saying why" \
	"pcdrop: not loading: enable=0 (pcdrop.enable=0 on the kernel command line?)" \
	"$(dmesg_since "$mark" | grep -v 'taint' | sort -u)"
check "nothing is left" sh -c '[ ! -e /sys/module/pcdrop ] && [ ! -e /sys/kernel/livepatch/pcdrop ]'

# -- pcdrop boot: kill switches, crash-loop guard
touch /etc/pcdrop/disable
out=$(pcdrop boot)
expect_eq "boot with /etc/pcdrop/disable: exit 0, says why" \
	"0 pcdrop: not loading: /etc/pcdrop/disable exists (remove it to load pcdrop at boot)" "$? $out"
check "and loads nothing" test ! -e /sys/module/pcdrop
expect_eq "status says boot loading is off" "off: /etc/pcdrop/disable exists" \
	"$(pcdrop status | sed -n 's/^boot loading: //p')"
expect_eq "and exits 0: not loaded by the administrator's choice" 0 "$(status_rc)"
rm /etc/pcdrop/disable

cmdline pcdrop.enable=0
out=$(pcdrop boot)
expect_eq "boot with pcdrop.enable=0 on the kernel command line: exit 0, says why" \
	"0 pcdrop: not loading: pcdrop.enable=0 is on the kernel command line" "$? $out"
check "and loads nothing" test ! -e /sys/module/pcdrop
mark=$(dmesg_mark)
check "a modprobe by hand is refused by the module itself" sh -c '! modprobe pcdrop 2>/dev/null'
expect_eq "with its one line" \
	"pcdrop: not loading: enable=0 (pcdrop.enable=0 on the kernel command line?)" \
	"$(dmesg_since "$mark" | sort -u)"
cmdline

mkdir -p /var/lib/pcdrop
printf '00000000-dead-beef-0000-000000000000\n2026-01-01 00:00:00 UTC\n' > /var/lib/pcdrop/loading
out=$(pcdrop boot)
expect_eq "boot after a boot that died loading: exit 1, says why and how to re-arm" \
	"1 pcdrop: not loading: the boot 00000000-dead-beef-0000-000000000000 began loading pcdrop at 2026-01-01 00:00:00 UTC and ended within 120 s without an orderly shutdown; the crash-loop guard keeps pcdrop off until 'pcdrop rearm' (then 'pcdrop load', or reboot)" \
	"$? $out"
check "and loads nothing" test ! -e /sys/module/pcdrop
check "the marker stays (every boot skips until re-armed)" test -e /var/lib/pcdrop/loading
out=$(pcdrop rearm)
expect_eq "pcdrop rearm removes it" "0 pcdrop: crash-loop guard re-armed (/var/lib/pcdrop/loading removed)" "$? $out"
echo CRASH_GUARD_SECONDS=2 >> /etc/pcdrop/pcdrop.conf
out=$(pcdrop boot)
expect_eq "then boot loads" "0 pcdrop: loaded $(cat /mnt/host/VERSION) on $(uname -r)" "$? $out"
expect_eq "with this boot's id in the marker" "$(cat /proc/sys/kernel/random/boot_id)" \
	"$(head -n 1 /var/lib/pcdrop/loading 2>&1)"
check "which goes once the load has lived CRASH_GUARD_SECONDS" \
	wait_for 60 test ! -e /var/lib/pcdrop/loading
check "unload" pcdrop unload
cp /mnt/host/admin-root/etc/pcdrop/pcdrop.conf /etc/pcdrop/pcdrop.conf

# -- the README's commands, as written (sudo aside)
# readme_block START: the first ```sh block after README.md's line START.
readme_block() {
	awk -v start="$1" 'index($0, start) == 1 { on = 1 }
		on && /^```/ { if (inblock) exit; inblock = 1; next }
		inblock' /mnt/host/README.md
}
expect_eq "the README's config block is pcdrop.conf's settings" \
	"$(grep -v '^#' /etc/pcdrop/pcdrop.conf | grep .)" \
	"$(readme_block '**The config**' | sed 's/ *#.*//')"
rcs=""
readme_block '**Status.** `pcdrop status`' | sed 's/^sudo //' > /tmp/readme.sh
while read -r line; do
	sh -c "$line" >/dev/null 2>&1 </dev/null
	rcs="$rcs $?"
done < /tmp/readme.sh
expect_eq "the README's status, load, unload, load --timeout lines exit 2 2 0 0 0" \
	" 2 2 0 0 0" "$rcs"
check "and unload" pcdrop unload

# -- stuck transitions (the livepatch core signals the tasks left after
# 15 s: the test does not control when, and its line is left out below)
# (hold_and_truncate, release_hold: lib.sh)
check "a truncate sleeps in shmem_undo_range() on a folio pcdrop_hold.ko keeps locked" \
	hold_and_truncate /mnt/host/pcdrop_hold.ko
check "modprobe pcdrop starts a transition that it holds back" \
	sh -c 'modprobe pcdrop && [ "$(cat /sys/kernel/livepatch/pcdrop/transition)" = 1 ]'
js=$(pcdrop status --json)
expect_eq "status exits 1 (degraded) while it is in transition" 1 $?
expect_eq "its state is transition, enabled" "transition true true" \
	"$(json state) $(json livepatch.enabled) $(json livepatch.transition)"
check "and it names the truncate among the blocking tasks" \
	sh -c "echo '$js' | awk -f ./jsonflat.awk | grep -qx 'blocking_tasks\.[0-9]*\.pid $tpid'"
check "the human status lists it too" sh -c \
	"pcdrop status | grep -qx '  task $tpid (process $tpid) truncate: patch_state 0, waiting for 1'"
check "once the lock is released the truncate finishes" release_hold
check "and so does the transition" wait_for 120 patch_settled
expect_eq "status exits 0" 0 "$(status_rc)"
check "pcdrop unloads" pcdrop unload

check "again a truncate sleeps in shmem_undo_range()" hold_and_truncate /mnt/host/pcdrop_hold.ko
mark=$(dmesg_mark)
pcdrop load --timeout 10 > /tmp/load.out 2>&1
expect_eq "pcdrop load times out and exits 2" 2 $?
check "it says the transition did not finish within 10 s" \
	grep -q '^pcdrop: the livepatch transition (patching) did not finish within 10 s' /tmp/load.out
check "it names the task: tid, pid, comm, patch_state" \
	grep -qx "  task $tpid (process $tpid) truncate: patch_state 0, waiting for 1" /tmp/load.out
check "with its stack, which holds shmem_undo_range" \
	grep -q '^    .*shmem_undo_range' /tmp/load.out
check "it reverts by writing 0 to enabled" \
	grep -qx 'pcdrop: reverting: writing 0 to /sys/kernel/livepatch/pcdrop/enabled' /tmp/load.out
check "and ends reverted and unloaded" \
	sh -c 'tail -n 1 /tmp/load.out | grep -qx "pcdrop: reverted and unloaded: the kernel runs stock"'
check "no livepatch, no module left" \
	sh -c '[ ! -e /sys/kernel/livepatch/pcdrop ] && [ ! -e /sys/module/pcdrop ]'
sed 's/^/# /' /tmp/load.out
expect_eq "the kernel log: the load, its reversal to unpatching, the unload" \
	"$(printf '%s\n' "livepatch: enabling patch 'pcdrop'" \
		"livepatch: 'pcdrop': starting patching transition" \
		"$(pcdrop_load_lines | tail -n 1)" "$(pcdrop_unload_lines)" | sort)" \
	"$(dmesg_since "$mark" | grep -v '^livepatch: signaling remaining tasks$' | sort)"
check "and nothing forced" sh -c "! dmesg | grep -q 'forcing remaining tasks'"
expect_eq "status exits 2" 2 "$(status_rc)"
check "once the lock is released the truncate finishes" release_hold
expect_eq "and the file is empty" 0 "$(stat -c %s /dev/shm/held)"

check "pcdrop loads again" pcdrop load
check "a truncate sleeps in pcdrop's shmem_undo_range()" hold_and_truncate /mnt/host/pcdrop_hold.ko
pcdrop unload --timeout 5 > /tmp/unload.out 2>&1
expect_eq "pcdrop unload times out and exits 2" 2 $?
sed 's/^/# /' /tmp/unload.out
check "it names the task, waiting for 0" \
	grep -qx "  task $tpid (process $tpid) truncate: patch_state 1, waiting for 0" /tmp/unload.out
check "it reverts by writing 1 to enabled" \
	grep -qx 'pcdrop: reverting: writing 1 to /sys/kernel/livepatch/pcdrop/enabled' /tmp/unload.out
check "and pcdrop stays loaded and active" \
	sh -c 'tail -n 1 /tmp/unload.out | grep -qx "pcdrop: reverted: pcdrop stays loaded and active"'
expect_eq "status exits 0" 0 "$(status_rc)"
check "once the lock is released the truncate finishes" release_hold
check "and pcdrop unloads" pcdrop unload
check "nothing forced" sh -c "! dmesg | grep -q 'forcing remaining tasks'"

# modprobe_outlasted TIMEOUT MAX OUT WHEN: "pcdrop load --timeout TIMEOUT",
# whose modprobe the kernel keeps past it, exits 2 within MAX seconds with
# its one line (and the rest) in OUT, and status says loading meanwhile.
modprobe_outlasted() {
	mo_t0=$(date +%s)
	pcdrop load --timeout "$1" > "$3" 2>&1
	expect_eq "pcdrop load --timeout $1 exits 2 $4" 2 $?
	mo_t=$(($(date +%s) - mo_t0))
	sed 's/^/# /' "$3"
	check "it returns after about TIMEOUT ($mo_t s of $1)" test "$mo_t" -le "$2"
	check "naming what the kernel is in" grep -qx \
		"pcdrop: modprobe pcdrop has not returned within $1 s: the kernel is still inside it, left to finish (see pcdrop status)" \
		"$3"
	expect_eq "status exits 1 meanwhile" 1 "$(status_rc)"
}

# -- a modprobe the kernel does not return from within TIMEOUT: a module
# named pcdrop whose init takes 20 s stands in for a livepatch whose
# klp_enable_patch() waits (6.12 under a truncating load).
cp /mnt/host/pcdrop_slowinit.ko "$mods/updates/dkms/pcdrop.ko" && depmod
modprobe_outlasted 5 8 /tmp/slow.out "when its modprobe does not return within TIMEOUT"
check "and says the load is under way" sh -c \
	'pcdrop status | head -n 1 | grep -qx "pcdrop: loading: its modprobe has not returned (the kernel is enabling the livepatch)"'
check "the modprobe finishes on its own" \
	wait_for 60 sh -c '[ "$(cat /sys/module/pcdrop/initstate 2>/dev/null)" = live ]'
# Its module reference goes a moment after its init is live (EAGAIN until
# then, seen on 7.3).
check "and the stand-in unloads" wait_for 20 rmmod pcdrop
cp "$PCDROP_KO" "$mods/updates/dkms/pcdrop.ko" && depmod

# -- the real wait, on a kernel that has it: at the start and the end of a
# transition 6.12's livepatch core points every cond_resched() call site
# at its task-switching version and back (sched_dynamic_klp_enable() and
# _disable()), one text poke and three IPI rounds per site.  Under suite
# 45's load each round waits for the loaded vCPU's turn under TCG, and
# klp_enable_patch(), inside modprobe, takes a minute or more
# (docs/design.md, "How long a transition takes").  Once the load stops,
# the rest takes seconds.
if grep -qw sched_dynamic_klp_disable /proc/kallsyms; then
	mkdir -p /mnt/l
	mount -t tmpfs -o huge=never,size=96M tmpfs /mnt/l
	seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
	rm -f /tmp/load-done
	progs/shmem_model -s "$seed" -T 600 -U /tmp/load-done -m 16 -f /mnt/l/model \
		> /tmp/model.out 2>&1 &
	model=$!
	progs/punch_race -s "$seed" -T 600 -U /tmp/load-done -f /mnt/l/race \
		> /tmp/race.out 2>&1 &
	race=$!
	sleep 3
	modprobe_outlasted 10 14 /tmp/real.out "under a tmpfs load: its modprobe is inside the transition"
	check "with modprobe's kernel stack, inside klp_enable_patch()" \
		grep -q '^    .*klp_enable_patch' /tmp/real.out
	check "and no task named as holding it back (none does)" \
		sh -c "! grep -q '^  task ' /tmp/real.out"
	check "and says the load is under way" sh -c \
		'pcdrop status | head -n 1 | grep -qx "pcdrop: .*loading: its modprobe has not returned (the kernel is enabling the livepatch)"'
	touch /tmp/load-done
	wait $model
	expect_eq "the tmpfs model lost no data (seed $seed)" 0 $?
	wait $race
	expect_eq "the punch/read race saw no old data" 0 $?
	check "once the load stops, the transition finishes: status exits 0" \
		wait_for 120 sh -c 'pcdrop status > /dev/null'
	check "nothing forced" sh -c "! dmesg | grep -q 'forcing remaining tasks'"
	check "and pcdrop unloads" pcdrop unload
	umount /mnt/l
fi
rm -f /dev/shm/held
umount /proc/cmdline
finish
