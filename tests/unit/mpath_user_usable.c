// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_user_usable.c: checks which paths the engine lets I/O go to
 * (engines/mpath_user_usable.c, built in here) under every mix of ANA states and
 * failed paths: the NVMe testbed's qemu has no ANA, so this is where the
 * rule "non-optimized only when no optimized path is usable" is tested.
 */
#include <string.h>

#include "check.h"
#include "../../engines/mpath_user_usable.c"

#define NR 4

static struct path path[NR];
static unsigned int usable[NR];
static struct paths p;

/* a set of NR paths in the given ANA states, all up, on NUMA node 0 */
static void setup(const enum paths_ana *ana)
{
	int i;

	memset(path, 0, sizeof(path));
	memset(&p, 0, sizeof(p));
	for (i = 0; i < NR; i++)
		path[i].info.ana = ana[i];
	p.path = path;
	p.nr = NR;
	p.usable = usable;
}

/* the usable list, as a string of path indexes: "023" */
static const char *usable_str(void)
{
	static char s[NR + 1];
	unsigned int i;

	for (i = 0; i < p.nr_usable; i++)
		s[i] = '0' + p.usable[i];
	s[i] = '\0';
	return s;
}

int main(void)
{
	const enum paths_ana none[NR] = { 0 };
	const enum paths_ana mixed[NR] = {
		PATHS_ANA_NON_OPTIMIZED, PATHS_ANA_OPTIMIZED,
		PATHS_ANA_INACCESSIBLE, PATHS_ANA_OPTIMIZED,
	};
	const enum paths_ana nonopt[NR] = {
		PATHS_ANA_NON_OPTIMIZED, PATHS_ANA_INACCESSIBLE,
		PATHS_ANA_NON_OPTIMIZED, PATHS_ANA_INACCESSIBLE,
	};
	const enum paths_ana dead[NR] = {
		PATHS_ANA_INACCESSIBLE, PATHS_ANA_INACCESSIBLE,
		PATHS_ANA_INACCESSIBLE, PATHS_ANA_INACCESSIBLE,
	};

	/* no ANA (block devices, qemu): every path that is up */
	setup(none);
	paths_update_usable(&p);
	CHECK(!strcmp(usable_str(), "0123"));
	path[2].down = true;
	paths_update_usable(&p);
	CHECK(!strcmp(usable_str(), "013"));

	/* optimized paths only, while one is up */
	setup(mixed);
	paths_update_usable(&p);
	CHECK(!strcmp(usable_str(), "13"));
	path[1].down = true;
	paths_update_usable(&p);
	CHECK(!strcmp(usable_str(), "3"));
	/* the last optimized path fails: the non-optimized one takes over */
	path[3].down = true;
	paths_update_usable(&p);
	CHECK(!strcmp(usable_str(), "0"));
	/* and nothing when it fails too: inaccessible is never used */
	path[0].down = true;
	paths_update_usable(&p);
	CHECK(p.nr_usable == 0);

	/* only non-optimized and inaccessible paths: the non-optimized */
	setup(nonopt);
	paths_update_usable(&p);
	CHECK(!strcmp(usable_str(), "02"));

	setup(dead);
	paths_update_usable(&p);
	CHECK(p.nr_usable == 0);

	/* the round-robin cursor stays inside a list that shrank */
	setup(none);
	paths_update_usable(&p);
	p.rr = 3;
	path[3].down = true;
	paths_update_usable(&p);
	CHECK(p.rr < p.nr_usable);

	/* numa: the first usable path on the job's node, else the first usable */
	setup(mixed);
	path[3].info.numa_node = 1;
	p.home_node = 1;
	paths_update_usable(&p);
	CHECK(p.numa_pick == 3);
	p.home_node = 2;
	paths_update_usable(&p);
	CHECK(p.numa_pick == 1);
	/* a path on our node that is only non-optimized is not preferred */
	path[0].info.numa_node = 2;
	paths_update_usable(&p);
	CHECK(p.numa_pick == 1);

	return check_done("mpath_user_usable");
}
