#!/bin/sh
# mkinitramfs.sh KVER OUT [root] - the initramfs the test guests boot.
#
# With "root", the one of the system tests (scripts/sysvm.sh): busybox, the
# kernel's modules that reach an ext4 root disk on virtio-blk (Debian builds
# them all as modules), and scripts/sysvm-init.sh as /init, which mounts
# that disk and hands over to its systemd.
#
# Otherwise it holds busybox (static), the kernel's own modules that the guest needs
# (virtio/9p, or virtio_blk where the kernel has no 9p, for the host
# share; loop, ext4 and zram for the tests; xfs and btrfs, which suites 59
# and 62 load themselves), the host's bpftool with its libraries, and scripts/guest-init.sh
# as /init.
# Everything else (pcdrop.ko, test programs) comes through the share.
set -eu
. "$(dirname "$0")/common.sh"

kver=$1
out=$2
mode=${3:-}
src=$PCDROP_CACHE/kernels/$kver
[ -e "$src/.ready" ] || die "$kver is not fetched (scripts/kernels.sh fetch)"
command -v busybox >/dev/null || die "busybox-static is not installed"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# depmod needs a writable copy of the module directory's index files.
mdir=$work/depmod/lib/modules/$kver
mkdir -p "$mdir"
ln -s "$(realpath "$src/modules")/kernel" "$mdir/kernel"
cp "$src"/modules/modules.order "$src"/modules/modules.builtin* "$mdir/"
depmod -b "$work/depmod" "$kver"

root=$work/root
mkdir -p "$root/bin" "$root/modules" "$root/proc" "$root/sys" "$root/dev" \
	"$root/etc" "$root/lib64" "$root/usr/sbin"
cp "$(command -v busybox)" "$root/bin/busybox"
if [ "$mode" = root ]; then
	cp "$(dirname "$0")/sysvm-init.sh" "$root/init"
else
	cp "$(dirname "$0")/guest-init.sh" "$root/init"
fi
chmod 755 "$root/init"

# The host's share: 9p where the kernel has it; a virtio disk where it
# has not (the cloud flavour).  vm-run.sh reads OUT.transport.
# ext4's checksums need crc32c, which 6.1 has only as a crypto module
# that nothing requests in an initramfs without modprobe.
if [ "$mode" = root ]; then
	transport=none
	WANT="virtio_pci virtio_blk ext4"
	for m in crc32c_generic crc32c_intel; do
		! modprobe -q -d "$work/depmod" -S "$kver" --show-depends "$m" >/dev/null 2>&1 ||
			WANT="$m $WANT"
	done
elif modprobe -q -d "$work/depmod" -S "$kver" --show-depends 9p >/dev/null 2>&1; then
	transport=9p
	WANT="virtio_pci 9pnet_virtio 9p loop ext4 zram"
else
	transport=disk
	WANT="virtio_pci virtio_blk loop ext4 zram"
fi
echo "$transport" > "$root/transport"

# copy_modules LIST MODULE...: the MODULEs and what they depend on, in
# load order, decompressed into /modules and named in /LIST, except those
# /modules.load names already.
copy_modules() {
	list=$1
	shift
	for m in "$@"; do
		modprobe -d "$work/depmod" -S "$kver" --show-depends "$m" ||
			die "$kver has no module $m"
	done |
		sed -n 's/^insmod \([^ ]*\).*/\1/p' | awk '!seen[$0]++' |
		while read -r ko; do
			name=$(basename "$ko")
			name=${name%.xz}
			name=${name%.zst}
			! grep -q -x -F "$name" "$root/modules.load" 2>/dev/null || continue
			case $ko in
			*.xz) xz -dc "$ko" > "$root/modules/$name" ;;
			*.zst) zstd -qdc "$ko" > "$root/modules/$name" ;;
			*) cp "$ko" "$root/modules/$name" ;;
			esac
			echo "$name" >> "$root/$list"
		done
}
# /init loads these at boot.
# shellcheck disable=SC2086
copy_modules modules.load $WANT
# Suites 59 and 62 load xfs, 59 btrfs, themselves: 5 MB of module each
# that no other suite needs.  btrfs's checksums need crc32c, which 6.1
# has only as a crypto module nothing requests without modprobe.
copy_modules modules.xfs xfs
btrfs_mods=btrfs
for m in crc32c_intel crc32c_generic; do
	! modprobe -q -d "$work/depmod" -S "$kver" --show-depends "$m" >/dev/null 2>&1 ||
		btrfs_mods="$m $btrfs_mods"
done
# Only the generic flavour's full rows run suite 59; a kernel without
# btrfs gets no list, and the suite's mount says so.
if modprobe -q -d "$work/depmod" -S "$kver" --show-depends btrfs >/dev/null 2>&1; then
	# shellcheck disable=SC2086
	copy_modules modules.btrfs $btrfs_mods
fi

if [ "$mode" != root ] && command -v bpftool >/dev/null; then
	bt=$(realpath "$(command -v bpftool)")
	cp "$bt" "$root/usr/sbin/bpftool"
	ldd "$bt" | awk '/=> \//{print $3} /^[ \t]*\/lib64/{print $1}' | while read -r lib; do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
fi

(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
echo "$transport" > "$out.transport"
