#!/bin/sh
# run.sh - the arm64 study's prototype (tests/arm64/README.md): not part of
# make check, make soak or the product.
#
# Cross-builds tests/arm64/proto for Debian's 7.3 arm64 kernel with
# Debian's cross compiler (gcc-14-aarch64-linux-gnu, in a trixie chroot of
# its own), against that kernel's arm64 headers and the amd64 build of the
# same kbuild tools, then boots the kernel under qemu-system-aarch64 (TCG)
# with a busybox initramfs that runs guest.sh, and prints its TAP lines and
# the boot's time.  Packages come from Debian's archive through a private
# apt configuration under $PCDROP_CACHE/arm64 (arm64 lists; the host's apt
# is not touched).  Needs qemu-system-arm and debootstrap on the host.
# Environment: PCDROP_ARM64_KVER (default 7.3.4+deb13; 6.12.117+deb13 too).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. scripts/common.sh
. tests/tap.sh

KVER=${PCDROP_ARM64_KVER:-7.3.4+deb13}
A=$PCDROP_CACHE/arm64
ROOT=$PCDROP_CACHE/chroot/arm64-cross
MIRROR=${PCDROP_MIRROR:-http://deb.debian.org/debian}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
PKGS=gcc-14-aarch64-linux-gnu,libc6-dev-arm64-cross,make,libc6-dev,libelf-dev,bc,kmod,dwarves,xz-utils
command -v qemu-system-aarch64 > /dev/null || die "needs qemu-system-aarch64 (apt-get install qemu-system-arm)"

# The private apt configuration, with arm64 lists.
mkdir -p "$A/etc/apt.conf.d" "$A/etc/preferences.d" "$A/etc/sources.list.d" \
	"$A/state/lists/partial" "$A/cache/archives/partial" "$A/debs"
[ -e "$A/state/status" ] || : > "$A/state/status"
cat > "$A/etc/sources.list" <<SRC
deb [signed-by=$KEYRING] $MIRROR trixie-backports main
deb [signed-by=$KEYRING] $MIRROR trixie main
SRC
apt_opts="-o Dir::Etc=$A/etc -o Dir::Etc::SourceList=$A/etc/sources.list
 -o Dir::Etc::SourceParts=$A/etc/sources.list.d -o Dir::Etc::Parts=$A/etc/apt.conf.d
 -o Dir::Etc::PreferencesParts=$A/etc/preferences.d -o Dir::State=$A/state
 -o Dir::State::status=$A/state/status -o Dir::Cache=$A/cache -o Debug::NoLocking=1
 -o APT::Sandbox::User=root -o APT::Architecture=arm64 -o APT::Architectures::=arm64
 -o APT::Architectures::=amd64 -o Acquire::Languages=none -o Acquire::Retries=3"
# 7.x ships its image as linux-binary-*, 6.12 as linux-image-*-unsigned.
case $KVER in
6.*) image=linux-image-$KVER-arm64-unsigned ;;
*) image=linux-binary-$KVER-arm64 ;;
esac
debs=$A/debs/$KVER
pkgs="linux-headers-$KVER-arm64:arm64 linux-headers-$KVER-common linux-kbuild-$KVER:amd64
 $image:arm64 busybox-static:arm64"
if [ ! -e "$debs/.ready" ]; then
	mkdir -p "$debs"
	# shellcheck disable=SC2086
	apt-get $apt_opts -q update >&2
	# shellcheck disable=SC2086
	(cd "$debs" && apt-get $apt_opts -q download $pkgs >&2)
	touch "$debs/.ready"
fi

# The cross-build chroot, once, and each kernel's headers in it.
if [ "$(cat "$ROOT/.pcdrop-ready" 2>/dev/null)" != "$PKGS" ]; then
	rm -rf "$ROOT"
	mkdir -p "$(dirname "$ROOT")"
	log "creating the arm64 cross-build chroot in $ROOT (minutes, once)"
	debootstrap --variant=minbase --include="$PKGS" --keyring="$KEYRING" \
		trixie "$ROOT" "$MIRROR" > "$ROOT.log" 2>&1 || die "debootstrap failed, see $ROOT.log"
	echo "$PKGS" > "$ROOT/.pcdrop-ready"
