// SPDX-License-Identifier: GPL-2.0
/*
 * fadv - POSIX_FADV_DONTNEED workloads for pcdrop's fadvise tests and
 * benchmark.  "resident" is the number of the file's pages in the page
 * cache afterwards (mincore() on a mapping that touches nothing).
 *
 *   fadv write PATH PAGES           write PAGES 4 KiB pages and fsync
 *   fadv seed PATH CHUNK_KIB mapped|unmapped|pages
 *        read PATH chunk by chunk (through a MAP_SHARED mapping kept to
 *        the end, or with pread; "pages": a page per pread, without
 *        readahead, so one folio per page even where the file system
 *        would build large ones) and DONTNEED each chunk after reading it;
 *        prints "ino=N dev=MAJ:MIN calls=C ns=T resident=R" (the inode as
 *        the filemap tracepoints print it; T: time in fadvise, total)
 *   fadv crosscpu PATH ROUNDS
 *        seed 002's fallback case: CPU 0 writes an 8-page file, CPU 1
 *        fsyncs it and calls DONTNEED; prints "round=I resident=R" lines
 *   fadv shutdown PATH PAGES
 *        write PAGES, shut the ext4 file system down without flushing
 *        (the pages stay dirty: writeback fails), DONTNEED the file;
 *        prints "dirty_kb=D": how much the Dirty: line of /proc/meminfo
 *        grew, from a sync() before the write to after the DONTNEED
 *        (a shut-down ext4 refuses mmap, so mincore() cannot count them)
 *   fadv hold PATH                  map PATH shared, touch every page,
 *                                   print "held", wait for a signal
 *   fadv pageout PATH [KEEP]        map PATH, touch every page and reclaim
 *                                   them (MADV_PAGEOUT): they leave shadow
 *                                   entries; then read back every KEEP-th
 *                                   page (0, KEEP, 2 * KEEP...) without
 *                                   readahead; prints "resident=R"
 *   fadv readback PATH              read PATH a page at a time, without
 *                                   readahead (one folio per page)
 *   fadv writeback PATH PAGES ROUNDS
 *        issue 19's retry case: page 0 of PATH stays mapped (a failure
 *        stock counts, a drain cannot help); each round rewrites PAGES
 *        pages without fsync and DONTNEEDs the file, whose own writeback
 *        then is in flight during the walk; prints "round=I resident=R
 *        ns=T" (R: the file's pages cached after the call, T: its time);
 *        then fsyncs (the writeback done), DONTNEEDs again with page 0
 *        still mapped and prints "settled=S"
 *   fadv read PATH                  read PATH a page at a time, with
 *                                   the default readahead (large folios
 *                                   where the file system has them)
 *   fadv dontneed PATH [FIRST PAGES]
 *        DONTNEED the whole file, or PAGES pages from page FIRST; nothing
 *        else
 *   fadv resident PATH              print "resident=R"
 *   fadv rewrite PATH FIRST PAGES   write PAGES pages from page FIRST again,
 *                                   the same bytes, without fsync: dirty
 *   fadv ident PATH                 print "ino=N dev=MAJ:MIN" (as seed)
 *   fadv residency PATH             print "map=" and a 1 (resident) or 0
 *                                   per page (mincore())
 *   fadv holdrange PATH FIRST PAGES map PAGES pages from page FIRST shared,
 *                                   touch them, print "held", wait
 *   fadv splice PATH FIRST PAGES    splice PAGES pages (at most 16) from
 *                                   page FIRST into a pipe nobody reads:
 *                                   the pipe holds a reference on each
 *                                   folio, without a mapping; print
 *                                   "held", wait for a signal
 *   fadv race PATH SECONDS          for SECONDS: one task DONTNEEDs PATH
 *                                   in a loop, while others read it,
 *                                   fault it in through a mapping and
 *                                   O_DIRECT-write from that mapping into
 *                                   PATH.copy (GUP pins of its pages),
 *                                   each checking every byte against what
 *                                   "write" wrote; prints "bad=B rounds=R"
 *   fadv dropcaches PATH            read PATH with the default readahead,
 *                                   then write 1 to drop_caches; prints
 *                                   "ns=T resident=R" (T: the write's time)
 * (dontneed and resident take a block device too; resident counts its
 * uptodate folios only, as mincore() does)
 *   fadv verify PATH FROM TO        read PATH a page at a time, without
 *                                   readahead, and compare it with what
 *                                   "write" wrote, except for bytes FROM
 *                                   to TO (excluded), which must be zero;
 *                                   prints "bad=B": the pages that differ
 *
 * The process runs on CPU 0 (crosscpu's second half on CPU 1).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#define PAGE 4096
/* fs/ext4/ext4.h; the same number as FS_IOC_SHUTDOWN in newer uapi. */
#define EXT4_IOC_SHUTDOWN		_IOR('X', 125, unsigned int)
#define EXT4_GOING_FLAGS_NOLOGFLUSH	0x2

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void pin(int cpu)
{
	cpu_set_t cpus;

	CPU_ZERO(&cpus);
	CPU_SET(cpu, &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		die("sched_setaffinity");
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The size of a file or a block device (whose st_size is 0), in pages. */
static long file_pages(int fd)
{
	off_t size = lseek(fd, 0, SEEK_END);

	if (size < 0)
		die("lseek");
	return (size + PAGE - 1) / PAGE;
}

static long resident(int fd)
{
	long pages = file_pages(fd), i, n = 0;
	unsigned char *vec;
	void *map;

	if (!pages)
		return 0;
	map = mmap(NULL, pages * PAGE, PROT_READ, MAP_SHARED, fd, 0);
	vec = malloc(pages);
	if (map == MAP_FAILED || !vec)
		die("mmap");
	if (mincore(map, pages * PAGE, vec))
		die("mincore");
	for (i = 0; i < pages; i++)
		n += vec[i] & 1;
	munmap(map, pages * PAGE);
	free(vec);
	return n;
}

/*
 * khugepaged may collapse a read-only file mapping into huge pages
 * (READ_ONLY_THP_FOR_FS), which unmaps the small ones behind our back: the
 * tests need the pages to stay mapped.  A kernel without transparent huge
 * pages (PREEMPT_RT's) refuses the advice (EINVAL) and has nothing to
 * collapse.
 */
static void no_huge_pages(char *map, long size)
{
	if (madvise(map, size, MADV_NOHUGEPAGE) &&
	    (errno != EINVAL || !access("/sys/kernel/mm/transparent_hugepage", F_OK)))
		die("madvise");
}

/* Map @size bytes of @fd shared, in small pages. */
static char *map_file(int fd, long size)
{
	char *map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);

	if (map == MAP_FAILED)
		die("mmap");
	no_huge_pages(map, size);
	return map;
}

/* Map all of @fd and touch every page; returns the mapping. */
static char *map_touched(int fd, long size)
{
	char *map = map_file(fd, size);
	volatile char sum = 0;
	long i;

	for (i = 0; i < size; i += PAGE)
		sum += map[i];
	return map;
}

static void advise(int fd, off_t off, off_t len, int advice)
{
	int err = posix_fadvise(fd, off, len, advice);

	if (err) {
		errno = err;
		die("posix_fadvise");
	}
}

static void dontneed(int fd, off_t off, off_t len)
{
	advise(fd, off, len, POSIX_FADV_DONTNEED);
}

static int open_or_die(const char *path, int flags)
{
	int fd = open(path, flags, 0600);

	if (fd < 0)
		die(path);
	return fd;
}

/* fill()'s buffer: global, so that crosscpu can fault it in beforehand. */
static char page_buf[PAGE];

static void fill(int fd, long pages)
{
	long i;

	for (i = 0; i < pages; i++) {
		memset(page_buf, (int)(i % 251) + 1, sizeof(page_buf));
		if (write(fd, page_buf, PAGE) != PAGE)
			die("write");
	}
}

static int cmd_write(const char *path, long pages)
{
	int fd = open_or_die(path, O_RDWR | O_CREAT | O_TRUNC);

	fill(fd, pages);
	if (fsync(fd))
		die("fsync");
	close(fd);
	return 0;
}

enum seed_read { SEED_UNMAPPED, SEED_MAPPED, SEED_PAGES };

/* pread() all of @len: one call reads at most 2 GiB - 4 KiB (MAX_RW_COUNT). */
static void pread_full(int fd, char *buf, long len, off_t off)
{
	ssize_t n;

	while (len > 0) {
		n = pread(fd, buf, len, off);
		if (n <= 0)
			die("pread");
		buf += n;
		len -= n;
		off += n;
	}
}

static int cmd_seed(const char *path, long chunk, enum seed_read how)
{
	int mapped = how == SEED_MAPPED;
	int fd = open_or_die(path, O_RDWR);
	long size = file_pages(fd) * PAGE, off, i, calls = 0;
	char *map = NULL, *buf = malloc(chunk);
	volatile char sum = 0;
	long long ns = 0, t;
	struct stat st;

	if (!buf)
		die("malloc");
	if (mapped)
		map = map_file(fd, size);
	if (how == SEED_PAGES)
		advise(fd, 0, 0, POSIX_FADV_RANDOM);
	for (off = 0; off + chunk <= size; off += chunk) {
		if (mapped) {
			for (i = 0; i < chunk; i += PAGE)
				sum += map[off + i];
		} else if (how == SEED_PAGES) {
			for (i = 0; i < chunk; i += PAGE)
				if (pread(fd, buf, PAGE, off + i) != PAGE)
					die("pread");
		} else {
			pread_full(fd, buf, chunk, off);
		}
		t = now_ns();
		dontneed(fd, off, chunk);
		ns += now_ns() - t;
		calls++;
	}
	if (fstat(fd, &st))
		die("fstat");
	printf("ino=%lu dev=%u:%u calls=%ld ns=%lld resident=%ld\n",
	       (unsigned long)st.st_ino, major(st.st_dev), minor(st.st_dev),
	       calls, ns, resident(fd));
	if (map)
		munmap(map, size);
	close(fd);
	return 0;
}

static void pipe_or_die(int fds[2])
{
	if (pipe(fds))
		die("pipe");
}

/* Crosscpu's second half, on CPU 1: say ready, wait for the go, drop. */
static void crosscpu_child(int fd, int ready, int go, long round)
{
	char c = 0;

	pin(1);
	if (write(ready, &c, 1) != 1 || read(go, &c, 1) != 1)
		die("pipe");
	if (fsync(fd))
		die("fsync");
	dontneed(fd, 0, 0);
	printf("round=%ld resident=%ld\n", round, resident(fd));
	exit(0);
}

static int cmd_crosscpu(const char *path, long rounds)
{
	long r;

	for (r = 0; r < rounds; r++) {
		int fd = open_or_die(path, O_RDWR | O_CREAT | O_TRUNC);
		int ready[2], go[2], status;
		char c = 0;
		pid_t pid;

		pipe_or_die(ready);
		pipe_or_die(go);
		pid = fork();
		if (pid < 0)
			die("fork");
		if (!pid)
			crosscpu_child(fd, ready[1], go[0], r);
		/*
		 * The new folios must wait in CPU 0's LRU batch, with a
		 * reference, until CPU 1 has called DONTNEED.  Nothing else
		 * may add folios to that batch meanwhile, or it could fill
		 * (15 slots on 6.1) and flush ours out: the child is on CPU 1
		 * already, this side's copy-on-write faults after fork()
		 * (stack, write buffer) are taken, and the batch is emptied
		 * first (DONTNEED drains the local CPU's).
		 */
		if (read(ready[0], &c, 1) != 1)
			die("pipe");
		memset(page_buf, 0, sizeof(page_buf));
		dontneed(fd, 0, 0);
		fill(fd, 8);
		if (write(go[1], &c, 1) != 1)
			die("pipe");
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			return 1;
		close(ready[0]);
		close(ready[1]);
		close(go[0]);
		close(go[1]);
		close(fd);
		if (unlink(path))
			die("unlink");
	}
	return 0;
}

static long meminfo_kb(const char *field)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	long kb = -1;

	if (!f)
		die("/proc/meminfo");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, field, strlen(field)))
			kb = atol(line + strlen(field));
	fclose(f);
	return kb;
}

