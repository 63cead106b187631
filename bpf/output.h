/* SPDX-License-Identifier: GPL-2.0 */
/*
 * output.h - the outputs of "dump" and "watch".  Each prints every counter
 * once, read from the pinned maps through maps.h, and knows nothing of
 * how they were attached beyond hooks.h's view of the pinned links.
 */
#ifndef __PCDROP_STAT_OUTPUT_H
#define __PCDROP_STAT_OUTPUT_H

/* output-table.c: the tables of "dump" and "watch", for people. */
void output_table(void);
/* output-json.c: one JSON object, the maps as bpftool prints them and more. */
void output_json(void);
/* output-metrics.c: Prometheus' text exposition format (docs/metrics.md). */
void output_metrics(void);
/* Its members alone, for the JSON lines of watch, which add their own. */
void output_json_members(void);

/*
 * The version of the layout of watch's JSON lines, their "schema": raised
 * whenever a member is removed, renamed or changes its meaning (adding
 * one does not).
 */
#define WATCH_SCHEMA	1

#endif /* __PCDROP_STAT_OUTPUT_H */
