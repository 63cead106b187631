// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop.bpf.c - count what page-cache removal costs, per operation.
 *
 * A task entering one of the operations below takes a per-task slot that
 * records the operation, the file system and the addresses of the two
 * page-cache locks of the inode it works on: inode->i_lock and the
 * mapping's i_pages xa_lock.  The spinlock probes count an acquisition
 * only when the lock is one of those two and the acquiring task owns the
 * slot, so unrelated locking never pollutes the figures.  Folio removals
 * and lru_add_drain_all() calls are charged to the operation the task is
 * in, or to "other".
 *
 * Every hook exists twice, as fentry/fexit and as kprobe/kretprobe; the
 * loader enables one of the two per symbol at run time.
 *
 * The spinlock programs run on every spin_lock() in the kernel, so they
 * take no lock themselves: no hash map update, no task storage (its lookup
 * can take a raw spinlock to refresh its cache), only loads from .bss and
 * atomic adds into a slot of a global array.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "pcdrop-stat.h"
#include "ops.bpf.h"

char LICENSE[] SEC("license") = "GPL";

/* ---- operations --------------------------------------------------- */

static __always_inline int truncate_enter(void *ctx, struct dentry *dentry, bool fentry)
{
	return op_enter(ctx, PCDROP_OP_TRUNCATE, BPF_CORE_READ(dentry, d_inode), true, true, 1,
			fentry);
}

static __always_inline int fallocate_enter(void *ctx, struct file *file, __u64 mode,
					   bool fentry)
{
	return op_enter(ctx, PCDROP_OP_PUNCH, BPF_CORE_READ(file, f_inode),
			(int)mode & FALLOC_FL_PUNCH_HOLE, true, 1, fentry);
}

/*
 * evict() runs for every inode; only those with page cache, or with the
 * value entries of pages that left it (shadow or swap entries), are
 * operations.
 */
static __always_inline int evict_enter(void *ctx, struct inode *inode, bool fentry)
{
	return op_enter(ctx, PCDROP_OP_UNLINK, inode,
			BPF_CORE_READ(inode, i_mapping, nrpages) > 0 ||
			BPF_CORE_READ(inode, i_mapping, i_pages.xa_head), true, 1, fentry);
}

static __always_inline int fadvise_enter(void *ctx, struct file *file, __u64 advice,
					 bool fentry)
{
	return op_enter(ctx, PCDROP_OP_FADVISE, BPF_CORE_READ(file, f_inode),
			(int)advice == POSIX_FADV_DONTNEED, true, 1, fentry);
}

SEC("fentry/do_truncate")
int BPF_PROG(truncate_fe, void *idmap, struct dentry *dentry)
{
	return truncate_enter(ctx, dentry, true);
}

SEC("kprobe/do_truncate")
int BPF_KPROBE(truncate_kp, void *idmap, struct dentry *dentry)
{
	return truncate_enter(ctx, dentry, false);
}

SEC("fentry/vfs_fallocate")
int BPF_PROG(fallocate_fe, struct file *file, __u64 mode)
{
	return fallocate_enter(ctx, file, mode, true);
}

SEC("kprobe/vfs_fallocate")
int BPF_KPROBE(fallocate_kp, struct file *file, __u64 mode)
{
	return fallocate_enter(ctx, file, mode, false);
}

SEC("fentry/evict")
int BPF_PROG(evict_fe, struct inode *inode)
{
	return evict_enter(ctx, inode, true);
}

SEC("kprobe/evict")
int BPF_KPROBE(evict_kp, struct inode *inode)
{
	return evict_enter(ctx, inode, false);
}

/*
 * shmem_fallocate() undoing its own allocation after a failure, the only
 * call with @unfalloc.  An entry probe only, whatever the mode: an exit
 * can be missed (see op_enter()), and on 6.1 a BPF trampoline cannot
 * share this function with pcdrop.ko's livepatch (see hooks.c).
 * The rollback starts here and ends when the vfs_fallocate() that called
 * shmem_fallocate() returns (the loader attaches this only with that
 * function's exit), so it is the third caller's return address
 * (shmem_fallocate(), vfs_fallocate(), its caller).  Inside an operation,
 * it neither starts one nor deepens it: nothing would undo that.  An
 * operation whose exit was missed is found by vfs_fallocate()'s entry,
 * just before this one.
 */
SEC("kprobe/shmem_undo_range")
int BPF_KPROBE(undo_kp, struct inode *inode, __u64 lstart, __u64 lend, __u64 unfalloc)
{
	return op_enter(ctx, PCDROP_OP_FALLOC_ROLLBACK, inode, (__u8)unfalloc, false, 3, false);
}

SEC("fentry/generic_fadvise")
int BPF_PROG(fadvise_fe, struct file *file, __u64 offset, __u64 len, __u64 advice)
{
	return fadvise_enter(ctx, file, advice, true);
}

