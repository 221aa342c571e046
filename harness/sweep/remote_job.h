/* SPDX-License-Identifier: GPL-2.0 */
/*
 * remote_job.h: job files for fio servers, carrying the cell's kernel
 * settings as exec_prerun/exec_postrun shell.
 */
#ifndef FIORING_REMOTE_JOB_H
#define FIORING_REMOTE_JOB_H

#include <stdio.h>

struct run_ctx;
struct sweep_cell;
struct target;

/* the job file host @tag runs for cell @c at @path: settings, knobs, the job */
int remote_job_write(struct run_ctx *ctx, const struct sweep_cell *c,
		     const struct target *t, const char *tag, const char *path);
/* the exec_prerun of a job that undoes what the sweep set on @disk */
void remote_restore_job(FILE *f, const char *disk, const char *tag);

#endif
