/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mpath_kernel_trace.h: reading one line of the nvme tracepoints as tracefs
 * prints them, for native_mpath.c's per-path attribution of passthrough:
 * which event (nvme_setup_cmd or nvme_complete_rq), when, and the keys
 * that pair the two (controller, queue id, command id) with the path disk
 * and what the command was.  Knows nothing of fio, so the unit tests feed
 * it trace lines directly.
 */
#ifndef FIORING_NATIVE_MPATH_TRACE_H
#define FIORING_NATIVE_MPATH_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nm_trace_event {
	bool setup;		/* nvme_setup_cmd, else nvme_complete_rq */
	uint64_t ts_ns;		/* the trace's timestamp (microsecond resolution) */
	unsigned int ctrl;	/* nvmeC of the line */
	unsigned int qid;
	unsigned int cid;
	const char *disk;	/* the path disk, not NUL-terminated */
	size_t disk_len;
	int dir;		/* setup: PATHSTATS_READ, _WRITE or _OTHER */
	uint64_t blocks;	/* setup of a read or write: logical blocks */
	uint64_t status;	/* complete: the NVMe status, 0 for success */
};

/*
 * nm_trace_parse() - fill @ev from @line; false for any other event, for
 * admin commands (qid 0, no disk) and for lines it cannot read.
 */
bool nm_trace_parse(const char *line, struct nm_trace_event *ev);

#endif
