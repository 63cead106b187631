# 20-klp-relocs.sh - the livepatch relocations bind the kernel's own
# functions, and a module needing a function the kernel lacks is refused.
. ./guest/lib.sh
SUITE=klp-relocs
SYMS=/sys/kernel/debug/pcdrop/vmlinux_symbols

check "insmod pcdrop.ko succeeds" pcdrop_load
cp "$SYMS" /tmp/bound
n=$(wc -l < /tmp/bound)
check "pcdrop lists at least two bound functions ($n)" test "$n" -ge 2
expect_eq "it lists every livepatch symbol of pcdrop.ko" \
	"$(tr '\n' ' ' < /mnt/host/klp-symbols)" "$(awk '{ print $2 }' /tmp/bound | sort | tr '\n' ' ')"
for f in find_lock_entries delete_from_page_cache_batch truncate_cleanup_folio \
	folio_batch_remove_exceptionals ftrace_location shmem_undo_range \
	filemap_unaccount_folio __tracepoint_mm_filemap_delete_from_page_cache; do
	check "$f is among them" grep -q " $f\$" /tmp/bound
done

# One pass over kallsyms (busybox is slow): for each bound symbol, its
# text symbols, their address and whether the kernel exports it.  The one
# tracepoint pcdrop reads is data, of any type letter (6.1 and 6.12 show
# D, 7.3 T), and so are the livepatch core's list and mutex
# (module/livepatch_core.h).
awk 'NR == FNR { want[$2] = $1; next }
     $3 in want && ($2 ~ /^[tT]$/ || $3 ~ /^(__tracepoint_|klp_mutex$|klp_patches$)/) {
	seen[$3]++; addr[$3] = $1 }
     $3 ~ /^__ksymtab_/ { k = substr($3, 11); if (k in want) xp[k] = 1 }
     END { for (s in want) print s, want[s], addr[s], seen[s] + 0, xp[s] + 0 }' \
	/tmp/bound /proc/kallsyms > /tmp/compare
expect_eq "every bound function was looked up in kallsyms" "$n" "$(wc -l < /tmp/compare)"
while read -r name bound kallsyms count exported; do
	expect_eq "$name appears once in kallsyms" 1 "$count"
	expect_eq "$name is bound to its kallsyms address" "$kallsyms" "$bound"
	expect_eq "$name is not exported (a relocation is the only way)" 0 "$exported"
done < /tmp/compare
check "unloading pcdrop succeeds" pcdrop_unload

# The drift guard names what it disassembles with scripts/kallsyms-map.c,
# which decodes the kallsyms tables inside the image (run-matrix.sh stages
# its "NAME SYMBOL START END" lines).  The guest boots through PVH, which
# does not randomise the kernel's base, so the addresses compare as they are.
if [ -s /mnt/host/drift-symbols ]; then
	n=$(wc -l < /mnt/host/drift-symbols)
	m=$(awk 'NR == FNR { want[$3 " " $2] = 1; next }
		($1 " " $3) in want { seen++ } END { print seen + 0 }' \
		/mnt/host/drift-symbols /proc/kallsyms)
	expect_eq "the drift guard's $n function symbols are at their /proc/kallsyms addresses" "$n" "$m"
else
	fail "the drift guard's function symbols are at their /proc/kallsyms addresses" \
		"the host staged no drift-symbols"
fi

# The missing-symbol variant: staged on the full rows, and everywhere in
# make soak (run-matrix.sh).
if [ -f /mnt/host/pcdrop-missing-symbol.ko ]; then
	mark=$(dmesg_mark)
	if insmod /mnt/host/pcdrop-missing-symbol.ko 2>/tmp/err; then
		fail "a module needing a missing kernel function is refused" "insmod succeeded"
		pcdrop_unload
	else
		pass "a module needing a missing kernel function is refused ($(cat /tmp/err))"
	fi
	check "the kernel log names the missing function" sh -c \
		"dmesg | tail -n +$((mark + 1)) | grep -q \"livepatch: symbol 'pcdrop_test_no_such_function' not found in symbol table\""
	check "nothing is left in /proc/modules" sh -c '! grep -q "^pcdrop " /proc/modules'
	check "nothing is left in /sys/module" test ! -e /sys/module/pcdrop
	check "nothing is left in /sys/kernel/livepatch" test ! -e /sys/kernel/livepatch/pcdrop
	check "nothing is left in debugfs" test ! -e /sys/kernel/debug/pcdrop
else
	skip_case "a module needing a missing kernel function is refused" \
		"make check loads it on the full rows, make soak on every row"
fi
check "the real module still loads afterwards" pcdrop_load
check "and unloads" pcdrop_unload
finish
