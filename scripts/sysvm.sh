#!/bin/sh
# sysvm.sh - boot a real Debian, systemd as init, on a stock kernel under
# QEMU TCG: the harness of the tests of pcdrop on a running system (its
# unit at boot, kill switches, upgrades, purge: issue 20).
#
# Usage: sysvm.sh image KVER       make (once) and print the cached disk
#                                  image of KVER's Debian
#        sysvm.sh disk KVER DISK   a throwaway copy of it at DISK
#        sysvm.sh run DISK DIR CMD...
#                                  run CMD chrooted in DISK (apt-get
#                                  install ./pcdrop-dkms_*.deb: DKMS builds
#                                  on the host), DIR bind-mounted at the
#                                  same path ("-": none), /proc mounted
#        sysvm.sh boot KVER DISK SCRIPT RESULTS [WORD...]
#                                  boot KVER from DISK, run SCRIPT in it
#                                  once the system is up, power off
#
# Images: one per Debian, bookworm for the kernels Debian 12 builds with
# gcc-12 (6.1, 6.12+deb12), trixie for gcc-14 (6.12+deb13, 7.x).  Each is a
# copy of that Debian's DKMS chroot (scripts/dkms-chroot.sh: dkms, gcc and
# the kernels' headers, so the packages build as on a real host) with
# systemd-sysv and udev added, each kernel's /lib/modules from the kernel
# cache, and the units that make a boot slow under TCG masked (gettys,
# timers, first-boot prompts).  It is cached as an ext4 image,
# $PCDROP_CACHE/sysvm/NAME.img, never booted itself: "disk" copies it.
# Asking for a kernel the image lacks makes it anew with all of them.
#
# A boot: the kernel's vmlinux through PVH as in vm-run.sh, DISK as a
# virtio disk, no VGA, and an initramfs (mkinitramfs.sh KVER OUT root) that loads
# virtio_blk and ext4 and switches to the disk's systemd.  The kernel
# command line has "systemd.show_status=0" and the WORDs.  SCRIPT is
# copied to /var/lib/sysvm/script beside tests/guest/lib.sh, and
# sysvm-test.service (ordered after multi-user.target, Type=exec so that
# the system can reach "running" while it runs) runs it with bash from
# /var/lib/sysvm, keeps its output, status and dmesg, and powers off
# (scripts/sysvm-guest.sh).  A script that prints "SYSVM: cut the power"
# to /dev/console has QEMU stopped at once: a power cut with whatever
# the guest left unsynced lost.  State on DISK persists from one boot to
# the next; the host may change it in between with "run".
#
# Boot results: RESULTS/NAME.{console.log,output,rc,dmesg,problems}, NAME
# the script's name without .sh.  Exit status as vm-run.sh's: 0 the
# script exited 0 (or cut the power) and the kernel log is clean; 1 it
# failed; 2 the kernel reported a problem or the guest died; 3 the guest
# did not finish in time; 4 it never reached the disk's init, twice.
#
# Environment: PCDROP_VM_TIMEOUT (seconds per boot, default 300),
# PCDROP_VM_SMP, PCDROP_VM_MEM, PCDROP_VM_ICOUNT (as vm-run.sh).
set -eu
. "$(dirname "$0")/common.sh"

here=$(cd "$(dirname "$0")" && pwd)
S=$PCDROP_CACHE/sysvm
# Units that cost boot time under TCG and that no test needs: logins (the
# serial getty systemd adds for console=ttyS0 would also take the
# console), utmp, timers, the first-boot prompts, time sync, and the file
# systems and modules nothing here uses (hugetlbfs, mqueue, fuse,
# binfmt_misc, device mapper, pstore).  udev, journald, module loading,
# sysctl and tmpfiles stay: the units under test run among them.
MASK="getty@.service serial-getty@.service console-getty.service getty-static.service
systemd-firstboot.service systemd-update-utmp.service systemd-update-utmp-runlevel.service
apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer e2scrub_all.timer
e2scrub_reap.service fstrim.timer man-db.timer systemd-tmpfiles-clean.timer
systemd-timesyncd.service dev-hugepages.mount dev-mqueue.mount
sys-fs-fuse-connections.mount proc-sys-fs-binfmt_misc.automount modprobe@fuse.service
modprobe@dm_mod.service modprobe@efi_pstore.service modprobe@drm.service
systemd-pstore.service"

