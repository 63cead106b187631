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
	"pcdrop: shmem_batch stays off: the drift guard holds it (see pcdrop/drift in debugfs)" \
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
finish
