// SPDX-License-Identifier: GPL-2.0
/*
 * run_cell.c: one run of one cell.  Sets the cell's kernel settings
 * (journaled, read back), snapshots diskstats, runs fio, snapshots again,
 * and turns fio's JSON and the diskstats delta into one results row.  A
 * run that fails is a row with status "failed" and the reason; it never
 * stops the sweep.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "kernel/diskstats.h"
#include "kernel/io_window.h"
#include "lib/fileio.h"
#include "lib/clock.h"
#include "lib/str.h"
#include "fio/fio_json.h"
#include "fio/fio_runner.h"
#include "results/flags.h"
#include "results/metrics.h"
#include "sweep/dim_apply.h"
#include "sweep/facts.h"
#include "sweep/fio_opts.h"
#include "sweep/job_guard.h"
#include "sweep/row_check.h"
#include "sweep/row_fill.h"
#include "sweep/run_cell.h"

/*
 * fio writes its JSON into DIR/raw/: on a full filesystem the file is cut
 * and fio still exits 0, so a parse failure there is the disk's, not fio's.
 */
static int out_full(const char *dir)
{
	struct statvfs sv;

	/* f_files 0: a filesystem that does not count inodes */
	return !statvfs(dir, &sv) && (!sv.f_bavail || (sv.f_files && !sv.f_favail));
}

static void fill_kernel(struct result_row *r, const struct fio_result *f,
			const struct flag_facts *facts,
			const struct diskstats_rec *a,
			const struct diskstats_rec *b, double interval_ms)
{
	struct fio_figs_brief fb = {
		.ios = f->rd.ios + f->wr.ios,
		.iops = f->rd.iops + f->wr.iops,
		.r_iops = f->rd.iops,
		.w_iops = f->wr.iops,
		.r_clat_mean_us = f->rd.clat_mean_us,
		.w_clat_mean_us = f->wr.clat_mean_us,
		.r_lat_mean_us = f->rd.lat_mean_us,
		.w_lat_mean_us = f->wr.lat_mean_us,
		.iodepth = f->iodepth ? f->iodepth : 1,
	};
	struct iostat_figs ks;

	r->fio_inflight = fio_inflight(&fb);
	r->fio_busy_pct = fio_busy_pct(&fb);
	if (!a || !b || iostat_derive(a, b, interval_ms, &ks))
		return;
	r->ks_interval_ms = interval_ms;
	result_row_kernel(r, &ks);
	r->ks_reliable = flags_for_run(&ks, &fb, f->njobs, facts, r->ks_flags,
				       sizeof(r->ks_flags), r->fio_flags,
				       sizeof(r->fio_flags));
}

/* fio's disk_util of the target, kept beside the harness's own window */
static void fill_fio_disk(struct result_row *r, const struct fio_result *f,
			  const struct target *t)
{
	int i;

	for (i = 0; i < f->ndisks; i++)
		if (!strcmp(f->disks[i].name, t->stat_name)) {
			r->fio_disk_util_pct = f->disks[i].util_pct;
			r->fio_disk_ios = f->disks[i].ios;
		}
}

/* the head counted nothing but its paths did: take the paths' figures */
static void fill_kernel_paths(struct result_row *r, const struct fio_result *f,
			      const struct flag_facts *facts,
			      const struct target *t,
			      const struct diskstats_snap *a,
			      const struct diskstats_snap *b, double interval_ms)
{
	const char *paths[TARGET_MAX_PATHS];
	struct diskstats_rec ra, rb;
	int i;

	if (!t->nr_paths || !(r->ks_ios == 0))
		return;
	for (i = 0; i < t->nr_paths; i++)
		paths[i] = t->paths[i];
	if (diskstats_paths_merge(a, b, paths, t->nr_paths, &ra, &rb))
		return;
	fill_kernel(r, f, facts, &ra, &rb, interval_ms);
	flags_add(r->ks_flags, sizeof(r->ks_flags), "ks_from_paths");
}

static int write_snaps(const char *path, const struct diskstats_snap *a,
		       const struct diskstats_snap *b)
{
	FILE *f = fopen(path, "we");

	if (!f)
		return -errno;
	diskstats_write(f, "before", a);
	diskstats_write(f, "after", b);
	return fclose(f) ? -errno : 0;
}

/*
 * narrows the window to fio's own I/O (io_window_fit()): at least its
 * runtime, less what the polls and the first I/O's latency may cut
 */
static int window_fit(struct io_window *w, const struct result_row *r)
{
	double span_ns = r->runtime_s * 1e9 - r->lat_mean_us * 1e3 -
			 2.0 * IO_WINDOW_POLL_NS;

	return io_window_fit(w, (uint64_t)r->fio_ios,
			     span_ns > 0 ? (uint64_t)span_ns : 0);
}

