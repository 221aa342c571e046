// SPDX-License-Identifier: GPL-2.0
/*
 * strlist.c: a growable list of owned strings, for the lists a command
 * line gives (comma-separated or repeated options) and the paths the
 * journal has seen.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strlist.h"

int strlist_add(struct strlist *l, const char *s)
{
	char **nv = realloc(l->v, (l->nr + 1) * sizeof(*nv));

	if (!nv)
		return -ENOMEM;
	l->v = nv;
	l->v[l->nr] = strdup(s);
	if (!l->v[l->nr])
		return -ENOMEM;
	l->nr++;
	return 0;
}

/* "a,b,c" appended item by item; empty items are an error */
int strlist_split(struct strlist *l, const char *csv)
{
	char *dup = strdup(csv), *tok, *save, *p;
	int ret = 0;

	if (!dup)
		return -ENOMEM;
	if (!*dup || dup[strlen(dup) - 1] == ',' || *dup == ',' ||
	    strstr(dup, ",,")) {
		free(dup);
		return -EINVAL;
	}
	for (tok = strtok_r(dup, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		for (p = tok; *p == ' '; p++)
			;
		ret = strlist_add(l, p);
	}
	free(dup);
	return ret;
}

int strlist_has(const struct strlist *l, const char *s)
{
	int i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i], s))
			return 1;
	return 0;
}

void strlist_free(struct strlist *l)
{
	int i;

	for (i = 0; i < l->nr; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->nr = 0;
}

/* the items joined with SEP into BUF, cut short to fit */
void strlist_join(const struct strlist *l, const char *sep, char *buf,
		  size_t len)
{
	size_t used = 0;
	int i, n;

	if (!len)
		return;
	buf[0] = '\0';
	for (i = 0; i < l->nr && used < len; i++) {
		n = snprintf(buf + used, len - used, "%s%s", i ? sep : "", l->v[i]);
		if (n < 0)
			break;
		used += n;
	}
}
