/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_ctx.h: the state of one `fioring-bench run`, which the sweep driver
 * (run.c), one run of a cell (run_cell.c) and the code they call share.
 */
#ifndef FIORING_RUN_CTX_H
#define FIORING_RUN_CTX_H

#include <limits.h>
#include <stdint.h>

#include "kernel/applicability.h"
#include "kernel/devlock.h"
#include "sweep/run_env.h"
#include "sweep/run_tools.h"
#include "kernel/embedded.h"
#include "fio/fio_json.h"
#include "kernel/journal.h"
#include "kernel/knob.h"
#include "results/results.h"
#include "sweep/adaptive.h"
#include "sweep/placement.h"
#include "sweep/sweep.h"
#include "store/store.h"
#include "kernel/target.h"

struct run_ctx {
	struct run_env *env;		/* the command line's */
	struct journal journal;
	bool journal_open;
	struct devlocks locks;		/* the targets' disks, for the sweep */
	struct embedded_dev emb;
	struct target *targets;
	int nr_targets;
	/* per target: each per-target row's values there (dim_probe.h) */
	struct strlist (*tvals)[NR_DIMS];
	struct target_facts *facts;	/* per target; NULL on fio servers */
	json_object **queue;		/* per target: queue/ as found (queue_snap.h) */
	json_object *system;		/* system_snap.h; NULL with --client */
	struct placement place;
	struct sweep sweep;
	struct adaptive adaptive;
	struct results_out res;
	bool results_open;
	struct store *store;		/* --db; NULL without */
	struct run_tools tools;
	char jobs_dir[PATH_MAX];
	char kernel[128];
	char kernel_version[256];	/* uname -v: the build of that release */
	char host[128];
	int nr_failed;
	int nr_done;
	int nr_warm;			/* --warmup runs, and how many failed */
	int nr_warm_failed;
	struct fio_time fio_time;
};

#endif