/* the files of one run, under the results directory */
struct run_files {
	char json[PATH_BUF];		/* fio's JSON */
	char err[PATH_BUF];		/* fio's stderr */
	char ds[PATH_BUF];		/* the diskstats snapshots */
	char ps[PATH_BUF];		/* the engine's path stats */
	char aux[PATH_BUF];		/* fio's verify state and dumps */
	char job[PATH_BUF];		/* the job file fio runs */
	char ioengine[PATH_BUF];	/* fio's ioengine= for the cell */
};

/* the row's where and what with, and the files the run writes */
static void run_files_name(const struct run_ctx *ctx, const struct target *t,
			   const struct sweep_cell *c, int run,
			   struct run_files *fl, struct result_row *r)
{
	char stem[16];

	run_stem(stem, run);
	snprintf(r->device_model, sizeof(r->device_model), "%s", t->model);
	snprintf(r->kernel, sizeof(r->kernel), "%s", ctx->kernel);
	snprintf(r->diskstats, sizeof(r->diskstats), "diskstats/%s.txt", stem);
	snprintf(fl->json, sizeof(fl->json), "%s/%s", ctx->tools.out, r->raw);
	snprintf(fl->err, sizeof(fl->err), "%s/raw/%s.err", ctx->tools.out, stem);
	snprintf(fl->ds, sizeof(fl->ds), "%s/%s", ctx->tools.out, r->diskstats);
	if (!strcmp(r->dim_req[DIM_ENGINE], "fioring") && ctx->env->path_stats) {
		snprintf(r->path_stats, sizeof(r->path_stats), "paths/%s.json",
			 stem);
		snprintf(fl->ps, sizeof(fl->ps), "%s/paths/%s.json",
			 ctx->tools.out, stem);
	}
	cell_ioengine(ctx->tools.engine_lib, r->dim_req[DIM_ENGINE], t->is_char,
		      fl->ioengine, sizeof(fl->ioengine));
	snprintf(fl->job, sizeof(fl->job), "%s/jobs/%s%s.fio", ctx->tools.out,
		 c->job_name, t->is_char ? ".ng" : "");
	/* verify state and dumps stay with the run, not in the cwd */
	snprintf(fl->aux, sizeof(fl->aux), "%s/raw", ctx->tools.out);
}

/* fio's command line for the cell, placed as the sweep placed it */
static int fio_cmd_fill(const struct run_ctx *ctx, const struct target *t,
			const struct sweep_cell *c, const struct run_files *fl,
			struct result_row *r, struct strlist *opts,
			struct fio_cmd *cmd)
{
	int ret;

	memset(cmd, 0, sizeof(*cmd));
	if (r->path_stats[0])
		cmd->path_stats = fl->ps;
	cmd->fio = ctx->tools.fio;
	cmd->job = fl->job;
	cmd->filename = t->dev;
	cmd->ioengine = fl->ioengine;
	cmd->char_dev = t->is_char;
	ret = cell_fio_opts(c->val, opts);
	if (ret)
		return ret;
	ret = placement_sq_opt(&ctx->place, opts);
	if (ret < -1)
		return ret;
	if (ret >= 0)
		snprintf(r->sq_cpu, sizeof(r->sq_cpu), "%d", ret);
	cmd->opts = opts;
	if (ctx->place.pinned) {
		str_copy(r->cpus, sizeof(r->cpus), ctx->place.job_cpus);
		cmd->cpus = r->cpus;
	}
	cmd->runtime = ctx->env->runtime;
	cmd->extra = &ctx->env->fio_args;
	cmd->json_path = fl->json;
	cmd->err_path = fl->err;
	cmd->aux_path = fl->aux;
	cmd->timeout_s = ctx->env->fio_timeout;
	return 0;
}

/*
 * fio run with the target's diskstats polled around it; *snaps_ok says the
 * window holds.  Returns 0 when fio ran, whatever its exit.
 */
static int fio_run_window(const struct run_env *env, const struct target *t,
			  struct fio_cmd *cmd, struct io_window *win,
			  struct fio_exit *ex, int *snaps_ok)
{
	const char *names[DISKSTATS_MAX_DISKS];
	int nr, ret;

	nr = target_stat_names(t, names, DISKSTATS_MAX_DISKS);
	*snaps_ok = !io_window_start(win, names, nr);
	if (*snaps_ok) {
		cmd->tick = io_window_tick;
		cmd->tick_arg = win;
	}
	ret = fio_run(cmd, ex, env->verbose > 0);
	*snaps_ok &= !io_window_end(win);
	return ret;
}

