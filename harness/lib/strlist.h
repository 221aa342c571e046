/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strlist.h: a growable list of strings the list owns.
 */
#ifndef FIORING_STRLIST_H
#define FIORING_STRLIST_H

#include <stddef.h>

struct strlist {
	int nr;
	char **v;
};

int strlist_add(struct strlist *l, const char *s);
int strlist_split(struct strlist *l, const char *csv);
int strlist_has(const struct strlist *l, const char *s);
void strlist_free(struct strlist *l);
void strlist_join(const struct strlist *l, const char *sep, char *buf,
		  size_t len);

#endif
