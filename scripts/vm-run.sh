#!/bin/sh
# vm-run.sh KVER SHARE SCRIPT RESULTS - boot a stock kernel under QEMU and
# run one test script in it.
#
#   KVER     a kernel release fetched by kernels.sh
#   SHARE    a folder the guest mounts at /mnt/host (9p, or a copy on a
#            virtio disk for kernels without 9p); SCRIPT is a path inside
#            it.  The guest writes SHARE/out/{output,rc,dmesg}.
#   RESULTS  folder for this boot's console log and copies of its output
#
# Exit status: 0 the script passed and the kernel log is clean; 1 the
# script failed; 2 the kernel reported a problem (oops, BUG, WARNING,
# panic, lockdep, KASAN, KFENCE, hung task, stall); 3 the guest did not
# finish in time; 4 the guest never reached its init, twice.
#
# Environment: PCDROP_VM_TIMEOUT (seconds, default 900), PCDROP_VM_SMP (2),
# PCDROP_VM_MEM (3G), PCDROP_VM_ICOUNT (set: -icount shift=0 for
# instruction-count timing).
#
# TCG runs single-threaded (thread=single): all vCPUs are emulated in one
# host thread, in turn.  Multi-threaded TCG mis-executes kernel text that
# the kernel rewrites while other vCPUs run (static calls and jump labels
# flip on every livepatch transition), which crashes good kernels at random.
# Single-threaded TCG has no such race, so every oops it shows is the
# guest's own.  The guest still has SMP vCPUs, IPIs and preemption.
set -eu
. "$(dirname "$0")/common.sh"

[ $# -eq 4 ] || die "usage: vm-run.sh KVER SHARE SCRIPT RESULTS"
kver=$1
share=$(realpath "$2")
script=$3
results=$4
kdir=$PCDROP_CACHE/kernels/$kver
initrd=${PCDROP_INITRD:-$kdir/initrd.cpio.gz}
timeout=${PCDROP_VM_TIMEOUT:-900}

[ -f "$kdir/vmlinux" ] || die "$kver is not fetched (scripts/kernels.sh fetch)"
[ -f "$initrd" ] || die "no initramfs $initrd (scripts/mkinitramfs.sh)"
[ -f "$share/$script" ] || die "no script $share/$script"
mkdir -p "$results"
name=$(basename "$script" .sh)
console=$results/$name.console.log

# The share reaches the guest over 9p, or, for a kernel without 9p (the
# cloud flavour; mkinitramfs.sh decides), as an ext4 image on a virtio
# disk that the guest mounts read-write; its out/ is copied back after
# the boot.  Either way the guest sees /mnt/host and writes out/ there.
transport=$(cat "$initrd.transport" 2>/dev/null || echo 9p)
disk=$results/$name.share.img
if [ "$transport" = disk ]; then
	share_opt="-drive file=$disk,if=virtio,format=raw"
else
	share_opt="-virtfs local,path=$share,mount_tag=host,security_model=none,id=host"
fi

boot() {
	rm -rf "$share/out"
	if [ "$transport" = disk ]; then
		rm -f "$disk"
		mke2fs -q -F -t ext4 -O ^has_journal -d "$share" "$disk" \
			"$(( $(du -sm "$share" | cut -f1) + 256 ))M" >"$disk.log" 2>&1 ||
			die "cannot make the share's disk image $disk, see $disk.log"
		rm -f "$disk.log"
	fi
	qemu_rc=0
	# oops=panic: a guest whose kernel oopsed stops at once (panic=-1
	# and -no-reboot end QEMU) instead of running into the timeout with
	# its test task dead and its locks held.
	# shellcheck disable=SC2086
	qemu_tcg "$timeout" \
		-kernel "$kdir/vmlinux" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 oops=panic loglevel=4 pcdrop.script=$script" \
		$share_opt >"$console" 2>&1 || qemu_rc=$?
	if [ "$transport" = disk ]; then
		debugfs -R "rdump /out $share" "$disk" >/dev/null 2>&1 || true
		rm -f "$disk"
	fi
	# timeout's status (124/137: the guest ran out of time), not the
	# copy-back's.
	return $qemu_rc
}

rc=0
boot || rc=$?
if ! grep -q '^GUEST: init done' "$console"; then
	# Seen once in ~27 boots of 7.3: an early-boot crash before /init.
	echo "vm-run: $kver: the guest never reached init (qemu rc $rc), retrying once" >&2
	mv "$console" "$console.first"
	rc=0
	boot || rc=$?
	grep -q '^GUEST: init done' "$console" || {
		echo "vm-run: $kver: the guest never reached init again; see $console" >&2
		exit 4
	}
fi

for f in output rc dmesg; do
	[ ! -f "$share/out/$f" ] || cp "$share/out/$f" "$results/$name.$f"
done

boot_verdict "vm-run: $kver" "$script" "$timeout" "$rc" "$share/out/rc" \
	"$results/$name.problems" "$console" "$share/out/dmesg"