/* how fio ended, as the row's status: -EIO when it failed the run */
static int fio_exit_check(const struct run_env *env, const struct fio_exit *ex,
			  const struct run_files *fl, struct result_row *r)
{
	char msg[512];

	if (ex->interrupted) {
		row_fail(r, "interrupted");
		return -EIO;
	}
	if (ex->timed_out) {
		row_fail(r, "fio did not finish in %d s and was killed",
			 env->runtime + env->fio_timeout);
		return -EIO;
	}
	if (!ex->code)
		return 0;
	fio_err_message(fl->err, fl->json, msg, sizeof(msg));
	if (ex->signal)
		row_fail(r, "fio killed by %s%s%s", strsignal(ex->signal),
			 msg[0] ? ": " : "", msg);
	else
		row_fail(r, "fio failed: %s", msg[0] ? msg : "no message");
	return -EIO;
}

/* fio's JSON into fr and the row; a job error marks the row, not the read */
static int fio_figures_read(const char *out, const struct run_files *fl,
			    struct fio_result *fr, struct result_row *r)
{
	char msg[512];
	char *buf;
	size_t len;
	int ret;

	ret = file_read_all(fl->json, &buf, &len);
	if (ret) {
		row_fail(r, "cannot read fio's output: %s", strerror(-ret));
		return ret;
	}
	ret = fio_json_parse(buf, len, fr, msg, sizeof(msg));
	free(buf);
	if (ret) {
		if (out_full(out))
			row_fail(r, "%s: %s", msg, strerror(ENOSPC));
		else
			row_fail(r, "%s", msg);
		return ret;
	}
	fill_fio(r, fr);
	if (fr->job_error) {
		fio_err_message(fl->err, fl->json, msg, sizeof(msg));
		row_fail(r, "fio job error %d (%s)%s%s", fr->job_error,
			 strerror(fr->job_error), msg[0] ? ": " : "", msg);
	}
	return 0;
}

/* the kernel's side of the row, from the window narrowed to fio's I/O */
static void kernel_figures_fill(const struct run_ctx *ctx, int target,
				const struct target *t, struct io_window *win,
				const struct fio_result *fr, const char *ds,
				struct result_row *r)
{
	struct flag_facts facts = { 0 };
	double interval_ms;

	if (window_fit(win, r))
		write_snaps(ds, &win->before, &win->after);
	interval_ms = (win->after.mono_ns - win->before.mono_ns) / 1e6;

	facts_for_run(ctx->facts ? &ctx->facts[target] : NULL, r, &facts);
	fill_kernel(r, fr, &facts, diskstats_find(&win->before, t->stat_name),
		    diskstats_find(&win->after, t->stat_name), interval_ms);
	fill_kernel_paths(r, fr, &facts, t, &win->before, &win->after,
			  interval_ms);
}

void run_cell(struct run_ctx *ctx, const struct sweep_cell *c, int run,
	      int repeat, struct result_row *r)
{
	const struct target *t = &ctx->targets[c->target];
	static struct io_window win;
	struct run_files fl = { 0 };
	struct strlist opts = { 0 };
	struct fio_result fr;
	struct fio_exit ex;
	struct fio_cmd cmd;
	struct stat st;
	const struct dim_apply apply = {
		.journal = &ctx->journal, .place = &ctx->place,
		.knobs = ctx->env->knobs, .nr_knobs = ctx->env->nr_knobs,
	};
	int ret, snaps_ok;

	row_start(&ctx->tools, t, c, run, repeat, r);
	run_files_name(ctx, t, c, run, &fl, r);
	if (dims_apply(&apply, t, c, r)) {
		/* fio never ran: no files to name */
		r->raw[0] = r->diskstats[0] = '\0';
		return;
	}
	ret = fio_cmd_fill(ctx, t, c, &fl, r, &opts, &cmd);
	if (!ret)
		ret = fio_run_window(ctx->env, t, &cmd, &win, &ex, &snaps_ok);
	strlist_free(&opts);
	if (ret) {
		row_fail(r, "cannot start fio: %s", strerror(-ret));
		r->raw[0] = r->diskstats[0] = '\0';
		return;
	}
	r->wall_s = ex.wall_ns / 1e9;
	ctx->fio_time.wall_ns += ex.wall_ns;
	if (write_snaps(fl.ds, &win.before, &win.after))
		r->diskstats[0] = '\0';
	if (fio_exit_check(ctx->env, &ex, &fl, r) ||
	    fio_figures_read(ctx->tools.out, &fl, &fr, r))
		return;
	ctx->fio_time.runtime_ns += (uint64_t)(r->runtime_s * 1e9);
	if (snaps_ok)
		kernel_figures_fill(ctx, c->target, t, &win, &fr, fl.ds, r);
	fill_fio_disk(r, &fr, t);
	row_check(ctx->env, &ctx->tools, c, t, &fr, fl.ioengine, r);
	if (r->path_stats[0] && stat(fl.ps, &st) < 0)
		r->path_stats[0] = '\0';
}