static int cmd_shutdown(const char *path, long pages)
{
	unsigned int flags = EXT4_GOING_FLAGS_NOLOGFLUSH;
	int fd = open_or_die(path, O_RDWR | O_CREAT | O_TRUNC);
	long before;

	sync();
	before = meminfo_kb("Dirty:");
	fill(fd, pages);
	if (ioctl(fd, EXT4_IOC_SHUTDOWN, &flags))
		die("EXT4_IOC_SHUTDOWN");
	dontneed(fd, 0, 0);
	printf("dirty_kb=%ld\n", meminfo_kb("Dirty:") - before);
	close(fd);
	return 0;
}

static int cmd_hold(const char *path)
{
	int fd = open_or_die(path, O_RDONLY);

	map_touched(fd, file_pages(fd) * PAGE);
	printf("held\n");
	fflush(stdout);
	pause();
	return 0;
}

/*
 * Reclaim, unlike drop_caches or DONTNEED, leaves a shadow entry for every
 * folio it evicts.  MADV_PAGEOUT reclaims just this file's pages, and does
 * not run the shrinkers that would free shadow entries again.
 */
static int cmd_pageout(const char *path, long keep)
{
	int fd = open_or_die(path, O_RDONLY);
	long pages = file_pages(fd), size = pages * PAGE, i;
	char *map = map_touched(fd, size);
	char buf[PAGE];

	if (madvise(map, size, MADV_PAGEOUT))
		die("madvise");
	munmap(map, size);
	advise(fd, 0, 0, POSIX_FADV_RANDOM);
	for (i = 0; keep && i < pages; i += keep)
		if (pread(fd, buf, PAGE, i * PAGE) != PAGE)
			die("pread");
	printf("resident=%ld\n", resident(fd));
	close(fd);
	return 0;
}

