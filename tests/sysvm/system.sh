#!/bin/sh
# tests/sysvm/system.sh - pcdrop on a booted Debian with systemd (issue
# 20), on the images of scripts/sysvm.sh: Debian 12 for the kernels built
# with gcc-12, Debian 13 for gcc-14.
#
# On a throwaway disk of an image: the packages installed on the host as
# an admin would (apt-get install ./pcdrop-dkms_*.deb ./pcdrop-stat_*.deb:
# DKMS builds for every kernel of the image; no systemd runs there, so
# nothing loads), then boots:
#   0. system-upgrade: pcdrop.service loaded pcdrop; under a tmpfs load
#      with data checks and beside another livepatch, "apt-get install"
#      of the next version's pcdrop-dkms upgrades the running pcdrop
#      through its postinst with no stock moment (DKMS built that version
#      on the host first, shipped as a DKMS binaries tarball: see
#      prepare_upgrade);
#   1. system-active: pcdrop.service loaded pcdrop at boot, "pcdrop status
#      --json" says active (exit 0), a tmpfs unlink goes in batches
#      (pcdrop-stat); pcdrop-stat.service started at boot and
#      node_exporter serves its series (with caps, with its capabilities
#      proven one by one: "caps" is made for the first kernel of each
#      image); it creates /etc/pcdrop/disable if asked to;
#   2. system-off: the boot stays stock (the unit's condition), the file
#      is removed;
#   3. system-off with pcdrop.enable=0: stock, a hand-typed modprobe is
#      refused with one kernel log line;
#   4. system-crash: loaded, the crash-loop guard's marker there, the
#      power cut;
#   5. system-guard: the unit does not load pcdrop and its journal says
#      why; rearm; a stuck transition (pcdrop_hold.ko, built in the image
#      for that kernel) makes "pcdrop load" time out, name the task,
#      revert and leave the kernel stock; released, it loads; apt-get
#      purge unloads it and leaves nothing.
# make check covers each point but 0 once: the first image (Debian 12)
# runs boot 1 on its other kernels, then 1 to 5 on its first (6.1); the other
# (Debian 13) runs boot 1 on each kernel (a purge there takes 80 s under
# TCG: DKMS's depmod for each kernel).  With PCDROP_SYSTEM_ALL=1 (make
# soak) every kernel runs 0 to 5 on its own disk.
#
# Usage: system.sh DEBDIR NEXTDEBDIR (pcdrop-dkms_VER_all.deb and
# pcdrop-stat_VER_amd64.deb; the next version's pcdrop-dkms: what
# tests/dkms/run.sh builds before run-matrix.sh calls this).  Prints one TAP stream ("1..N" last); exits non-zero if anything
# failed.  Environment: PCDROP_SYSTEM_SERIES (names of tests/kernels.list;
# default: those of PCDROP_SERIES among 6.1, 6.12+deb12, 6.12 and 7.3, or
# all four), PCDROP_SYSTEM_ALL, PCDROP_WORK (build/system and
# results/system go there).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
. scripts/common.sh
. tests/tap.sh
. tests/sysvm/boot.sh
. tests/by-debian.sh
work=${PCDROP_WORK:-$top}
W=$work/build/system
R=$work/results/system
# system.sh --images: make (once) the disk images of the kernels the tests
# would boot, and nothing else: make check's prefetch, whose time is setup
# (debootstrap and the kernels' packages, then cached).
images_only=""
if [ "${1:-}" = --images ]; then
	images_only=1
	W=$W-images R=$R-images
