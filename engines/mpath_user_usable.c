// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_user_usable.c: which paths I/O may go to.  ANA decides first: optimized
 * paths (and paths without ANA) that are up; non-optimized ones only when
 * none of those is left, as the kernel's multipath does; inaccessible
 * never.  The numa policy's path is the first of those on the job's node.
 */
#include "mpath_user_types.h"

void paths_update_usable(struct paths *p)
{
	unsigned int i, n = 0;
	bool nonopt = false;

	for (i = 0; i < p->nr; i++) {
		const struct path *pa = &p->path[i];

		if (pa->down || pa->info.ana == PATHS_ANA_INACCESSIBLE)
			continue;
		if (pa->info.ana == PATHS_ANA_NON_OPTIMIZED)
			nonopt = true;
		else
			p->usable[n++] = i;
	}
	/* non-optimized paths only when no optimized path is usable */
	if (!n && nonopt) {
		for (i = 0; i < p->nr; i++) {
			const struct path *pa = &p->path[i];

			if (!pa->down && pa->info.ana == PATHS_ANA_NON_OPTIMIZED)
				p->usable[n++] = i;
		}
	}
	p->nr_usable = n;
	if (p->rr >= n)
		p->rr = 0;

	/* numa: the first usable path on our node, else the first usable */
	p->numa_pick = n ? p->usable[0] : 0;
	for (i = 0; i < n; i++) {
		if (p->path[p->usable[i]].info.numa_node == p->home_node) {
			p->numa_pick = p->usable[i];
			break;
		}
	}
}
