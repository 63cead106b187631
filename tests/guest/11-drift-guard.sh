# 11-drift-guard.sh - the drift guard at load time (module/drift_guard.c)
# catches a real change between two Debian builds of one series.
#
# pcdrop-drift.ko is pcdrop built with the load-time fingerprints of
# 6.12.117+deb13-amd64 as its only verified ones (tests/run-matrix.sh,
# from that build's vmlinux in the archive), loaded on 6.12.118+deb13,
# whose stable update changed shmem_undo_range() and nothing else pcdrop
# checks (tests/drift-archive.sh shows the same with make check's layer).
# So the module must hold exactly the paths of shmem_undo_range(), say so
# in one line, and keep the rest; accept_drift=1 loads everything.
#
# pcdrop-drift-generic_fadvise.ko has no verified fingerprint of
# generic_fadvise(): the fadvise replacement is then left out, and with it
# batched eviction, which only it calls: both switches must read N and
# refuse Y.  pcdrop-drift-__remove_mapping.ko has none of
# __remove_mapping(), whose locked part batched eviction does: it must
# hold batched eviction alone.
#
# An accepted drift through "pcdrop upgrade": the running pcdrop is this
# tree's, loaded by "pcdrop load" with accept_drift=1 from modprobe.d; the
# installed one is pcdrop-drift.ko (the next version) and its pcdrop_next.
# modprobe gives pcdrop's options to pcdrop only, so the relay must pass
# accept_drift=1 to pcdrop_next itself, or shmem_undo_range() runs stock
# from its step 2 on.  A modprobe wrapper holds step 3 back 5 s;
# shmem_undo_range() must stay replaced at every poll.
. ./guest/lib.sh
SUITE=drift-guard
KO=/mnt/host/pcdrop-drift.ko
DRIFT=/sys/kernel/debug/pcdrop/drift

# switches: shmem_batch, swap_batch, shadow_batch, fadvise_lru_refs and
# evict_batch, as they read (Y or N), on one line.
switches() {
	for p in shmem_batch swap_batch shadow_batch fadvise_lru_refs evict_batch; do
		cat "$PCDROP_PARAMS/$p"
	done | tr '\n' ' ' | sed 's/ $//'
}

# load_drift [PARAM=VALUE...]: pcdrop_load, of $KO.
load_drift() {
	insmod "$KO" "$@" && wait_for 120 patch_settled
}

mark=$(dmesg_mark)
check "pcdrop verified against 6.12.117 loads on $(uname -r)" \
	load_drift
expect_eq "its one line names shmem_undo_range() and the paths it holds" \
	"pcdrop: shmem_undo_range() differs from every verified build of this series: shmem_batch swap_batch held off (accept_drift=1 loads them)" \
	"$(dmesg_since "$mark" | grep differs)"
expect_eq "the held parameter lists them" "shmem_batch swap_batch" "$(cat $PCDROP_PARAMS/held)"
expect_eq "debugfs pcdrop/drift: shmem_undo_range() differs, the rest match 6.12.117" \
	"shmem_undo_range differs
truncate_inode_pages_range verified 6.12.117+deb13-amd64
mapping_try_invalidate verified 6.12.117+deb13-amd64
generic_fadvise verified 6.12.117+deb13-amd64
mapping_evict_folio verified 6.12.117+deb13-amd64
__remove_mapping verified 6.12.117+deb13-amd64
__filemap_remove_folio verified 6.12.117+deb13-amd64
filemap_unaccount_folio verified 6.12.117+deb13-amd64
delete_from_page_cache_batch verified 6.12.117+deb13-amd64" "$(cat $DRIFT)"
check "shmem_undo_range() is left out of the livepatch" \
	test ! -e "$PCDROP_LP/vmlinux/shmem_undo_range,1"
check "the paths of the functions that match are in it" \
	test -d "$PCDROP_LP/vmlinux/truncate_inode_pages_range,1" -a \
	-d "$PCDROP_LP/vmlinux/mapping_try_invalidate,1"
expect_eq "shmem_batch and swap_batch read N, the others Y" "N N Y Y Y" \
	"$(switches)"
mark=$(dmesg_mark)
check "writing 1 to shmem_batch is refused" sh -c "! echo 1 > $PCDROP_PARAMS/shmem_batch"
expect_eq "with one line" \
	"pcdrop: shmem_batch stays off: it is held (pcdrop status says why)" \
	"$(dmesg_since "$mark")"
check "and it still reads N" test "$(cat $PCDROP_PARAMS/shmem_batch)" = N
check "it unloads" pcdrop_unload

mark=$(dmesg_mark)
check "with accept_drift=1 it loads" \
	load_drift accept_drift=1
expect_eq "saying so for shmem_undo_range()" \
	"pcdrop: shmem_undo_range() differs from every verified build of this series; loading its paths anyway (accept_drift=1)" \
	"$(dmesg_since "$mark" | grep differs)"
expect_eq "holding nothing" "" "$(cat $PCDROP_PARAMS/held)"
check "and replacing shmem_undo_range()" test -d "$PCDROP_LP/vmlinux/shmem_undo_range,1"
expect_eq "with every switch on" "Y Y Y Y Y" \
	"$(switches)"
