// SPDX-License-Identifier: GPL-2.0
/*
 * dims.c: the table of sweep dimensions (see dims.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "kernel/queue_attr.h"
#include "results/dims.h"

const struct dim dims[NR_DIMS] = {
	[DIM_TARGET] = {
		.name = "target", .flag = "--target", .where = DIM_CELL,
		.probe = "resolved to its disk; blk-mq or bio-based, what "
			 "its completions and counters do (applicability.c)",
		.req_col = "target", .cell_part = "", .label = "",
		.fio_owns = { "filename", "directory", "filename_format",
			      "opendir" },
		.owns_why = "the sweep names the device",
		.csv_after = "error",
	},
	[DIM_ENGINE] = {
		.name = "engine", .flag = "--engine", .where = DIM_FIO_OPTION,
		.attr = "ioengine", .defaults = "fioring,io_uring",
		.probe = "fio --enghelp loads it", .req_col = "engine",
		.fio_owns = { "ioengine" }, .owns_why = "the sweep sets the engine",
		.cell_part = "", .label = "", .vs = true,
		.cmp_base = "io_uring", .cmp_cand = "fioring",
		.cmp_question = "libfioring vs fio's io_uring", .side = "%s",
		.help = "fioring and/or io_uring (or any fio engine)\n"
			"[fioring,io_uring]",
		.form = DIM_FORM_WORD, .want = "engine names",
		.csv_after = "fio_version",
	},
	[DIM_JOB] = {
		.name = "job", .flag = "--job", .where = DIM_CELL,
		.probe = "fio --parse-only reads it (job_guard.c)",
		.req_col = "job", .cell_part = "", .label = "", .vs = true,
		.csv_after = "engine_version",
	},
	[DIM_SQPOLL] = {
		.name = "sqpoll", .flag = "--sqpoll", .where = DIM_FIO_OPTION,
		.attr = "sqthread_poll", .defaults = "0", .fio_default = "0",
		.fio_owns = { "sqthread_poll" },
		.probe = "fio's JSON reports the option it ran with",
		.req_col = "sqpoll", .cell_part = "sq", .label = "sq", .vs = true,
		.cmp_base = "0", .cmp_cand = "1",
		.cmp_question = "SQPOLL on vs off", .side = "SQPOLL %s",
		.cmp_latency = true,
		.help = "sqthread_poll values, 0 and/or 1 [0]",
		.form = DIM_FORM_BOOL, .want = "0 and/or 1",
		.type = DIM_INT, .csv_after = "engine_version",
	},
	[DIM_IODEPTH] = {
		.name = "iodepth", .where = DIM_FIO_OPTION, .attr = "iodepth",
		.probe = "fio's JSON", .req_col = "iodepth", .label = "qd",
		.type = DIM_NUM, .csv_after = "engine_version",
	},
	[DIM_IOSTATS] = {
		.name = "iostats", .flag = "--iostats", .where = DIM_QUEUE_ATTR,
		.attr = "iostats", .defaults = "0,1,2",
		.probe = "each value written and read back; a few reads with "
			 "0 and 1 show whether the kernel honours it",
		.journal = "knob: the path and its value before the sweep",
		.req_col = "iostats_req", .eff_col = "iostats_eff",
		.cell_part = "iostats", .label = "iostats", .vs = true,
		.on_off = true, .cmp_base = "0",
		.help = "queue/iostats values [0,1,2]",
		.form = DIM_FORM_UINT, .want = "whole numbers >= 0",
		.csv_after = "engine_version",
	},
	[DIM_IOPOLICY] = {
		.name = "iopolicy", .flag = "--iopolicy",
		.where = DIM_NVME_SUBSYS, .attr = "iopolicy",
		.probe = "native NVMe multipath only; each policy written and "
			 "read back",
		.candidates = "numa,round-robin,queue-depth",
		.journal = "knob: the path and its value before the sweep",
		.req_col = "iopolicy_req", .eff_col = "iopolicy_eff",
		.cell_part = "iopolicy-", .label = "iopolicy=", .vs = true,
		.as_knob = true,
		.none_why = "no native NVMe multipath target (an NVMe "
			    "subsystem setting)",
		.help = "NVMe multipath iopolicies [every one the target's\n"
			"subsystem accepts; not swept without multipath]",
		.form = DIM_FORM_WORD, .want = "policy names",
		.csv_after = "engine_version",
	},
	[DIM_IOPRIO] = {
		.name = "ioprio", .flag = "--ioprio", .where = DIM_FIO_OPTION,
		.attr = "prioclass, prio, cmdprio_percentage", .defaults = "none",
		.fio_default = "none",
		.fio_owns = { "prio", "prioclass", "cmdprio_percentage",
			      "cmdprio_class", "cmdprio", "cmdprio_bssplit" },
		.owns_why = "the sweep sets priorities",
		.probe = "fio's prios[] per priority",
		.req_col = "ioprio", .cell_part = "prio-", .label = "prio=",
		.vs = true,
		.help = "priority mixes: none, CLASS/LEVEL (all I/O: be/4,\n"
			"idle/7) or CLASS:PCT[:LEVEL] (PCT% of the I/O:\n"
			"rt:10, idle:50) [none]",
		.form = DIM_FORM_IOPRIO,
		.want = "none, CLASS/LEVEL or CLASS:PCT[:LEVEL] with CLASS rt, "
			"be or idle, LEVEL 0-7, PCT 1-100",
		.csv_after = "engine_version",
	},
	[DIM_SCHEDULER] = {
		.name = "scheduler", .flag = "--scheduler",
		.where = DIM_QUEUE_ATTR, .attr = "scheduler",
		.probe = "queue/scheduler lists it",
		.fio_owns = { "ioscheduler" },
		.owns_why = "the sweep sets and restores the scheduler",
		.journal = "knob: the path and its value before the sweep",
		.req_col = "scheduler", .eff_col = "scheduler", .absent = "none",
		.cell_part = "sched-", .label = "sched=", .vs = true,
		.as_knob = true,
		.help = "queue/scheduler values [left as it is]",
		.form = DIM_FORM_WORD, .want = "scheduler names",
		.csv_after = "engine_version",
	},
	[DIM_HOST] = {
		.name = "host", .flag = "--client", .where = DIM_HARNESS,
		.probe = "fio --client reaches it",
		.req_col = "host", .label = "host=",
		.csv_after = "diskstats",
	},
};

const struct dim dim_knob = {
	.name = "knob", .flag = "--knob", .where = DIM_QUEUE_ATTR,
	.probe = "exists, writable, each value written and read back before "
		 "the first run (kernel/queue_knob.c)",
	.journal = "knob: the path and its value before the sweep",
	.req_col = "knob_%s_req", .eff_col = "knob_%s_eff",
	.cell_part = "%s-", .label = "%s=", .vs = true, .as_knob = true,
};

const struct dim *dim_by_any_col(const char *col, int *eff)
{
	int i;

	for (i = 0; i < NR_DIMS; i++) {
		*eff = !!dims[i].eff_col && strcmp(dims[i].req_col, col) &&
		       !strcmp(dims[i].eff_col, col);
		if (!strcmp(dims[i].req_col, col) || *eff)
			return &dims[i];
	}
	return NULL;
}

const struct dim *dim_by_col(const char *col)
{
	int i;

	for (i = 0; i < NR_DIMS; i++)
		if (!strcmp(dims[i].req_col, col))
			return &dims[i];
	return NULL;
}

const struct dim *dim_by_queue_attr(const char *attr)
{
	int i;

	for (i = 0; i < NR_DIMS; i++)
		if (dims[i].where == DIM_QUEUE_ATTR && !strcmp(dims[i].attr, attr))
			return &dims[i];
	return NULL;
}

int dim_queue_attr_inert(const char *attr, bool blk_mq, const char *disk,
			 char *why, size_t len)
{
	if (blk_mq || !queue_attr_on_requests(attr))
		return 0;
	snprintf(why, len, "%s is bio-based: queue/%s acts on requests, and it "
		 "has none", disk, attr);
	return 1;
}

void dims_cols(char *buf, size_t len, bool vs_only, size_t wrap,
	       const char *indent)
{
	size_t n = 0, line = 0;
	bool brk;
	int i;

	buf[0] = '\0';
	for (i = 0; i < NR_DIMS && n < len; i++) {
		if (vs_only && !dims[i].vs)
			continue;
		brk = n && wrap && line > wrap;
		if (brk)
			line = 0;
		line += strlen(dims[i].req_col) + 1;
		n += snprintf(buf + n, len - n, "%s%s%s",
			      !n ? "" : brk ? "\n" : " ", brk ? indent : "",
			      dims[i].req_col);
	}
}
