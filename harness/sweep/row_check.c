// SPDX-License-Identifier: GPL-2.0
/*
 * row_check.c: holds a finished run against its cell.  The fio version and
 * the engine's version come from fio's JSON, not from `fio --version` run
 * before the sweep; the engine, file, runtime and the fio options of the
 * cell's settings (fio_opts.h) fio ran with are taken from the options fio
 * reports per job; the queue settings are read back from the kernel once
 * fio has exited, so that a setting someone else changed during the run
 * (another tool, a udev rule) shows as a failed row instead of a row
 * labelled with a setting it did not have.  A --client
 * host's row comes here too, with its part of fio's client JSON; its
 * settings were read back on the host by the job's exec_prerun.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/knob.h"
#include "kernel/queue_attr.h"
#include "lib/fileio.h"
#include "lib/str.h"
#include "results/dims.h"
#include "sweep/dim_apply.h"
#include "sweep/fio_opts.h"
#include "sweep/row_check.h"
#include "sweep/run_env.h"
#include "sweep/run_tools.h"

/* a run shorter than this share of --runtime did not run its cell */
#define RUNTIME_MIN_SHARE	0.9

/* is the value of attr now what it was when the run started? */
static int knob_kept(const char *path, const char *attr, const char *was,
		     struct result_row *r)
{
	char raw[256], now[256];

	if (!was[0] || file_read_line(path, raw, sizeof(raw)))
		return 1;
	sysfs_selected(raw, now, sizeof(now));
	if (!strcmp(now, was))
		return 1;
	row_fail(r, "%s changed during the run: %s at the start and %s at the end",
		 attr, was, now);
	return 0;
}

/*
 * queue/attr still was?  Where the run set it, on each disk it lives on
 * (queue_attr.h); where it did not, the disks may differ and the first,
 * which was read, is held to it.
 */
static int queue_kept(const struct target *t, const char *attr, bool set,
		      const char *was, struct result_row *r)
{
	const char *disks[QUEUE_ATTR_DISKS_MAX];
	char path[PATH_BUF], name[QUEUE_KNOB_NAME + DISK_NAME_LEN + 16];
	int n = queue_attr_disks(t, attr, disks), i;

	for (i = 0; i < (set ? n : 1); i++) {
		if (queue_attr_disk_path(disks[i], attr, path, sizeof(path)))
			continue;
		/* a multipath head's path disk is named; a lone disk is the target */
		snprintf(name, sizeof(name), n > 1 ? "queue/%s of %s" : "queue/%s",
			 attr, disks[i]);
		if (!knob_kept(path, name, was, r))
			return 0;
	}
	return 1;
}

/*
 * Each kernel setting of the dims table that has a read-back column, the
 * queue/ attributes before the subsystem's, then each --knob: still what
 * it was when the run started?
 */
static int settings_kept(const struct sweep_cell *c, const struct target *t,
			 const struct queue_knob *knobs, int nr_knobs,
			 struct result_row *r)
{
	static const enum dim_where kernel[] = { DIM_QUEUE_ATTR, DIM_NVME_SUBSYS };
	char path[PATH_BUF];
	const struct dim *d;
	const char *was;
	size_t w;
	int i, k;

	for (w = 0; w < sizeof(kernel) / sizeof(kernel[0]); w++)
		for (i = 0; i < NR_DIMS; i++) {
			d = &dims[i];
			if (d->where != kernel[w] || !d->eff_col)
				continue;
			was = result_row_text(r, d->eff_col) ?: "";
			if (d->where == DIM_QUEUE_ATTR) {
				if (!queue_kept(t, d->attr, c->val[i] != NULL, was, r))
					return 0;
			} else if (!dim_path(t, d, path, sizeof(path)) &&
				   !knob_kept(path, d->attr, was, r)) {
				return 0;
			}
		}
	for (k = 0; k < nr_knobs; k++)
		if (!queue_kept(t, knobs[k].attr, true, r->knob_eff[k], r))
			return 0;
	return 1;
}

static void knobs_check(const struct sweep_cell *c, const struct target *t,
			const struct queue_knob *knobs, int nr_knobs,
			struct result_row *r)
{
	if (dims_kept(c, r))
		return;
	/* a server's knobs are read back by its exec_prerun, not from here */
	if (!t->remote)
		settings_kept(c, t, knobs, nr_knobs, r);
}

void row_check(const struct run_env *env, const struct run_tools *tl,
	       const struct sweep_cell *c, const struct target *t,
	       const struct fio_result *fr, const char *ioengine,
	       struct result_row *r)
{
	const struct fio_ran *ran = &fr->ran;
	int runtime = env->runtime;
	char why[192];

	if (fr->version[0]) {
		str_copy(r->fio_version, sizeof(r->fio_version), fr->version);
		if (strcmp(r->dim_req[DIM_ENGINE], "fioring"))
			str_copy(r->engine_version, sizeof(r->engine_version),
				 fr->version);
	}
	if (strcmp(r->status, "ok"))
		return;
	if (strcmp(fr->version, tl->fio_version)) {
		row_fail(r, "%s ran, not %s", fr->version[0] ? fr->version :
			 "a fio that names no version", tl->fio_version);
	} else if (ran->mixed[0]) {
		row_fail(r, "the jobs ran with different %s", ran->mixed);
	} else if (strcmp(ran->ioengine, ioengine)) {
		row_fail(r, "engine %s ran, not %s", ran->ioengine[0] ?
			 ran->ioengine : "(none named)", ioengine);
	} else if (strcmp(ran->filename, t->dev)) {
		row_fail(r, "fio ran on %s, not %s", ran->filename, t->dev);
	} else if (cell_fio_opts_check(c->val, ran, why, sizeof(why))) {
		row_fail(r, "%s", why);
	} else if (runtime && (atoi(ran->runtime) != runtime ||
			       r->runtime_s < runtime * RUNTIME_MIN_SHARE)) {
		row_fail(r, "fio ran %.3f s (runtime=%s), not the %d s asked",
			 r->runtime_s, ran->runtime[0] ? ran->runtime : "unset",
			 runtime);
	} else {
		knobs_check(c, t, env->knobs, env->nr_knobs, r);
	}
}
