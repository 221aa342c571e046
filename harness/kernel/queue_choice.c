// SPDX-License-Identifier: GPL-2.0
/*
 * queue_choice.c: the choices a queue/ attribute lists (queue_choice.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lib/fileio.h"
#include "kernel/queue_choice.h"

int queue_offered(const char *path, const char *name, char *offers,
		  size_t len)
{
	char raw[512], *tok, *save;
	size_t used = 0;
	int ret, found = 0;

	offers[0] = '\0';
	ret = file_read_line(path, raw, sizeof(raw));
	if (ret)
		return ret;
	/* a value, not a list: what it takes is for the write to say */
	if (!strchr(raw, '['))
		return 1;
	for (tok = strtok_r(raw, " []", &save); tok;
	     tok = strtok_r(NULL, " []", &save)) {
		found |= !strcmp(tok, name);
		if (used < len)
			used += snprintf(offers + used, len - used, "%s%s",
					 used ? ", " : "", tok);
	}
	return found;
}

void queue_choice_current(char *val)
{
	char *open = strchr(val, '['), *close = open ? strchr(open, ']') : NULL;

	if (!close)
		return;
	memmove(val, open + 1, (size_t)(close - open - 1));
	val[close - open - 1] = '\0';
}
