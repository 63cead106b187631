# 65-bypass-other-livepatch.sh - a batched path holds itself off when
# another livepatch patches a kernel function whose work it does instead
# of calling it (module/bypass_guard.c): that patch must keep running.
#
# The other livepatches are test modules with an effect one can see
# (tests/lp):
# - pcdrop_test_evict: remove_mapping() evicts nothing, so a clean 64-page
#   file stays cached after DONTNEED.  Stock plus it keeps every page;
#   pcdrop loaded after it must hold evict_batch, and only it, and keep
#   every page too (batched eviction would evict them all);
# - pcdrop_test_shadow (before 6.13): invalidation leaves shadow entries,
#   so after DONTNEED of a reclaimed file every page read back refaults (a
#   kprobe on workingset_refault()).  pcdrop must hold shadow_batch, whose
#   walk would remove them, and every page must refault still.
# Each time: one kernel log line names the function, the owner and the
# path; the switch reads N and refuses Y; the parameters "held" and "owned"
# say so, and so do pcdrop status and its JSON.  Then with the other
# livepatch gone, pcdrop loads with every path on.
#
# Then the usual order on a fleet, the other livepatch loaded after pcdrop:
# the same hold from its load on, the same effect, and the hold lifted
# when its module goes.  pcdrop_test_clone (6.1, 6.12) patches the part
# of truncate_folio_batch_exceptionals() the compiler split off, by its
# name (.part.0): the same hold.  pcdrop_test_replace, a cumulative
# livepatch (.replace), loads beside pcdrop and replaces it: pcdrop says
# so (status, JSON, metrics, log), and pcdrop load stacks it again on top.
# Last, a pcdrop whose probe of ftrace's owners always fails (a test
# build) holds every path that stands in for a function, and says why.
. ./guest/lib.sh
. ./guest/fadvlib.sh
. ./statlib.sh
SUITE=bypass-other-livepatch
T=/sys/kernel/tracing
F=/mnt/e/f
cp -a /mnt/host/admin-root/. /
cp progs/fadv /bin/
FADV=/bin/fadv

check "an ext4 file system on a loop device" ext4_mount /mnt/e 32

# other_on NAME: load the test livepatch NAME and wait for its transition.
other_on() {
	check "the other livepatch $1 loads" insmod "/mnt/host/$1.ko"
	check "and finishes its transition" \
		wait_for 120 sh -c "[ \"\$(cat /sys/kernel/livepatch/$1/transition)\" = 0 ]"
}

# status_has REGEX, json_has TEXT: a line of pcdrop status matches REGEX;
# pcdrop status --json holds TEXT.
status_has() {
	pcdrop status | grep -Eq "$1"
}

json_has() {
	pcdrop status --json | grep -qF "$1"
}

# held_beside NAME FUNC PATH: pcdrop loads beside NAME, which patches FUNC,
# and holds PATH and nothing else.
held_beside() {
	_mark=$(dmesg_mark)
	check "pcdrop loads beside $1" pcdrop_load
	held_for "$1" "$2" "$3" "$_mark"
}

# held_for NAME FUNC PATH MARK: pcdrop, loaded, holds PATH for NAME's patch
# of FUNC, and nothing else; the log since MARK says so once.
held_for() {
	expect_eq "one line names $2(), its owner and the path held" \
		"pcdrop: $2() is patched by $1: $3 held off (its work would bypass that patch)" \
		"$(dmesg_since "$4" | grep "^pcdrop: $2()")"
	expect_eq "$3 reads N" N "$(cat "$PCDROP_PARAMS/$3")"
	check "and refuses Y" sh -c "! echo 1 > $PCDROP_PARAMS/$3 2>/dev/null"
	expect_eq "the parameter held names it" "$3" "$(cat "$PCDROP_PARAMS/held")"
	expect_eq "the parameter owned names the function and its owner" \
		"$2:$1" "$(cat "$PCDROP_PARAMS/owned")"
	for _p in shmem_batch fadvise_lru_refs; do
		expect_eq "$_p stays on" Y "$(cat "$PCDROP_PARAMS/$_p")"
	done
	check "pcdrop status shows $3 held" status_has "^path +$3 +held\$"
	check "and why" status_has "^held: $2\(\) is patched by $1; pcdrop would bypass it \($3\)\$"
	check "pcdrop status --json says so" json_has \
		"\"patched_elsewhere\":[{\"function\":\"$2\",\"owner\":\"$1\",\"held\":true,\"paths\":[\"$3\"]}]"
}

