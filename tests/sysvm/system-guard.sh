# shellcheck shell=bash disable=SC2034,SC1091
# The boot after that crash: pcdrop.service does not load pcdrop and says
# why.  Then by hand: rearm; a stuck transition (pcdrop_hold.ko keeps a
# truncating task inside shmem_undo_range()) makes "pcdrop load" time
# out, name the task, revert and leave the kernel stock; released, the
# load succeeds; last, apt-get purge unloads pcdrop and leaves nothing.
. ./lib.sh
. ./sys.sh
SUITE=system-guard
up
status_is 2 not-loaded
stock
check "pcdrop.service says the crash-loop guard keeps pcdrop off" sh -c \
	'journalctl -b -u pcdrop.service -o cat --no-pager | grep -q "crash-loop guard keeps pcdrop off"'
check "pcdrop rearm" pcdrop rearm
echo "# time: $SECONDS s"

# The stuck transition.
if [ -f hold.ko ]; then
	check "the truncate sleeps in shmem_undo_range() on a folio pcdrop_hold.ko keeps locked" \
		hold_and_truncate ./hold.ko
	out=$(pcdrop load --timeout 10 2>&1)
	rc=$?
	echo "$out" | sed 's/^/# /'
	expect_eq "pcdrop load times out and reverts (exit 2)" 2 "$rc"
	case $out in
	*"$tpid"*shmem_undo_range*) pass "it names the truncating task and its stack" ;;
	*) fail "it names the truncating task and its stack" "pid $tpid" ;;
	esac
	stock
	check "the hold is released and the truncate finishes" release_hold
	rm -f /dev/shm/held
else
	fail "pcdrop_hold.ko was built for this kernel"
fi
echo "# time: $SECONDS s"

# Re-armed, it loads; the unit is started too; then removed, then purged.
check "pcdrop load" pcdrop load --timeout 60
status_is 0 active
check "systemctl start pcdrop.service (pcdrop already loaded)" systemctl start pcdrop.service
expect_eq "the unit is active" active "$(systemctl is-active pcdrop.service)"
echo "# time: $SECONDS s"
check "apt-get remove pcdrop-dkms" sh -c \
	'apt-get remove -y -q pcdrop-dkms > /tmp/remove.log 2>&1 || { cat /tmp/remove.log; false; }'
stock
check "the unit is not active after the remove" sh -c '! systemctl -q is-active pcdrop.service'
check "the crash-loop guard's state is kept until purge" test -d /var/lib/pcdrop
purged
echo "# time: $SECONDS s"
finish
