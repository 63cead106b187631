# shellcheck shell=bash disable=SC2034
# system-lib.sh - what the system tests' boot scripts (system-*.sh) share;
# tests/sysvm/system.sh puts it beside them in the guest as sys.sh.

# up: wait for systemd to finish booting (pcdrop.service is part of it).
up() {
	state=$(timeout 120 systemctl is-system-running --wait)
	echo "# is-system-running: $state"
}

# status_is CODE STATE: "pcdrop status" exits CODE and its JSON says STATE.
status_is() {
	st_out=$(pcdrop status --json)
	st_rc=$?
	expect_eq "pcdrop status exits $1 ($2)" "$1" "$st_rc"
	case $st_out in
	*"\"state\":\"$2\""*) pass "pcdrop status --json says \"state\":\"$2\"" ;;
	*) fail "pcdrop status --json says \"state\":\"$2\"" "$st_out" ;;
	esac
}

# unit_log: this boot's lines of pcdrop.service in the journal.
unit_log() {
	journalctl -b -u pcdrop.service -o cat --no-pager
}

# stat_field OP FIELD: a field of pcdrop-stat's tmpfs counters of OP
# (UNLINK, TRUNCATE...).
stat_field() {
	pcdrop-stat dump --json |
		grep -o "\"op\":\"PCDROP_OP_$1\",\"fs\":\"PCDROP_FS_TMPFS\"},\"value\":{[^}]*}" |
		grep -o "\"$2\":[0-9]*" | cut -d: -f2
}

# tmpfs_sum FIELD: a field of pcdrop-stat's counters summed over every
# operation on tmpfs.
tmpfs_sum() {
	pcdrop-stat dump --json |
		grep -o '"fs":"PCDROP_FS_TMPFS"},"value":{[^}]*}' |
		grep -o "\"$1\":[0-9]*" | cut -d: -f2 | awk '{ s += $1 } END { print s + 0 }'
}

# stock: pcdrop is not loaded and no livepatch of it is left.
stock() {
	check "pcdrop is not loaded" test ! -e /sys/module/pcdrop
	check "no pcdrop livepatch" test ! -e /sys/kernel/livepatch/pcdrop
}

# unlink_counted PAGES: a tmpfs file of PAGES pages unlinked with
# pcdrop-stat attached: one unlink, every folio removed in batches.
unlink_counted() {
	check "pcdrop-stat starts" sh -c 'pcdrop-stat start > /dev/null'
	dd if=/dev/zero of=/dev/shm/sys bs=4096 count="$1" 2> /dev/null
	rm /dev/shm/sys
	expect_eq "a tmpfs unlink is counted" 1 "$(stat_field UNLINK calls)"
	expect_eq "none of its $1 folios went one by one" 0 "$(stat_field UNLINK removed_single)"
	expect_eq "all $1 went in batches" "$1" "$(stat_field UNLINK batched_folios)"
	check "pcdrop-stat stops" sh -c 'pcdrop-stat stop > /dev/null'
}

# purged: "apt-get purge" of both packages unloads pcdrop and leaves
# nothing of them.
purged() {
	pg_ver=$(dpkg-query -W -f '${Version}' pcdrop-dkms)
	check "apt-get purge pcdrop-dkms pcdrop-stat" sh -c \
		'apt-get purge -y -q pcdrop-dkms pcdrop-stat > /tmp/purge.log 2>&1 || { cat /tmp/purge.log; false; }'
	stock
	for f in /etc/pcdrop /var/lib/pcdrop /usr/sbin/pcdrop /usr/sbin/pcdrop-stat \
		/lib/systemd/system/pcdrop.service \
		/etc/systemd/system/sysinit.target.wants/pcdrop.service \
		"/usr/src/pcdrop-$pg_ver" /var/lib/dkms/pcdrop; do
		check "purge left nothing: $f" test ! -e "$f"
	done
	expect_eq "no pcdrop module is left under /lib/modules" "" \
		"$(find /lib/modules -name 'pcdrop*.ko*')"
	expect_eq "systemd knows no pcdrop unit" "" \
		"$(systemctl list-unit-files --no-legend 'pcdrop*' 2>/dev/null)"
}
