#!/bin/sh
# tests/dkms/run.sh - DKMS and Debian package tests; part of "make check".
#
# In a Debian 12 chroot (dkms 3.0.x, gcc-12, headers of the matrix's 6.1
# and 6.12 kernels) and a Debian 13 chroot (trixie + trixie-backports,
# dkms 3.2.x, gcc-14, headers of its 7.x kernel), made and cached by
# scripts/dkms-chroot.sh, for each kernel of the matrix:
#   - dkms add / build / install succeed;
#   - the installed module is the converted one: the same .klp.rela.vmlinux.*
#     sections and .klp.sym.vmlinux.* symbols as the pcdrop.ko that "make"
#     builds, no weak undefined symbol left, and DKMS's signature after them;
#   - booting that kernel under QEMU, the DKMS-built module loads and unloads;
#   - dkms remove leaves nothing behind;
# then, per chroot:
#   - kernels pcdrop does not support (a version outside 6.1/6.12/7.3, or
#     CONFIG_LIVEPATCH / CONFIG_SHMEM off) are skipped with DKMS's
#     BUILD_EXCLUSIVE message and exit status 77, also through the kernel
#     upgrade hook, which must not fail;
#   - "make deb" builds pcdrop-dkms and pcdrop-stat (in the Debian 12
#     chroot), and lintian finds no error or warning in them (on the
#     host); installing them builds the module for the supported kernels
#     and skips the others without failing; booting the first kernel, the
#     packaged module and the packaged pcdrop-stat work together (batched
#     removals counted, the pinned map read with bpftool); a kernel
#     upgrade's hook rebuilds the module; the package installs the admin
#     command, pcdrop.service (enabled) and pcdrop.conf, and its postinst
#     does not fail without systemd; apt-get remove leaves only the
#     conffile and the unit's enablement, purge nothing; make dkms-install
#     and dkms-uninstall the same;
#   - "make deb" also builds the next version (VERSION's last number plus
#     one), for tests/sysvm/system.sh's upgrade.
#
# Prints one TAP stream ("1..N" last); exits non-zero if anything failed.
# Environment: PCDROP_SERIES (names of tests/kernels.list, default: the
# full rows; kernels built with gcc-12 use the Debian 12 chroot, gcc-14
# the Debian 13 one), PCDROP_WORK (build/dkms and
# results/dkms go there).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
. scripts/common.sh
work=${PCDROP_WORK:-$top}
W=$work/build/dkms
R=$work/results/dkms
VER=$(cat VERSION)
SERIES=$(echo "${PCDROP_SERIES:-$(scripts/kernels.sh list full)}" | sed 's/canaries//')
. tests/tap.sh
. tests/by-debian.sh

# cr NAME CMD...: run CMD in the DKMS chroot NAME, in $W (bind-mounted).
cr() {
	name=$1
	shift
	PCDROP_WORK="" scripts/dkms-chroot.sh run "$name" "$W" "$@"
}

# The livepatch part of a module: its .klp.rela.vmlinux.* section names and
# .klp.sym.vmlinux.* symbol names, sorted; empty if there is none.
klp_parts() {
	{
		readelf -S -W "$1" | sed -n 's/.*\] \(\.klp\.rela\.vmlinux\.[^ ]*\) .*/section \1/p'
		readelf -s -W "$1" | awk '$NF ~ /^\.klp\.sym\.vmlinux\./ { print "symbol", $NF }'
	} | LC_ALL=C sort
}

# same_module REF KO: KO is converted like REF and nothing weak is left.
same_module() {
	klp_parts "$1" > "$2.klp-ref"
	klp_parts "$2" > "$2.klp"
	[ -s "$2.klp-ref" ] || { echo "the reference has no livepatch parts"; return 1; }
	diff -u "$2.klp-ref" "$2.klp" || return 1
	! readelf -s -W "$2" | grep ' WEAK .* UND ' || { echo "weak undefined symbols left"; return 1; }
}

# The installed module (NAME, default pcdrop) of KVER in chroot ROOT, or
# nothing.
installed_ko() {
	find "$1/lib/modules/$2" -name "${3:-pcdrop}.ko*" 2>/dev/null | head -n 1
}

