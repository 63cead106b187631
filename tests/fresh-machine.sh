#!/bin/sh
# fresh-machine.sh - "make demo" on a fresh Debian 12 machine, from a clone.
#
# What "make check-fresh" runs (as root).  A Debian 12 minbase with only
# git and make (debootstrapped once, cached under $PCDROP_CACHE/chroot)
# is copied to a scratch root; the committed tree is cloned into it; and
# "make demo" runs there as root with an empty cache of its own, so it
# must install its host packages (scripts/host-deps.sh), fetch the
# kernel and build everything itself.  Passes if the demo exits 0 and
# prints both rows of each table.  Prints its duration; about 10 minutes,
# which is why it is not part of make check (the README has the last run).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. scripts/common.sh

BASE=$PCDROP_CACHE/chroot/fresh-bookworm
ROOT=${PCDROP_WORK:-$top}/build/fresh-root
MIRROR=${PCDROP_MIRROR:-http://deb.debian.org/debian}
start=$(date +%s)

if [ ! -e "$BASE/.pcdrop-ready" ]; then
	unmount_stale "$BASE"
	rm -rf "$BASE"
	mkdir -p "$(dirname "$BASE")"
	log "debootstrapping a Debian 12 minbase with git and make (once)"
	debootstrap --variant=minbase --include=git,make \
		--keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
		bookworm "$BASE" "$MIRROR" >"$BASE.log" 2>&1 ||
		die "debootstrap failed, see $BASE.log"
	touch "$BASE/.pcdrop-ready"
fi

unmount_stale "$ROOT"
rm -rf "$ROOT"
mkdir -p "$(dirname "$ROOT")"
cp -a "$BASE" "$ROOT"
rm -f "$ROOT/.pcdrop-ready"
git clone -q "$top" "$ROOT/root/pcdrop"
mnts=""
cleanup() {
	for m in $mnts; do umount -R "$m" 2>/dev/null || umount -R -l "$m"; done
}
trap cleanup EXIT
for m in proc sys dev; do
	mount --rbind "/$m" "$ROOT/$m"
	mount --make-rslave "$ROOT/$m"
	mnts="$ROOT/$m $mnts"
done
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
# The host's apt settings (a mirror's, such as accepting the archive
# snapshot's expired Release files here), as a new machine of this kind has.
cp /etc/apt/apt.conf.d/* "$ROOT/etc/apt/apt.conf.d/" 2>/dev/null || true

log "make demo in the fresh root"
rc=0
chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
	sh -c 'cd /root/pcdrop && make demo' > "$ROOT.log" 2>&1 || rc=$?
took=$(( $(date +%s) - start ))
tail -n 40 "$ROOT.log"
echo "# fresh-machine: make demo exited $rc after ${took}s (log: $ROOT.log)"
[ "$rc" = 0 ] || exit 1
for row in "stock (shmem_batch=0)" "pcdrop (shmem_batch=1)" \
	   "stock (fadvise_lru_refs=0)" "pcdrop (fadvise_lru_refs=1)"; do
	grep -q -F "$row" "$ROOT.log" || { echo "# fresh-machine: no row '$row' in the demo's output"; exit 1; }
done
echo "# fresh-machine: passed"
