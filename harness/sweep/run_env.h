/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_env.h: every setting of a sweep, with its default, in one struct:
 * what `fioring-bench run` was asked to do.  The command line parser
 * (cli/cli.c) fills it; the sweep only reads it.
 */
#ifndef FIORING_RUN_ENV_H
#define FIORING_RUN_ENV_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/embedded.h"
#include "kernel/queue_knob.h"
#include "results/dims.h"
#include "lib/strlist.h"

struct run_env {
	struct strlist targets;
	struct strlist jobs;
	/*
	 * Each list option of the dims table, by its row: given, else the
	 * row's defaults; empty where it has none (a per-target row: what
	 * the target takes; a queue/ row: left as it is).
	 */
	struct strlist vals[NR_DIMS];
	bool given[NR_DIMS];		/* the option was on the command line */
	/* --knob ATTR=V1,V2: queue/ attributes crossed with the rest */
	struct queue_knob knobs[QUEUE_KNOBS_MAX];
	int nr_knobs;
	struct strlist fio_args;
	struct strlist clients;		/* fio servers; empty: run here */
	int repeat;
	int warmup;			/* unrecorded runs before a target's first */
	int adaptive;			/* extra runs a cell may get; 0: off */
	double adaptive_width;		/* settled: median's 95% CI within +-this */
	/* --adaptive-vs COL=VAL: cells settle as `gate --vs` judges them */
	char adaptive_vs_col[48];
	const char *adaptive_vs_val;	/* NULL: not given */
	double adaptive_max_drop;	/* the gate's --max-drop, fraction */
	bool adaptive_full;		/* run futile pairs to the budget too */
	struct strlist adaptive_metrics;	/* the gate's --metric; empty: its default */
	int runtime;			/* seconds; 0: the job file's own */
	const char *out;
	const char *fio;
	const char *engine_lib;
	const char *jobs_dir;
	const char *state;
	const char *cpus;		/* --cpus; NULL: the default placement */
	bool unpinned;
	enum embedded_kind embedded;
	uint64_t embedded_size;
	int fio_timeout;		/* seconds beyond runtime before a kill */
	bool force;
	bool path_stats;
	bool dry_run;
	const char *db;			/* --db: add the sweep to this history */
	struct strlist labels;		/* --label K=V */
	int verbose;
	char *cmdline;
};

#endif