check "it unloads" pcdrop_unload

# without FUNCTION HELD: pcdrop-drift-FUNCTION.ko loads, holding HELD with
# one line.
without() {
	KO=/mnt/host/pcdrop-drift-$1.ko
	mark=$(dmesg_mark)
	check "pcdrop without a verified $1() loads" load_drift
	expect_eq "its one line names $1() and the paths it holds" \
		"pcdrop: $1() differs from every verified build of this series: $2 held off (accept_drift=1 loads them)" \
		"$(dmesg_since "$mark" | grep differs)"
	expect_eq "the held parameter lists them" "$2" "$(cat $PCDROP_PARAMS/held)"
}

without generic_fadvise "fadvise_lru_refs evict_batch"
check "the fadvise function is left out of the livepatch" \
	test ! -e "$PCDROP_LP/vmlinux/mapping_try_invalidate,1"
expect_eq "fadvise_lru_refs and evict_batch read N, the others Y" "Y Y Y N N" \
	"$(switches)"
check "writing 1 to evict_batch is refused" sh -c "! echo 1 > $PCDROP_PARAMS/evict_batch"
check "it unloads" pcdrop_unload

without __remove_mapping evict_batch
check "every replacement is in the livepatch" \
	test -d "$PCDROP_LP/vmlinux/shmem_undo_range,1" -a \
	-d "$PCDROP_LP/vmlinux/mapping_try_invalidate,1"
expect_eq "evict_batch reads N, the others Y" "Y Y Y Y N" \
	"$(switches)"
check "it unloads" pcdrop_unload

# -- an accepted drift through pcdrop upgrade
KLP=/sys/kernel/livepatch

# drift_poll STOP: until STOP exists, every 0.1 s, the two patches' states
# (enabled/transition, - if absent) and whether some enabled one replaces
# shmem_undo_range() ("covered") or none ("stock"), a line per change.
drift_poll() {
	dp_last=""
	while [ ! -e "$1" ]; do
		dp_line="" dp_cov=stock
		for dp_m in pcdrop pcdrop_next; do
			{ read -r dp_e < "$KLP/$dp_m/enabled" &&
				read -r dp_t < "$KLP/$dp_m/transition"; } 2>/dev/null ||
				{ dp_e=- dp_t=; }
			dp_line="$dp_line $dp_m=$dp_e${dp_t:+/$dp_t}"
			[ "$dp_e" != 1 ] || [ ! -d "$KLP/$dp_m/vmlinux/shmem_undo_range,1" ] ||
				dp_cov=covered
		done
		dp_line="${dp_line# } shmem_undo_range=$dp_cov"
		[ "$dp_line" = "$dp_last" ] || echo "$dp_line"
		dp_last=$dp_line
		sleep 0.1
	done
}

cp -a /mnt/host/admin-root/. /
PATH=/usr/sbin:$PATH
upd=/lib/modules/$(uname -r)/updates/dkms
mkdir -p "$upd"
cp /mnt/host/pcdrop.ko /mnt/host/pcdrop_next.ko "$upd/" && depmod
mkdir -p /etc/modprobe.d
echo "options pcdrop accept_drift=1" > /etc/modprobe.d/pcdrop-test.conf
check "pcdrop load: this tree's pcdrop, accept_drift=1 from modprobe.d" \
	sh -c 'pcdrop load > /dev/null'
expect_eq "accept_drift reads Y" Y "$(cat "$PCDROP_PARAMS/accept_drift")"
cp /mnt/host/pcdrop-drift.ko "$upd/pcdrop.ko"
cp /mnt/host/pcdrop_next-drift.ko "$upd/pcdrop_next.ko"
depmod
# The relay's step 3 held back: its modprobe of pcdrop waits 5 s first.
mkdir -p /tmp/slow
cat > /tmp/slow/modprobe <<'EOS'
#!/bin/sh
[ "$1" != pcdrop ] || sleep 5
exec busybox modprobe "$@"
EOS
chmod +x /tmp/slow/modprobe
rm -f /tmp/dpoll-stop
drift_poll /tmp/dpoll-stop > /tmp/dpoll.out &
dpoller=$!
sleep 0.5
PATH=/tmp/slow:$PATH pcdrop upgrade --timeout 120 > /tmp/up.out 2>&1
expect_eq "pcdrop upgrade to the drifted build exits 0" 0 $?
sleep 0.5
touch /tmp/dpoll-stop
wait $dpoller
sed 's/^/# /' /tmp/up.out /tmp/dpoll.out
check "pcdrop_next ran alone while step 3 was held back" \
	grep -q '^pcdrop=- pcdrop_next=1/0 ' /tmp/dpoll.out
check "shmem_undo_range() stayed replaced at every poll (the accepted drift)" \
	sh -c '! grep -q stock /tmp/dpoll.out'
check "and the new pcdrop replaces it" test -d "$KLP/pcdrop/vmlinux/shmem_undo_range,1"
rm /etc/modprobe.d/pcdrop-test.conf
check "it unloads" sh -c 'pcdrop unload > /dev/null'
finish
