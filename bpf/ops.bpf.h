/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ops.bpf.h - the operations of pcdrop.bpf.c: the pinned maps they count
 * into, the per-task slots, and how an operation begins (op_enter()),
 * nests, ends (op_exit(), op_end()) or is found to have ended unseen.
 * Included by pcdrop.bpf.c only, after vmlinux.h and the libbpf headers.
 */
#ifndef __PCDROP_OPS_BPF_H
#define __PCDROP_OPS_BPF_H

#include "pcdrop-stat.h"

#define TMPFS_MAGIC		0x01021994
#define SB_KERNMOUNT		(1UL << 22)	/* internal mount: memfd, SysV shm */
#define FALLOC_FL_PUNCH_HOLE	0x02
#define POSIX_FADV_DONTNEED	4
#define S_DAX			(1 << 13)	/* include/linux/fs.h, CONFIG_FS_DAX */

/* The most entries a folio_batch holds (6.2 and later; 6.1 has 15). */
#define FOLIO_BATCH_SIZE	31

/* A slot owner that only marks a compaction context: no stats of its own. */
#define OP_COMPACTION		PCDROP_NR_OPS

/* Operations in flight, all tasks: the spinlock probes' first test. */
__u64 nr_active;
struct task_slot slots[PCDROP_TASK_SLOTS];

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, PCDROP_NR_OPS * PCDROP_NR_FS);
	__type(key, struct pcdrop_op_key);
	__type(value, struct pcdrop_op_stats);
} pcdrop_ops SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, PCDROP_NR_OPS * PCDROP_NR_FS);
	__type(key, struct pcdrop_op_key);
	__type(value, struct pcdrop_hist);
} pcdrop_hist SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, PCDROP_NR_CALLERS);
	__type(key, struct pcdrop_caller_key);
	__type(value, struct pcdrop_count);
} pcdrop_drains SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, PCDROP_NR_OPS * PCDROP_NR_FS * PCDROP_MAX_BATCH);
	__type(key, struct pcdrop_batch_key);
	__type(value, struct pcdrop_count);
} pcdrop_batches SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1);
	__type(key, struct pcdrop_health_key);
	__type(value, struct pcdrop_health);
} pcdrop_health SEC(".maps");

/*
 * The loader creates every key of pcdrop_ops, pcdrop_hist, pcdrop_drains
 * and pcdrop_health before attaching, so the programs only look up and add.
 */
static __always_inline struct pcdrop_op_stats *op_stats(__u32 op, __u32 fs)
{
	struct pcdrop_op_key key = { .op = op, .fs = fs };

	return bpf_map_lookup_elem(&pcdrop_ops, &key);
}

static __always_inline struct pcdrop_health *health(void)
{
	struct pcdrop_health_key key = {};

	return bpf_map_lookup_elem(&pcdrop_health, &key);
}

static __always_inline __u32 current_pid(void)
{
	return (__u32)bpf_get_current_pid_tgid();
}

/* The slot of @pid, whoever owns it. */
static __always_inline struct task_slot *slot_of(__u32 pid)
{
	return &slots[pid & (PCDROP_TASK_SLOTS - 1)];
}

/*
 * The slot of the current task, or NULL if it owns none.  The NULL test
 * is kept opaque to the compiler: clang otherwise merges it with the
 * owner test and dereferences the NULL branch.
 */
static __always_inline struct task_slot *my_slot(void)
{
	__u32 pid = current_pid();
	struct task_slot *s = slot_of(pid);

	if (s->pid != pid || !pid)
		s = NULL;
	asm volatile("" : "+r"(s));
	return s;
}

static __always_inline __u32 fs_of_sb(struct super_block *sb)
{
	return BPF_CORE_READ(sb, s_magic) == TMPFS_MAGIC ?
		PCDROP_FS_TMPFS : PCDROP_FS_OTHER;
}