# other_gone NAME: unload pcdrop and the other livepatch; then pcdrop
# loads with nothing held.
other_gone() {
	check "pcdrop unloads" pcdrop_unload
	echo 0 > "/sys/kernel/livepatch/$1/enabled"
	check "the other livepatch goes" wait_for 120 test ! -e "/sys/kernel/livepatch/$1"
	rmmod "$1"
	check "pcdrop then loads" pcdrop_load
	expect_eq "with nothing held" "" "$(cat "$PCDROP_PARAMS/held")"
	expect_eq "or owned" "" "$(cat "$PCDROP_PARAMS/owned")"
	check "and unloads" pcdrop_unload
}

# cached: a clean 64-page file read back one folio per page, DONTNEED,
# and what stays resident.
cached() {
	$FADV write $F 64 > /dev/null && sync && $FADV readback $F > /dev/null &&
		$FADV dontneed $F && $FADV resident $F
}

other_on pcdrop_test_evict
expect_eq "stock with it: DONTNEED keeps the clean file cached" resident=64 "$(cached)"
held_beside pcdrop_test_evict remove_mapping evict_batch
expect_eq "pcdrop loaded: the file stays cached" resident=64 "$(cached)"
other_gone pcdrop_test_evict
expect_eq "stock without it: DONTNEED drops the file" resident=0 "$(cached)"

if shadow_path; then
	case $(uname -r) in
	6.1.*) FUNC=clear_shadow_entry ;;
	*) FUNC=clear_shadow_entries ;;
	esac
	P=256
	echo 'p:pcdrop_refault workingset_refault' > $T/kprobe_events
	echo 1 > $T/events/kprobes/pcdrop_refault/enable
	# kept: write F, reclaim it to shadow entries, DONTNEED it, read it
	# back a page at a time: the pages that refault (and the data).
	kept() {
		_r0=$(kprobe_hits pcdrop_refault)
		$FADV write $F $P > /dev/null && $FADV pageout $F > /dev/null &&
			$FADV dontneed $F && $FADV verify $F $((P * 4096)) $((P * 4096)) &&
			echo "refaults=$(($(kprobe_hits pcdrop_refault) - _r0))"
	}
	other_on pcdrop_test_shadow
	expect_eq "stock with it: every page refaults after DONTNEED" \
		"bad=0 refaults=$P" "$(kept | tr '\n' ' ' | sed 's/ $//')"
	held_beside pcdrop_test_shadow $FUNC shadow_batch
	expect_eq "pcdrop loaded: every page refaults still" \
		"bad=0 refaults=$P" "$(kept | tr '\n' ' ' | sed 's/ $//')"
	other_gone pcdrop_test_shadow
	expect_eq "stock without it: no page refaults" \
		"bad=0 refaults=0" "$(kept | tr '\n' ' ' | sed 's/ $//')"
fi

# -- the other livepatch loaded after pcdrop
# after NAME FUNC PATH: load NAME with pcdrop loaded; PATH is held for it.
after() {
	_mark=$(dmesg_mark)
	other_on "$1"
	held_for "$1" "$2" "$3" "$_mark"
}

