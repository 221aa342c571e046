/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mpath_user_list.h: the paths= option's value split into device names, apart
 * from fio's structures so that the fuzz target can call it.
 */
#ifndef FIORING_PATHS_LIST_H
#define FIORING_PATHS_LIST_H

struct paths_list {
	char *buf;		/* one copy of the value, cut at each ':' */
	char **dev;		/* the non-empty names, pointing into buf */
	unsigned int nr;
};

/*
 * paths_list_split() - split @list at ':' into @pl, skipping empty names (a
 * doubled or trailing ':').  0 or -ENOMEM; paths_list_free() in both cases.
 */
int paths_list_split(const char *list, struct paths_list *pl);
void paths_list_free(struct paths_list *pl);

#endif