SEC("kprobe/generic_fadvise")
int BPF_KPROBE(fadvise_kp, struct file *file, __u64 offset, __u64 len, __u64 advice)
{
	return fadvise_enter(ctx, file, advice, false);
}

/* Compaction contexts, for attributing lru_add_drain_all(). */
SEC("fentry/sysctl_compaction_handler")
int BPF_PROG(compact_fe)
{
	return op_enter(ctx, OP_COMPACTION, NULL, true, true, 1, true);
}

SEC("kprobe/sysctl_compaction_handler")
int BPF_KPROBE(compact_kp)
{
	return op_enter(ctx, OP_COMPACTION, NULL, true, true, 1, false);
}

SEC("fentry/kcompactd_do_work")
int BPF_PROG(kcompactd_fe)
{
	return op_enter(ctx, OP_COMPACTION, NULL, true, true, 1, true);
}

SEC("kprobe/kcompactd_do_work")
int BPF_KPROBE(kcompactd_kp)
{
	return op_enter(ctx, OP_COMPACTION, NULL, true, true, 1, false);
}

/* An fexit program is bound to one function; a kretprobe is not. */
#define OP_FEXIT(name, sym)		\
SEC("fexit/" #sym)			\
int BPF_PROG(name)			\
{					\
	return op_exit();		\
}

OP_FEXIT(truncate_fx, do_truncate)
OP_FEXIT(fallocate_fx, vfs_fallocate)
OP_FEXIT(evict_fx, evict)
OP_FEXIT(fadvise_fx, generic_fadvise)
OP_FEXIT(compact_fx, sysctl_compaction_handler)
OP_FEXIT(kcompactd_fx, kcompactd_do_work)

SEC("kretprobe")
int BPF_KRETPROBE(op_kr)
{
	return op_exit();
}

/* ---- folio removals ----------------------------------------------- */

/*
 * __filemap_remove_folio() is where every one-at-a-time removal ends up:
 * filemap_remove_folio() (truncate_inode_folio(), so shmem truncation) and
 * __remove_mapping() (invalidation, reclaim).  Batched removal does not
 * pass through it.  It runs once per folio on the stock paths, so inside
 * an operation it only counts in the task's slot (op_exit() adds that to
 * the map once): a hash map lookup per folio cost more than everything
 * else this hook costs (a stock 1 GiB truncate on 6.1: 1.19x with it,
 * 1.08x without, on the instruction clock).
 */
static __always_inline int remove_single(struct folio *folio)
{
	struct task_slot *s = my_slot();
	struct pcdrop_op_stats *st;

	if (s && s->op < PCDROP_NR_OPS) {
		__sync_fetch_and_add(&s->n_single, 1);
		return 0;
	}
	st = other_stats(BPF_CORE_READ(folio, mapping));
	if (st)
		__sync_fetch_and_add(&st->removed_single, 1);
	return 0;
}

static __always_inline int remove_batch(struct address_space *mapping, __u32 nr)
{
	struct task_slot *s = my_slot();
	struct pcdrop_batch_key key = {};
	struct pcdrop_count one = { .count = 1 }, *c;
	struct pcdrop_op_stats *st;

	if (s && s->op < PCDROP_NR_OPS) {
		key.op = s->op;
		key.fs = s->fs;
	} else {
		key.op = PCDROP_OP_OTHER;
		key.fs = fs_of_sb(BPF_CORE_READ(mapping, host, i_sb));
	}
	st = op_stats(key.op, key.fs);
	if (st) {
		__sync_fetch_and_add(&st->batches, 1);
		__sync_fetch_and_add(&st->batched_folios, nr);
	}
	key.folios = nr < PCDROP_MAX_BATCH ? nr : PCDROP_MAX_BATCH - 1;
	c = bpf_map_lookup_elem(&pcdrop_batches, &key);
	if (c) {
		__sync_fetch_and_add(&c->count, 1);
	} else if (bpf_map_update_elem(&pcdrop_batches, &key, &one, BPF_NOEXIST)) {
		/* Lost a race with another CPU adding it, or the map is full. */
		c = bpf_map_lookup_elem(&pcdrop_batches, &key);
		if (c) {
			__sync_fetch_and_add(&c->count, 1);
		} else {
			struct pcdrop_health *h = health();

			if (h)
				__sync_fetch_and_add(&h->map_full, 1);
		}
	}
	return 0;
}

SEC("fentry/__filemap_remove_folio")
int BPF_PROG(remove_fe, struct folio *folio)
{
	return remove_single(folio);
}

SEC("kprobe/__filemap_remove_folio")
int BPF_KPROBE(remove_kp, struct folio *folio)
{
	return remove_single(folio);
}

SEC("fentry/delete_from_page_cache_batch")
int BPF_PROG(batch_fe, struct address_space *mapping, struct folio_batch *fbatch)
{
	return remove_batch(mapping, BPF_CORE_READ(fbatch, nr));
}

SEC("kprobe/delete_from_page_cache_batch")
int BPF_KPROBE(batch_kp, struct address_space *mapping, struct folio_batch *fbatch)
{
	return remove_batch(mapping, BPF_CORE_READ(fbatch, nr));
}

/*
 * pcdrop.ko's batched eviction (module/evict_batch.c) removed @nr folios
 * under one lock round trip while the kernel's event for each removal was
 * on.  Each passed through __filemap_remove_folio() and was counted one by
 * one there, by the same task just before, in the same place (its slot, or
 * "other"): they move to the batched ones.  A module function has no BTF
 * here, so this is a kprobe only.
 */
SEC("kprobe/pcdrop_stat_folios_evicted")
int BPF_KPROBE(evicted_kp, struct address_space *mapping, __u64 nr)
{
	struct task_slot *s = my_slot();
	struct pcdrop_op_stats *st;

	if (s && s->op < PCDROP_NR_OPS) {
		__sync_fetch_and_add(&s->n_single, -(__s64)(__u32)nr);
	} else {
		st = other_stats(mapping);
		if (st)
			__sync_fetch_and_add(&st->removed_single, -(__s64)(__u32)nr);
	}
	return remove_batch(mapping, (__u32)nr);
}

/*
 * The same eviction, the event off: the folios left the tree in one walk,
 * without __filemap_remove_folio(), so nothing counted them yet.
 */
SEC("kprobe/pcdrop_stat_folios_walked")
int BPF_KPROBE(walked_kp, struct address_space *mapping, __u64 nr)
{
	return remove_batch(mapping, (__u32)nr);
}

/* ---- value entries: shadow and swap entries ----------------------- */

/* The stats of the operation the task is in, or "other". */
static __always_inline struct pcdrop_op_stats *charged_stats(struct address_space *mapping)
{
	struct task_slot *s = my_slot();

	if (s && s->op < PCDROP_NR_OPS)
		return op_stats(s->op, s->fs);
	return other_stats(mapping);
}

/* @nr entries removed in @walks walks, or one by one (@walks 0). */
static __always_inline int values_removed(struct address_space *mapping, __u64 walks,
					  __u64 nr)
{
	struct pcdrop_op_stats *st = charged_stats(mapping);

	if (!st)
		return 0;
	if (walks) {
		__sync_fetch_and_add(&st->value_walks, walks);
		__sync_fetch_and_add(&st->values_walked, nr);
	} else {
		__sync_fetch_and_add(&st->value_single_trips, 1);
		__sync_fetch_and_add(&st->values_single, nr);
	}
	return 0;
}

/*
 * pcdrop.ko's probe point (module/stat_probe.c): @walks walks, each under
 * one lock round trip, removed @nr entries.  A module function has no BTF
 * here, so this is a kprobe only.
 */
SEC("kprobe/pcdrop_stat_values_walked")
int BPF_KPROBE(values_walked_kp, struct address_space *mapping, __u64 walks, __u64 nr)
{
	return values_removed(mapping, walks, nr);
}

/*
 * One entry removed under its own lock round trip.  Like a one-by-one
 * folio removal, inside an operation it only counts in the task's slot
 * (op_exit() adds that to the map once): a hash map lookup per entry put
 * a stock truncate of 256 MiB all in swap at 1.13x (6.12) and 1.16x (7.3)
 * on the instruction clock.
 */
static __always_inline int value_single(struct address_space *mapping)
{
	struct task_slot *s = my_slot();

	if (s && s->op < PCDROP_NR_OPS) {
		__sync_fetch_and_add(&s->n_value_single, 1);
		return 0;
	}
	return values_removed(mapping, 0, 1);
}

/*
 * shmem_undo_range() freeing one swap entry (6.12 and later; 6.1 inlines
 * the function): one lookup, one i_pages lock round trip.
 */
SEC("fentry/shmem_free_swap")
int BPF_PROG(free_swap_fe, struct address_space *mapping)
{
	return value_single(mapping);
}

SEC("kprobe/shmem_free_swap")
int BPF_KPROBE(free_swap_kp, struct address_space *mapping)
{
	return value_single(mapping);
}

/* 6.1's invalidation: one entry, one lock round trip. */
SEC("fentry/clear_shadow_entry")
int BPF_PROG(clear_one_fe, struct address_space *mapping)
{
	return value_single(mapping);
}

SEC("kprobe/clear_shadow_entry")
int BPF_KPROBE(clear_one_kp, struct address_space *mapping)
{
	return value_single(mapping);
}

/*
 * 6.12's invalidation: the value entries of a batch, one lookup each,
 * under one lock round trip (the loader attaches this only where the
 * second argument is the batch: from 6.13 it is an index).  The kernel
 * leaves the value entries of shmem (swap entries, say drop_caches on a
 * swapped tmpfs file) and DAX mappings where they are, and so is nothing
 * counted for them.
 */
static __always_inline int clear_batch(struct address_space *mapping,
				       struct folio_batch *fbatch)
{
	__u32 i, nr = BPF_CORE_READ(fbatch, nr), values = 0;
	struct inode *host = BPF_CORE_READ(mapping, host);
	struct folio *folio;

	if (fs_of_sb(BPF_CORE_READ(host, i_sb)) == PCDROP_FS_TMPFS ||
	    (BPF_CORE_READ(host, i_flags) & S_DAX))
		return 0;

	for (i = 0; i < FOLIO_BATCH_SIZE && i < nr; i++) {
		if (bpf_core_read(&folio, sizeof(folio), &fbatch->folios[i]))
			break;
		values += (unsigned long)folio & 1;	/* xa_is_value() */
	}
	return values ? values_removed(mapping, 0, values) : 0;
}

SEC("fentry/clear_shadow_entries")
int BPF_PROG(clear_batch_fe, struct address_space *mapping, struct folio_batch *fbatch)
{
	return clear_batch(mapping, fbatch);
}

SEC("kprobe/clear_shadow_entries")
int BPF_KPROBE(clear_batch_kp, struct address_space *mapping, struct folio_batch *fbatch)
{
	return clear_batch(mapping, fbatch);
}

/* ---- lru_add_drain_all() ------------------------------------------ */

static __always_inline int drain(void)
{
	struct task_slot *s = my_slot();
	struct pcdrop_caller_key key = { .caller = PCDROP_CALLER_OTHER };
	struct pcdrop_op_stats *st;
	struct pcdrop_count *c;

	if (s && s->op == PCDROP_OP_FADVISE)
		key.caller = PCDROP_CALLER_FADVISE;
	else if (s && s->op == OP_COMPACTION)
		key.caller = PCDROP_CALLER_COMPACTION;
	c = bpf_map_lookup_elem(&pcdrop_drains, &key);
	if (c)
		__sync_fetch_and_add(&c->count, 1);
	if (s && s->op < PCDROP_NR_OPS) {
		st = op_stats(s->op, s->fs);
		if (st)
			__sync_fetch_and_add(&st->drains, 1);
	}
	return 0;
}

SEC("fentry/lru_add_drain_all")
int BPF_PROG(drain_fe)
{
	return drain();
}

SEC("kprobe/lru_add_drain_all")
int BPF_KPROBE(drain_kp)
{
	return drain();
}

/* ---- spinlocks: lock-free, address first -------------------------- */

static __always_inline int lock(__u64 addr)
{
	struct task_slot *s;
	__u32 pid;

	if (!nr_active)
		return 0;
	pid = current_pid();
	s = slot_of(pid);
	if (addr != s->i_lock && addr != s->xa_lock)
		return 0;
	if (!addr || s->pid != pid)
		return 0;
	if (addr == s->i_lock)
		__sync_fetch_and_add(&s->n_i_lock, 1);
	else
		__sync_fetch_and_add(&s->n_xa_lock, 1);
	return 0;
}

SEC("fentry/_raw_spin_lock")
int BPF_PROG(lock_fe, void *l)
{
	return lock((__u64)l);
}

SEC("kprobe/_raw_spin_lock")
int BPF_KPROBE(lock_kp, void *l)
{
	return lock((__u64)l);
}

SEC("fentry/_raw_spin_lock_irq")
int BPF_PROG(lock_irq_fe, void *l)
{
	return lock((__u64)l);
}

SEC("kprobe/_raw_spin_lock_irq")
int BPF_KPROBE(lock_irq_kp, void *l)
{
	return lock((__u64)l);
}

SEC("fentry/_raw_spin_lock_irqsave")
int BPF_PROG(lock_irqsave_fe, void *l)
{
	return lock((__u64)l);
}

SEC("kprobe/_raw_spin_lock_irqsave")
int BPF_KPROBE(lock_irqsave_kp, void *l)
{
	return lock((__u64)l);
}

/*
 * PREEMPT_RT: spinlock_t is a sleeping lock, and spin_lock(),
 * spin_lock_irq() and spin_lock_irqsave() all take it with rt_spin_lock()
 * (the same lock address).
 */
SEC("fentry/rt_spin_lock")
int BPF_PROG(lock_rt_fe, void *l)
{
	return lock((__u64)l);
}

SEC("kprobe/rt_spin_lock")
int BPF_KPROBE(lock_rt_kp, void *l)
{
	return lock((__u64)l);
}
