/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_version.h - the version tests, on their own so that assembly
 * (kernel_bodies.S) can include them too.
 *
 * Each difference between kernel versions is chosen by the version range
 * in which that API holds, never by an exact version, so every stable
 * update of a series builds unchanged.  PCDROP_SERIES(a, b) is one series,
 * for the check of the verified ones; PCDROP_SINCE(a, b) starts a range.
 */
#ifndef PCDROP_KERNEL_VERSION_H
#define PCDROP_KERNEL_VERSION_H

#include <linux/version.h>

#define PCDROP_SERIES(a, b)	(LINUX_VERSION_CODE >> 8 == KERNEL_VERSION(a, b, 0) >> 8)
#define PCDROP_SINCE(a, b)	(KERNEL_VERSION(a, b, 0) <= LINUX_VERSION_CODE)

/*
 * The shadow-entry path (shadow_batch.c) exists before 6.13 only: from
 * 6.13 (seed 004) the kernel removes shadow entries in one walk itself.
 */
#if !PCDROP_SINCE(6, 13)
#define PCDROP_SHADOW_PATH	1
#endif

#endif /* PCDROP_KERNEL_VERSION_H */
