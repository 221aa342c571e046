/* SPDX-License-Identifier: GPL-2.0 */
/*
 * str.h: small string helpers.
 */
#ifndef FIORING_STR_H
#define FIORING_STR_H

#include <stddef.h>

/* drops trailing newlines, blanks and tabs */
void str_trim(char *s);
/* copies src into dst of len bytes, cutting it short if need be */
void str_copy(char *dst, size_t len, const char *src);

#endif