static __always_inline __u32 log2_u64(__u64 v)
{
	__u32 r = 0, shift;

	shift = (v > 0xffffffffULL) << 5; v >>= shift; r |= shift;
	shift = (v > 0xffff) << 4; v >>= shift; r |= shift;
	shift = (v > 0xff) << 3; v >>= shift; r |= shift;
	shift = (v > 0xf) << 2; v >>= shift; r |= shift;
	shift = (v > 0x3) << 1; v >>= shift; r |= shift;
	r |= (v >> 1);
	return r;
}

/* Frames of the stack searched by op_enter(). */
#define STACK_DEPTH		32
/* From a function's address to the return address of its fentry call. */
#define ENTRY_WINDOW		16

/* Slots of a BPF trampoline's frame read from an fentry program's context up. */
#define TRAMP_SLOTS		16
/* A direct call may land up to this far before its function (call padding). */
#define CALL_PADDING		16

/* Is @ret the return address of a direct call of @ip (x86's e8 rel32)? */
static __always_inline bool returns_from_call_of(__u64 ret, __u64 ip)
{
	__u64 code, to;

	if (ret < 0xffffffff80000000ULL ||
	    bpf_probe_read_kernel(&code, sizeof(code), (void *)(ret - sizeof(code))))
		return false;
	to = ret + (__s64)(__s32)(code >> 32);
	return ((code >> 24) & 0xff) == 0xe8 && ip - to <= CALL_PADDING;
}

/*
 * tramp_ret - an fentry program's traced function's return address, read
 * from the BPF trampoline's frame rather than by unwinding the stack.
 * Above the program's context, the traced function's arguments, the
 * trampoline's frame holds the return value's slot (with an fexit
 * program), the saved %rbp, the return address of the function's call of
 * the trampoline (where the kernel calls it; 7.3 jumps to it) and its own
 * return address.  The first of the slots past the arguments and the
 * return value's that returns from a direct call of @ip is taken: a
 * kretprobe's or the graph tracer's trampoline address, or an indirect
 * call, is not one, and the unwinder is asked then.
 */
static __always_inline __u64 tramp_ret(void *ctx, __u64 ip)
{
	__u64 f[TRAMP_SLOTS], first = bpf_get_func_arg_cnt(ctx) + 1;
	int i;

	if (first > TRAMP_SLOTS - 3 ||
	    bpf_probe_read_kernel(f, sizeof(f), ctx))
		return 0;
	for (i = 0; i < 3; i++) {
		__u64 j = first + i;

		/* At most TRAMP_SLOTS - 1 already; the verifier needs to see it. */
		asm volatile("" : "+r"(j));
		j &= TRAMP_SLOTS - 1;
		if (returns_from_call_of(f[j], ip))
			return f[j];
	}
	return 0;
}

/* op_enter()'s search of the stack at a hooked function's entry. */
struct stack_scan {
	__u64 stack[STACK_DEPTH];
	__u64 ip;	/* the function entered, found by ENTRY_WINDOW */
	__u64 op_ret;	/* the running operation's return address, or 0 */
	__u64 ret;	/* out: the @skip-th caller's return address */
	__u32 skip;
	int self;	/* out: the frame of the function entered, or -1 */
	bool live;	/* out: the running operation is among the callers */
};

/*
 * scan_frame - bpf_loop()'s body over the frames of a stack_scan: the
 * verifier checks it once, where an unrolled loop over 32 frames made it
 * walk every pair of the entered function's frame and the current one
 * (up to 358,000 instructions a program, seconds under emulation).
 */
static long scan_frame(__u64 i, void *data)
{
	struct stack_scan *c = data;
	__u64 f;

	if (i >= STACK_DEPTH)
		return 1;
	f = c->stack[i & (STACK_DEPTH - 1)];
	if (c->self < 0) {
		if (f - c->ip < ENTRY_WINDOW) {
			c->self = i;
			c->live = !c->op_ret;
		}
		return 0;
	}
	if (i == (__u64)c->self + c->skip)
		c->ret = f;
	if (i > (__u64)c->self + 1 && f == c->op_ret)
		c->live = true;
	return 0;
}

