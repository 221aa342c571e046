// SPDX-License-Identifier: GPL-2.0
/*
 * fio_client.c: fio's own way of naming the servers of a --client run:
 * host lists on the command line or in a file, and a host item as fio's
 * JSON names it again (name and port apart, the "ip:" prefix dropped).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/fio_client.h"

static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

int fio_client_list_add(const char *csv, struct strlist *out)
{
	struct strlist items = { 0 };
	char buf[512];
	int i, ret;

	ret = strlist_split(&items, csv);
	for (i = 0; !ret && i < items.nr; i++) {
		if (all_digits(items.v[i])) {
			ret = -EINVAL;
			continue;
		}
		if (i + 1 < items.nr && all_digits(items.v[i + 1])) {
			snprintf(buf, sizeof(buf), "%s,%s", items.v[i], items.v[i + 1]);
			ret = strlist_add(out, buf);
			i++;
		} else {
			ret = strlist_add(out, items.v[i]);
		}
	}
	strlist_free(&items);
	return ret;
}

int fio_client_list_read(const char *path, struct strlist *out)
{
	char tok[512];
	int ret = 0, n = 0;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (!ret && fscanf(f, "%511s", tok) == 1) {
		ret = strlist_add(out, tok);
		n++;
	}
	fclose(f);
	return ret ?: (n ? 0 : -EINVAL);
}

void fio_client_split(const char *host, char *name, size_t len, int *port)
{
	const char *comma;

	if (!strncmp(host, "ip:", 3) || !strncmp(host, "ip6:", 4))
		host = strchr(host, ':') + 1;
	comma = strrchr(host, ',');
	*port = comma ? atoi(comma + 1) : FIO_DEFAULT_PORT;
	snprintf(name, len, "%.*s", comma ? (int)(comma - host) : (int)strlen(host),
		 host);
}
