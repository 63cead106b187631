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

# stat_fresh: pcdrop-stat's counters from 0 for a test: pcdrop-stat.service
# (which node_exporter's textfile directory in the image starts at boot)
# stopped, its pins removed, the counters started again.
stat_fresh() {
	systemctl stop pcdrop-stat.service
	pcdrop-stat stop > /dev/null
	check "pcdrop-stat starts" sh -c 'pcdrop-stat start > /dev/null'
}

# unlink_counted PAGES: a tmpfs file of PAGES pages unlinked with
# pcdrop-stat attached: one unlink, every folio removed in batches.
unlink_counted() {
	stat_fresh
	dd if=/dev/zero of=/dev/shm/sys bs=4096 count="$1" 2> /dev/null
	rm /dev/shm/sys
	expect_eq "a tmpfs unlink is counted" 1 "$(stat_field UNLINK calls)"
	expect_eq "none of its $1 folios went one by one" 0 "$(stat_field UNLINK removed_single)"
	expect_eq "all $1 went in batches" "$1" "$(stat_field UNLINK batched_folios)"
	check "pcdrop-stat stops" sh -c 'pcdrop-stat stop > /dev/null'
}

TEXTFILE=/var/lib/prometheus/node-exporter/pcdrop.prom

# exporter_serves: pcdrop-stat.service started at boot (after pcdrop), and
# node_exporter serves what it writes: every pcdrop series of the file is
# in node_exporter's /metrics, the module's version among them.  The unit
# runs with the capabilities it names only, in a network namespace of its
# own (no port).
exporter_serves() {
	check "pcdrop-stat.service started at boot" systemctl is-active -q pcdrop-stat.service
	check "prometheus-node-exporter is active" systemctl is-active -q prometheus-node-exporter.service
	check "pcdrop-stat.service wrote $TEXTFILE" wait_for 60 test -s "$TEXTFILE"
	check "node_exporter's /metrics is served on port 9100" wait_for 60 fetch_metrics
	ex_ver=$(cat /sys/module/pcdrop/version)
	# The file is rewritten every 15 s: give a first one written before
	# pcdrop's state settled two more rounds.
	check "node_exporter serves pcdrop_build_info of the loaded pcdrop ($ex_ver)" \
		wait_for 40 build_info_is "$ex_ver"
	grep '^pcdrop_build_info' /tmp/ne.txt | sed 's/^/# served: /'
	expect_eq "node_exporter read the file without error" 0 \
		"$(awk '$1 == "node_textfile_scrape_error" { print $2 }' /tmp/ne.txt)"
	series_of "$TEXTFILE" > /tmp/file.series
	series_of /tmp/ne.txt > /tmp/ne.series
	check "node_exporter serves every series of the file ($(wc -l < /tmp/file.series))" \
		cmp /tmp/file.series /tmp/ne.series
	ex_pid=$(systemctl show -p MainPID --value pcdrop-stat.service)
	# CAP_SYS_ADMIN (21), CAP_PERFMON (38), CAP_BPF (39).
	expect_eq "its capability bounding set is CAP_SYS_ADMIN, CAP_PERFMON and CAP_BPF" \
		000000c000200000 "$(awk '$1 == "CapBnd:" { print $2 }' "/proc/$ex_pid/status")"
	# Every counting point of the loaded pcdrop.ko is probed by the
	# service's own start (it ran after pcdrop.service).
	check "it probes the 3 counting points of pcdrop.ko" wait_for 60 sh -c \
		'[ "$(ls /sys/fs/bpf/pcdrop/v1/links | grep -c "^kprobe-pcdrop_stat_.*-pcdrop-")" = 3 ]'
	expect_eq "and its metrics say none is missing" 0 \
		"$(awk '$1 == "pcdrop_stat_module_points_missing" { print $2 }' "$TEXTFILE")"
	check "it has a network namespace of its own: no port" \
		test "$(readlink "/proc/$ex_pid/ns/net")" != "$(readlink /proc/1/ns/net)"
}

# series_of FILE: the pcdrop series of an exposition, each with its labels
# sorted and its le bound as a number: node_exporter sorts the labels of
# what it serves and prints the bounds its own way.
series_of() {
	awk '/^pcdrop/ {
		s = $1
		name = s
		sub(/\{.*/, "", name)
		labels = ""
		if (match(s, /\{.*\}/)) {
			n = split(substr(s, RSTART + 1, RLENGTH - 2), l, ",")
			for (i = 1; i <= n; i++)
				if (l[i] ~ /^le="[-+.0-9e]+"$/ && l[i] !~ /Inf/) {
					v = l[i]
					gsub(/^le="|"$/, "", v)
					l[i] = sprintf("le=\"%.9g\"", v + 0)
				}
			for (i = 1; i <= n; i++)
				for (j = i + 1; j <= n; j++)
					if (l[j] < l[i]) { t = l[i]; l[i] = l[j]; l[j] = t }
			for (i = 1; i <= n; i++)
				labels = labels (i > 1 ? "," : "") l[i]
		}
		print name "{" labels "}"
	}' "$1" | sort
}

# fetch_metrics: node_exporter's /metrics into /tmp/ne.txt.
fetch_metrics() {
	/usr/lib/apt/apt-helper -q download-file http://127.0.0.1:9100/metrics /tmp/ne.txt \
		> /dev/null 2>&1
}

# build_info_is VERSION: node_exporter's /metrics, fetched again, has
# pcdrop_build_info of module pcdrop at VERSION on the running kernel (its
# labels in any order): a file this boot's service wrote, not one an
# earlier boot of the same disk left.
build_info_is() {
	fetch_metrics &&
		grep '^pcdrop_build_info{' /tmp/ne.txt | grep '[{,]module="pcdrop"[,}]' |
		grep "[{,]kernel=\"$(uname -r)\"[,}]" | grep -q "[{,]version=\"$1\"[,}]"
}