/*
 * op_end - the operation in @s ends.  @timed: its exit was seen, so its
 * time is known; an operation whose exit was missed counts the rest.
 */
static __always_inline void op_end(struct task_slot *s, __u32 pid, bool timed)
{
	struct pcdrop_op_stats *st;
	struct pcdrop_op_key key;
	struct pcdrop_hist *hist;
	__u64 ns;

	if (s->op < PCDROP_NR_OPS) {
		ns = bpf_ktime_get_ns() - s->start_ns;
		key.op = s->op;
		key.fs = s->fs;
		st = bpf_map_lookup_elem(&pcdrop_ops, &key);
		if (st) {
			__sync_fetch_and_add(&st->calls, 1);
			__sync_fetch_and_add(&st->i_lock, s->n_i_lock);
			__sync_fetch_and_add(&st->xa_lock, s->n_xa_lock);
			__sync_fetch_and_add(&st->removed_single, s->n_single);
			__sync_fetch_and_add(&st->value_single_trips, s->n_value_single);
			__sync_fetch_and_add(&st->values_single, s->n_value_single);
			if (timed)
				__sync_fetch_and_add(&st->time_ns, ns);
		}
		hist = timed ? bpf_map_lookup_elem(&pcdrop_hist, &key) : NULL;
		if (hist) {
			__u64 i = log2_u64(ns);

			if (i >= PCDROP_HIST_SLOTS)
				i = PCDROP_HIST_SLOTS - 1;
			/* 6.1's verifier loses the bound above; mask it again. */
			asm volatile("" : "+r"(i));
			i &= PCDROP_HIST_SLOTS - 1;
			__sync_fetch_and_add(&hist->log2_ns[i], 1);
		}
	}
	/* Clear the addresses first: a new owner must not inherit them. */
	s->i_lock = 0;
	s->xa_lock = 0;
	__sync_fetch_and_add(&nr_active, -1);
	__sync_val_compare_and_swap(&s->pid, pid, 0);
}

/*
 * op_enter - a hooked function was entered.  @qualifies says whether this
 * call starts an operation of type @op on @inode.  A hooked call inside an
 * operation of the same task only deepens it, if @returns: its exit is
 * hooked too (op_exit()).
 *
 * An exit can be missed: a kretprobe keeps max(10, 2 * CPUs) returns in
 * flight, across tasks, and a fentry or fexit program does not run while
 * the same program runs on that CPU, which a preemptible kernel (7.x's
 * lazy preemption) allows.  The operation then never ends, and its slot
 * stays taken.  So an operation records the return address it ends at,
 * that of the @skip-th caller of the hooked function (1: the hooked
 * function's own), from the stack at its entry; a later entry of the
 * same task is inside it only if that address is among the callers of
 * the function entered, past its own direct caller (which a new call from
 * the same place shares).  The unwinder gives the real return addresses
 * where a kretprobe replaced them.  The stack pointer alone cannot tell:
 * each system call starts its stack at a random offset
 * (CONFIG_RANDOMIZE_KSTACK_OFFSET), so a later, unrelated call can run
 * below the frame of an operation that has returned.  The function
 * entered is found on the stack by its fentry call's return address, or
 * a kprobe's address, just past the function's start.  An fentry program
 * (@fentry) reads its caller's return address from its trampoline's frame
 * (tramp_ret()) instead, where it can.
 */
