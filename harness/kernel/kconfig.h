/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kconfig.h: the running kernel's build options that move storage
 * figures: the block layer, NVMe and io_uring, preemption and the tick,
 * the debugging and sanitizing options that slow every I/O (lockdep,
 * KASAN, ...), and the speculation mitigations built in.  A kernel bisect
 * or a distribution's new config can turn one on between two sweeps of
 * the same release; the history names it where a figure moved.
 */
#ifndef FIORING_KCONFIG_H
#define FIORING_KCONFIG_H

#include <json-c/json.h>

/*
 * {"CONFIG_X": "y", ...}: each such option of the config file at @path
 * (plain or gzipped) as written there, "n" for "is not set", a string
 * without its quotes.  NULL when it cannot be opened or memory ran out.
 */
json_object *kconfig_read(const char *path);
/*
 * The running kernel's: kconfig_read() of /proc/config.gz, else
 * /boot/config-RELEASE, else /lib/modules/RELEASE/config; @source (@len
 * bytes) gets the file read.  NULL when none can be read.
 */
json_object *kconfig_json(char *source, size_t len);

#endif
