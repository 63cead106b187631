/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pcdrop-stat.h - types shared by pcdrop.bpf.c and the pcdrop-stat loader.
 *
 * Every pinned map has a struct key and a struct value so that
 * "bpftool map dump pinned /sys/fs/bpf/pcdrop/v1/<map>" prints named
 * fields (and enum names) from the BTF that the loader attaches to each map.
 */
#ifndef __PCDROP_STAT_H
#define __PCDROP_STAT_H

/*
 * The layout of the pinned maps: their names, keys and values below.
 * Raised whenever one of them changes (a field added, removed, renamed or
 * moved, an enum value added), which moves the pins to a directory of
 * their own (/sys/fs/bpf/pcdrop/v<layout>), away from maps an older
 * pcdrop-stat pinned.
 */
#define PCDROP_STAT_LAYOUT	1

/* The page-cache operation a task is inside of. */
enum pcdrop_op {
	PCDROP_OP_TRUNCATE,	/* do_truncate(): truncate(2), ftruncate(2), O_TRUNC */
	PCDROP_OP_PUNCH,	/* vfs_fallocate(FALLOC_FL_PUNCH_HOLE) */
	PCDROP_OP_UNLINK,	/* evict() of an inode that still has page cache */
	PCDROP_OP_MEMFD_CLOSE,	/* the same, on an internal (kern_mount) tmpfs */
	PCDROP_OP_FALLOC_ROLLBACK, /* shmem_undo_range(unfalloc = true) */
	PCDROP_OP_FADVISE,	/* generic_fadvise(POSIX_FADV_DONTNEED) */
	PCDROP_OP_OTHER,	/* removals and drains outside all of the above */
	PCDROP_NR_OPS,
};

enum pcdrop_fs {
	PCDROP_FS_TMPFS,	/* s_magic == TMPFS_MAGIC (tmpfs, memfd, SysV shm) */
	PCDROP_FS_OTHER,
	PCDROP_NR_FS,
};

/* Who called lru_add_drain_all(). */
enum pcdrop_caller {
	PCDROP_CALLER_FADVISE,		/* inside generic_fadvise(DONTNEED) */
	PCDROP_CALLER_COMPACTION,	/* inside sysctl_compaction_handler() or kcompactd */
	PCDROP_CALLER_OTHER,
	PCDROP_NR_CALLERS,
};

#define PCDROP_HIST_SLOTS	32	/* log2(ns): up to 2^32 ns, about 4.3 s */
#define PCDROP_MAX_BATCH	64	/* batch sizes at or above this are lumped */
#define PCDROP_TASK_SLOTS	4096	/* per-task state, indexed by pid % slots */

struct pcdrop_op_key {
	enum pcdrop_op op;
	enum pcdrop_fs fs;
};

struct pcdrop_op_stats {
	__u64 calls;		/* operations finished */
	__u64 i_lock;		/* inode->i_lock acquisitions inside them */
	__u64 xa_lock;		/* mapping->i_pages xa_lock acquisitions inside them */
	__u64 removed_single;	/* folios removed one at a time (__filemap_remove_folio) */
	/*
	 * delete_from_page_cache_batch() calls and pcdrop.ko's eviction
	 * batches (module/evict_batch.c), each under one lock round trip
	 */
	__u64 batches;
	__u64 batched_folios;	/* folios removed by those batches */
	__u64 drains;		/* lru_add_drain_all() calls inside them */
	__u64 time_ns;		/* total time inside them */
	/*
	 * Value entries removed from a page cache: a regular file's shadow
	 * entries and a tmpfs file's swap entries.  One by one: each with its
	 * own lookup, by the kernel's shmem_free_swap() (6.12 and later; one
	 * lock round trip each) and the invalidation helpers of 6.1 and 6.12
	 * (clear_shadow_entry(), one round trip per entry, and
	 * clear_shadow_entries(), one per batch).  Walked: by pcdrop.ko's
	 * single walks (module/shadow_batch.c, swap_batch.c), one lock round
	 * trip each.
	 */
	__u64 values_single;
	__u64 value_single_trips;
	__u64 value_walks;
	__u64 values_walked;
};

struct pcdrop_hist {
	__u64 log2_ns[PCDROP_HIST_SLOTS];	/* slot i: [2^i, 2^(i+1)) ns */
};

struct pcdrop_caller_key {
	enum pcdrop_caller caller;
};

struct pcdrop_count {
	__u64 count;
};

struct pcdrop_batch_key {
	enum pcdrop_op op;
	enum pcdrop_fs fs;
	__u32 folios;		/* folios in one batch */
};

/* What the probes could not account for; all should stay zero. */
struct pcdrop_health_key {
	__u32 zero;
};

struct pcdrop_health {
	__u64 slot_busy;	/* an operation was not tracked: its task slot was taken */
	__u64 nested;		/* operations inside operations (counted in the outer one) */
	__u64 map_full;		/* a batch-size entry could not be added */
	/*
	 * Operations whose exit was missed (a kretprobe keeps max(10,
	 * 2 * CPUs) returns in flight; a fentry/fexit program skips a call
	 * while it runs on that CPU already), found when the task entered a
	 * hooked function again: counted then, without their time.
	 */
	__u64 missed_returns;
	/*
	 * Entries that found their task's slot taken and could not read the
	 * stack to tell a nested call from a missed exit (bpf_get_stack()
	 * fails while another program holds this CPU's callchain buffer,
	 * which 7.x's preemption allows).  A re-entry of the very function
	 * that began the operation is then taken as a missed exit.
	 */
	__u64 no_stack;
};

/*
 * Per-task state of the BPF programs (a .bss array indexed by pid), kept
 * here so the skeleton compiles; user space does not read it.
 */
struct task_slot {
	__u32 pid;		/* owner, 0 when free; claimed with cmpxchg */
	__u32 op;
	__u32 fs;
	__u32 depth;		/* hooked calls nested inside the operation */
	__u64 i_lock;		/* address of the inode's i_lock */
	__u64 xa_lock;		/* address of its mapping's i_pages.xa_lock */
	__u64 start_ns;
	/*
	 * The return address the operation ends at (0: unknown), whose
	 * frame is on the stack of every call nested inside it.
	 */
	__u64 ret;
	__u64 ip;		/* the hooked function that began it */
	__u64 n_i_lock;
	__u64 n_xa_lock;
	__u64 n_single;		/* its one-by-one folio removals */
	__u64 n_value_single;	/* its value entries removed one by one */
};

#endif /* __PCDROP_STAT_H */
