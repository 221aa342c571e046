/* SPDX-License-Identifier: GPL-2.0 */
/*
 * target.h: what the harness knows about a device it sweeps: the node fio
 * opens, the block disk behind it (its queue knobs and diskstats name), its
 * model, its hidden per-path NVMe disks, its slaves, and the directory of
 * its NVMe subsystem when it is a native multipath head.
 */
#ifndef FIORING_TARGET_H
#define FIORING_TARGET_H

#include <limits.h>
#include <stdbool.h>

#include "kernel/diskstats.h"

#define TARGET_MAX_PATHS	8
#define TARGET_MAX_SLAVES	8

struct target {
	char dev[PATH_MAX];		/* what fio opens */
	char disk[DISK_NAME_LEN];	/* whole disk: queue/ lives here */
	char stat_name[DISK_NAME_LEN];	/* diskstats line (partition or disk) */
	char model[128];
	bool is_char;		/* NVMe generic char device /dev/ngXnY */
	bool embedded;
	bool remote;		/* on fio servers (--client): nothing read here */
	char subsys[PATH_MAX];	/* the subsystem's sysfs directory; empty unless
				 * native NVMe multipath */
	int nr_paths;
	char paths[TARGET_MAX_PATHS][DISK_NAME_LEN];
	int nr_slaves;
	char slaves[TARGET_MAX_SLAVES][DISK_NAME_LEN];
};

/* what a device is, beyond its model: read from sysfs, "" or 0 when it has none */
struct target_identity {
	char serial[128];
	char firmware[64];
	unsigned long long size_bytes;
};

int target_resolve(const char *dev, struct target *t);
void target_identity(const struct target *t, struct target_identity *id);
int target_stat_names(const struct target *t, const char **names, int max);

#endif
