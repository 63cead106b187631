// SPDX-License-Identifier: GPL-2.0
/*
 * export.c - "metrics FILE" and "export FILE [INTERVAL]": the metrics
 * written where a scraper reads them (node_exporter's textfile collector),
 * whole or not at all.  Each write goes to a temporary file in FILE's
 * directory, is flushed to disk, and replaces FILE by rename(), so that a
 * reader sees the old file or the new one, never a part.  The temporary
 * file's name starts with a dot and does not end in ".prom": the textfile
 * collector reads only *.prom.
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "common.h"
#include "export.h"
#include "module_hooks.h"
#include "output.h"
#include "pins.h"

#define EXPORT_INTERVAL	15	/* seconds: node_exporter's usual scrape interval */

/*
 * The temporary file being written, removed at exit if the metrics fail
 * half-way (the maps gone: die()), so that none is left beside the file.
 */
static char tmp[4096];

static void remove_tmp(void)
{
	if (tmp[0])
		unlink(tmp);
}

/*
 * Run @print with standard output going to the file @fd; 0, or -1 (errno
 * set).  A die() inside @print exits with the output still there, not on
 * standard output.
 */
static int print_to(int fd, void (*print)(void))
{
	int out, err = 0;

	fflush(stdout);
	out = dup(STDOUT_FILENO);
	if (out < 0 || dup2(fd, STDOUT_FILENO) < 0) {
		note("redirecting the output: %s", strerror(errno));
		err = -1;
	} else {
		print();
		if (fflush(stdout) || fsync(STDOUT_FILENO))
			err = -1;
		dup2(out, STDOUT_FILENO);
	}
	if (out >= 0)
		close(out);
	return err;
}

/*
 * Print @print's output on standard output whole or not at all: it goes to
 * memory first (stdout is pointed at a memory stream), written out once
 * complete.  A consumer (a monitor running "dump --json" or "metrics")
 * never gets a part; the reason for none is on standard error.  Not a
 * temporary file: on a tmpfs /tmp, freeing it would be a truncation the
 * counters being printed count.  Exits 1 on a failure.
 */
void print_whole(void (*print)(void))
{
	FILE *real = stdout, *held;
	char *buf = NULL;
	size_t len = 0;

	fflush(stdout);
	held = open_memstream(&buf, &len);
	if (!held)
		die("holding the output in memory: %s", strerror(errno));
	stdout = held;
	print();
	stdout = real;
	if (fclose(held))
		die("holding the output in memory: %s", strerror(errno));
	if (fwrite(buf, 1, len, stdout) != len || fflush(stdout))
		die("writing the output: %s", strerror(errno));
	free(buf);
}

/* Write the metrics to @file atomically; 0, or -1 with a note. */
static int write_metrics(const char *file)
{
	static bool registered;
	char dir[4096], base[4096];
	int fd, err;

	if (!registered)
		registered = !atexit(remove_tmp);
	snprintf(dir, sizeof(dir), "%s", file);
	snprintf(base, sizeof(base), "%s", file);
	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", dirname(dir), basename(base));
	fd = mkstemp(tmp);
	if (fd < 0) {
		note("creating a file beside %s: %s", file, strerror(errno));
		tmp[0] = 0;
		return -1;
	}
	err = print_to(fd, output_metrics);
	/* mkstemp() makes it 0600; node_exporter does not run as root. */
	if (!err && (fchmod(fd, 0644) || rename(tmp, file)))
		err = -1;
	if (err) {
		note("writing %s: %s", file, strerror(errno));
		unlink(tmp);
	}
	tmp[0] = 0;
	close(fd);
	return err;
}

int cmd_metrics(void)
{
	if (!env.file) {
		print_whole(output_metrics);
		return 0;
	}
	return write_metrics(env.file) ? 1 : 0;
}

/*
 * Each round first attaches the counters to an instance of pcdrop.ko
 * loaded since the last (module_hooks.c).  The counters are the pinned
 * maps: a restart of this loop (or of the
 * service that runs it) finds them pinned and goes on from where they
 * are, so they never go backwards.  Stopping it leaves them counting.
 * Stopping them ("pcdrop-stat stop") ends it: it removes the file, so no
 * stale series is served, and exits 0, so that pcdrop-stat.service
 * (Restart=on-failure) does not start them again.
 */
int cmd_export(void)
{
	int interval = env.interval_given ? env.interval : EXPORT_INTERVAL;
	struct stat st;

	if (!env.file)
		die("export needs a FILE: export FILE [INTERVAL]");
	if (stat(PIN_DIR "/ops", &st) && cmd_start())
		return 1;
	catch_signals();
	while (!exiting) {
		unsigned int attached = 0, missing = 0;
		int lock = pins_lock();

		if (stat(PIN_DIR "/ops", &st)) {
			pins_unlock(lock);
			note("the counters were stopped (pcdrop-stat stop): export ends, and %s goes",
			     env.file);
			unlink(env.file);
			return 0;
		}
		/* pcdrop.ko may have been reloaded or upgraded since. */
		module_hooks_refresh(&attached, &missing);
		if (write_metrics(env.file))
			return 1;
		pins_unlock(lock);
		sleep(interval);
	}
	return 0;
}
