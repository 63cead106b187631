# 10-module-load.sh - pcdrop.ko loads, patches, unpatches and unloads
# cleanly, repeatedly, with exactly the expected kernel log.
. ./guest/lib.sh
SUITE=module-load

mark=$(dmesg_mark)
check "insmod pcdrop.ko succeeds and its livepatch transition finishes" pcdrop_load
expect_eq "the module is live" live "$(cat /sys/module/pcdrop/initstate 2>&1)"
# O: out of tree, E: unsigned, K: livepatch module.
expect_eq "the module taints the kernel O, E and K only" OEK "$(cat /sys/module/pcdrop/taint 2>&1)"
expect_eq "its version is the tree's VERSION" "$(cat /mnt/host/VERSION)" \
	"$(cat /sys/module/pcdrop/version 2>&1)"
expect_eq "the livepatch is enabled" 1 "$(cat $PCDROP_LP/enabled 2>&1)"
check "it replaces shmem_undo_range() in vmlinux" test -d "$PCDROP_LP/vmlinux/shmem_undo_range,1"
expect_eq "shmem_batch is on by default" Y "$(cat $PCDROP_PARAMS/shmem_batch 2>&1)"
# The drift guard (module/drift_guard.c): this build is a verified one, so
# every function it checks (nine: tests/drift/functions' "load" lines that
# this series has) matches, and nothing is held.
expect_eq "the drift guard holds nothing" "" "$(cat $PCDROP_PARAMS/held 2>&1)"
check "the drift guard matched each function it checks with this build's fingerprint" \
	awk -v r="$(uname -r)" '{ n++; f = $2 == "verified"; for (i = 3; i <= NF; i++) m += $i == r }
		!f { bad = 1 } END { exit bad || n != 9 || m != 9 }' /sys/kernel/debug/pcdrop/drift
expect_eq "shmem_batch is writable by root only" "644 0 0" \
	"$(stat -c '%a %u %g' $PCDROP_PARAMS/shmem_batch 2>&1)"
# shellcheck disable=SC2046
expect_log_set "the first load logs the taint lines, livepatch's and one of its own" "$mark" \
	"pcdrop: loading out-of-tree module taints kernel." \
	"pcdrop: tainting kernel with TAINT_LIVEPATCH" \
	"pcdrop: module verification failed: signature and/or required key missing - tainting kernel" \
	"$(pcdrop_load_lines)"

mark=$(dmesg_mark)
check "rmmod is refused while the livepatch is enabled" sh -c '! rmmod pcdrop 2>/dev/null'
expect_eq "and the livepatch stays enabled" 1 "$(cat $PCDROP_LP/enabled 2>&1)"
check "disabling the livepatch and rmmod succeed" pcdrop_unload
check "the module is gone from /proc/modules" sh -c '! grep -q "^pcdrop " /proc/modules'
check "the module is gone from /sys/module" test ! -e /sys/module/pcdrop
check "the livepatch is gone from /sys/kernel/livepatch" test ! -e $PCDROP_LP
check "its debugfs folder is gone" test ! -e /sys/kernel/debug/pcdrop
expect_log_set "unloading logs livepatch's lines and one of its own" "$mark" \
	"$(pcdrop_unload_lines)"

mark=$(dmesg_mark)
cycles=0
for i in 1 2 3 4 5; do
	pcdrop_load && pcdrop_unload && cycles=$((cycles + 1))
done
expect_eq "five more load/unload cycles succeed" 5 "$cycles"
set --
for i in 1 2 3 4 5; do
	set -- "$@" "$(pcdrop_load_lines)" "$(pcdrop_unload_lines)"
done
expect_log_set "reloading logs only those lines" "$mark" "$@"
finish