static int cmd_writeback(const char *path, long pages, long rounds)
{
	int fd = open_or_die(path, O_RDWR | O_CREAT | O_TRUNC);
	volatile char sum = 0;
	long long t;
	char *map;
	long r;

	fill(fd, pages);
	if (fsync(fd))
		die("fsync");
	map = map_file(fd, PAGE);
	sum += map[0];
	for (r = 0; r < rounds; r++) {
		if (lseek(fd, 0, SEEK_SET))
			die("lseek");
		fill(fd, pages);
		t = now_ns();
		dontneed(fd, 0, 0);
		t = now_ns() - t;
		printf("round=%ld resident=%ld ns=%lld\n", r, resident(fd), t);
	}
	if (fsync(fd))
		die("fsync");
	dontneed(fd, 0, 0);
	printf("settled=%ld\n", resident(fd));
	munmap(map, PAGE);
	close(fd);
	return 0;
}

static int cmd_readback(const char *path, int advice)
{
	int fd = open_or_die(path, O_RDONLY);
	long pages = file_pages(fd), i;
	char buf[PAGE];

	advise(fd, 0, 0, advice);
	for (i = 0; i < pages; i++)
		if (pread(fd, buf, PAGE, i * PAGE) != PAGE)
			die("pread");
	close(fd);
	return 0;
}

