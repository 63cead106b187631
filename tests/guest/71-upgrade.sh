# 71-upgrade.sh - "pcdrop upgrade" from the tree's version (V1) to the next
# (V2, built with PCDROP_VERSION) while tmpfs files are written, truncated
# and punched with data checks (shmem_model): a pcdrop patch is fully
# enabled at every moment (the livepatch sysfs, polled through the relay),
# no tmpfs folio leaves the page cache one by one meanwhile (pcdrop-stat's
# removed_single: the stock path would), the end state is V2 named pcdrop
# with the running module's switches, and another livepatch of an
# unrelated function (pcdrop_test_lp.ko) stays enabled throughout.
# pcdrop-stat counts the module's batched evictions whichever module is in
# effect: after a load (refresh), after the upgrade, with pcdrop_next on
# top of pcdrop and after the relay is finished, and its metrics never go
# back.  The
# module's takeover=1 refusals: nothing to take over, a load beside an
# older pcdrop without it, a downgrade (the livepatch core's state
# version).  The command's: a foreign livepatch stacked on a function pcdrop
# replaces (the module cannot see it), a downgrade, and a stuck step that
# is reversed alone, leaving the old pcdrop fully enabled; an upgrade left
# midway (pcdrop_next on top, then alone): status says so, load refuses,
# unload removes both, upgrade finishes it.  Never forced.
. ./guest/lib.sh
. ./statlib.sh
SUITE=upgrade
KLP=/sys/kernel/livepatch
V1=$(cat /mnt/host/VERSION)
V2=$(cat /mnt/host/v2/VERSION)

cp -a /mnt/host/admin-root/. /
# Where the package puts it: pcdrop load and upgrade run "pcdrop-stat refresh".
cp "$STAT" /usr/sbin/pcdrop-stat && chmod 0755 /usr/sbin/pcdrop-stat
PATH=/usr/sbin:$PATH
mods=/lib/modules/$(uname -r)
mkdir -p "$mods/updates/dkms"

# dkms_built DIR: the pcdrop.ko and pcdrop_next.ko of DIR are what DKMS built.
dkms_built() {
	cp "$1/pcdrop.ko" "$1/pcdrop_next.ko" "$mods/updates/dkms/" && depmod
}

# tmpfs_sum FIELD: that counter of the last stat_snap (/tmp/s), summed
# over every operation on tmpfs.
tmpfs_sum() {
	awk -v f="$1" '
	{ split($1, p, ".") }
	p[1] == "ops" && p[3] == "key" && p[4] == "fs" { s[p[2]] = $2 }
	p[1] == "ops" && p[3] == "value" && p[4] == f { v[p[2]] = $2 }
	END { for (i in s) if (s[i] == "PCDROP_FS_TMPFS") t += v[i]; print t + 0 }' /tmp/s
}

FADV=progs/fadv

# delta FIELD: that fadvise counter of /tmp/d1 less that of /tmp/d0.
delta() {
	echo $(($(op_field /tmp/d1 FADVISE OTHER "$1") - $(op_field /tmp/d0 FADVISE OTHER "$1")))
}

# dontneed_counted WHEN: a DONTNEED of 64 clean one-page folios of an ext4
# file counts 64 folios evicted in batches of the module's size and none
# one by one: pcdrop-stat probes the counting points of the module in
# effect (module/stat_probe.c).
dontneed_counted() {
	$FADV write /mnt/e/f 64 > /dev/null && sync && $FADV readback /mnt/e/f > /dev/null
	stat_snap /tmp/d0
	$FADV dontneed /mnt/e/f
	stat_snap /tmp/d1
	expect_eq "$1: DONTNEED of 64 clean folios counts 64 batched in $(ceil_batches 64) batches, 0 one by one" \
		"64 $(ceil_batches 64) 0" "$(delta batched_folios) $(delta batches) $(delta removed_single)"
}

# monotonic BEFORE AFTER: no counter of the metrics file AFTER is below
# its value in BEFORE.
monotonic() {
	awk 'FNR == NR { if ($1 ~ /_total|_bucket|_count|_sum/) v[$1] = $2; next }
	($1 in v) && $2 + 0 < v[$1] + 0 { print $1 " went from " v[$1] " to " $2; bad = 1 }
	END { exit bad }' "$1" "$2"
}

