/* SPDX-License-Identifier: GPL-2.0 */
/*
 * export.h - "metrics" and "export": the Prometheus metrics on standard
 * output, or written atomically to a file, once or every interval; and
 * print_whole(), any output on standard output whole or not at all.
 */
#ifndef __PCDROP_STAT_EXPORT_H
#define __PCDROP_STAT_EXPORT_H

int cmd_metrics(void);
void print_whole(void (*print)(void));
int cmd_export(void);

#endif /* __PCDROP_STAT_EXPORT_H */