else
	[ $# = 2 ] || die "usage: system.sh DEBDIR NEXTDEBDIR | --images"
	debs=$(cd "$1" && pwd)
	nextdebs=$(cd "$2" && pwd)
fi
VER=$(cat VERSION)
NEXT=$(next_version)
rm -rf "$W" "$R"
mkdir -p "$W" "$R"
cp tests/sysvm/system-lib.sh "$W/sys.sh"
cp -r tests/hold "$W/hold-src"
cp -r tests/lp "$W/lp-src"
# shmem_model.c with the header it includes, at the same relative place.
mkdir -p "$W/shmem" "$W/include"
cp tests/shmem/shmem_model.c "$W/shmem/"
cp tests/include/model_ops.h "$W/include/"
echo "$VER" > "$W/version"

# prepare DISK KVER: the packages installed on DISK (DKMS builds on the
# host), and in /var/lib/sysvm what the boot scripts use: system-lib.sh,
# the version, pcdrop_hold.ko and pcdrop_test_lp.ko built for KVER, and
# shmem_model.
prepare() {
	step "$2: apt-get install ./pcdrop-dkms_${VER}_all.deb ./pcdrop-stat_${VER}_amd64.deb and this Debian's prometheus-node-exporter on the host, no systemd running: the packages install, nothing loads" \
		"$R/$2.install.log" scripts/sysvm.sh run "$1" "$debs" sh -c '
			apt-get install -y -q --no-install-recommends prometheus-node-exporter &&
			apt-get install -y -q "$1/pcdrop-dkms_$2_all.deb" "$1/pcdrop-stat_$2_amd64.deb" &&
			test -L /etc/systemd/system/multi-user.target.wants/pcdrop-stat.service &&
			test -L /etc/systemd/system/sysinit.target.wants/pcdrop.service' \
		sh "$debs" "$VER" || return 1
	grep -q "systemd is not running here" "$R/$2.install.log" &&
		tap ok "$2: the package says pcdrop is not loaded in a chroot" ||
		tap "not ok" "$2: the package says pcdrop is not loaded in a chroot # see $R/$2.install.log"
	step "$2: pcdrop_hold.ko and pcdrop_test_lp.ko (test only) and shmem_model built in the image" \
		"$R/$2.hold.log" scripts/sysvm.sh run "$1" "$W" sh -c '
			rm -rf /tmp/hold /tmp/lp && cp -r "$1/hold-src" /tmp/hold &&
			cp -r "$1/lp-src" /tmp/lp &&
			make -C "/lib/modules/$2/build" M=/tmp/hold modules &&
			make -C "/lib/modules/$2/build" M=/tmp/lp modules &&
			cp /tmp/hold/pcdrop_hold.ko /var/lib/sysvm/hold.ko &&
			cp /tmp/lp/pcdrop_test_lp.ko /var/lib/sysvm/test_lp.ko &&
			cc -O2 -pthread -o /var/lib/sysvm/shmem_model "$1/shmem/shmem_model.c" &&
			cp "$1/sys.sh" "$1/version" /var/lib/sysvm/' sh "$W" "$2"
}

# prepare_upgrade DISK KVER: the next version's pcdrop-dkms in
# /var/lib/sysvm, and DKMS's build of it for KVER made on the host and
# shipped the way DKMS ships pre-built modules: a binaries-only tarball
# (dkms mktarball) where the package's postinst loads it from
# (/usr/share/pcdrop-dkms/pcdrop-NEXT.dkms.tar.gz; dkms's common.postinst
# then installs without building; a build under TCG would take minutes).
# The other kernels' headers and modules are taken away, as on a host with
# headers for the running kernel only (dkms 3.0's ldtarball loads one
# kernel, and each kernel costs the package's scripts a depmod: a minute
# under TCG).
prepare_upgrade() {
	step "$2: DKMS builds the next version, $NEXT, for $2 on the host: a binaries-only DKMS tarball" \
		"$R/$2.next.log" scripts/sysvm.sh run "$1" "$nextdebs" sh -c '
			set -e
			cp "$1/pcdrop-dkms_$2_all.deb" /var/lib/sysvm/
			echo "$2" > /var/lib/sysvm/next-version
			rm -rf /tmp/next
			dpkg-deb -x "$1/pcdrop-dkms_$2_all.deb" /tmp/next
			cp -r "/tmp/next/usr/src/pcdrop-$2" /usr/src/
			dkms add -m pcdrop -v "$2"
			dkms build -m pcdrop -v "$2" -k "$3"
			dkms mktarball -m pcdrop -v "$2" -k "$3" --binaries-only --archive next.tar.gz
			mkdir -p /usr/share/pcdrop-dkms
			cp "/var/lib/dkms/pcdrop/$2/tarball/next.tar.gz" "/usr/share/pcdrop-dkms/pcdrop-$2.dkms.tar.gz"
			dkms remove -m pcdrop -v "$2" --all
			rm -rf "/usr/src/pcdrop-$2" "/var/lib/dkms/pcdrop/$2" /tmp/next
			for k in /lib/modules/*; do
				[ "${k##*/}" != "$3" ] || continue
				dkms remove -m pcdrop -v "$4" -k "${k##*/}" > /dev/null 2>&1 || :
				rm -f "$k/build"
			done' sh "$nextdebs" "$NEXT" "$2" "$VER"
}

