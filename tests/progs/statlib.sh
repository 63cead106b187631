# shellcheck shell=sh
# statlib.sh - helpers for the pcdrop-stat guest suites (tests/guest/3*.sh).
# Sourced from the share's root, next to pcdrop-stat, pcload and jsonflat.awk.

STAT=./pcdrop-stat
T=/sys/kernel/tracing
KVER=$(uname -r)
# Folios per delete_from_page_cache_batch(): PAGEVEC_SIZE 15 on 6.1,
# PAGEVEC_SIZE / FOLIO_BATCH_SIZE 31 from 6.2 on.
case $KVER in
6.1.*) BATCH=15 ;;
*) BATCH=31 ;;
esac

# ceil_batches N: the batches N entries need.
ceil_batches() {
	echo $((($1 + BATCH - 1) / BATCH))
}

# restat [--locks]: pcdrop-stat afresh, so that it finds pcdrop.ko's probe
# point (module/stat_probe.c) when the module is loaded.
restat() {
	$STAT stop > /dev/null 2>&1
	$STAT start "$@" > /dev/null
}

# stat_snap FILE: the counters, flattened to "PATH VALUE" lines.  The dump
# is taken before FILE is opened: rewriting FILE (on tmpfs, O_TRUNC) is a
# truncate the counters would see.
stat_snap() {
	_j=$($STAT dump --json) && echo "$_j" | awk -f ./jsonflat.awk > "$1"
}

# map_field MAP FILE OP FS FIELD: one field of an op-keyed array of the
# JSON dump ("ops", or "derived_locks", the lock counts derived from the
# removals).
map_field() {
	awk -v m="$1" -v op="PCDROP_OP_$3" -v fs="PCDROP_FS_$4" -v f="$5" '
	{ split($1, p, ".") }
	p[1] == m && p[3] == "key" && p[4] == "op" { o[p[2]] = $2 }
	p[1] == m && p[3] == "key" && p[4] == "fs" { s[p[2]] = $2 }
	p[1] == m && p[3] == "value" && p[4] == f { v[p[2]] = $2 }
	END { for (i in o) if (o[i] == op && s[i] == fs) print v[i] }' "$2"
}

# op_field FILE OP FS FIELD, e.g. op_field s TRUNCATE TMPFS i_lock
op_field() {
	map_field ops "$@"
}

# derived_field FILE OP FS i_lock|xa_lock
derived_field() {
	map_field derived_locks "$@"
}

# drains FILE CALLER (FADVISE, COMPACTION, OTHER)
drains() {
	awk -v c="PCDROP_CALLER_$2" '
	{ split($1, p, ".") }
	p[1] == "drains" && p[4] == "caller" { k[p[2]] = $2 }
	p[1] == "drains" && p[4] == "count" { v[p[2]] = $2 }
	END { for (i in k) if (k[i] == c) print v[i] }' "$1"
}

# batch_sizes FILE OP FS: "FOLIOSxTIMES" words, sorted by size.
batch_sizes() {
	awk -v op="PCDROP_OP_$2" -v fs="PCDROP_FS_$3" '
	{ split($1, p, ".") }
	p[1] == "batches" && p[4] == "op" { o[p[2]] = $2 }
	p[1] == "batches" && p[4] == "fs" { s[p[2]] = $2 }
	p[1] == "batches" && p[4] == "folios" { n[p[2]] = $2 }
	p[1] == "batches" && p[4] == "count" { v[p[2]] = $2 }
	END { for (i in o) if (o[i] == op && s[i] == fs) print n[i] "x" v[i] }' "$1" |
		sort -n | tr '\n' ' ' | sed 's/ $//'
}

# sum_field FILE SECTION FIELD: the sum of that field over all entries.
sum_field() {
	awk -v sec="$2" -v f="$3" '
	{ n = split($1, p, ".") }
	p[1] == sec && p[n] == f { t += $2 }
	END { print t + 0 }' "$1"
}

# trace_events KIB EVENT...: tracing restarted on an empty buffer of KIB
# per CPU, with the events EVENT (a system, or SYSTEM/NAME) enabled.
trace_events() {
	echo 0 > $T/tracing_on
	echo "$1" > $T/buffer_size_kb
	echo > $T/trace
	shift
	for _ev; do
		echo 1 > "$T/events/$_ev/enable"
	done
	echo 1 > $T/tracing_on
}

# trace_start: record mm_filemap_delete_from_page_cache, the kernel's own
# event for every folio leaving a page cache, one or batched.
trace_start() {
	trace_events 16384 filemap/mm_filemap_delete_from_page_cache
}

# trace_count "ino=N dev=MAJ:MIN": folios that left that inode's page cache.
trace_count() {
	echo 0 > $T/tracing_on
	set -- $(echo "$1" | sed 's/ino=\([0-9]*\) dev=\([0-9:]*\).*/\1 \2/')
	grep -c "dev $2 ino $(printf %x "$1") " $T/trace
	echo 0 > $T/events/filemap/mm_filemap_delete_from_page_cache/enable
}

# ext4_mount DIR MIB: an ext4 file system on a loop device over a tmpfs
# file (/dev/shm/BASENAME-OF-DIR.img).  busybox mke2fs writes ext2; the
# ext4 driver mounts it (and its truncate path,
# truncate_inode_pages_range(), is the batched one).  The image is written
# in full first, so that the loop device never adds new tmpfs pages to a
# CPU's LRU batch (which would flush the batch the fadvise tests rely on).
ext4_mount() {
	# A smoke row runs its suites in one boot: one before may have left its
	# file system mounted on DIR, over the same image file, which two loop
	# devices must never share.
	while _old=$(awk -v m="$1" '$2 == m { d = $1 } END { print d }' /proc/mounts) &&
	      [ -n "$_old" ]; do
		umount "$1" && losetup -d "$_old" || return 1
	done
	_img=/dev/shm/$(basename "$1").img
	dd if=/dev/zero of="$_img" bs=1M count="$2" 2> /dev/null || return 1
	dev=$(losetup -f) && losetup "$dev" "$_img" || return 1
	mke2fs -q "$dev" > /dev/null 2>&1 || return 1
	mkdir -p "$1" && mount -t ext4 "$dev" "$1"
}

# nr_progs: BPF programs loaded in the kernel.
nr_progs() {
	bpftool prog show | grep -c '^[0-9]*: '
}

# wait_progs N: programs go away after an RCU grace period and a work
# item; wait up to 20 s for the count to come back to N.
wait_progs() {
	i=0
	while [ "$(nr_progs)" != "$1" ] && [ $i -lt 40 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	nr_progs
}
