# 10-module-load.sh - pcdrop.ko loads and unloads cleanly, repeatedly.
. ./guest/lib.sh
SUITE=module-load
KO=/mnt/host/pcdrop.ko
KVER=$(uname -r)

mark=$(dmesg_mark)
check "insmod pcdrop.ko succeeds" insmod "$KO"
expect_eq "the module is live" live "$(cat /sys/module/pcdrop/initstate 2>&1)"
# O: out of tree, E: unsigned, K: livepatch module.
expect_eq "the module taints the kernel O, E and K only" OEK "$(cat /sys/module/pcdrop/taint 2>&1)"
expect_log "the first load logs the taint lines and one line of its own" "$mark" \
	"pcdrop: loading out-of-tree module taints kernel." \
	"pcdrop: tainting kernel with TAINT_LIVEPATCH" \
	"pcdrop: module verification failed: signature and/or required key missing - tainting kernel" \
	"pcdrop: loaded on $KVER"

mark=$(dmesg_mark)
check "rmmod pcdrop succeeds" rmmod pcdrop
check "the module is gone from /proc/modules" sh -c '! grep -q "^pcdrop " /proc/modules'
check "the module is gone from /sys/module" test ! -e /sys/module/pcdrop
check "its debugfs folder is gone" test ! -e /sys/kernel/debug/pcdrop
expect_log "unloading logs one line" "$mark" "pcdrop: unloaded"

mark=$(dmesg_mark)
cycles=0
for i in 1 2 3 4 5; do
	insmod "$KO" && rmmod pcdrop && cycles=$((cycles + 1))
done
expect_eq "five more load/unload cycles succeed" 5 "$cycles"
set --
for i in 1 2 3 4 5; do
	set -- "$@" "pcdrop: loaded on $KVER" "pcdrop: unloaded"
done
expect_log "reloading logs only pcdrop's own lines" "$mark" "$@"
finish