# flag DISK NAME on|off: a file the next boot's script looks for.
flag() {
	if [ "$3" = on ]; then
		scripts/sysvm.sh run "$1" - touch "/var/lib/sysvm/$2"
	else
		scripts/sysvm.sh run "$1" - rm -f "/var/lib/sysvm/$2"
	fi
}

# sequence DISK KVER: boots 0 to 5 above.
sequence() {
	# apt-get and its depmod under the tmpfs load take minutes under TCG, and
	# on 6.12 each of the relay's four transitions over a minute.
	# The booted upgrade under load takes about 5 minutes under TCG: make
	# soak (PCDROP_SYSTEM_ALL=1) runs it; make check's suite 71 upgrades
	# through the same relay in a guest.
	if [ "${PCDROP_SYSTEM_ALL:-}" = 1 ]; then
		prepare_upgrade "$1" "$2" &&
			PCDROP_VM_TIMEOUT=1200 sysvm_boot "$2" "$1" tests/sysvm/system-upgrade.sh
	fi
	flag "$1" next-disable on
	flag "$1" caps on
	sysvm_boot "$2" "$1" tests/sysvm/system-active.sh
	flag "$1" next-disable off
	flag "$1" caps off
	sysvm_boot "$2" "$1" tests/sysvm/system-off.sh
	sysvm_boot "$2" "$1" tests/sysvm/system-off.sh pcdrop.enable=0
	sysvm_boot "$2" "$1" tests/sysvm/system-crash.sh
	sysvm_boot "$2" "$1" tests/sysvm/system-guard.sh
}

# image full|short KVER...: the tests on one Debian's image, KVER first.
image() {
	how=$1
	shift
	first=$1
	for k in "$@"; do
		step "$k: the system-test image has it" "$R/$k.image.log" \
			scripts/sysvm.sh image "$k" || return 1
	done
	if [ "${PCDROP_SYSTEM_ALL:-}" = 1 ]; then
		for k in "$@"; do
			disk=$W/$k.img
			step "$k: a throwaway disk" "$R/$k.disk.log" scripts/sysvm.sh disk "$k" "$disk" &&
				prepare "$disk" "$k" && sequence "$disk" "$k"
			rm -f "$disk"
		done
		return
	fi
	disk=$W/$first.img
	step "$first: a throwaway disk" "$R/$first.disk.log" \
		scripts/sysvm.sh disk "$first" "$disk" || return 1
	prepare "$disk" "$first" || { rm -f "$disk"; return 1; }
	shift
	for k in "$@"; do
		sysvm_boot "$k" "$disk" tests/sysvm/system-active.sh
	done
	if [ "$how" = full ]; then
		sequence "$disk" "$first"
	else
		flag "$disk" caps on
		sysvm_boot "$first" "$disk" tests/sysvm/system-active.sh
	fi
	rm -f "$disk"
}

echo "TAP version 13"
series=${PCDROP_SYSTEM_SERIES:-}
if [ -z "$series" ]; then
	for s in 6.1 6.12+deb12 7.3 6.12; do
		case " ${PCDROP_SERIES:-$s} " in
		*" $s "*) series="$series $s" ;;
		esac
	done
fi
# shellcheck disable=SC2086
by_debian $series
if [ -n "$images_only" ]; then
	for k in $BW $TX; do
		scripts/sysvm.sh image "$k" > "$R/$k.image.log" 2>&1 ||
			echo "# $k: no image (the system tests will say why): see $R/$k.image.log"
	done
	exit 0
fi
# shellcheck disable=SC2086
[ -z "$BW" ] || image full $BW
# shellcheck disable=SC2086
[ -z "$TX" ] || image "$([ -n "$BW" ] && echo short || echo full)" $TX
echo "1..$N"
[ "$FAILED" = 0 ]