check "an ext4 file system on a loop device" ext4_mount /mnt/e 64

# -- the module's refusals
mark=$(dmesg_mark)
check "takeover=1 with no pcdrop loaded is refused" \
	sh -c '! insmod /mnt/host/pcdrop_next.ko takeover=1 2>/dev/null'
# The first out-of-tree module of the boot taints the kernel: those lines
# are left out.
expect_eq "with one line" \
	"pcdrop_next: takeover=1, but no pcdrop is loaded to take over from; not loading" \
	"$(dmesg_since "$mark" | grep -v taint | sort -u)"
check "and nothing is left" test ! -e /sys/module/pcdrop_next

check "pcdrop-stat starts" $STAT start
check "another vendor's livepatch of version_proc_show() loads" \
	insmod /mnt/host/pcdrop_test_lp.ko
check "and finishes its transition" wait_for 120 grep -qx 0 $KLP/pcdrop_test_lp/transition
expect_eq "and is in effect" pcdrop_test_lp "$(cat /proc/version)"
check "pcdrop $V1 loads, fadvise_lru_refs=0" pcdrop_load fadvise_lru_refs=0
expect_eq "pcdrop-stat refresh attaches to its 3 counting points" \
	"pcdrop-stat: 3 points of pcdrop.ko attached anew, 0 unavailable" "$($STAT refresh)"
dontneed_counted "pcdrop $V1"

mark=$(dmesg_mark)
check "$V2's pcdrop_next without takeover=1 is refused" \
	sh -c '! insmod /mnt/host/v2/pcdrop_next.ko 2>/dev/null'
expect_eq "with one line that names pcdrop upgrade" \
	"pcdrop_next: shmem_undo_range() is already patched by another livepatch or ftrace user; not replacing it (if that is an older pcdrop: pcdrop upgrade)" \
	"$(dmesg_since "$mark" | sort -u)"

# -- a foreign livepatch stacked on pcdrop: pcdrop_fadv (no pcdrop state)
# passes the module's check with takeover=1, as any livepatch of a function
# an installed pcdrop replaces would; the command sees it in sysfs.
dkms_built /mnt/host/v2
check "a livepatch without pcdrop's state stacks on pcdrop with takeover=1" \
	sh -c "insmod /mnt/host/pcdrop_fadv.ko takeover=1 && sleep 0.1"
check "and finishes its transition" \
	wait_for 120 sh -c "[ \"\$(cat $KLP/pcdrop_fadv/transition)\" = 0 ]"
fn=$(ls $KLP/pcdrop_fadv/vmlinux | sed -n 's/,.*//p')
out=$(pcdrop upgrade 2>&1)
expect_eq "pcdrop upgrade refuses (exit 1)" 1 $?
expect_eq "with one line naming it" \
	"pcdrop: $fn() is also patched by the livepatch pcdrop_fadv; not upgrading (the new pcdrop would bypass it)" "$out"
echo 0 > $KLP/pcdrop_fadv/enabled
check "once it is gone" wait_for 120 test ! -e $KLP/pcdrop_fadv
rmmod pcdrop_fadv

# -- a stuck step: a truncate kept asleep in pcdrop's shmem_undo_range()
# (pcdrop_hold.ko) holds pcdrop_next's transition back.
check "a truncate sleeps in shmem_undo_range()" hold_and_truncate /mnt/host/pcdrop_hold.ko
pcdrop upgrade --timeout 10 > /tmp/up.out 2>&1
expect_eq "pcdrop upgrade --timeout 10 exits 2" 2 $?
sed 's/^/# /' /tmp/up.out
check "it names the task" \
	grep -qx "  task $tpid (process $tpid) truncate: patch_state 0, waiting for 1" /tmp/up.out
check "it reverses that step alone: writes 0 to pcdrop_next's enabled" \
	grep -qx "pcdrop: reverting: writing 0 to $KLP/pcdrop_next/enabled" /tmp/up.out
expect_eq "and says where it stands" \
	"pcdrop: reverted: pcdrop stays active, pcdrop_next unloaded" "$(tail -n 1 /tmp/up.out)"
