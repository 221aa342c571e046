// SPDX-License-Identifier: GPL-2.0
/*
 * str.c: the string helpers the harness uses everywhere: copying into a
 * fixed buffer without overrunning it, and trimming what a file or a
 * command left at the end of a line.
 */
#include <string.h>

#include "lib/str.h"

void str_trim(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
}

/* copies src into dst of len bytes, cutting it short if need be */
void str_copy(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (!len)
		return;
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}
