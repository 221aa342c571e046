// SPDX-License-Identifier: GPL-2.0
/*
 * nvme_trace_line.c: libFuzzer target for the engine's reader of nvme
 * tracepoint lines (engines/mpath_kernel_trace.c), which reads what the
 * kernel prints into tracefs while a native multipath job runs.  An
 * accepted line must name its path disk inside the line itself and carry a
 * direction the statistics know.
 */
#include "fuzz.h"
#include "mpath_stats.h"
#include "mpath_kernel_trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = fuzz_cstr(data, size);
	struct nm_trace_event ev;
	size_t len = strlen(line);

	if (nm_trace_parse(line, &ev)) {
		if (ev.disk && (ev.disk < line || ev.disk + ev.disk_len > line + len))
			abort();
		if (ev.setup && ev.dir != PATHSTATS_READ && ev.dir != PATHSTATS_WRITE &&
		    ev.dir != PATHSTATS_OTHER)
			abort();
	}
	free(line);
	return 0;
}