# lifted NAME FUNC PATH: NAME's patch goes, and with its module the hold.
lifted() {
	echo 0 > "/sys/kernel/livepatch/$1/enabled"
	check "$1's livepatch goes" wait_for 120 test ! -e "/sys/kernel/livepatch/$1"
	check "pcdrop status: the hold lifts when $1's module goes" status_has \
		"^held: $2\(\) was patched by $1, whose livepatch is gone; the hold lifts when its module is removed: rmmod $1 \($3\)\$"
	_mark=$(dmesg_mark)
	rmmod "$1"
	expect_eq "its module gone, one line says $3 is no longer held for it" \
		"pcdrop: $2() is no longer patched by $1: $3 no longer held for it" \
		"$(dmesg_since "$_mark" | grep '^pcdrop: ')"
	expect_eq "$3 reads Y again" Y "$(cat "$PCDROP_PARAMS/$3")"
	expect_eq "nothing held" "" "$(cat "$PCDROP_PARAMS/held")"
	expect_eq "or owned" "" "$(cat "$PCDROP_PARAMS/owned")"
}

# loaded_alone: pcdrop loads with nothing held.
loaded_alone() {
	pcdrop_load && [ -z "$(cat "$PCDROP_PARAMS/held")" ]
}

check "pcdrop loads alone, nothing held" loaded_alone
expect_eq "with pcdrop: DONTNEED drops the clean file" resident=0 "$(cached)"
after pcdrop_test_evict remove_mapping evict_batch
# held_metric PATH: pcdrop-stat's series of PATH's hold.
held_metric() {
	restat
	$STAT metrics | grep "^pcdrop_path_held{path=\"$1\","
	$STAT stop > /dev/null
}
expect_eq "pcdrop-stat's metrics say evict_batch is held for a livepatch" \
	'pcdrop_path_held{path="evict_batch",reason="livepatch"} 1' "$(held_metric evict_batch)"
expect_eq "pcdrop_test_evict loaded after pcdrop: the file stays cached" resident=64 "$(cached)"
lifted pcdrop_test_evict remove_mapping evict_batch
expect_eq "and without it, batched eviction drops the file again" resident=0 "$(cached)"
if shadow_path; then
	after pcdrop_test_shadow $FUNC shadow_batch
	expect_eq "pcdrop_test_shadow loaded after pcdrop: every page refaults still" \
		"bad=0 refaults=$P" "$(kept | tr '\n' ' ' | sed 's/ $//')"
	lifted pcdrop_test_shadow $FUNC shadow_batch
	# Nothing is reclaimed while it is loaded: its no-op is safe only
	# while no truncated file has shadow entries (tests/lp).
	after pcdrop_test_clone truncate_folio_batch_exceptionals shadow_batch
	lifted pcdrop_test_clone truncate_folio_batch_exceptionals shadow_batch
fi

# -- a cumulative livepatch loaded after pcdrop
_mark=$(dmesg_mark)
check "the cumulative livepatch pcdrop_test_replace loads beside pcdrop" \
	insmod /mnt/host/pcdrop_test_replace.ko
check "and finishes its transition" wait_for 120 sh -c \
	"[ \"\$(cat /sys/kernel/livepatch/pcdrop_test_replace/transition)\" = 0 ]"
expect_eq "its change is in effect" pcdrop_test_replace "$(cat /proc/version)"
check "pcdrop's livepatch is gone (replaced)" wait_for 30 test ! -e "$PCDROP_LP"
expect_eq "one line says pcdrop is replaced" \
	"pcdrop: pcdrop_test_replace is a cumulative livepatch: it replaces pcdrop's, and every path runs stock once its transition ends ('pcdrop load' puts pcdrop back on top of it)" \
	"$(dmesg_since "$_mark" | grep '^pcdrop: ')"
out=$(pcdrop status)
expect_eq "pcdrop status exits 1 (degraded)" 1 $?
expect_eq "and says it was replaced" \
	"pcdrop: $(cat /sys/module/pcdrop/version) replaced by pcdrop_test_replace: every path runs stock (the cumulative livepatch pcdrop_test_replace replaced pcdrop's; pcdrop load puts pcdrop back on top of it)" \
	"$(echo "$out" | head -n 1)"
