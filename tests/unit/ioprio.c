// SPDX-License-Identifier: GPL-2.0
/*
 * ioprio.c: unit test of --ioprio items: the two shapes (CLASS/LEVEL for
 * all I/O, CLASS:PCT[:LEVEL] for a share), the bad values refused, the
 * class names, and the fio options each becomes.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "results/ioprio.h"

int main(void)
{
	static const char *const bad[] = {
		"", "rt", "rt/", "rt/8", "rt:0", "rt:101", "rt:10:8", "rt:10:",
		"rt:-1", "be/4x", "RT:10", "best:10", "idle:50:1:2", "none/1",
		"rt:1 0", "rt/ 1",
	};
	struct strlist opts = { 0 };
	struct ioprio_mix m;
	size_t i;

	CHECK(!ioprio_parse("none", &m) && !m.cls && !m.pct);
	CHECK(!ioprio_parse("be/4", &m) && m.cls == 2 && m.level == 4 && !m.pct);
	CHECK(!ioprio_parse("rt:10", &m) && m.cls == 1 && m.pct == 10 && !m.level);
	CHECK(!ioprio_parse("idle:50", &m) && m.cls == 3 && m.pct == 50);
	CHECK(!ioprio_parse("rt:100:3", &m) && m.cls == 1 && m.pct == 100 &&
	      m.level == 3);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (ioprio_parse(bad[i], &m) != -EINVAL)
			fprintf(stderr, "accepted: '%s'\n", bad[i]);
		CHECK(ioprio_parse(bad[i], &m) == -EINVAL);
	}
	CHECK(!strcmp(ioprio_class_name(1), "rt") &&
	      !strcmp(ioprio_class_name(3), "idle"));
	CHECK(!ioprio_fio_opts("none", &opts) && !opts.nr);
	CHECK(!ioprio_fio_opts("idle/7", &opts) && opts.nr == 2 &&
	      !strcmp(opts.v[0], "prioclass=3") && !strcmp(opts.v[1], "prio=7"));
	strlist_free(&opts);
	CHECK(!ioprio_fio_opts("rt:10:2", &opts) && opts.nr == 3 &&
	      !strcmp(opts.v[0], "cmdprio_percentage=10") &&
	      !strcmp(opts.v[1], "cmdprio_class=1") &&
	      !strcmp(opts.v[2], "cmdprio=2"));
	strlist_free(&opts);
	CHECK(ioprio_fio_opts("rt:0", &opts) == -EINVAL && !opts.nr);
	return check_done("ioprio");
}
