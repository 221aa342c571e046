/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mpath_kernel.h: per-path results under the kernel's native NVMe
 * multipath (mode 2).  When the job's file is a multipath head (nvmeXnY or
 * ngXnY with nvme_core.multipath=Y) the kernel picks the path of every I/O;
 * the engine only watches where it went, by whichever method the running
 * kernel allows, and says which: the hidden per-path disks' diskstats for
 * block I/O (and for passthrough where queue/iostats_passthrough is on),
 * else the nvme_setup_cmd / nvme_complete_rq tracepoints through a tracefs
 * instance of its own, else a line saying why attribution is unavailable.
 * Nothing of it runs per I/O in the engine.
 */
#ifndef FIORING_NATIVE_MPATH_H
#define FIORING_NATIVE_MPATH_H

#include "fio.h"

struct native_mpath;

/*
 * native_mpath_setup() - at post_init: when the job's file is a native
 * multipath head and paths=auto or path_stats= asks for per-path results,
 * start watching and set *@out; NULL otherwise.  -errno, message printed.
 */
int native_mpath_setup(struct thread_data *td, struct native_mpath **out);

/* native_mpath_finish() - stop watching, print and write the results, free. */
void native_mpath_finish(struct thread_data *td, struct native_mpath *m);

#endif
