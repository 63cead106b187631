// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop-stat - count page-cache lock acquisitions, folio removals and
 * lru_add_drain_all() calls per operation, on a stock kernel or with
 * pcdrop.ko loaded.
 *
 * "start" loads pcdrop.bpf.c, attaches it and pins its maps and links
 * under /sys/fs/bpf/pcdrop/v1/ (v: the maps' layout), so the counters
 * keep running after the command exits.  "dump", "watch" and "reset" work on the pinned maps,
 * "stop" unpins everything, which detaches the programs.
 *
 * This file is the command line.  The rest, by job, as libbpf-tools
 * splits its shared helpers: pins.c (start, stop), hooks.c (which kernel
 * functions, fentry or kprobe per kernel), maps.c (reading the pinned
 * maps), output-table.c, output-json.c and output-metrics.c (the outputs,
 * output.h), export.c (the metrics written to a file).
 */
#include <argp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "common.h"
#include "export.h"
#include "maps.h"
#include "output.h"
#include "pins.h"

struct env env = { .interval = 1, .count = 0 };

static void (*const outputs[NR_OUTPUTS])(void) = {
	[OUTPUT_TABLE] = output_table,
	[OUTPUT_JSON] = output_json,
};

const char *argp_program_version = "pcdrop-stat " PCDROP_STAT_VERSION;
static const char doc[] =
"Count folio removals (one by one and in batches), lru_add_drain_all()\n"
"calls and page-cache lock round trips per operation (truncate, punch hole,\n"
"unlink, memfd close, fallocate rollback, fadvise DONTNEED, other) and file\n"
"system (tmpfs, other).  By default no spinlock is hooked and the lock\n"
"round trips are derived from the removals; start --locks counts them\n"
"exactly, at the price of a BPF trampoline on every spin_lock() in the\n"
"kernel while attached (1.01-1.53x in the benchmarks under TCG).\n"
"\n"
"Commands:\n"
"  start    load, attach, pin under " PIN_DIR "; keeps counting\n"
"  dump     print the counters (a table, or JSON with --json)\n"
"  watch    print the counters every INTERVAL seconds (watch [INTERVAL]\n"
"           [COUNT], or -i and -c): tables, or with --json one JSON object\n"
"           a line, each with the schema version of its layout\n"
"  metrics  print them in Prometheus' text format (docs/metrics.md); with\n"
"           FILE (metrics FILE), write them to FILE atomically instead\n"
"  export   start if not started, then write the metrics to FILE every\n"
"           INTERVAL seconds (export FILE [INTERVAL]; 15) until stopped:\n"
"           the pcdrop-stat service; the counters go on when it stops\n"
"  refresh  attach the counters to pcdrop.ko loaded again since start (pcdrop\n"
"           load and pcdrop upgrade run it; export does it every round)\n"
"  reset    zero the counters\n"
"  stop     detach and unpin everything\n"
"\n"
"EXAMPLES:\n"
"    pcdrop-stat start            # attach (fentry where possible)\n"
"    pcdrop-stat start --locks    # also count i_lock/i_pages exactly (costly)\n"
"    pcdrop-stat start --kprobes  # attach with kprobes only\n"
"    pcdrop-stat dump             # table of the counters\n"
"    pcdrop-stat dump --json      # the same as JSON\n"
"    pcdrop-stat watch 2 5        # five tables, two seconds apart\n"
"    pcdrop-stat watch -T --json  # JSON lines with their time, every second\n"
"    pcdrop-stat metrics          # Prometheus text exposition\n"
"    pcdrop-stat export /var/lib/prometheus/node-exporter/pcdrop.prom 15\n"
"    pcdrop-stat reset            # zero them\n"
"    pcdrop-stat stop             # detach, unpin\n"
"    bpftool map dump pinned " PIN_DIR "/ops  # no pcdrop-stat needed\n";

static const struct argp_option opts[] = {
	{ "json", 'j', NULL, 0, "dump: print JSON; watch: print JSON lines", 0 },
	{ "kprobes", 'k', NULL, 0, "start: use kprobes, not fentry", 0 },
	{ "locks", 'l', NULL, 0, "start: also count i_lock and i_pages acquisitions exactly, "
	  "by hooking _raw_spin_lock*: while attached, every spin_lock() in the kernel "
	  "enters a BPF trampoline (1.01-1.53x in the benchmarks under TCG). "
	  "Without it the lock columns are derived from the removals", 0 },
	{ "interval", 'i', "SECONDS", 0, "watch: seconds between tables (1)", 0 },
	{ "count", 'c', "N", 0, "watch: stop after N tables (0: never)", 0 },
	{ "timestamp", 'T', NULL, 0, "watch: print the time of each table, or give each "
	  "JSON line a \"time\" (UTC, ISO 8601)", 0 },
	{ "without", 'w', "SYMBOL", 0,
	  "start: act as if SYMBOL were missing from this kernel (for tests)", 0 },
	{ "verbose", 'v', NULL, 0, "print libbpf's debug output", 0 },
	{},
};

static void set_interval(struct argp_state *state, const char *arg)
{
	env.interval_given = true;
	env.interval = atoi(arg);
	if (env.interval <= 0)
		argp_error(state, "invalid interval: %s", arg);
}

/*
 * The command, then for watch its interval and count, as bcc's tools take
 * them; for metrics its file; for export its file and interval.
 */
static void positional(struct argp_state *state, const char *arg)
{
	bool watch = env.cmd && !strcmp(env.cmd, "watch");
	bool export = env.cmd && !strcmp(env.cmd, "export");
	bool metrics = env.cmd && !strcmp(env.cmd, "metrics");

	if (state->arg_num == 0)
		env.cmd = arg;
	else if (state->arg_num == 1 && (metrics || export))
		env.file = arg;
	else if (state->arg_num == 1 && watch)
		set_interval(state, arg);
	else if (state->arg_num == 2 && export)
		set_interval(state, arg);
	else if (state->arg_num == 2 && watch)
		env.count = atoi(arg);
	else if (watch || export || metrics)
		argp_error(state, "%s takes at most %s", env.cmd,
			   watch ? "an interval and a count" :
			   export ? "a file and an interval" : "a file");
	else
		argp_error(state, "one command only");
}

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'j':
		env.format = OUTPUT_JSON;
		break;
	case 'k':
		env.kprobes = true;
		break;
	case 'l':
		env.locks = true;
		break;
	case 'v':
		env.verbose = true;
		break;
	case 'T':
		env.timestamp = true;
		break;
	case 'i':
		set_interval(state, arg);
		break;
	case 'c':
		env.count = atoi(arg);
		break;
	case 'w':
		if (env.nr_without == MAX_WITHOUT)
			argp_error(state, "too many --without");
		env.without[env.nr_without++] = arg;
		break;
	case ARGP_KEY_ARG:
		positional(state, arg);
		break;
	case ARGP_KEY_END:
		if (!env.cmd)
			argp_error(state, "no command (start, dump, watch, metrics, export, "
				   "refresh, reset, stop)");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static void vnote(const char *fmt, va_list ap)
{
	fputs("pcdrop-stat: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vnote(fmt, ap);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vnote(fmt, ap);
	va_end(ap);
	exit(1);
}

static int cmd_dump(void)
{
	print_whole(outputs[env.format]);
	return 0;
}

volatile sig_atomic_t exiting;

static void on_signal(int sig)
{
	(void)sig;
	exiting = 1;
}

void catch_signals(void)
{
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
}

/*
 * One JSON line of watch: "schema" first, so that a reader can check the
 * layout before it reads the rest.
 */
static void watch_json(time_t t)
{
	char ts[32];

	printf("{\"schema\":%d,", WATCH_SCHEMA);
	if (env.timestamp) {
		strftime(ts, sizeof(ts), "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
		printf("\"time\":\"%s\",", ts);
	}
	output_json_members();
	printf("}\n");
}

/* One table of watch, after a blank line from the one before. */
static void watch_table(time_t t, bool first)
{
	char ts[32];

	if (!first)
		printf("\n");
	if (env.timestamp) {
		strftime(ts, sizeof(ts), "%H:%M:%S", localtime(&t));
		printf("%s\n", ts);
	}
	output_table();
}

static int cmd_watch(void)
{
	int i;

	catch_signals();
	for (i = 0; !exiting && (!env.count || i < env.count); i++) {
		if (i)
			sleep(env.interval);
		if (exiting)
			break;
		if (env.format == OUTPUT_JSON)
			watch_json(time(NULL));
		else
			watch_table(time(NULL), !i);
		fflush(stdout);
	}
	return 0;
}

static int cmd_reset(void)
{
	maps_reset();
	printf("pcdrop-stat: counters reset\n");
	return 0;
}

int main(int argc, char **argv)
{
	static const struct argp argp = {
		.options = opts,
		.parser = parse_arg,
		.args_doc = "COMMAND\nwatch [INTERVAL [COUNT]]",
		.doc = doc,
	};

	if (argp_parse(&argp, argc, argv, 0, NULL, NULL))
		return 2;
	if (strcmp(env.cmd, "start") && geteuid() != 0)
		die("must run as root: the counters under " PIN_DIR " are root's");
	if (!strcmp(env.cmd, "start"))
		return cmd_start();
	if (!strcmp(env.cmd, "stop"))
		return cmd_stop(false);
	if (!strcmp(env.cmd, "refresh"))
		return cmd_refresh();
	if (!strcmp(env.cmd, "dump"))
		return cmd_dump();
	if (!strcmp(env.cmd, "watch"))
		return cmd_watch();
	if (!strcmp(env.cmd, "reset"))
		return cmd_reset();
	if (!strcmp(env.cmd, "metrics"))
		return cmd_metrics();
	if (!strcmp(env.cmd, "export"))
		return cmd_export();
	/* A usage error, as argp's own: exit 64, as pcdrop's. */
	note("unknown command '%s' (start, dump, watch, metrics, export, refresh, reset, "
	     "stop)", env.cmd);
	return 64;
}
