/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h: every setting of `fioring-bench run`, with its default, in one
 * struct, and the parser that fills it from the command line.
 */
#ifndef FIORING_CLI_H
#define FIORING_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "kernel/embedded.h"
#include "lib/strlist.h"

struct run_env {
	struct strlist targets;
	struct strlist jobs;
	struct strlist iostats;
	struct strlist iopolicy;	/* empty: every policy the target takes */
	struct strlist engines;
	struct strlist sqpoll;
	struct strlist ioprio;
	struct strlist scheduler;	/* empty: left as it is */
	struct strlist fio_args;
	struct strlist clients;		/* fio servers; empty: run here */
	bool engines_given;
	int repeat;
	int runtime;			/* seconds; 0: the job file's own */
	const char *out;
	const char *fio;
	const char *engine_lib;
	const char *jobs_dir;
	const char *state;
	enum embedded_kind embedded;
	uint64_t embedded_size;
	int fio_timeout;		/* seconds beyond runtime before a kill */
	bool force;
	bool path_stats;
	bool dry_run;
	int verbose;
	char *cmdline;
};

int cli_parse_run(int argc, char **argv, struct run_env *env);
void cli_free(struct run_env *env);
void cli_usage_run(FILE *f);
int parse_size(const char *s, uint64_t *out);

#endif