check "pcdrop $V1 is fully enabled, no pcdrop_next" sh -c \
	"[ \"\$(cat /sys/module/pcdrop/version)\" = $V1 ] &&
	[ \"\$(cat $PCDROP_LP/enabled)/\$(cat $PCDROP_LP/transition)\" = 1/0 ] && [ ! -e /sys/module/pcdrop_next ]"
check "once the lock is released the truncate finishes" release_hold
check "nothing forced" sh -c "! dmesg | grep -q 'forcing remaining tasks'"
rm -f /dev/shm/held

# -- the upgrade, under load (on 6.12 without it, but in make soak:
# run-matrix.sh's upgrade-load)
load=$(cat /mnt/host/upgrade-load 2>/dev/null || echo yes)
mkdir -p /mnt/u
mount -t tmpfs -o huge=never,size=96M tmpfs /mnt/u
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
rm -f /tmp/done /tmp/poll-stop
if [ "$load" = yes ]; then
	progs/shmem_model -s "$seed" -T 900 -U /tmp/done -m 2 -f /mnt/u/model > /tmp/model.out 2>&1 &
	model=$!
else
	echo "# $(uname -r): the upgrade runs without the tmpfs load here (make soak runs it under the load)"
fi
lp_poll /tmp/poll-stop pcdrop pcdrop_next pcdrop_test_lp > /tmp/poll.out &
poller=$!
sleep 1
$STAT reset > /dev/null
$STAT metrics > /tmp/m0
start=$(date +%s)
# A generous bound: one transition under this load takes over a minute on
# 6.12 under TCG.
pcdrop upgrade --timeout 300 > /tmp/up.out 2>&1
rc=$?
took=$(($(date +%s) - start))
stat_snap /tmp/s
[ "$load" = no ] || check "the load ran through the whole upgrade" running $model
touch /tmp/poll-stop /tmp/done
wait $poller
if [ "$load" = yes ]; then
	wait $model
	expect_eq "the model saw no lost data (seed $seed)" 0 $?
fi
sed 's/^/# /' /tmp/up.out
echo "# $(uname -r): pcdrop upgrade took $took s (load: $load); the livepatches as polled:"
sed 's/^/#   /' /tmp/poll.out
expect_eq "pcdrop upgrade exits 0" 0 $rc
expect_eq "and says what it did" \
	"pcdrop: upgraded $V1 to $V2 on $(uname -r), off: fadvise_lru_refs=0" "$(tail -n 1 /tmp/up.out)"
relay_seen /tmp/poll.out
single=$(tmpfs_sum removed_single)
batched=$(tmpfs_sum batched_folios)
echo "# during the upgrade: $batched folios removed in batches, $single one by one"
expect_eq "no folio removed one by one during the upgrade (pcdrop-stat)" 0 "$single"
[ "$load" = no ] || check "while the load's removals went on in batches" test "$batched" -gt 0
expect_eq "pcdrop is now $V2" "$V2" "$(cat /sys/module/pcdrop/version)"
expect_eq "with the old switches: fadvise_lru_refs off, shmem_batch on" "N Y" \
	"$(cat $PCDROP_PARAMS/fadvise_lru_refs) $(cat $PCDROP_PARAMS/shmem_batch)"
check "and no pcdrop_next is left" sh -c "[ ! -e /sys/module/pcdrop_next ] && [ ! -e $KLP/pcdrop_next ]"
umount /mnt/u
dontneed_counted "after pcdrop upgrade"
$STAT metrics > /tmp/m1
check "no counter of pcdrop-stat's metrics went back through the upgrade" monotonic /tmp/m0 /tmp/m1

# -- downgrades
dkms_built /mnt/host
out=$(pcdrop upgrade 2>&1)
expect_eq "pcdrop upgrade to $V1 refuses (exit 1)" 1 $?
expect_eq "with one line" \
	"pcdrop: the installed pcdrop $V1 is older than the running $V2; not downgrading (pcdrop unload, then pcdrop load)" "$out"
mark=$(dmesg_mark)
check "the module refuses it too: $V1's pcdrop_next takeover=1" \
	sh -c '! insmod /mnt/host/pcdrop_next.ko takeover=1 2>/dev/null'
check "by its own check, with one line" sh -c \
	"dmesg | tail -n +$((mark + 1)) | grep -q 'pcdrop_next: takeover=1, but the loaded pcdrop $V2 is newer than this pcdrop $V1; not downgrading'"
check "$V2 stays active, alone" sh -c "[ \"\$(cat /sys/module/pcdrop/version)\" = $V2 ] &&
	[ \"\$(cat $PCDROP_LP/enabled)/\$(cat $PCDROP_LP/transition)\" = 1/0 ] && [ ! -e /sys/module/pcdrop_next ]"

# -- an upgrade stopped midway: pcdrop_next on top of pcdrop (a relay step
# reversed or interrupted), then alone.

# next_on: stack V2's pcdrop_next on pcdrop, as the relay's first step.
next_on() {
	modprobe pcdrop_next takeover=1 &&
		wait_for 120 sh -c "[ \"\$(cat $KLP/pcdrop_next/transition 2>/dev/null)\" = 0 ]"
}
dkms_built /mnt/host/v2
check "pcdrop_next stacks on pcdrop (the relay's first step, by hand)" next_on
expect_eq "pcdrop-stat refresh attaches to pcdrop_next's counting points" \
	"pcdrop-stat: 3 points of pcdrop.ko attached anew, 0 unavailable" "$($STAT refresh)"
dontneed_counted "pcdrop_next on top of pcdrop"
out=$(pcdrop status)
expect_eq "pcdrop status: active (exit 0)" 0 $?
check "and says the upgrade stopped midway" has_line "$out" \
	"^upgrade stopped midway: pcdrop_next $V2 is loaded; pcdrop upgrade finishes it, pcdrop unload removes it$"
check "--json names pcdrop_next's version" has_line "$(pcdrop status --json)" "\"pcdrop_next\":\"$V2\""
check "and shows the patch in effect, pcdrop_next's" has_line "$(pcdrop status --json)" \
	"\"state\":\"active\",\"version\":\"$V2\","
check "and pcdrop_next's switches" has_line "$(pcdrop status)" "^path shmem_batch *on$"
out=$(pcdrop load 2>&1)
expect_eq "pcdrop load refuses (exit 1)" 1 $?
expect_eq "with one line" \
	"pcdrop: pcdrop_next is loaded: an upgrade stopped midway (pcdrop upgrade finishes it, pcdrop unload removes it)" "$out"
check "pcdrop unload removes both (the package's removal runs it)" pcdrop unload
check "neither is left" sh -c "[ ! -e /sys/module/pcdrop ] && [ ! -e /sys/module/pcdrop_next ] && [ ! -e $KLP/pcdrop ] && [ ! -e $KLP/pcdrop_next ]"
check "pcdrop loads again" pcdrop load
check "pcdrop_next stacks on it again" next_on
check "pcdrop is disabled and removed by hand: pcdrop_next alone" sh -c \
	"echo 0 > $PCDROP_LP/enabled && while [ -e $PCDROP_LP ]; do sleep 0.1; done && rmmod pcdrop"
out=$(pcdrop status --json)
expect_eq "pcdrop status: still active (exit 0)" 0 $?
check "in pcdrop_next $V2" has_line "$out" "\"state\":\"active\",\"version\":\"$V2\",.*\"pcdrop_next\":\"$V2\""
check "whose functions it lists, with no other livepatch on them" \
	has_line "$out" '"name":"shmem_undo_range","other_livepatches":\[\]'
pcdrop upgrade > /tmp/up.out 2>&1
expect_eq "pcdrop upgrade finishes the relay (exit 0)" 0 $?
sed 's/^/# /' /tmp/up.out
dontneed_counted "after the relay, finished"
$STAT metrics > /tmp/m2
check "no counter went back since" monotonic /tmp/m1 /tmp/m2
check "pcdrop $V2 alone again" sh -c "[ \"\$(cat /sys/module/pcdrop/version)\" = $V2 ] &&
	[ \"\$(cat $PCDROP_LP/enabled)/\$(cat $PCDROP_LP/transition)\" = 1/0 ] && [ ! -e /sys/module/pcdrop_next ]"
out=$(pcdrop upgrade 2>&1)
expect_eq "pcdrop upgrade to the version running: nothing to do (exit 0)" 0 $?
expect_eq "and says so" "pcdrop: pcdrop $V2 is already running; nothing to upgrade" "$out"

check "pcdrop unloads" pcdrop_unload
echo 0 > $KLP/pcdrop_test_lp/enabled
check "and the other livepatch" wait_for 120 test ! -e $KLP/pcdrop_test_lp
rmmod pcdrop_test_lp
$STAT stop > /dev/null
umount /mnt/e
finish
