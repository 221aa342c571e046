/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run.h: the state of one `fioring-bench run`, shared by the sweep driver
 * (run.c) and the code that performs one run of one cell (run_cell.c).
 */
#ifndef FIORING_RUN_H
#define FIORING_RUN_H

#include <limits.h>
#include <stdint.h>

#include "kernel/applicability.h"
#include "kernel/devlock.h"
#include "sweep/run_env.h"
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
	struct run_env env;
	struct journal journal;
	bool journal_open;
	struct devlocks locks;		/* the targets' disks, for the sweep */
	bool writes;			/* a job writes, as fio reads it */
	struct embedded_dev emb;
	struct target *targets;
	int nr_targets;
	struct strlist *iopolicies;	/* per target */
	struct target_facts *facts;	/* per target; NULL on fio servers */
	struct placement place;
	struct sweep sweep;
	struct adaptive adaptive;
	struct results res;
	bool results_open;
	struct store *store;		/* --db; NULL without */
	char fio[PATH_MAX];
	char fio_version[64];
	char fio_build_id[2 * 64 + 1];	/* "unknown" when it has none */
	char engine_lib[PATH_MAX];
	char engine_version[128];
	char jobs_dir[PATH_MAX];
	char kernel[128];
	char kernel_version[256];	/* uname -v: the build of that release */
	char host[128];
	char sweep_id[192];		/* names this sweep's holders on fio servers */
	struct strlist client_fio;	/* each --client host's fio, from its probe */
	char out[PATH_MAX];
	int nr_failed;
	int nr_done;
	uint64_t fio_wall_ns;		/* fio processes, fork to reap */
	uint64_t fio_runtime_ns;	/* what fio reports as its runtime */
};

/*
 * The sweep ctx->env asks for, from the restore of an earlier run's
 * journal to the restore of this one's; returns the exit status of `run`.
 */
int run_sweep(struct run_ctx *ctx);
/* a row's identity: what cell @c's run @run (repeat @repeat) is */
void row_start(const struct run_ctx *ctx, const struct sweep_cell *c,
	       int run, int repeat, struct result_row *r);
void run_cell(struct run_ctx *ctx, const struct sweep_cell *cell, int run,
	      int repeat, struct result_row *row);
void fill_fio(struct result_row *r, const struct fio_result *f);
/* the row failed, and why (printf-style, made fit for a CSV cell) */
__attribute__((format(printf, 2, 3)))
void row_fail(struct result_row *r, const char *fmt, ...);

#endif
