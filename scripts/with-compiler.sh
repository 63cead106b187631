#!/bin/sh
# with-compiler.sh KVER DIR CMD... - run a build command in DIR with the
# compiler KVER was built with (kernels.sh records it): the host's gcc-12
# for Debian 12 kernels, the trixie chroot's gcc-14 for Debian 13 ones,
# the forky chroot's gcc-16 for Debian 14 ones (chroot.sh).
set -eu
. "$(dirname "$0")/common.sh"

[ $# -ge 3 ] || die "usage: with-compiler.sh KVER DIR CMD..."
kver=$1
dir=$2
shift 2
kdir=$PCDROP_CACHE/kernels/$kver
[ -e "$kdir/.ready" ] || die "$kver is not fetched (scripts/kernels.sh fetch)"
cc=$(cat "$kdir/compiler")
env=$(build_env "$cc") ||
	die "$kver was built with $cc, for which there is no build environment ($BUILD_ENVS)"
[ "$env" != host ] || { cd "$dir" && exec "$@"; }
exec "$(dirname "$0")/chroot.sh" run "$env" "$dir" "$@"
