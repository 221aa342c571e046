// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_kernel_trace.c: one nvme tracepoint line, as tracefs prints it:
 * "TASK-PID [CPU] FLAGS SECS.USECS: nvme_setup_cmd: nvmeC: disk=nvmeXcZnY,
 * qid=Q, cmdid=I, nsid=N, ..., cmd=(nvme_cmd_read slba=S, len=L, ...)" or
 * "...: nvme_complete_rq: nvmeC: disk=..., qid=Q, cmdid=I, res=..., ...,
 * status=0xS".  Fields are found by name, so fields the kernel adds later
 * do not break it.
 */
#include <stdlib.h>
#include <string.h>

#include "mpath_stats.h"
#include "mpath_kernel_trace.h"

static bool nm_field(const char *s, const char *name, uint64_t *v)
{
	const char *p = strstr(s, name);
	char *end;

	if (!p)
		return false;
	*v = strtoull(p + strlen(name), &end, 0);
	return end != p + strlen(name);
}

bool nm_trace_parse(const char *line, struct nm_trace_event *ev)
{
	const char *name, *body, *ts;
	char *end;
	double secs;
	uint64_t v;

	memset(ev, 0, sizeof(*ev));
	name = strstr(line, ": nvme_setup_cmd: nvme");
	ev->setup = name != NULL;
	if (!name)
		name = strstr(line, ": nvme_complete_rq: nvme");
	if (!name)
		return false;
	/* the timestamp is the word before the event name */
	for (ts = name; ts > line && ts[-1] != ' '; ts--)
		;
	if (ts == name)
		return false;
	secs = strtod(ts, &end);
	/* a damaged line: converting a time no clock has is undefined */
	if (end == ts || !(secs >= 0 && secs < 1e10))
		return false;
	ev->ts_ns = (uint64_t)(secs * 1e9 + 0.5);
	body = strchr(name + 2, ':') + 2;		/* "nvmeC: ..." */
	ev->ctrl = strtoul(body + 4, NULL, 10);
	ev->disk = strstr(body, "disk=");
	if (!ev->disk || !nm_field(body, "qid=", &v) || !v)
		return false;
	ev->qid = v;
	if (!nm_field(body, "cmdid=", &v) || v > 0xffff)
		return false;
	ev->cid = v;
	ev->disk += 5;
	ev->disk_len = strcspn(ev->disk, ", ");
	if (ev->setup) {
		ev->dir = strstr(body, "cmd=(nvme_cmd_read ") ? PATHSTATS_READ :
			  strstr(body, "cmd=(nvme_cmd_write ") ? PATHSTATS_WRITE :
			  PATHSTATS_OTHER;
		/* len is 0-based in the command */
		if (ev->dir != PATHSTATS_OTHER && nm_field(body, "len=", &v))
			ev->blocks = v + 1;
		return true;
	}
	if (nm_field(body, "status=", &v))
		ev->status = v;
	return true;
}