# unpack KO OUT: a plain copy of a module DKMS may have compressed.
unpack() {
	case $1 in
	*.xz) xz -dc "$1" > "$2" ;;
	*.zst) zstd -qdc "$1" > "$2" ;;
	*.gz) gzip -dc "$1" > "$2" ;;
	*) cp "$1" "$2" ;;
	esac
}

# nothing_left ROOT [removed]: nothing of pcdrop in chroot ROOT (after
# dkms remove, make dkms-uninstall, apt-get purge).  "removed": after
# apt-get remove, which keeps the conffile /etc/pcdrop/pcdrop.conf and the
# unit's enablement state until purge, as Debian policy wants, and the
# crash-loop guard's state, so that a reinstall does not re-arm it.
nothing_left() {
	left=$(cd "$1" && { ls -d var/lib/dkms/pcdrop usr/src/pcdrop-* usr/sbin/pcdrop-stat \
			usr/lib/pcdrop usr/sbin/pcdrop lib/systemd/system/pcdrop.service \
			usr/lib/systemd/system/pcdrop.service \
			lib/systemd/system/pcdrop-stat.service usr/lib/systemd/system/pcdrop-stat.service \
			usr/share/doc/pcdrop-stat usr/share/man/man8/pcdrop.8* usr/share/man/man5/pcdrop.conf.5* \
			usr/share/man/man8/pcdrop-stat.8* usr/share/bash-completion/completions/pcdrop \
			usr/share/bash-completion/completions/pcdrop-stat 2>/dev/null
		find lib/modules -name 'pcdrop.ko*' -o -name 'pcdrop_next.ko*' 2>/dev/null
		grep -l pcdrop lib/modules/*/modules.dep 2>/dev/null
		if [ "${2:-}" != removed ]; then
			ls -d etc/pcdrop etc/default/pcdrop-stat var/lib/pcdrop 2>/dev/null
			find etc/systemd var/lib/systemd -name '*pcdrop*' 2>/dev/null
		fi; })
	[ -z "$left" ] || { echo "left behind: $left"; return 1; }
}

# admin_installed ROOT: the admin command, the unit and the config are
# installed in chroot ROOT, the unit enabled (sysinit.target wants it).
admin_installed() {
	[ -x "$1/usr/sbin/pcdrop" ] && [ -f "$1/lib/systemd/system/pcdrop.service" ] &&
		[ -f "$1/etc/pcdrop/pcdrop.conf" ] &&
		[ -L "$1/etc/systemd/system/sysinit.target.wants/pcdrop.service" ]
}

# stat_service_installed ROOT: pcdrop-stat's unit, enabled
# (multi-user.target wants it), and its settings, in chroot ROOT; the
# metrics' reference in the package (the chroots exclude /usr/share/doc).
stat_service_installed() {
	ls -l "$1/etc/systemd/system/multi-user.target.wants/pcdrop-stat.service" &&
		grep -q '^ExecStart=/usr/sbin/pcdrop-stat export ' "$1/lib/systemd/system/pcdrop-stat.service" &&
		grep -q PCDROP_STAT_FILE "$1/etc/default/pcdrop-stat" &&
		dpkg-deb -c "$W/deb/pcdrop-stat_${VER}_amd64.deb" | grep -q ' \./usr/share/doc/pcdrop-stat/metrics\.md$'
}

# Start from a chroot without pcdrop or fake kernels (a killed run may
# have left them).
reset_chroot() {
	cr "$1" sh -c 'dpkg --purge pcdrop-dkms pcdrop-stat || true
		dkms remove -m pcdrop -v "$1" --all || true
		rm -rf /usr/src/pcdrop-* /var/lib/dkms/pcdrop /etc/pcdrop /var/lib/pcdrop' sh "$VER"
	root=$(scripts/dkms-chroot.sh root "$1")
	for d in "$root"/usr/src/fake-headers-*; do
		[ -d "$d" ] || continue
		rm -rf "$root/lib/modules/${d#"$root"/usr/src/fake-headers-}" "$d"
	done
}

# fake_kernel ROOT KVER FROM SED: a headers tree for KVER that DKMS reads
# the .config of: FROM's .config edited with SED.  DKMS must refuse it
# before building anything, so nothing else is needed (include/ only makes
# the package's postinst treat it as installed headers).
fake_kernel() {
	d=$1/usr/src/fake-headers-$2
	mkdir -p "$d" "$1/lib/modules/$2"
	mkdir -p "$d/include"
	sed "$4" "$1/usr/src/linux-headers-$3/.config" > "$d/.config"
	echo 'all:' > "$d/Makefile"
	ln -sfn "/usr/src/fake-headers-$2" "$1/lib/modules/$2/build"
}

# skip_test NAME KVER WHY: DKMS refuses KVER with exit 77 and its message.
skip_test() {
	log=$R/$1-skip-$2.log
	rc=0
	cr "$1" dkms build -m pcdrop -v "$VER" -k "$2" >"$log" 2>&1 || rc=$?
	if [ "$rc" = 77 ] && grep -q 'includes a BUILD_EXCLUSIVE directive' "$log"; then
		tap ok "$1: dkms build skips $2 ($3) with exit 77 and the BUILD_EXCLUSIVE message"
	else
		tap "not ok" "$1: dkms build skips $2 ($3) with exit 77 and the BUILD_EXCLUSIVE message # exit $rc, see $log"
	fi
	# What installing that kernel's headers runs (linux-headers postinst):
	# it must neither fail nor build, and must say why.
	log=$R/$1-hook-$2.log
	step "$1: the headers' postinst hooks (dkms autoinstall) succeed for $2 and build nothing" \
		"$log" cr "$1" sh -c '
			run-parts --report --exit-on-error --arg="$1" /etc/kernel/header_postinst.d &&
			! find "/lib/modules/$1" -name "pcdrop.ko*" | grep .' sh "$2"
	if grep -q -E 'pcdrop: not built for|includes a BUILD_EXCLUSIVE directive' "$log"; then
		tap ok "$1: ... and say that pcdrop is excluded for $2"
	else
		tap "not ok" "$1: ... and say that pcdrop is excluded for $2 # see $log"
	fi
}

# boot_test NAME KVER KO [STAT]: boot KVER, load and unload the DKMS-built
# KO (tests/dkms/guest.sh); with STAT, a packaged pcdrop-stat, check the two
# packages together instead (tests/dkms/guest-packages.sh).
boot_test() {
	share=$W/share-$2
	rm -rf "$share"
	mkdir -p "$share/guest"
	unpack "$3" "$share/dkms.ko"
	modinfo "$share/dkms.ko" > "$share/modinfo" 2>&1
	cp tests/guest/lib.sh "$share/guest/lib.sh"
	if [ $# -ge 4 ]; then
		cp "$4" "$share/pcdrop-stat"
		cp tests/dkms/guest-packages.sh "$share/guest/dkms.sh"
	else
		cp tests/dkms/guest.sh "$share/guest/dkms.sh"
	fi
	initrd=$W/initrd-$2.cpio.gz
	if ! scripts/mkinitramfs.sh "$2" "$initrd" >"$R/$2-initramfs.log" 2>&1; then
		tap "not ok" "$1 $2: boot and load the DKMS-built module # initramfs, see $R/$2-initramfs.log"
		return
	fi
	b=$R/boot-$2${4:+-packages}
	rc=0
	PCDROP_INITRD=$initrd PCDROP_VM_TIMEOUT=300 timed boot "$2 dkms${4:+-packages}" scripts/vm-run.sh "$2" "$share" \
		guest/dkms.sh "$b" 2>"$b.runner" || rc=$?
	out=$b/dkms.output
	lines=0
	if [ -f "$out" ]; then
		lines=$(grep -c -E '^(not )?ok ' "$out")
		grep -E '^(not )?ok |^# ' "$out" | while read -r st rest; do
			case $st in
			ok) echo "ok - $1 $2: ${rest#- }" ;;
			"#") echo "# $rest" ;;
			*) echo "not ok - $1 $2: ${rest#ok - }" ;;
			esac
		done > "$b.tap"
		while read -r st rest; do
			case $st in
			ok) tap ok "${rest#- }" ;;
			"#") echo "# $rest" ;;
			*) tap "not ok" "${rest#ok - }" ;;
			esac
		done < "$b.tap"
	fi
	if [ "$rc" = 0 ] && [ "$lines" -gt 0 ]; then
		tap ok "$1 $2: the guest finished with a clean kernel log"
	else
		tap "not ok" "$1 $2: the guest finished with a clean kernel log # $(tail -n 1 "$b.runner")"
	fi
}

# kernel_tests NAME KVER: dkms build/install/remove for one kernel.
kernel_tests() {
	name=$1
	kver=$2
	root=$(scripts/dkms-chroot.sh root "$name")
	ref=$W/ref-$kver
	step "$name $kver: make builds the reference pcdrop.ko" "$R/$kver-make.log" \
		scripts/build-module.sh "$kver" "$ref" || ref=""
	step "$name $kver: dkms build" "$R/$kver-dkms-build.log" \
		cr "$name" dkms build -m pcdrop -v "$VER" -k "$kver" || return
	step "$name $kver: dkms install" "$R/$kver-dkms-install.log" \
		cr "$name" dkms install -m pcdrop -v "$VER" -k "$kver" || return
	ko=$(installed_ko "$root" "$kver")
	if [ -z "$ko" ]; then
		tap "not ok" "$name $kver: the installed module is in /lib/modules/$kver/updates/dkms # none found"
		return
	fi
	tap ok "$name $kver: the installed module is ${ko#"$root"}"
	got=$W/dkms-$kver.ko
	unpack "$ko" "$got"
	if [ -n "$ref" ]; then
		step "$name $kver: it has the same livepatch relocation sections and symbols as make's" \
			"$R/$kver-compare.log" same_module "$ref/pcdrop.ko" "$got"
	else
		tap "not ok" "$name $kver: it has the same livepatch relocation sections and symbols as make's # no reference"
	fi
	# Converted before signing: the converter appends to the file, so the
	# signature is last only if it came after the conversion.
	if [ "$(tail -c 28 "$got")" = "~Module signature appended~" ]; then
		tap ok "$name $kver: DKMS signed it after the conversion (signature last)"
	else
		tap "not ok" "$name $kver: DKMS signed it after the conversion (signature last)"
	fi
	# pcdrop upgrade's relay module, built and signed beside it.
	next=$(installed_ko "$root" "$kver" pcdrop_next)
	unpack "${next:-/dev/null}" "$W/dkms-next-$kver.ko"
	if [ -n "$next" ] && [ -n "$ref" ] &&
	   same_module "$ref/build/next/pcdrop_next.ko" "$W/dkms-next-$kver.ko" \
		> "$R/$kver-compare-next.log" 2>&1 &&
	   [ "$(tail -c 28 "$W/dkms-next-$kver.ko")" = "~Module signature appended~" ]; then
		tap ok "$name $kver: pcdrop_next.ko is installed beside it, converted like make's and signed"
	else
		tap "not ok" "$name $kver: pcdrop_next.ko is installed beside it, converted like make's and signed # ${next:-none found}; see $R/$kver-compare-next.log"
	fi
	step "$name $kver: its modinfo says livepatch Y and vermagic $kver" "$R/$kver-modinfo.log" \
		sh -c 'modinfo "$1" && modinfo -F livepatch "$1" | grep -qx Y &&
			modinfo -F vermagic "$1" | grep -q "^$2 "' sh "$got" "$kver"
	boot_test "$name" "$kver" "$ko"
	step "$name $kver: dkms remove" "$R/$kver-dkms-remove.log" \
		cr "$name" dkms remove -m pcdrop -v "$VER" -k "$kver"
	step "$name $kver: no module file is left behind" "$R/$kver-left.log" sh -c '
		! find "$1/lib/modules/$2" -name "pcdrop.ko*" | grep . &&
		! grep pcdrop "$1/lib/modules/$2/modules.dep" 2>/dev/null' sh "$root" "$kver"
}

# deb_tests NAME KVER...: install the packages, check, remove, purge.
deb_tests() {
	name=$1
	shift
	root=$(scripts/dkms-chroot.sh root "$name")
	rm -rf "$W/deb-in"
	mkdir -p "$W/deb-in"
	cp "$W/deb/pcdrop-dkms_${VER}_all.deb" "$W/deb/pcdrop-stat_${VER}_amd64.deb" "$W/deb-in/"
	debs="$W/deb-in/pcdrop-dkms_${VER}_all.deb $W/deb-in/pcdrop-stat_${VER}_amd64.deb"
	log=$R/$name-apt-install.log
	# shellcheck disable=SC2086
	step "$name: apt-get install pcdrop-dkms and pcdrop-stat succeeds, unsupported kernels present" \
		"$log" cr "$name" apt-get install -y -q $debs
	n=$(grep -c 'includes a BUILD_EXCLUSIVE directive' "$log")
	if [ "$n" -ge 2 ]; then
		tap ok "$name: the package's DKMS run skipped the unsupported kernels with the message ($n)"
	else
		tap "not ok" "$name: the package's DKMS run skipped the unsupported kernels with the message # $n, see $log"
	fi
	for kver in "$@"; do
		ko=$(installed_ko "$root" "$kver")
		if [ -n "$ko" ] && unpack "$ko" "$W/deb-$kver.ko" &&
		   same_module "$W/ref-$kver/pcdrop.ko" "$W/deb-$kver.ko" >"$R/$name-deb-$kver.log" 2>&1; then
			tap ok "$name: the package built and installed the converted module for $kver"
		else
			tap "not ok" "$name: the package built and installed the converted module for $kver # ${ko:-no module}"
		fi
	done
	step "$name: the package installs /usr/sbin/pcdrop, pcdrop.service (enabled) and /etc/pcdrop/pcdrop.conf" \
		"$R/$name-admin.log" admin_installed "$root"
	step "$name: its postinst says pcdrop is not loaded without systemd, and does not fail" \
		"$R/$name-postinst.log" grep -x 'pcdrop: pcdrop.service is enabled; systemd is not running here (a chroot?), so pcdrop is not loaded now' \
		"$R/$name-apt-install.log"
	# Debian's /bin/sh is dash: the command runs there.
	# 0 or 2: whether the host's kernel is one pcdrop supports, which the
	# chroot's DKMS did not build for, or not.
	step "$name: pcdrop status runs under dash, says not loaded and exits 0 or 2" "$R/$name-status.log" \
		sh -c 'rc=0; PCDROP_WORK="" scripts/dkms-chroot.sh run "$1" "$2" /usr/sbin/pcdrop status > /tmp/pcdrop-status.$$ || rc=$?
			head -n 1 /tmp/pcdrop-status.$$; grep -qx "pcdrop: not loaded (the kernel runs stock)" /tmp/pcdrop-status.$$ &&
			{ [ $rc = 0 ] || [ $rc = 2 ]; }; r=$?; rm -f /tmp/pcdrop-status.$$; exit $r' \
		sh "$name" "$W"
	kver=$1
	ko=$(installed_ko "$root" "$kver")
	step "$name: pcdrop-stat.service (enabled) and /etc/default/pcdrop-stat are installed, docs/metrics.md is in the package" \
		"$R/$name-stat-service.log" stat_service_installed "$root"
	if [ -n "$ko" ] && [ -x "$root/usr/sbin/pcdrop-stat" ] &&
	   [ -f "$root/usr/lib/pcdrop/pcdrop.bpf.o" ]; then
		tap ok "$name: pcdrop-stat is installed in /usr/sbin, its BPF object in /usr/lib/pcdrop"
		boot_test "$name" "$kver" "$ko" "$root/usr/sbin/pcdrop-stat"
	else
		tap "not ok" "$name: pcdrop-stat is installed in /usr/sbin, its BPF object in /usr/lib/pcdrop"
	fi
	# A kernel upgrade: DKMS's headers hook rebuilds the module (AUTOINSTALL).
	# (dkms 3.0 has no unbuild; its remove -k keeps the registration.)
	step "$name: after dkms unbuild -k $kver, the kernel upgrade hook rebuilds it (AUTOINSTALL)" \
		"$R/$name-autoinstall.log" cr "$name" sh -c '
			{ dkms unbuild -m pcdrop -v "$1" -k "$2" ||
			  dkms remove -m pcdrop -v "$1" -k "$2"; } &&
			! find "/lib/modules/$2" -name "pcdrop.ko*" | grep . &&
			run-parts --report --exit-on-error --arg="$2" /etc/kernel/header_postinst.d &&
			find "/lib/modules/$2" -name "pcdrop.ko*" | grep .' sh "$VER" "$kver"
	# What a booted machine would have made: the crash-loop guard's state
	# and an admin's disable file.  Remove keeps both, purge takes them.
	mkdir -p "$root/var/lib/pcdrop"
	echo "a boot id" > "$root/var/lib/pcdrop/loading"
	touch "$root/etc/pcdrop/disable"
	step "$name: apt-get remove pcdrop-dkms pcdrop-stat succeeds" "$R/$name-apt-remove.log" \
		cr "$name" apt-get remove -y -q pcdrop-dkms pcdrop-stat
	step "$name: after apt-get remove nothing of pcdrop is left but its conffile" "$R/$name-removed.log" \
		nothing_left "$root" removed
	# shellcheck disable=SC2086
	step "$name: installing the packages again succeeds" "$R/$name-apt-reinstall.log" \
		cr "$name" apt-get install -y -q $debs
	step "$name: the crash-loop guard's marker survived the remove and the reinstall" \
		"$R/$name-guard-kept.log" grep -qx "a boot id" "$root/var/lib/pcdrop/loading"
	touch "$root/etc/pcdrop/disable"
	step "$name: apt-get purge pcdrop-dkms pcdrop-stat succeeds and leaves nothing" \
		"$R/$name-apt-purge.log" purge_and_check "$name" "$root"
}

purge_and_check() {
	cr "$1" apt-get purge -y -q pcdrop-dkms pcdrop-stat || return 1
	for p in pcdrop-dkms pcdrop-stat; do
		! cr "$1" dpkg -s $p 2>/dev/null || { echo "$p still installed"; return 1; }
	done
	nothing_left "$2"
}

# The README's uninstall from the tree: make dkms-uninstall (dkms remove
# --all, then the sources under /usr/src).
uninstall_and_check() {
	cr "$1" make -C "$W/src" dkms-uninstall || return 1
	! cr "$1" dkms status | grep pcdrop || { echo "dkms status still lists it"; return 1; }
	nothing_left "$2"
}

# chroot_tests NAME KVER...: everything in one chroot.
chroot_tests() {
	name=$1
	shift
	root=$(scripts/dkms-chroot.sh root "$name")
	step "$name: the DKMS chroot has dkms and the headers of $*" "$R/$name-setup.log" \
		scripts/dkms-chroot.sh headers "$name" "$@" || return
	echo "# $name: $(cr "$name" dkms --version 2>/dev/null)"
	reset_chroot "$name" >"$R/$name-reset.log" 2>&1
	step "$name: make dkms-source installs /usr/src/pcdrop-$VER" "$R/$name-source.log" \
		cr "$name" make -C "$W/src" dkms-source
	step "$name: its dkms.conf has PACKAGE_VERSION=\"$VER\" (from VERSION)" "$R/$name-conf.log" \
		grep -x "PACKAGE_VERSION=\"$VER\"" "$root/usr/src/pcdrop-$VER/dkms.conf"
	step "$name: dkms add" "$R/$name-dkms-add.log" cr "$name" dkms add -m pcdrop -v "$VER"
	for kver in "$@"; do
		kernel_tests "$name" "$kver"
	done

	# Unsupported kernels: one out of the version range, one without an
	# option pcdrop needs.
	first=$1
	case $name in
	bookworm)
		fake_kernel "$root" 6.5.0-99-amd64 "$first" ''
		fake_kernel "$root" 6.12.0-99-nolivepatch-amd64 "$first" \
			's/^CONFIG_LIVEPATCH=y/# CONFIG_LIVEPATCH is not set/'
		skip="6.5.0-99-amd64:version-6.5 6.12.0-99-nolivepatch-amd64:no-CONFIG_LIVEPATCH"
		;;
	trixie)
		fake_kernel "$root" 7.3.0-99-noshmem-amd64 "$first" \
			's/^CONFIG_SHMEM=y/# CONFIG_SHMEM is not set/'
		skip="7.3.0-99-noshmem-amd64:no-CONFIG_SHMEM"
		# An older 7.x from trixie-backports, as a real out-of-range kernel.
		old=$(cr "$name" apt-cache search --names-only '^linux-headers-[67]\.[0-9]+\.[0-9]+\+deb13-amd64$' |
			sed 's/^linux-headers-\([^ ]*\) .*/\1/' | grep -v -E '^(6\.12|7\.2|7\.3)\.' | sort -V | tail -n 1)
		if [ -n "$old" ] && scripts/dkms-chroot.sh headers "$name" "$old" >"$R/$name-old.log" 2>&1; then
			skip="$skip $old:version-${old%%+*}"
		else
			fake_kernel "$root" 7.1.0-99-amd64 "$first" ''
			skip="$skip 7.1.0-99-amd64:version-7.1"
		fi
		;;
	esac
	for s in $skip; do
		skip_test "$name" "${s%%:*}" "${s#*:}"
	done
	step "$name: make dkms-uninstall (dkms remove --all) leaves nothing behind" \
		"$R/$name-dkms-uninstall.log" uninstall_and_check "$name" "$root"
	# The README's one-command install from the tree, and its undoing.
	step "$name: make dkms-install KVER=$first installs the module" "$R/$name-make-install.log" \
		sh -c 'PCDROP_WORK="" scripts/dkms-chroot.sh run "$1" "$2" \
			make -C "$2/src" dkms-install KVER="$3" &&
			find "$4/lib/modules/$3" -name "pcdrop.ko*" | grep .' sh "$name" "$W" "$first" "$root"
	# Enabled where the chroot has systemctl (Debian 13's; Debian 12's
	# minbase has none: installed, not enabled, and said so).
	if [ -x "$root/bin/systemctl" ]; then
		step "$name: ... with /usr/sbin/pcdrop, pcdrop.service (enabled) and pcdrop.conf" \
			"$R/$name-make-admin.log" admin_installed "$root"
	else
		step "$name: ... with /usr/sbin/pcdrop, pcdrop.service and pcdrop.conf (no systemctl: not enabled, said)" \
			"$R/$name-make-admin.log" sh -c '[ -x "$1/usr/sbin/pcdrop" ] &&
				[ -f "$1/lib/systemd/system/pcdrop.service" ] && [ -f "$1/etc/pcdrop/pcdrop.conf" ] &&
				grep -q "^pcdrop: no systemctl: pcdrop.service is installed, not enabled" "$2"' \
			sh "$root" "$R/$name-make-install.log"
	fi
	step "$name: ... and make dkms-uninstall removes it again" "$R/$name-make-uninstall.log" \
		uninstall_and_check "$name" "$root"
	[ -f "$W/deb/pcdrop-dkms_${VER}_all.deb" ] && [ -f "$W/deb/pcdrop-stat_${VER}_amd64.deb" ] &&
		deb_tests "$name" "$@"
	reset_chroot "$name" >>"$R/$name-reset.log" 2>&1
}

echo "TAP version 13"
# The chroots are shared by every checkout on this machine: one run at a time.
mkdir -p "$PCDROP_CACHE/chroot"
exec 9>"$PCDROP_CACHE/chroot/dkms-tests.lock"
if ! flock -n 9; then
	echo "# waiting for another DKMS test run to finish"
	flock 9
fi
rm -rf "$W" "$R"
mkdir -p "$W/src" "$R"
# The sources as a clone would have them, plus uncommitted work.
if git rev-parse --git-dir >/dev/null 2>&1; then
	git ls-files -co --exclude-standard -z | tar -cf - --null -T - | tar -xf - -C "$W/src"
else
	tar -cf - --exclude=./build --exclude=./results . | tar -xf - -C "$W/src"
fi

# shellcheck disable=SC2086
by_debian $SERIES
bw=$BW tx=$TX

# The packages are built once, in the Debian 12 chroot, as a buildd would.
# pcdrop-stat's vmlinux.h comes from the BTF of the first kernel of the
# matrix (the chroot has no /sys).
first=${bw:-$tx}
first=${first# }
first=${first%% *}
step "the BTF of $first for pcdrop-stat's build" "$R/btf.log" \
	objcopy -O binary --only-section=.BTF "$PCDROP_CACHE/kernels/$first/vmlinux" "$W/vmlinux.btf"
step "make deb builds pcdrop-dkms_${VER}_all.deb and pcdrop-stat_${VER}_amd64.deb (Debian 12 chroot)" \
	"$R/make-deb.log" sh -c 'PCDROP_WORK="" scripts/dkms-chroot.sh run bookworm "$1" \
		make -C "$1/src" deb DEB_OUT="$1/deb" VMLINUX_BTF="$1/vmlinux.btf" &&
		dpkg-deb -f "$1/deb/pcdrop-dkms_$2_all.deb" Version | grep -qx "$2" &&
		dpkg-deb -f "$1/deb/pcdrop-stat_$2_amd64.deb" Version | grep -qx "$2" &&
		dpkg-deb -c "$1/deb/pcdrop-dkms_$2_all.deb" | grep -q "usr/src/pcdrop-$2/dkms.conf" &&
		dpkg-deb -c "$1/deb/pcdrop-stat_$2_amd64.deb" | grep -q "usr/sbin/pcdrop-stat$" &&
		dpkg-deb -c "$1/deb/pcdrop-stat_$2_amd64.deb" | grep -q "usr/lib/pcdrop/pcdrop.bpf.o$" &&
		dpkg-deb -c "$1/deb/pcdrop-dkms_$2_all.deb" | grep -q "usr/share/man/man8/pcdrop\.8\.gz$" &&
		dpkg-deb -c "$1/deb/pcdrop-dkms_$2_all.deb" | grep -q "usr/share/man/man5/pcdrop\.conf\.5\.gz$" &&
		dpkg-deb -c "$1/deb/pcdrop-dkms_$2_all.deb" | grep -q "usr/share/bash-completion/completions/pcdrop$" &&
		dpkg-deb -c "$1/deb/pcdrop-stat_$2_amd64.deb" | grep -q "usr/share/man/man8/pcdrop-stat\.8\.gz$" &&
		dpkg-deb -c "$1/deb/pcdrop-stat_$2_amd64.deb" | grep -q "usr/share/bash-completion/completions/pcdrop-stat$"' \
	sh "$W" "$VER"
step "the documents installed by pcdrop-dkms and pcdrop-stat: every relative link leads to a shipped file" \
	"$R/doc-links.log" sh -c 'rm -rf "$1/doc-links" && mkdir -p "$1/doc-links" &&
		dpkg-deb -x "$1/deb/pcdrop-dkms_$2_all.deb" "$1/doc-links" &&
		dpkg-deb -x "$1/deb/pcdrop-stat_$2_amd64.deb" "$1/doc-links" &&
		test -e "$1/doc-links/usr/share/doc/pcdrop-dkms/docs/design.md" &&
		tests/doc-links.sh "$1/doc-links/usr/share/doc/pcdrop-dkms" &&
		tests/doc-links.sh "$1/doc-links/usr/share/doc/pcdrop-stat"' \
	sh "$W" "$VER"
# lintian on the host: no error and no warning (an override names its
# reason in debian/<package>.lintian-overrides); info tags do not count.
step "lintian accepts pcdrop-dkms and pcdrop-stat: no error, no warning" "$R/lintian.log" \
	lintian --fail-on error,warning --tag-display-limit 0 \
	"$W/deb/pcdrop-dkms_${VER}_all.deb" "$W/deb/pcdrop-stat_${VER}_amd64.deb"
# The next version's packages, for the booted-Debian upgrade test
# (tests/sysvm/system.sh): the same sources, VERSION's last number plus one.
NEXT=$(next_version)
step "make deb builds the next version's pcdrop-dkms_${NEXT}_all.deb (Debian 12 chroot)" \
	"$R/make-deb-next.log" sh -c 'rm -rf "$1/src-next" && cp -a "$1/src" "$1/src-next" &&
		echo "$2" > "$1/src-next/VERSION" &&
		PCDROP_WORK="" scripts/dkms-chroot.sh run bookworm "$1" \
		make -C "$1/src-next" deb DEB_OUT="$1/deb-next" VMLINUX_BTF="$1/vmlinux.btf" &&
		dpkg-deb -f "$1/deb-next/pcdrop-dkms_$2_all.deb" Version | grep -qx "$2"' \
	sh "$W" "$NEXT"

# shellcheck disable=SC2086
[ -z "$bw" ] || chroot_tests bookworm $bw
# shellcheck disable=SC2086
[ -z "$tx" ] || chroot_tests trixie $tx
echo "1..$N"
[ "$FAILED" = 0 ]
