// SPDX-License-Identifier: GPL-2.0
/*
 * queue_attr.c: unit test of kernel/queue_attr.c, where a setting of a
 * target lives.  A native NVMe multipath head (two hidden path disks) has
 * its request attributes on the paths only, its accounting on itself and
 * the paths, any other attribute on itself; every other target is its own
 * disk for all of them.
 */
#include <string.h>

#include "kernel/queue_attr.h"
#include "check.h"

/* the disks of attr on t, space-separated */
static const char *disks_of(const struct target *t, const char *attr)
{
	static char buf[256];
	const char *d[QUEUE_ATTR_DISKS_MAX];
	int n = queue_attr_disks(t, attr, d), i;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i)
			strcat(buf, " ");
		strcat(buf, d[i]);
	}
	return buf;
}

int main(void)
{
	struct target head = {
		.disk = "nvme0n1", .nr_paths = 2,
		.paths = { "nvme0c0n1", "nvme0c1n1" },
	};
	struct target loop = { .disk = "loop0" };

	CHECK(queue_attr_on_requests("nomerges"));
	CHECK(queue_attr_on_requests("scheduler"));
	CHECK(!queue_attr_on_requests("iostats"));
	CHECK(!queue_attr_on_requests("read_ahead_kb"));
	CHECK(!queue_attr_on_requests("nomerges2"));

	CHECK(!strcmp(disks_of(&head, "nomerges"), "nvme0c0n1 nvme0c1n1"));
	CHECK(!strcmp(disks_of(&head, "scheduler"), "nvme0c0n1 nvme0c1n1"));
	CHECK(!strcmp(disks_of(&head, "wbt_lat_usec"), "nvme0c0n1 nvme0c1n1"));
	CHECK(!strcmp(disks_of(&head, "iostats"), "nvme0n1 nvme0c0n1 nvme0c1n1"));
	CHECK(!strcmp(disks_of(&head, "iostats_passthrough"),
		      "nvme0n1 nvme0c0n1 nvme0c1n1"));
	CHECK(!strcmp(disks_of(&head, "read_ahead_kb"), "nvme0n1"));

	CHECK(!strcmp(disks_of(&loop, "nomerges"), "loop0"));
	CHECK(!strcmp(disks_of(&loop, "iostats"), "loop0"));
	CHECK(!strcmp(disks_of(&loop, "read_ahead_kb"), "loop0"));
	return check_done("queue_attr");
}
