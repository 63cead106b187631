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
. ./guest/lib.sh
. ./guest/fadvlib.sh
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
	expect_eq "one line names $2(), its owner and the path held" \
		"pcdrop: $2() is patched by $1: $3 held off (its work would bypass that patch)" \
		"$(dmesg_since "$_mark" | grep "^pcdrop: $2()")"
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
finish