# with_caps CAPS CMD...: CMD run by root with its capabilities bounded to
# CAPS (setpriv's names: "bpf,perfmon"), as the unit's bounding set does.
with_caps() {
	wc_caps=$(echo "$1" | sed 's/[^,][^,]*/+&/g')
	shift
	setpriv --bounding-set "-all,$wc_caps" "$@"
}

# stat_caps: each capability of pcdrop-stat.service is needed, and no
# other: without CAP_BPF or without CAP_PERFMON "start" fails and leaves
# nothing pinned; with the two alone it starts but cannot attach the
# kprobes on pcdrop.ko's counting points; with CAP_SYS_ADMIN too it
# attaches them all, and "metrics" reads every program it attached.
# And the unit's condition: skipped where its directory is missing.
stat_caps() {
	systemctl stop pcdrop-stat.service
	pcdrop-stat stop > /dev/null
	for sc_only in bpf perfmon; do
		if with_caps "$sc_only" /usr/sbin/pcdrop-stat start > /tmp/caps.log 2>&1; then
			fail "with CAP_${sc_only} alone, pcdrop-stat start fails" "it started"
			pcdrop-stat stop > /dev/null
		elif grep -q '^pcdrop-stat: ' /tmp/caps.log; then
			pass "with CAP_${sc_only} alone, pcdrop-stat start fails ($(tail -n 1 /tmp/caps.log))"
		else
			fail "with CAP_${sc_only} alone, pcdrop-stat start fails" \
				"not pcdrop-stat's failure: $(tail -n 1 /tmp/caps.log)"
		fi
		check "and leaves nothing pinned" test ! -e /sys/fs/bpf/pcdrop
	done
	# Debian's perf_event_paranoid=3 lets only CAP_SYS_ADMIN open the
	# perf events kprobes attach through.
	check "with CAP_BPF and CAP_PERFMON alone, pcdrop-stat start succeeds" \
		sh -c 'setpriv --bounding-set -all,+bpf,+perfmon /usr/sbin/pcdrop-stat start \
			> /tmp/caps.log 2>&1'
	sed 's/^/# /' /tmp/caps.log
	expect_eq "but pcdrop.ko's 3 counting points are missing (kprobes need CAP_SYS_ADMIN)" 3 \
		"$(pcdrop-stat metrics | awk '$1 == "pcdrop_stat_module_points_missing" { print $2 }')"
	pcdrop-stat stop > /dev/null
	check "with CAP_SYS_ADMIN too, pcdrop-stat start succeeds" \
		with_caps bpf,perfmon,sys_admin /usr/sbin/pcdrop-stat start
	expect_eq "and attaches every counting point of pcdrop.ko" 0 \
		"$(pcdrop-stat metrics | awk '$1 == "pcdrop_stat_module_points_missing" { print $2 }')"
	sc_links=$(ls /sys/fs/bpf/pcdrop/v1/links | wc -l)
	check "it attached programs ($sc_links)" test "$sc_links" -gt 0
	expect_eq "and metrics reads each of its $sc_links programs" "$sc_links" \
		"$(with_caps bpf,perfmon,sys_admin /usr/sbin/pcdrop-stat metrics |
			awk '$1 == "pcdrop_stat_programs_attached" { print $2 }')"
	pcdrop-stat stop > /dev/null
	# Where the file's directory does not exist (no node_exporter), the
	# unit is skipped, not failed, and says why.
	cp /etc/default/pcdrop-stat /tmp/default.save
	echo PCDROP_STAT_FILE=/nonexistent/pcdrop.prom >> /etc/default/pcdrop-stat
	systemctl start pcdrop-stat.service
	expect_eq "with no such directory the unit is skipped, not failed" inactive \
		"$(systemctl show -p ActiveState --value pcdrop-stat.service)"
	check "and its journal says why" sh -c 'journalctl -b -u pcdrop-stat.service -o cat --no-pager |
		grep -q "^pcdrop-stat: /nonexistent does not exist"'
	check "nothing was started" test ! -e /sys/fs/bpf/pcdrop
	cp /tmp/default.save /etc/default/pcdrop-stat
	check "pcdrop-stat.service starts again" systemctl start pcdrop-stat.service
}

# purged: "apt-get purge" of both packages unloads pcdrop and leaves
# nothing of them.
purged() {
	pg_ver=$(dpkg-query -W -f '${Version}' pcdrop-dkms)
	check "apt-get purge pcdrop-dkms pcdrop-stat" sh -c \
		'apt-get purge -y -q pcdrop-dkms pcdrop-stat > /tmp/purge.log 2>&1 || { cat /tmp/purge.log; false; }'
	stock
	for f in /etc/pcdrop /var/lib/pcdrop /usr/sbin/pcdrop /usr/sbin/pcdrop-stat \
		/lib/systemd/system/pcdrop.service /lib/systemd/system/pcdrop-stat.service \
		/etc/default/pcdrop-stat /sys/fs/bpf/pcdrop "$TEXTFILE" \
		/etc/systemd/system/sysinit.target.wants/pcdrop.service \
		"/usr/src/pcdrop-$pg_ver" /var/lib/dkms/pcdrop; do
		check "purge left nothing: $f" test ! -e "$f"
	done
	expect_eq "no pcdrop module is left under /lib/modules" "" \
		"$(find /lib/modules -name 'pcdrop*.ko*')"
	expect_eq "systemd knows no pcdrop unit" "" \
		"$(systemctl list-unit-files --no-legend 'pcdrop*' 2>/dev/null)"
}
