// SPDX-License-Identifier: GPL-2.0
/*
 * scheduler.c: reads queue/scheduler ("[none] mq-deadline kyber bfq") to
 * tell whether a scheduler can be set on a target, so that one the device
 * lacks is named once before the sweep starts, not only in the failure of
 * every run of its cells.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lib/fileio.h"
#include "kernel/scheduler.h"

/*
 * 1 when the target's queue offers name, 0 when not, -errno when its
 * queue/scheduler cannot be read; offers gets the list, brackets dropped.
 */
int scheduler_offered(const struct target *t, const char *name, char *offers,
		      size_t len)
{
	char path[PATH_BUF], raw[512], *tok, *save;
	size_t used = 0;
	int ret, found = 0;

	offers[0] = '\0';
	ret = target_queue_path(t, "scheduler", path, sizeof(path));
	if (!ret)
		ret = file_read_line(path, raw, sizeof(raw));
	if (ret)
		return ret;
	for (tok = strtok_r(raw, " []", &save); tok;
	     tok = strtok_r(NULL, " []", &save)) {
		found |= !strcmp(tok, name);
		if (used < len)
			used += snprintf(offers + used, len - used, "%s%s",
					 used ? ", " : "", tok);
	}
	return found;
}
