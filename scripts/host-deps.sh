#!/bin/sh
# host-deps.sh demo|check - install the Debian packages that "make demo"
# or "make check" need on this machine, if any is missing.
#
# The one list of pcdrop's host packages: the Makefile's demo and check
# targets and .ci/run all call this.  Prints nothing when everything is
# there; otherwise installs the missing packages with apt-get, which needs
# root on Debian 12 or 13.  PCDROP_NO_DEPS=1 (read by the Makefile) skips
# it for those who manage packages themselves.
set -eu

# What "make demo" needs: build pcdrop.ko (Kbuild, pahole for its BTF,
# libelf for the converter), build pcdrop-stat statically (clang, bpftool,
# libbpf, zlib), fetch and unpack kernels through apt (dpkg, xz, zstd),
# make the guest's initramfs (busybox-static, kmod, cpio) and boot it
# (qemu, qboot from qemu-system-data; e2fsprogs for the disk share).
DEMO="make gcc libc6-dev libelf-dev zlib1g-dev binutils perl kmod cpio xz-utils zstd
      util-linux e2fsprogs dwarves qemu-system-x86 qemu-system-data busybox-static
      bpftool libbpf-dev clang llvm debian-archive-keyring"
# "make check" adds the build chroots, sparse, the package builds and
# lintian's check of the packages (tests/dkms/run.sh), mkfs.xfs (suites
# 59's and 62's file system), mkfs.btrfs (suite 59's), and man and
# bash-completion for the man pages' and completions' check
# (tests/doc-check.sh).
CHECK="$DEMO debootstrap sparse dpkg-dev debhelper dh-dkms lintian xfsprogs btrfs-progs
       man-db groff-base bash-completion"

case ${1:-} in
demo) want=$DEMO ;;
check) want=$CHECK ;;
*) echo "usage: host-deps.sh demo|check" >&2; exit 2 ;;
esac

missing=""
for p in $want; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0

fail() {
	echo "host-deps.sh: $*" >&2
	echo "host-deps.sh: missing Debian packages:$missing" >&2
	exit 1
}
# shellcheck disable=SC1091
id=$(. /etc/os-release 2>/dev/null && echo "${ID:-}")
[ "$id" = debian ] || fail "this is not Debian (/etc/os-release ID=${id:-none}); install the equivalents of the packages below yourself, then run with PCDROP_NO_DEPS=1"
[ "$(id -u)" = 0 ] || fail "run as root to install them (or install them yourself)"

echo "host-deps.sh: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
opts="-y -q --no-install-recommends -o DPkg::Lock::Timeout=900"
# shellcheck disable=SC2086
apt-get install $opts $missing >&2 ||
	{ apt-get update -q >&2 && apt-get install $opts $missing >&2; } ||
	fail "apt-get install failed"