# Drivers of QEMU's emulated PC that udev would load at every boot and
# that no test uses: the floppy, IDE CD-ROM, parallel port, speaker,
# SMBus and PS/2 mouse drivers, KVM (the TCG CPU has SVM and VMX), and
# the SIMD crypto and CPU frequency drivers.  Under TCG loading them takes
# seconds, and a shutdown waits for udev to finish.
BLACKLIST="floppy ata_piix ata_generic sr_mod parport_pc ppdev pcspkr i2c_piix4 psmouse
serio_raw kvm kvm_amd kvm_intel aesni_intel ghash_clmulni_intel sha1_ssse3 sha256_ssse3
sha512_ssse3 crc32_pclmul crct10dif_pclmul powernow_k8 acpi_cpufreq"

# debian_of KVER: the Debian whose image boots KVER.
debian_of() {
	case $(cat "$PCDROP_CACHE/kernels/$1/compiler" 2>/dev/null) in
	gcc-12) echo bookworm ;;
	gcc-14) echo trixie ;;
	"") die "$1 is not fetched (scripts/kernels.sh fetch)" ;;
	*) die "no Debian image for $1 (built with $(cat "$PCDROP_CACHE/kernels/$1/compiler"))" ;;
	esac
}

# The image's stamp: its kernels and the code that made it, so that a
# changed harness makes it anew.
stamp_of() {
	echo "$1"
	cat "$here/sysvm.sh" "$here/sysvm-guest.sh"
}

