// SPDX-License-Identifier: GPL-2.0
/*
 * flag_list.c: a ;-separated list of flags (see flag_list.h).
 */
#include <stdio.h>
#include <string.h>

#include "results/flag_list.h"

void flags_add(char *buf, size_t len, const char *flag)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n ? ";" : "", flag);
}

int flags_has(const char *list, const char *flag)
{
	size_t fl = strlen(flag);
	const char *p = list;

	while ((p = strstr(p, flag))) {
		if ((p == list || p[-1] == ';') && (p[fl] == ';' || !p[fl]))
			return 1;
		p += fl;
	}
	return 0;
}

void flags_merge(char *buf, size_t len, const char *list)
{
	char flag[128];
	const char *p, *end;
	size_t n;

	for (p = list; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ';');
		n = (size_t)(end - p);
		if (!n || n >= sizeof(flag))
			continue;
		memcpy(flag, p, n);
		flag[n] = '\0';
		if (!flags_has(buf, flag))
			flags_add(buf, len, flag);
	}
}

void flags_drop(char *buf, const char *flag)
{
	size_t fl = strlen(flag);
	char *p = buf;

	while ((p = strstr(p, flag))) {
		if ((p == buf || p[-1] == ';') && (p[fl] == ';' || !p[fl])) {
			memmove(p, p + fl + (p[fl] == ';'), strlen(p + fl) + 1);
			if (!*p && p > buf && p[-1] == ';')
				p[-1] = '\0';
			continue;
		}
		p += fl;
	}
}
