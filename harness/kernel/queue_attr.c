// SPDX-License-Identifier: GPL-2.0
/*
 * queue_attr.c: where a target's queue/ settings live (queue_attr.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kernel/knob.h"
#include "kernel/queue_attr.h"
#include "lib/fileio.h"

bool queue_attr_on_requests(const char *attr)
{
	static const char *const rq_only[] = {
		"nomerges", "add_random", "nr_requests", "rq_affinity",
		"wbt_lat_usec", "scheduler",
	};
	size_t i;

	for (i = 0; i < sizeof(rq_only) / sizeof(rq_only[0]); i++)
		if (!strcmp(rq_only[i], attr))
			return true;
	return false;
}

/* the disks that hold t's requests: a multipath head's paths, else its own */
static int request_disks(const struct target *t, const char **disks)
{
	int i;

	disks[0] = t->disk;
	for (i = 0; i < t->nr_paths; i++)
		disks[i] = t->paths[i];
	return i ?: 1;
}

int queue_attr_disks(const struct target *t, const char *attr,
		     const char **disks)
{
	int n = 0, i;

	if (queue_attr_on_requests(attr))
		return request_disks(t, disks);
	disks[n++] = t->disk;
	if (!strcmp(attr, "iostats") || !strcmp(attr, "iostats_passthrough"))
		for (i = 0; i < t->nr_paths; i++)
			disks[n++] = t->paths[i];
	return n;
}

int queue_attr_disk_path(const char *disk, const char *attr, char *buf,
			 size_t len)
{
	if (snprintf(buf, len, "/sys/block/%s/queue/%s", disk, attr) >= (int)len)
		return -ENAMETOOLONG;
	return access(buf, F_OK) < 0 ? -errno : 0;
}

int queue_attr_path(const struct target *t, const char *attr, char *buf,
		    size_t len)
{
	const char *disks[QUEUE_ATTR_DISKS_MAX];

	queue_attr_disks(t, attr, disks);
	return queue_attr_disk_path(disks[0], attr, buf, len);
}

int queue_attr_set(struct journal *j, const struct target *t, const char *attr,
		   const char *val, char *eff, size_t len, const char **where)
{
	const char *disks[QUEUE_ATTR_DISKS_MAX];
	char path[PATH_BUF], got[256], first[256] = "";
	int n = queue_attr_disks(t, attr, disks), i, ret;

	for (i = 0; i < n; i++) {
		*where = disks[i];
		ret = queue_attr_disk_path(disks[i], attr, path, sizeof(path)) ?:
		      knob_set(j, path, val, got, sizeof(got));
		if (ret)
			return ret;
		if (!i)
			snprintf(first, sizeof(first), "%s", got);
		if (!i || strcmp(got, first))
			snprintf(eff, len, "%s", got);
	}
	return 0;
}

bool queue_attr_blk_mq(const struct target *t)
{
	const char *disks[QUEUE_ATTR_DISKS_MAX];
	char path[PATH_BUF];

	request_disks(t, disks);
	snprintf(path, sizeof(path), "/sys/block/%s/mq", disks[0]);
	return !access(path, F_OK);
}