check "pcdrop status --json says so" json_has '"state":"replaced","version":'
check "and names it" json_has '"replaced_by":"pcdrop_test_replace"'
restat
expect_eq "pcdrop-stat's metrics say so" 'pcdrop_livepatch_replaced{by="pcdrop_test_replace"} 1' \
	"$($STAT metrics | grep '^pcdrop_livepatch_replaced')"
$STAT stop > /dev/null
# pcdrop load runs modprobe, which finds pcdrop.ko where DKMS puts it.
mods=/lib/modules/$(uname -r)
mkdir -p "$mods/updates/dkms" && cp /mnt/host/pcdrop.ko "$mods/updates/dkms/" && depmod
out=$(pcdrop load)
expect_eq "pcdrop load stacks pcdrop again (exit 0)" 0 $?
check "and says it replaced the module" has_line "$out" \
	"^pcdrop: pcdrop's livepatch was replaced by pcdrop_test_replace; loading pcdrop again on top of it\$"
check "pcdrop is active again" sh -c "[ \"\$(cat $PCDROP_LP/enabled)/\$(cat $PCDROP_LP/transition)\" = 1/0 ]"
expect_eq "with its paths on" "Y Y" "$(cat "$PCDROP_PARAMS/shmem_batch") $(cat "$PCDROP_PARAMS/evict_batch")"
expect_eq "pcdrop_test_replace stays enabled" 1 "$(cat /sys/kernel/livepatch/pcdrop_test_replace/enabled)"
expect_eq "and in effect" pcdrop_test_replace "$(cat /proc/version)"
expect_eq "pcdrop status exits 0" 0 "$(pcdrop status > /dev/null; echo $?)"
expect_eq "with pcdrop: DONTNEED drops the clean file" resident=0 "$(cached)"
check "pcdrop unloads" pcdrop_unload
echo 0 > /sys/kernel/livepatch/pcdrop_test_replace/enabled
check "the cumulative livepatch goes" wait_for 120 test ! -e /sys/kernel/livepatch/pcdrop_test_replace
rmmod pcdrop_test_replace

# -- the probe of ftrace's owners fails
_mark=$(dmesg_mark)
KO=$PCDROP_KO
PCDROP_KO=/mnt/host/pcdrop-probe-error.ko
check "pcdrop loads with every probe of ftrace's owners failing (-EAGAIN)" pcdrop_load
PCDROP_KO=$KO
check "one line says the probe failed, after 5 tries" sh -c \
	"dmesg | tail -n +$((_mark + 1)) | grep -qx '.*pcdrop: the probe for ftrace users of the bypassed functions failed: error -11 after 5 tries; probing each'"
HELD="shmem_batch swap_batch evict_batch"
! shadow_path || HELD="shmem_batch swap_batch shadow_batch evict_batch"
expect_eq "every path that stands in for a function is held" "$HELD" "$(cat "$PCDROP_PARAMS/held")"
expect_eq "fadvise_lru_refs, which stands in for none, stays on" Y "$(cat "$PCDROP_PARAMS/fadvise_lru_refs")"
check "remove_mapping()'s line says it may be patched: evict_batch held" sh -c \
	"dmesg | tail -n +$((_mark + 1)) | grep -qx '.*pcdrop: remove_mapping() may be patched by someone else: evict_batch held off'"
check "pcdrop status says why" status_has \
	"^held: remove_mapping\(\) could not be checked for other livepatches or ftrace users \(see the kernel log\); pcdrop unload, then pcdrop load, checks again \(evict_batch\)\$"
expect_eq "with pcdrop so held: DONTNEED evicts one folio at a time, as stock" resident=0 "$(cached)"
expect_eq "pcdrop-stat's metrics say evict_batch is held, unchecked" \
	'pcdrop_path_held{path="evict_batch",reason="unchecked"} 1' "$(held_metric evict_batch)"
expect_eq "and fadvise_lru_refs is not" \
	'pcdrop_path_held{path="fadvise_lru_refs",reason=""} 0' "$(held_metric fadvise_lru_refs)"
check "pcdrop unloads" pcdrop_unload
finish
