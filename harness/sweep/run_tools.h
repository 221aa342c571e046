/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_tools.h: what every run of a sweep runs and is held to: the fio and
 * the engine, their versions, the results directory.  Settled before the
 * first run and read-only after it, so the code that runs a cell takes
 * this and the command line's settings (run_env.h) rather than the whole
 * state of the sweep.
 */
#ifndef FIORING_RUN_TOOLS_H
#define FIORING_RUN_TOOLS_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/strlist.h"

struct run_tools {
	char fio[PATH_MAX];
	char fio_version[64];
	char fio_build_id[2 * 64 + 1];	/* "unknown" when it has none */
	char engine_lib[PATH_MAX];
	char engine_version[128];
	char out[PATH_MAX];
	char sweep_id[192];		/* names this sweep's holders on fio servers */
	struct strlist client_fio;	/* each --client host's fio, from its probe */
	bool writes;			/* a job writes, as fio reads it */
};

/* fio's time, summed over the sweep's runs */
struct fio_time {
	uint64_t wall_ns;	/* fio processes, fork to reap */
	uint64_t runtime_ns;	/* what fio reports as its runtime */
};

#endif
