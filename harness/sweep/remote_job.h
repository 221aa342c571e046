/* SPDX-License-Identifier: GPL-2.0 */
/*
 * remote_job.h: job files for fio servers, carrying the cell's kernel
 * settings as exec_prerun/exec_postrun shell, and the probe that claims a
 * host's device for the sweep before its first run.
 */
#ifndef FIORING_REMOTE_JOB_H
#define FIORING_REMOTE_JOB_H

#include <stdbool.h>
#include <stdio.h>

/* fio prints a refused probe's reason after this, in a line naming the host */
#define REMOTE_VERDICT	"fioring-probe refused"

struct run_env;
struct run_tools;
struct sweep_cell;
struct target;

/* the job file host @tag runs for cell @c at @path: settings, knobs, the job */
int remote_job_write(const struct run_env *env, const struct run_tools *tl,
		     const struct sweep_cell *c, const struct target *t,
		     const char *tag, const char *path);
/*
 * The exec_prerun of the probe of @disk on host @tag for sweep @sweep:
 * takes the device's flock for the sweep (or finds it taken by the same
 * sweep through another server on that kernel) and checks it for a
 * writing sweep; the job does I/O only when the host agreed.
 */
int remote_probe_job(FILE *f, const char *disk, const char *tag,
		     const char *sweep, bool writes);
/* the option of a job that makes fio print the probe's refusal */
void remote_verdict_job(FILE *f, const char *disk, const char *tag);
/* the exec_prerun of a job that undoes what sweep @sweep set on @disk */
int remote_restore_job(FILE *f, const char *disk, const char *tag,
		       const char *sweep);

#endif
