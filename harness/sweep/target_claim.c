// SPDX-License-Identifier: GPL-2.0
/*
 * target_claim.c: takes a target for the sweep.  The lock is on the whole
 * disk's node, /dev/DISK, since the settings a sweep changes are the
 * disk's: two partitions of one disk, or an NVMe head and its char device,
 * are one lock.  O_EXCL goes on the node fio writes (the partition, or the
 * head of a char device: passthrough writes the same namespace), and only
 * when the sweep writes: a reading sweep may share a device with its user.
 * The embedded device is not locked: the sweep made it, and the teardown
 * that removes it must find it closed.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "kernel/blkid_guard.h"
#include "kernel/devlock.h"
#include "sweep/target_claim.h"

int target_claim(struct devlocks *locks, const struct target *t, bool writes,
		 bool force)
{
	char node[PATH_MAX], why[PATH_MAX + 256];
	int ret;

	if (t->embedded)
		return 0;
	snprintf(node, sizeof(node), "/dev/%s", t->disk);
	if (access(node, F_OK))
		snprintf(node, sizeof(node), "%s", t->dev);
	ret = devlock_take(locks, node, why, sizeof(why));
	if (ret) {
		fprintf(stderr, "fioring-bench run: --target %s: %s%s\n", t->dev, why,
			ret == -EBUSY ? "; one sweep at a time per device" : "");
		return ret;
	}
	if (!writes)
		return 0;
	if (!force) {
		ret = blkid_guard_check(t, why, sizeof(why));
		if (ret) {
			fprintf(stderr, "fioring-bench run: refusing to write to %s: %s "
				"(--force to write anyway)\n", t->dev, why);
			return ret;
		}
	}
	ret = devlock_claim(locks, node, t->is_char ? node : t->dev, why,
			    sizeof(why));
	if (ret)
		fprintf(stderr, "fioring-bench run: refusing to write to %s: %s\n",
			t->dev, why);
	return ret;
}