static int cmd_dropcaches(const char *path)
{
	int fd, sysctl = open_or_die("/proc/sys/vm/drop_caches", O_WRONLY);
	long long t;

	cmd_readback(path, POSIX_FADV_NORMAL);
	t = now_ns();
	if (write(sysctl, "1", 1) != 1)
		die("drop_caches");
	t = now_ns() - t;
	fd = open_or_die(path, O_RDONLY);
	printf("ns=%lld resident=%ld\n", t, resident(fd));
	close(fd);
	close(sysctl);
	return 0;
}

static int cmd_verify(const char *path, long from, long to)
{
	int fd = open_or_die(path, O_RDONLY);
	long pages = file_pages(fd), i, b, bad = 0;
	unsigned char buf[PAGE];

	advise(fd, 0, 0, POSIX_FADV_RANDOM);
	for (i = 0; i < pages; i++) {
		ssize_t n = pread(fd, buf, PAGE, i * PAGE);

		if (n < 0)
			die("pread");
		for (b = 0; b < n; b++) {
			long off = i * PAGE + b;
			int want = off >= from && off < to ? 0 : (int)(i % 251) + 1;

			if (buf[b] != want) {
				bad++;
				break;
			}
		}
	}
	close(fd);
	printf("bad=%ld\n", bad);
	return 0;
}

