// SPDX-License-Identifier: GPL-2.0
/*
 * queue_snap.c: a target's queue/ attributes as found (queue_snap.h).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/queue_attr.h"
#include "kernel/queue_snap.h"
#include "lib/fileio.h"

/* "[none] mq-deadline" offers a choice; what counts is the one in use */
static void current_choice(char *val)
{
	char *open = strchr(val, '['), *close = open ? strchr(open, ']') : NULL;

	if (!close)
		return;
	memmove(val, open + 1, (size_t)(close - open - 1));
	val[close - open - 1] = '\0';
}

static int not_dot(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

json_object *queue_snap_json(const struct target *t)
{
	char dir[PATH_BUF], path[PATH_BUF], val[256];
	struct dirent **names;
	json_object *o;
	int n, i;

	snprintf(dir, sizeof(dir), "/sys/block/%s/queue", t->disk);
	n = scandir(dir, &names, not_dot, alphasort);
	if (n < 0)
		return NULL;
	o = json_object_new_object();
	for (i = 0; i < n; i++) {
		/* a subdirectory (iosched/) reads as an error and is left out */
		if (o && !queue_attr_path(t, names[i]->d_name, path, sizeof(path)) &&
		    !file_read_line(path, val, sizeof(val))) {
			current_choice(val);
			json_object_object_add(o, names[i]->d_name,
					       json_object_new_string(val));
		}
		free(names[i]);
	}
	free(names);
	return o;
}