fi
if [ ! -e "$ROOT/.pcdrop-headers-$KVER" ]; then
	for d in "$debs"/linux-headers-*.deb "$debs"/linux-kbuild-*.deb; do
		dpkg-deb -x "$d" "$ROOT"
	done
	touch "$ROOT/.pcdrop-headers-$KVER"
fi
kdir=/usr/src/linux-headers-$KVER-arm64
grep -q '^CONFIG_DYNAMIC_FTRACE_WITH_ARGS=y' "$ROOT$kdir/.config" ||
	die "$KVER-arm64 has no CONFIG_DYNAMIC_FTRACE_WITH_ARGS"

# The prototype, built with the kernel's own compiler.
rm -rf "$ROOT/work"
mkdir -p "$ROOT/work"
cp tests/arm64/proto/Kbuild tests/arm64/proto/pcdrop_a64proto.c "$ROOT/work/"
# The same module under another name: a second IPMODIFY user of the function.
cp tests/arm64/proto/pcdrop_a64proto.c "$ROOT/work/pcdrop_a64twin.c"
chroot "$ROOT" make -C "$kdir" M=/work ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
	CC=aarch64-linux-gnu-gcc-14 KCFLAGS=-Werror modules > "$A/build.log" 2>&1 ||
	die "the prototype did not build; see $A/build.log"
tap ok "pcdrop_a64proto.ko cross-builds for $KVER-arm64 with gcc-14-aarch64-linux-gnu"
# The tmpfs model and the punch race of suites 40 and 43, static.
mkdir -p "$ROOT/work/shmem" "$ROOT/work/include"
cp tests/include/model_ops.h "$ROOT/work/include/"
for p in shmem_model punch_race; do
	cp "tests/shmem/$p.c" "$ROOT/work/shmem/"
	chroot "$ROOT" aarch64-linux-gnu-gcc-14 -O2 -Wall -Wextra -Werror -static -pthread \
		-o "/work/$p" "/work/shmem/$p.c" >> "$A/build.log" 2>&1 ||
		die "$p did not build; see $A/build.log"
done

# The initramfs: busybox, the module, guest.sh as /init.
img=$A/initramfs
rm -rf "$img"
mkdir -p "$img/bin" "$img/bb" "$img/progs"
dpkg-deb -x "$(ls "$debs"/busybox-static_*_arm64.deb)" "$img/bb"
mv "$img/bb/usr/bin/busybox" "$img/bin/busybox"
rm -rf "$img/bb"
cp "$ROOT/work/pcdrop_a64proto.ko" "$ROOT/work/pcdrop_a64twin.ko" "$img/"
cp "$ROOT/work/shmem_model" "$ROOT/work/punch_race" "$img/progs/"
cp tests/arm64/guest.sh "$img/init"
chmod +x "$img/init"
(cd "$img" && find . | cpio -o -H newc 2> /dev/null | gzip -1) > "$A/initramfs.cpio.gz"
kernel=$A/kernel
rm -rf "$kernel"
dpkg-deb -x "$(ls "$debs/$image"_*_arm64.deb)" "$kernel"
vmlinuz=$(find "$kernel" -name "vmlinuz*" -type f | head -n 1)

start=$(date +%s)
timeout 900 qemu-system-aarch64 -M virt -cpu max -smp 2 -m 2G -accel tcg,thread=single \
	-nographic -no-reboot -kernel "$vmlinuz" \
	-initrd "$A/initramfs.cpio.gz" -append "console=ttyAMA0 panic=-1 quiet" \
	> "$A/console.log" 2>&1 || die "the arm64 guest did not finish; see $A/console.log"
grep -E '^(ok|not ok) ' "$A/console.log" | sed 's/\r$//'
echo "# boot and guest took $(($(date +%s) - start)) s (TCG); console: $A/console.log"
! grep -q '^not ok' "$A/console.log"
