// SPDX-License-Identifier: GPL-2.0
/*
 * queue_snap.c: a target's queue/ attributes as found (queue_snap.h).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/queue_attr.h"
#include "kernel/queue_choice.h"
#include "kernel/queue_snap.h"
#include "lib/fileio.h"

/*
 * The value of ATTR where it lives: one value when its disks agree (a
 * multipath head's paths, queue_attr.h), else "DISK=V DISK=V ..." so that
 * a path left otherwise shows in the record.  -errno when one cannot be
 * read (a subdirectory such as iosched/ reads as an error).
 */
static int read_attr(const struct target *t, const char *attr, char *out,
		     size_t len)
{
	const char *disks[QUEUE_ATTR_DISKS_MAX];
	char path[PATH_BUF], vals[QUEUE_ATTR_DISKS_MAX][256];
	int n = queue_attr_disks(t, attr, disks), i, same = 1, ret;
	size_t used = 0;

	for (i = 0; i < n; i++) {
		ret = queue_attr_disk_path(disks[i], attr, path, sizeof(path)) ?:
		      file_read_line(path, vals[i], sizeof(vals[i]));
		if (ret)
			return ret;
		queue_choice_current(vals[i]);
		same &= !strcmp(vals[i], vals[0]);
	}
	if (same)
		return snprintf(out, len, "%s", vals[0]) < (int)len ? 0 : -ENAMETOOLONG;
	for (i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s=%s",
					 i ? " " : "", disks[i], vals[i]);
	return used < len ? 0 : -ENAMETOOLONG;
}

json_object *queue_snap_json(const struct target *t)
{
	char dir[PATH_BUF], val[1024];
	struct dirent **names;
	json_object *o;
	int n, i;

	snprintf(dir, sizeof(dir), "/sys/block/%s/queue", t->disk);
	n = dir_names(dir, &names);
	if (n < 0)
		return NULL;
	o = json_object_new_object();
	for (i = 0; i < n; i++) {
		if (o && !read_attr(t, names[i]->d_name, val, sizeof(val)))
			json_object_object_add(o, names[i]->d_name,
					       json_object_new_string(val));
		free(names[i]);
	}
	free(names);
	return o;
}