static int cmd_rewrite(const char *path, long first, long pages)
{
	int fd = open_or_die(path, O_WRONLY);
	long i;

	for (i = first; i < first + pages; i++) {
		memset(page_buf, (int)(i % 251) + 1, sizeof(page_buf));
		if (pwrite(fd, page_buf, PAGE, i * PAGE) != PAGE)
			die("pwrite");
	}
	return 0;
}

static int cmd_ident(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		die(path);
	printf("ino=%lu dev=%u:%u\n", (unsigned long)st.st_ino,
	       major(st.st_dev), minor(st.st_dev));
	return 0;
}

static int cmd_residency(const char *path)
{
	int fd = open_or_die(path, O_RDONLY);
	long pages = file_pages(fd), i;
	unsigned char *vec = malloc(pages + 1);
	void *map;

	if (!vec)
		die("malloc");
	map = mmap(NULL, pages * PAGE, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		die("mmap");
	if (mincore(map, pages * PAGE, vec))
		die("mincore");
	printf("map=");
	for (i = 0; i < pages; i++)
		putchar('0' + (vec[i] & 1));
	putchar('\n');
	return 0;
}

static void held(void)
{
	printf("held\n");
	fflush(stdout);
	pause();
}

static int cmd_holdrange(const char *path, long first, long pages)
{
	int fd = open_or_die(path, O_RDONLY);
	volatile char sum = 0;
	char *map;
	long i;

	map = mmap(NULL, pages * PAGE, PROT_READ, MAP_SHARED, fd, first * PAGE);
	if (map == MAP_FAILED)
		die("mmap");
	no_huge_pages(map, pages * PAGE);
	for (i = 0; i < pages * PAGE; i += PAGE)
		sum += map[i];
	held();
	return 0;
}

static int cmd_splice(const char *path, long first, long pages)
{
	int fd = open_or_die(path, O_RDONLY), p[2];
	loff_t off = first * PAGE;

	pipe_or_die(p);
	if (pages > 16 ||
	    splice(fd, &off, p[1], NULL, pages * PAGE, 0) != pages * PAGE)
		die("splice");
	held();
	return 0;
}

/* Does @buf hold page @page of what "write" wrote? */
static int page_ok(const unsigned char *buf, long page)
{
	long b;

	for (b = 0; b < PAGE; b++)
		if (buf[b] != (unsigned char)(page % 251 + 1))
			return 0;
	return 1;
}

/* One of race's tasks, round after round until @end; returns bad pages. */
static long race_task(int kind, const char *path, long long end, long *rounds)
{
	int fd = open_or_die(path, O_RDONLY), out = -1;
	long pages = file_pages(fd), i, bad = 0;
	static unsigned char buf[PAGE] __attribute__((aligned(PAGE)));
	char copy[4096];
	char *map;

	if (kind == 3) {
		snprintf(copy, sizeof(copy), "%s.copy", path);
		out = open_or_die(copy, O_RDWR | O_CREAT | O_DIRECT);
	}
	for (*rounds = 0; now_ns() < end; ++*rounds) {
		switch (kind) {
		case 0:
			dontneed(fd, 0, 0);
			break;
		case 1:
			for (i = 0; i < pages; i++)
				if (pread(fd, buf, PAGE, i * PAGE) != PAGE || !page_ok(buf, i))
					bad++;
			break;
		case 2:
			map = map_file(fd, pages * PAGE);
			for (i = 0; i < pages; i++)
				bad += !page_ok((unsigned char *)map + i * PAGE, i);
			munmap(map, pages * PAGE);
			break;
		case 3:
			/* O_DIRECT from the mapping: GUP pins its folios. */
			map = map_file(fd, pages * PAGE);
			for (i = 0; i < pages; i++) {
				if (pwrite(out, map + i * PAGE, PAGE, i * PAGE) != PAGE ||
				    pread(out, buf, PAGE, i * PAGE) != PAGE ||
				    !page_ok(buf, i))
					bad++;
			}
			munmap(map, pages * PAGE);
			break;
		}
	}
	return bad;
}

static int cmd_race(const char *path, long seconds)
{
	long long end = now_ns() + seconds * 1000000000LL;
	long bad = 0, rounds = 0, r;
	int kind, status, p[2];
	pid_t pids[4];

	pipe_or_die(p);
	for (kind = 0; kind < 4; kind++) {
		pids[kind] = fork();
		if (pids[kind] < 0)
			die("fork");
		if (!pids[kind]) {
			long out[2];

			out[0] = race_task(kind, path, end, &r);
			out[1] = r;
			if (write(p[1], out, sizeof(out)) != sizeof(out))
				die("write");
			_exit(0);
		}
	}
	for (kind = 0; kind < 4; kind++) {
		long in[2];

		if (read(p[0], in, sizeof(in)) != sizeof(in))
			die("read");
		bad += in[0];
		rounds += in[1];
	}
	for (kind = 0; kind < 4; kind++)
		if (waitpid(pids[kind], &status, 0) < 0 || status)
			bad++;
	printf("bad=%ld rounds=%ld\n", bad, rounds);
	return 0;
}

int main(int argc, char **argv)
{
	int fd;

	pin(0);
	if (argc == 4 && !strcmp(argv[1], "write"))
		return cmd_write(argv[2], atol(argv[3]));
	if (argc == 5 && !strcmp(argv[1], "seed"))
		return cmd_seed(argv[2], atol(argv[3]) * 1024,
				!strcmp(argv[4], "mapped") ? SEED_MAPPED :
				!strcmp(argv[4], "pages") ? SEED_PAGES :
				SEED_UNMAPPED);
	if (argc == 4 && !strcmp(argv[1], "crosscpu"))
		return cmd_crosscpu(argv[2], atol(argv[3]));
	if (argc == 4 && !strcmp(argv[1], "shutdown"))
		return cmd_shutdown(argv[2], atol(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "hold"))
		return cmd_hold(argv[2]);
	if (argc == 5 && !strcmp(argv[1], "writeback"))
		return cmd_writeback(argv[2], atol(argv[3]), atol(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "readback"))
		return cmd_readback(argv[2], POSIX_FADV_RANDOM);
	if (argc == 3 && !strcmp(argv[1], "read"))
		return cmd_readback(argv[2], POSIX_FADV_NORMAL);
	if (argc == 3 && !strcmp(argv[1], "dropcaches"))
		return cmd_dropcaches(argv[2]);
	if (argc == 5 && !strcmp(argv[1], "verify"))
		return cmd_verify(argv[2], atol(argv[3]), atol(argv[4]));
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "pageout"))
		return cmd_pageout(argv[2], argc == 4 ? atol(argv[3]) : 0);
	if ((argc == 3 || argc == 5) && !strcmp(argv[1], "dontneed")) {
		fd = open_or_die(argv[2], O_RDONLY);
		if (argc == 5)
			dontneed(fd, atol(argv[3]) * PAGE, atol(argv[4]) * PAGE);
		else
			dontneed(fd, 0, 0);
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "rewrite"))
		return cmd_rewrite(argv[2], atol(argv[3]), atol(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "ident"))
		return cmd_ident(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "residency"))
		return cmd_residency(argv[2]);
	if (argc == 5 && !strcmp(argv[1], "holdrange"))
		return cmd_holdrange(argv[2], atol(argv[3]), atol(argv[4]));
	if (argc == 5 && !strcmp(argv[1], "splice"))
		return cmd_splice(argv[2], atol(argv[3]), atol(argv[4]));
	if (argc == 4 && !strcmp(argv[1], "race"))
		return cmd_race(argv[2], atol(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "resident")) {
		fd = open_or_die(argv[2], O_RDONLY);
		printf("resident=%ld\n", resident(fd));
		return 0;
	}
	fprintf(stderr, "usage: see the comment at the top of fadv.c\n");
	return 2;
}