static __always_inline int op_enter(void *ctx, __u32 op, struct inode *inode,
				    bool qualifies, bool returns, __u32 skip, bool fentry)
{
	struct stack_scan scan = { .self = -1, .live = true };
	__u64 ip, ret = 0;
	__u32 pid = current_pid();
	struct address_space *mapping;
	struct pcdrop_health *h;
	struct task_slot *s;
	bool live = true;
	int self = -1;
	long n;

	if (!pid)
		return 0;
	s = slot_of(pid);
	if (s->pid != pid && !qualifies)
		return 0;
	/* The stack is needed to start an operation, or to check one. */
	ip = bpf_get_func_ip(ctx);
	n = 0;
	if (s->pid != pid) {
		if (fentry && skip == 1)
			ret = tramp_ret(ctx, ip);
		if (!ret)
			n = bpf_get_stack(ctx, scan.stack, sizeof(scan.stack), 0);
	} else if (returns) {
		n = bpf_get_stack(ctx, scan.stack, sizeof(scan.stack), 0);
	}
	if (n > 0) {
		scan.ip = ip;
		scan.op_ret = s->ret;
		scan.skip = skip;
		bpf_loop(n / sizeof(__u64), scan_frame, &scan, 0);
		self = scan.self;
		live = scan.live;
		if (scan.ret)
			ret = scan.ret;
	}
	/*
	 * No stack (n <= 0, or the function entered not on it): only a
	 * call of the function that began the operation can be told, and
	 * none of those nests in itself but through a stacked file system.
	 */
	if (s->pid == pid && returns && self < 0) {
		h = health();
		if (h)
			__sync_fetch_and_add(&h->no_stack, 1);
		live = ip != s->ip;
	}
	if (s->pid == pid && returns && !live) {
		h = health();
		if (h)
			__sync_fetch_and_add(&h->missed_returns, 1);
		op_end(s, pid, false);
	}
	if (s->pid == pid) {
		if (returns)
			s->depth++;
		if (qualifies && op != OP_COMPACTION && s->op != OP_COMPACTION) {
			h = health();
			if (h)
				__sync_fetch_and_add(&h->nested, 1);
		}
		return 0;
	}
	if (!qualifies)
		return 0;
	if (__sync_val_compare_and_swap(&s->pid, 0, pid) != 0) {
		h = health();
		if (h)
			__sync_fetch_and_add(&h->slot_busy, 1);
		return 0;
	}
	s->depth = 0;
	s->op = op;
	s->n_i_lock = 0;
	s->n_xa_lock = 0;
	s->n_single = 0;
	s->n_value_single = 0;
	s->ret = ret;
	s->ip = ip;
	if (inode) {
		struct super_block *sb = BPF_CORE_READ(inode, i_sb);

		s->fs = fs_of_sb(sb);
		if (op == PCDROP_OP_UNLINK && s->fs == PCDROP_FS_TMPFS &&
		    (BPF_CORE_READ(sb, s_flags) & SB_KERNMOUNT))
			s->op = PCDROP_OP_MEMFD_CLOSE;
		mapping = BPF_CORE_READ(inode, i_mapping);
		s->i_lock = (__u64)&inode->i_lock;
		s->xa_lock = (__u64)&mapping->i_pages.xa_lock;
	} else {
		s->fs = PCDROP_FS_OTHER;
	}
	s->start_ns = bpf_ktime_get_ns();
	__sync_fetch_and_add(&nr_active, 1);
	return 0;
}

static __always_inline int op_exit(void)
{
	__u32 pid = current_pid();
	struct task_slot *s;

	if (!pid)
		return 0;
	s = slot_of(pid);
	if (s->pid != pid)
		return 0;
	if (s->depth) {
		s->depth--;
		return 0;
	}
	op_end(s, pid, true);
	return 0;
}

/* Where a removal outside every tracked operation is counted. */
static __always_inline struct pcdrop_op_stats *other_stats(struct address_space *mapping)
{
	struct inode *host = BPF_CORE_READ(mapping, host);

	return op_stats(PCDROP_OP_OTHER, fs_of_sb(BPF_CORE_READ(host, i_sb)));
}

#endif /* __PCDROP_OPS_BPF_H */
