/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ioprio_mix.h: the priority mixes `fioring-bench run --ioprio` sweeps, as
 * written on the command line, and the fio options each becomes.
 */
#ifndef FIORING_IOPRIO_MIX_H
#define FIORING_IOPRIO_MIX_H

#include "lib/strlist.h"

/*
 * "none": no priority asked for.  "CLASS/LEVEL": every I/O of the job in
 * that class (fio's prioclass/prio).  "CLASS:PCT[:LEVEL]": PCT% of the I/O
 * in that class, the rest as the job has it (fio's cmdprio_percentage,
 * cmdprio_class, cmdprio).  CLASS is rt, be or idle; LEVEL 0-7 [0].
 */
struct ioprio_mix {
	int cls;	/* 0 none, 1 rt, 2 be, 3 idle: the kernel's classes */
	int level;
	int pct;	/* 0: every I/O (prioclass), else a cmdprio share */
};

int ioprio_parse(const char *s, struct ioprio_mix *m);
/*
 * Adds the fio options (NAME=VALUE) of mix s to opts: prioclass and prio,
 * or the cmdprio_* engine options of a share; none for "none".  0, or
 * -EINVAL for a mix ioprio_parse() refuses, -ENOMEM.
 */
int ioprio_fio_opts(const char *s, struct strlist *opts);
const char *ioprio_class_name(int cls);

#endif
