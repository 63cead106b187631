# 59-fadvise-filesystems.sh - POSIX_FADV_DONTNEED and drop_caches on
# every family of file system a Debian user mounts, while one task does
# random I/O on the file and checks every byte (progs/fs_race): ext4 (its
# folios carry buffer heads) with its block device dropped too (the block
# device's buffer heads), XFS (iomap's folio state), btrfs (its own folio
# private data) and tmpfs.  The fadvise replacement and the batched
# eviction meet each file system's private data there; a folio whose
# private data they read as something else oopses the kernel.
#
# Each file system runs stock, then with pcdrop's defaults, then with
# evict_batch=0 (the kernel's eviction per folio, pcdrop's drain
# decision): the data must match the model, and the kernel log must stay
# free of oopses and warnings, in every mode.
. ./guest/lib.sh
. ./guest/fadvlib.sh
SUITE=fadvise-filesystems
# Each pcdrop mode 8 s per file system in make check, stock 3 s; make soak
# runs them for most of the race seconds.  A misread folio oopses only
# when a reference comes and goes between the eviction and the look at
# its failure, which two evictors at once make frequent: 0.1.0 oopsed on
# btrfs within seconds, on XFS within 3 to 16 s (6.12, four runs).
race=$(cat race-seconds 2>/dev/null || echo 10)

check "ext4 on a loop device" image_mount ext4 /mnt/ext4
ext4_dev=$dev
check "xfs on a loop device" image_mount xfs /mnt/xfs
check "btrfs on a loop device" image_mount btrfs /mnt/btrfs
check "a tmpfs" sh -c 'mkdir -p /mnt/tmpfs && mount -t tmpfs -o size=64m none /mnt/tmpfs'

# race FS MODE [ARG...]: fs_race on FS's file, two evictors and two
# readers beside it, for $secs s; ARGs go to it.
race() {
	_fs=$1
	_mode=$2
	shift 2
	_mark=$(dmesg_mark)
	_out=$(progs/fs_race -f "/mnt/$_fs/race" -T "$secs" -m 16 -e 2 -r 2 "$@" 2>&1)
	_rc=$?
	echo "# $_fs, $_mode: $(echo "$_out" | tr '\n' ' ')"
	expect_eq "$_fs, $_mode: every byte matches the model" 0 "$_rc"
	_n=$(echo "$_out" | sed -n 's/.* evictions=\([0-9]*\) drops=\([0-9]*\).*/\1 \2/p')
	check "$_fs, $_mode: the evictors ran DONTNEED and drop_caches (${_n:-none})" \
		test "${_n% *}" -gt 0 -a "${_n#* }" -gt 0
	_bad=$(dmesg_since "$_mark" |
		grep -E 'BUG|WARNING|Oops|general protection|Call Trace|RIP:|list_del corruption' |
		head -n 3 | tr '\n' '|')
	expect_eq "$_fs, $_mode: the kernel log has no oops or warning" "" "$_bad"
	rm -f "/mnt/$_fs/race"
}

for mode in stock defaults evict_batch=0; do
	secs=$((race * 4 / 5))
	case $mode in
	stock)
		secs=$(((race + 2) / 3))
		check "stock: pcdrop unloaded" fadvise_mode stock ;;
	defaults) check "pcdrop loaded with its defaults" fadvise_mode on ;;
	*) check "pcdrop with $mode" path_mode evict_batch off ;;
	esac
	race ext4 "$mode" -b "$ext4_dev"
	race xfs "$mode"
	race btrfs "$mode"
	race tmpfs "$mode"
done
check "pcdrop unloads" fadvise_mode stock
for fs in ext4 xfs btrfs tmpfs; do
	umount "/mnt/$fs"
done
finish
