// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_user_list.c: splits the value of paths= (devices separated by ':') into
 * names.  It reads what the user typed and nothing of fio, which keeps it
 * callable from the fuzz target (tests/fuzz/paths_option.c); what each name
 * is worth (same data, one kind of device, no duplicate) is paths.c's job.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mpath_user_list.h"

int paths_list_split(const char *list, struct paths_list *pl)
{
	char *save = NULL, *dev;
	size_t max;

	memset(pl, 0, sizeof(*pl));
	pl->buf = strdup(list);
	if (!pl->buf)
		return -ENOMEM;
	/* n names need at least n - 1 separators */
	max = strlen(list) / 2 + 1;
	pl->dev = calloc(max, sizeof(*pl->dev));
	if (!pl->dev)
		return -ENOMEM;
	for (dev = strtok_r(pl->buf, ":", &save); dev;
	     dev = strtok_r(NULL, ":", &save))
		pl->dev[pl->nr++] = dev;
	return 0;
}

void paths_list_free(struct paths_list *pl)
{
	free(pl->dev);
	free(pl->buf);
	memset(pl, 0, sizeof(*pl));
}
