/* SPDX-License-Identifier: GPL-2.0 */
/*
 * devlock.h: one sweep per device.  A sweep holds a BSD flock on each
 * device node it changes settings of, for as long as it runs, and before
 * writing opens the device O_EXCL so that nobody can mount it, and so that
 * it refuses a device someone else claimed.
 */
#ifndef FIORING_DEVLOCK_H
#define FIORING_DEVLOCK_H

#include <stdbool.h>
#include <stddef.h>

struct devlock {
	char dev[4096];
	int fd;			/* flock'ed */
	int excl_fd;		/* open O_EXCL, or -1 */
};

struct devlocks {
	int nr;
	struct devlock *v;
};

/*
 * flock(LOCK_EX) on node, kept until devlocks_release; taking a node twice
 * is a no-op.  -EBUSY with the holder in why ("/dev/loop0 is locked by
 * pid 123 (fioring-bench)"), or -errno with what failed.
 */
int devlock_take(struct devlocks *l, const char *node, char *why, size_t len);
/*
 * Opens dev O_EXCL and keeps it open with node's lock (dev: the node
 * itself, or the partition its disk's lock stands for).  -EBUSY with who
 * claimed it in why, -ENOLCK when node is not locked, or -errno.
 */
int devlock_claim(struct devlocks *l, const char *node, const char *dev,
		  char *why, size_t len);
void devlocks_release(struct devlocks *l);

#endif
