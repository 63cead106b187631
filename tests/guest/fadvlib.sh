# shellcheck shell=sh
# fadvlib.sh - helpers for the fadvise suites (5*-fadvise-*.sh).  Sourced
# after lib.sh.  tmpfs ignores fadvise, so the files live on ext4 (a loop
# device over a tmpfs file, statlib.sh's ext4_mount).
. ./statlib.sh
FADV=progs/fadv

# fadvise_mode stock|on|off: pcdrop unloaded, or loaded with
# fadvise_lru_refs=1 or 0.
fadvise_mode() {
	path_mode fadvise_lru_refs "$1"
}

# with_drains CMD...: CMD's output on one line, then " drains=N": the
# lru_add_drain_all() calls pcdrop-stat attributes to fadvise meanwhile.
with_drains() {
	$STAT reset > /dev/null || return 1
	_out=$("$@" | tr '\n' ' ') || return 1
	stat_snap /tmp/fadv.snap || return 1
	echo "${_out}drains=$(drains /tmp/fadv.snap FADVISE)"
}

# image_mount TYPE DIR: the host's TYPE.img (ext4, xfs or btrfs; made by
# run-matrix.sh) mounted on DIR, on a loop device over a tmpfs copy of it
# ($dev).  /modules.TYPE, if any, lists the modules TYPE needs, in load
# order (scripts/mkinitramfs.sh).
image_mount() {
	if [ -e "/modules.$1" ]; then
		for _m in $(cat "/modules.$1"); do
			# Skip one an earlier file system's list loaded.
			grep -q "^$(echo "${_m%.ko}" | tr - _) " /proc/modules ||
				insmod "/modules/$_m" || return 1
		done
	fi
	cp "/mnt/host/$1.img" "/dev/shm/$1.img" &&
		dev=$(losetup -f) && losetup "$dev" "/dev/shm/$1.img" &&
		mkdir -p "$2" && mount -t "$1" "$dev" "$2"
}