# make_image NAME KVER...: the image of Debian NAME with these kernels.
make_image() {
	name=$1
	shift
	tree=$S/$name.tree
	unmount_stale "$tree"
	rm -rf "$tree"
	# The DKMS chroot is copied between two DKMS test runs, which leave
	# it without pcdrop (tests/dkms/run.sh holds this lock).
	exec 8>"$PCDROP_CACHE/chroot/dkms-tests.lock"
	timed wait "sysvm $name: wait for the DKMS tests" flock 8
	"$here/dkms-chroot.sh" headers "$name" "$@" >&2
	src=$("$here/dkms-chroot.sh" root "$name")
	timed chroot "sysvm $name: copy the DKMS chroot" cp -ax "$src" "$tree"
	flock -u 8
	# What another checkout had mounted in the chroot meanwhile (its work
	# folder, /proc: dkms-chroot.sh run) is not part of it.
	awk -v r="$src/" 'index($2, r) == 1 { print substr($2, length(r) + 1) }' /proc/mounts |
		while read -r m; do
			rm -rf "${tree:?}/$m"
			mkdir -p "$tree/$m"
		done
	# Nothing of pcdrop, even if a killed DKMS test run left some there
	# (its packages, its sources, a fake kernel).
	timed chroot "sysvm $name: install systemd" \
		"$here/dkms-chroot.sh" run "$tree" - sh -c '
			dpkg --purge pcdrop-dkms pcdrop-stat &&
			find /lib/modules -name "pcdrop.ko*" -delete &&
			for l in /lib/modules/*/build; do
				case $(readlink "$l") in
				/usr/src/fake-headers-*) rm -rf "${l%/build}" ;;
				esac
			done &&
			rm -rf /usr/src/pcdrop-* /var/lib/dkms/pcdrop /usr/src/fake-headers-* &&
			apt-get install -y -q systemd-sysv udev kmod &&
			apt-get clean && rm -f /etc/machine-id &&
			systemd-machine-id-setup' >"$S/$name.log" 2>&1 ||
		die "installing systemd in the $name image failed, see $S/$name.log"
	for u in $MASK; do
		ln -sfn /dev/null "$tree/etc/systemd/system/$u"
	done
	ln -sfn /lib/systemd/system/multi-user.target "$tree/etc/systemd/system/default.target"
	# The image's /usr is up to date: no ldconfig, journal catalog
	# update and the like on each first boot (ConditionNeedsUpdate).
	touch "$tree/etc/.updated" "$tree/var/.updated"
	echo sysvm > "$tree/etc/hostname"
	for m in $BLACKLIST; do
		echo "blacklist $m"
	done > "$tree/etc/modprobe.d/sysvm.conf"
	mkdir -p "$tree/usr/local/lib/sysvm" "$tree/var/lib/sysvm" \
		"$tree/etc/systemd/system/multi-user.target.wants"
	cp "$here/sysvm-guest.sh" "$tree/usr/local/lib/sysvm/run"
	chmod 755 "$tree/usr/local/lib/sysvm/run"
	cat > "$tree/etc/systemd/system/sysvm-test.service" <<UNIT
[Unit]
Description=pcdrop system test: this boot's script
After=multi-user.target

[Service]
Type=exec
ExecStart=/usr/local/lib/sysvm/run

[Install]
WantedBy=multi-user.target
UNIT
	ln -sfn ../sysvm-test.service "$tree/etc/systemd/system/multi-user.target.wants/sysvm-test.service"
	for k in "$@"; do
		mkdir -p "$tree/lib/modules/$k"
		timed chroot "sysvm $name: the modules of $k" \
			cp -a "$PCDROP_CACHE/kernels/$k/modules/." "$tree/lib/modules/$k/"
		"$here/dkms-chroot.sh" run "$tree" - depmod "$k" >>"$S/$name.log" 2>&1 ||
			die "depmod $k in the $name image failed, see $S/$name.log"
	done
	# Room for the packages, DKMS's builds and the tests' files.
	mib=$(($(du -sm "$tree" | cut -f1) + 1024))
	timed chroot "sysvm $name: mkfs.ext4 -d (${mib} MiB)" \
		mke2fs -q -F -t ext4 -d "$tree" "$S/$name.img.tmp" "${mib}M" >>"$S/$name.log" 2>&1 ||
		die "making the $name image failed, see $S/$name.log"
	mv "$S/$name.img.tmp" "$S/$name.img"
	rm -rf "$tree"
}

# image KVER: the path of the image that boots KVER, made if needed.
image() {
	name=$(debian_of "$1")
	mkdir -p "$S"
	exec 7>"$S/$name.lock"
	flock 7
	have=$(sed -n 1p "$S/$name.img.ready" 2>/dev/null || true)
	case " $have " in
	*" $1 "*)
		if [ -f "$S/$name.img" ] && stamp_of "$have" | cmp -s - "$S/$name.img.ready"; then
			flock -u 7
			echo "$S/$name.img"
			return 0
		fi
		;;
	esac
	kernels=$(echo "$have $1" | tr ' ' '\n' | grep . | sort -u | tr '\n' ' ')
	kernels=${kernels% }
	for k in $kernels; do
		[ -d "$PCDROP_CACHE/kernels/$k/modules" ] || kernels=$(echo " $kernels " | sed "s| $k | |")
	done
	log "making the $name system-test image for $kernels"
	rm -f "$S/$name.img.ready"
	# shellcheck disable=SC2086
	make_image "$name" $kernels
	stamp_of "$kernels" > "$S/$name.img.ready"
	flock -u 7
	echo "$S/$name.img"
}

# Loop mounts of a disk, undone on any exit.
MNT=""
unmount_disk() {
	[ -n "$MNT" ] || return 0
	umount "$MNT" || umount -l "$MNT"
	rmdir "$MNT"
	MNT=""
}
trap unmount_disk EXIT
trap 'exit 130' INT TERM

mount_disk() {
	MNT=$(mktemp -d)
	mount -o loop "$1" "$MNT" || { rmdir "$MNT"; MNT=""; die "cannot mount $1"; }
}

# boot_once KVER DISK CONSOLE WORDS: one boot; its status is QEMU's, 0
# also when the guest asked for the power to be cut.
boot_once() {
	: >"$3"
	# shellcheck disable=SC2086
	qemu_tcg "$timeout" -kernel "$PCDROP_CACHE/kernels/$1/vmlinux" -initrd "$initrd" \
		-vga none -drive "file=$2,if=virtio,format=raw,cache=unsafe" \
		-append "console=ttyS0 panic=-1 loglevel=4 systemd.show_status=0 $4" \
		>>"$3" 2>&1 &
	qpid=$!
	while kill -0 "$qpid" 2>/dev/null; do
		if grep -q '^SYSVM: cut the power' "$3"; then
			# timeout(1) passes the signal on to QEMU.
			pkill -TERM -P "$qpid" || true
			wait "$qpid" || true
			echo "SYSVM: the host cut the power" >> "$3"
			return 0
		fi
		sleep 0.2
	done
	wait "$qpid"
}

boot() {
	[ $# -ge 4 ] || die "usage: sysvm.sh boot KVER DISK SCRIPT RESULTS [WORD...]"
	kver=$1
	disk=$2
	script=$3
	results=$4
	shift 4
	timeout=${PCDROP_VM_TIMEOUT:-300}
	[ -f "$PCDROP_CACHE/kernels/$kver/vmlinux" ] || die "$kver is not fetched (scripts/kernels.sh fetch)"
	[ -f "$script" ] || die "no script $script"
	mkdir -p "$results" "$S"
	initrd=$S/initrd-$kver.cpio.gz
	# Made anew when the code that makes it has changed; each maker
	# writes its own copy, then renames it.
	if [ ! -f "$initrd" ] || [ "$here/sysvm-init.sh" -nt "$initrd" ] ||
	   [ "$here/mkinitramfs.sh" -nt "$initrd" ]; then
		"$here/mkinitramfs.sh" "$kver" "$initrd.$$" root
		mv "$initrd.$$" "$initrd"
		rm -f "$initrd.$$.transport"
	fi
	name=$(basename "$script" .sh)
	console=$results/$name.console.log
	rm -f "$results/$name".*

	mount_disk "$disk"
	rm -rf "$MNT/var/lib/sysvm/out"
	cp "$script" "$MNT/var/lib/sysvm/script"
	echo "$kver" > "$MNT/var/lib/sysvm/kver"
	cp "$here/../tests/guest/lib.sh" "$MNT/var/lib/sysvm/lib.sh"
	unmount_disk

	rc=0
	timed boot "$kver sysvm $name" boot_once "$kver" "$disk" "$console" "$*" || rc=$?
	if ! grep -q '^SYSVM: initramfs done' "$console"; then
		echo "sysvm: $kver: the guest never reached the disk's init (qemu rc $rc), retrying once" >&2
		mv "$console" "$console.first"
		rc=0
		timed boot "$kver sysvm $name" boot_once "$kver" "$disk" "$console" "$*" || rc=$?
		grep -q '^SYSVM: initramfs done' "$console" || {
			echo "sysvm: $kver: the guest never reached the disk's init again; see $console" >&2
			exit 4
		}
	fi

	mount_disk "$disk"
	for f in output rc dmesg; do
		[ ! -f "$MNT/var/lib/sysvm/out/$f" ] || cp "$MNT/var/lib/sysvm/out/$f" "$results/$name.$f"
	done
	unmount_disk

	# A script that asked for the power cut ran to its end.
	! grep -q '^SYSVM: the host cut the power' "$console" || echo 0 > "$results/$name.rc"
	boot_verdict "sysvm: $kver" "$name" "$timeout" "$rc" "$results/$name.rc" \
		"$results/$name.problems" "$console" "$results/$name.dmesg"
}

case ${1:-} in
image)
	[ $# -eq 2 ] || die "usage: sysvm.sh image KVER"
	image "$2"
	;;
disk)
	[ $# -eq 3 ] || die "usage: sysvm.sh disk KVER DISK"
	img=$(image "$2")
	timed step "sysvm: copy $(basename "$img") to $3" cp --sparse=always "$img" "$3"
	;;
run)
	[ $# -ge 4 ] || die "usage: sysvm.sh run DISK DIR CMD..."
	disk=$2
	shift 2
	mount_disk "$disk"
	rc=0
	"$here/dkms-chroot.sh" run "$MNT" "$@" || rc=$?
	unmount_disk
	exit $rc
	;;
boot) shift; boot "$@" ;;
*) die "usage: sysvm.sh image KVER | disk KVER DISK | run DISK DIR CMD... | boot KVER DISK SCRIPT RESULTS [WORD...]" ;;
esac
