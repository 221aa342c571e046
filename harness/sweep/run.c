// SPDX-License-Identifier: GPL-2.0
/*
 * run.c: `fioring-bench run`, the sweep driver.  It restores what an
 * earlier killed run left, makes or checks the targets, plans the cells,
 * runs them interleaved (repeat 1 of every cell, then repeat 2 backwards,
 * ...: sweep_order()) so drift hits every cell alike, prints a progress
 * line per run, and on the way out, whether finished, interrupted or
 * failed, puts every kernel setting back and removes the device it made.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "lib/json_put.h"
#include "lib/fileio.h"
#include "lib/clock.h"
#include "lib/str.h"
#include "fio/fio_runner.h"
#include "fio/fio_version.h"
#include "fio/jobfile.h"
#include "fio/locate.h"
#include "kernel/queue_snap.h"
#include "kernel/system_snap.h"
#include "lib/build_id.h"
#include "sweep/adaptive.h"
#include "sweep/clients.h"
#include "sweep/dim_apply.h"
#include "sweep/dim_probe.h"
#include "sweep/facts.h"
#include "sweep/job_guard.h"
#include "sweep/run.h"
#include "sweep/run_cell.h"
#include "sweep/run_db.h"
#include "sweep/target_claim.h"
#include "sweep/undo.h"
#include "sweep/undo_locks.h"
#include "results/knob_cols.h"
#include "results/meta.h"

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	if (!stop_signal)
		stop_signal = sig;
	fio_stop_requested = 1;
}

static void signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: waits must return so the sweep can stop */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static void fmt_duration(char *buf, size_t len, double s)
{
	long t = (long)(s + 0.5);

	if (t >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

static void iso_now(char *buf, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/*
 * The fio of the sweep, by its path, version and build-id: an engine only
 * runs inside the fio it is built against, so the header and meta.json say
 * which one ran.
 */
static int setup_fio(struct run_ctx *ctx)
{
	char path[PATH_MAX];
	int ret;

	locate_fio(ctx->env->fio, ctx->tools.fio, sizeof(ctx->tools.fio));
	if (!path_search(ctx->tools.fio, path, sizeof(path)))
		str_copy(ctx->tools.fio, sizeof(ctx->tools.fio), path);
	ret = fio_version_of(ctx->tools.fio, ctx->tools.fio_version, sizeof(ctx->tools.fio_version));
	if (ret) {
		fprintf(stderr, "fioring-bench run: cannot run fio '%s' (--fio PATH "
			"or FIO=PATH)\n", ctx->tools.fio);
		return ret;
	}
	if (elf_build_id(ctx->tools.fio, ctx->tools.fio_build_id, sizeof(ctx->tools.fio_build_id)))
		str_copy(ctx->tools.fio_build_id, sizeof(ctx->tools.fio_build_id), "unknown");
	return 0;
}

static int setup_engines(struct run_ctx *ctx)
{
	struct run_env *env = ctx->env;
	int i, ret, found = 0;

	for (i = 0; i < env->vals[DIM_ENGINE].nr; i++)
		if (!strcmp(env->vals[DIM_ENGINE].v[i], "fioring"))
			found = 1;
	if (!found)
		return 0;
	ret = locate_engine(env->engine_lib, ctx->tools.engine_lib,
			    sizeof(ctx->tools.engine_lib));
	if (!ret) {
		if (elf_build_id(ctx->tools.engine_lib, ctx->tools.engine_version + 9,
				 sizeof(ctx->tools.engine_version) - 9))
			snprintf(ctx->tools.engine_version, sizeof(ctx->tools.engine_version),
				 "unknown");
		else
			memcpy(ctx->tools.engine_version, "build-id:", 9);
		return 0;
	}
	if (env->given[DIM_ENGINE] || env->engine_lib) {
		fprintf(stderr, "fioring-bench run: the fioring engine (libfioring.so) "
			"is not found%s%s; build it or give --engine-lib\n",
			env->engine_lib ? ": " : "", env->engine_lib ?: "");
		return -ENOENT;
	}
	/* the default list: sweep what there is, and say so */
	fprintf(stderr, "fioring-bench run: note: libfioring.so is not built; "
		"sweeping fio's io_uring engine only\n");
	strlist_free(&env->vals[DIM_ENGINE]);
	strlist_split(&env->vals[DIM_ENGINE], "io_uring");
	return 0;
}

/*
 * An engine found by the default search is this build's, and a fio it is
 * not built for would fail every fioring run: that is refused up front.
 */
static int check_fio_engine(struct run_ctx *ctx)
{
	const char *env = getenv("FIORING_ENGINE");
	char want[PATH_MAX + 64];

	if (!ctx->tools.engine_lib[0] || ctx->env->engine_lib || (env && *env) ||
	    !locate_engine_fio_check(ctx->tools.fio_build_id, want, sizeof(want)))
		return 0;
	fprintf(stderr, "fioring-bench run: %s is not the fio that %s is built "
		"against, %s: every fioring run would fail; give --fio with that "
		"fio, or build fioring against this one (./configure --fio-src=DIR)\n",
		ctx->tools.fio, ctx->tools.engine_lib, want);
	return -EINVAL;
}

/* job names name cells and job copies: two files of one name are refused */
static int jobs_unique(const struct strlist *jobs)
{
	char a[128], b[128];
	int i, k;

	for (i = 0; i < jobs->nr; i++) {
		job_name(jobs->v[i], a, sizeof(a));
		for (k = i + 1; k < jobs->nr; k++) {
			job_name(jobs->v[k], b, sizeof(b));
			if (!strcmp(a, b)) {
				fprintf(stderr, "fioring-bench run: --job %s and %s have "
					"the same name %s\n", jobs->v[i], jobs->v[k], a);
				return -EINVAL;
			}
		}
	}
	return 0;
}

static int setup_jobs(struct run_ctx *ctx)
{
	struct run_env *env = ctx->env;
	int ret, i;

	if (env->jobs.nr) {
		for (i = 0; i < env->jobs.nr; i++)
			if (access(env->jobs.v[i], R_OK) < 0) {
				fprintf(stderr, "fioring-bench run: --job %s: %s\n",
					env->jobs.v[i], strerror(errno));
				return -errno;
			}
		return jobs_unique(&env->jobs);
	}
	locate_jobs_dir(env->jobs_dir, ctx->jobs_dir, sizeof(ctx->jobs_dir));
	ret = jobs_default(ctx->jobs_dir, &env->jobs);
	if (ret || !env->jobs.nr) {
		fprintf(stderr, "fioring-bench run: no default jobs in %s%s%s; "
			"give --job FILE or --jobs-dir DIR\n", ctx->jobs_dir,
			ret ? ": " : "", ret ? strerror(-ret) : "");
		return ret ?: -ENOENT;
	}
	return jobs_unique(&env->jobs);
}

/* DIR/jobs/NAME.fio, and NAME.ng.fio when a target is a char device */
static int copy_jobs(struct run_ctx *ctx)
{
	char name[128], dst[PATH_BUF];
	int i, k, any_char = 0, ret;

	for (i = 0; i < ctx->nr_targets; i++)
		any_char |= ctx->targets[i].is_char;
	for (i = 0; i < ctx->env->jobs.nr; i++) {
		job_name(ctx->env->jobs.v[i], name, sizeof(name));
		for (k = 0; k <= any_char; k++) {
			snprintf(dst, sizeof(dst), "%s/jobs/%s%s.fio", ctx->tools.out, name,
				 k ? ".ng" : "");
			ret = job_copy(ctx->env->jobs.v[i], dst, k);
			if (ret) {
				fprintf(stderr, "fioring-bench run: cannot copy %s to %s: %s\n",
					ctx->env->jobs.v[i], dst, strerror(-ret));
				return ret;
			}
		}
	}
	return 0;
}

static int setup_out(struct run_ctx *ctx)
{
	char path[PATH_BUF], stamp[64];
	time_t now = time(NULL);
	struct tm tm;
	int ret;

	if (ctx->env->out) {
		str_copy(ctx->tools.out, sizeof(ctx->tools.out), ctx->env->out);
	} else {
		localtime_r(&now, &tm);
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
		snprintf(ctx->tools.out, sizeof(ctx->tools.out), "fioring-results-%s", stamp);
	}
	snprintf(path, sizeof(path), "%s/results.csv", ctx->tools.out);
	if (!access(path, F_OK)) {
		fprintf(stderr, "fioring-bench run: %s already holds results; "
			"choose another --out\n", ctx->tools.out);
		return -EEXIST;
	}
	snprintf(path, sizeof(path), "%s/raw", ctx->tools.out);
	ret = mkdir_p(path, 0755);
	if (!ret) {
		snprintf(path, sizeof(path), "%s/diskstats", ctx->tools.out);
		ret = mkdir_p(path, 0755);
	}
	if (!ret) {
		snprintf(path, sizeof(path), "%s/jobs", ctx->tools.out);
		ret = mkdir_p(path, 0755);
	}
	if (!ret && ctx->env->path_stats) {
		snprintf(path, sizeof(path), "%s/paths", ctx->tools.out);
		ret = mkdir_p(path, 0755);
	}
	if (ret)
		fprintf(stderr, "fioring-bench run: cannot create %s: %s\n",
			path, strerror(-ret));
	return ret;
}

static int setup_journal(struct run_ctx *ctx)
{
	const char *path = ctx->env->state ?: journal_default_path();
	char why[PATH_BUF];
	int ret;

	ret = journal_open(&ctx->journal, path);
	if (ret == -EBUSY) {
		fprintf(stderr, "fioring-bench run: another fioring-bench run holds "
			"%s; wait for it or give this one its own --state\n", path);
		return ret;
	}
	if (ret) {
		fprintf(stderr, "fioring-bench run: cannot open the state file %s: %s\n",
			path, strerror(-ret));
		return ret;
	}
	ctx->journal_open = true;
	if (journal_pending(&ctx->journal)) {
		ret = undo_lock_disks(&ctx->locks, path, why, sizeof(why));
		if (ret) {
			fprintf(stderr, "fioring-bench run: cannot restore %s: %s\n",
				path, why);
			/* teardown must not replay it either */
			journal_close(&ctx->journal);
			ctx->journal_open = false;
			return ret;
		}
		fprintf(stderr, "fioring-bench run: restoring what an earlier run "
			"left changed (%s)\n", path);
		ret = journal_restore(&ctx->journal, sweep_undo, stderr, stderr);
		devlocks_release(&ctx->locks);
		if (ret) {
			fprintf(stderr, "fioring-bench run: could not restore everything "
				"in %s; fix it and run 'fioring-bench restore'\n", path);
			return ret < 0 ? ret : -EIO;
		}
	}
	return 0;
}

/*
 * The values of each per-target row of the dims table on T, probed now:
 * a value the kernel refuses stops the sweep before its first run.
 */
static int target_values(struct run_ctx *ctx, int ti)
{
	const struct target *t = &ctx->targets[ti];
	const struct dim *d;
	int i, ret;

	for (i = 0; i < NR_DIMS; i++) {
		d = &dims[i];
		if (!dim_per_target(d))
			continue;
		ret = dim_probe_target(&ctx->journal, t, d, &ctx->env->vals[i],
				       &ctx->tvals[ti][i]);
		if (ret == -ENOENT && ctx->env->vals[i].nr)
			fprintf(stderr, "fioring-bench run: note: %s is not "
				"native NVMe multipath; %s not swept\n", t->disk,
				d->name);
		else if (ret && ret != -ENOENT)
			return ret;
	}
	return 0;
}

static int setup_targets(struct run_ctx *ctx)
{
	struct run_env *env = ctx->env;
	const struct job_env je = { env, &ctx->place, ctx->tools.fio, ctx->tools.engine_lib };
	const struct hosts hosts = { &env->clients, ctx->tools.fio, ctx->tools.sweep_id,
				     &ctx->tools.client_fio };
	const char *dev;
	bool any_char = false, any_block = false;
	int i, j, ret;

	ctx->nr_targets = env->targets.nr ?: 1;
	ctx->targets = calloc(ctx->nr_targets, sizeof(*ctx->targets));
	ctx->tvals = calloc(ctx->nr_targets, sizeof(*ctx->tvals));
	ctx->queue = calloc(ctx->nr_targets, sizeof(*ctx->queue));
	if (!ctx->targets || !ctx->tvals || !ctx->queue)
		return -ENOMEM;
	if (env->clients.nr) {
		ret = clients_setup_targets(env, ctx->targets, ctx->tools.sweep_id,
					    sizeof(ctx->tools.sweep_id)) ?:
		      job_guard(&je, true, false, &ctx->tools.writes) ?:
		      clients_claim(&hosts, &ctx->journal, ctx->targets,
				    ctx->nr_targets, ctx->tools.writes && !env->force);
		if (!ret && ctx->tools.writes)
			fprintf(stderr, "fioring-bench run: note: --client: the fio "
				"servers' devices are locked and checked once, not "
				"claimed O_EXCL (see HOWTO)\n");
		return ret;
	}
	if (!env->targets.nr) {
		ret = embedded_make(&ctx->journal, env->embedded, env->embedded_size,
				    &ctx->emb);
		if (ret) {
			fprintf(stderr, "fioring-bench run: cannot make the embedded "
				"%s device: %s\n", env->embedded == EMB_LOOP ? "loop" :
				env->embedded == EMB_ZRAM ? "zram" : "zram or loop",
				strerror(-ret));
			return ret;
		}
		fprintf(stderr, "fioring-bench run: made %s (%llu MiB) for this run\n",
			ctx->emb.dev,
			(unsigned long long)(env->embedded_size >> 20));
	}
	for (i = 0; i < ctx->nr_targets; i++) {
		struct target *t = &ctx->targets[i];

		dev = env->targets.nr ? env->targets.v[i] : ctx->emb.dev;
		ret = target_resolve(dev, t);
		if (ret) {
			fprintf(stderr, "fioring-bench run: --target %s: %s\n", dev,
				ret == -ENOTBLK ? "not a block device or NVMe "
				"generic char device" : strerror(-ret));
			return ret;
		}
		t->embedded = !env->targets.nr;
		for (j = 0; j < i; j++)
			if (!strcmp(ctx->targets[j].stat_name, t->stat_name)) {
				fprintf(stderr, "fioring-bench run: --target %s "
					"given twice\n", dev);
				return -EINVAL;
			}
		ret = dim_check_queue(t, env->vals);
		if (ret)
			return ret;
		/* before the sweep writes any of it */
		ctx->queue[i] = queue_snap_json(t);
		any_char |= t->is_char;
		any_block |= !t->is_char;
	}
	ctx->system = system_snap_json(ctx->targets, ctx->nr_targets);
	/* what fio makes of the jobs decides whether the targets are written */
	ret = job_guard(&je, any_block, any_char, &ctx->tools.writes);
	for (i = 0; !ret && i < ctx->nr_targets; i++) {
		struct target *t = &ctx->targets[i];

		ret = target_claim(&ctx->locks, t, ctx->tools.writes,
				   ctx->env->force) ?: target_values(ctx, i);
	}
	return ret;
}

/*
 * Each queue/ row's value on t as it is, for the cell names of a sweep
 * that leaves it (the row's `absent` where t has none; a remote t's are
 * not here to read)
 */
static void values_now(const struct target *t, char (*now)[64],
		       struct sweep_target *tg)
{
	int d;

	for (d = 0; d < NR_DIMS; d++) {
		if (dims[d].where != DIM_QUEUE_ATTR)
			continue;
		tg->now[d] = dims[d].absent;
		if (t && !t->remote && !dim_now(t, &dims[d], now[d], sizeof(now[d])))
			tg->now[d] = now[d];
	}
}

/*
 * A per-target row's values on t without probing it: those asked, else its
 * candidates; none where t has no such setting
 */
static void values_unprobed(const struct run_env *env, const struct target *t,
			    struct strlist *out)
{
	char path[PATH_BUF];
	int d, i;

	for (d = 0; d < NR_DIMS; d++) {
		if (!dim_per_target(&dims[d]) ||
		    dim_path(t, &dims[d], path, sizeof(path)))
			continue;
		for (i = 0; i < env->vals[d].nr; i++)
			strlist_add(&out[d], env->vals[d].v[i]);
		if (!env->vals[d].nr)
			strlist_split(&out[d], dims[d].candidates);
	}
}

/*
 * --dry-run: the plan without touching the machine.  The embedded device
 * does not exist yet and multipath policies are not probed, so they show
 * as "embedded" and as every policy the harness knows.
 */
static int dry_run(struct run_ctx *ctx)
{
	struct run_env *env = ctx->env;
	int n = env->targets.nr ?: 1, i, d, runs, ret = -ENOMEM;
	struct sweep_target *tg = calloc(n, sizeof(*tg));
	struct target *t = calloc(n, sizeof(*t));
	struct strlist (*pv)[NR_DIMS] = calloc(n, sizeof(*pv));
	char (*now)[NR_DIMS][64] = calloc(n, sizeof(*now));
	char eta[32];

	if (!tg || !t || !pv || !now)
		goto out;
	ret = 0;
	for (i = 0; i < n && !ret; i++) {
		tg[i].disk = "embedded";
		values_now(NULL, now[i], &tg[i]);
		for (d = 0; d < NR_DIMS; d++)
			tg[i].vals[d] = dim_per_target(&dims[d]) ? &pv[i][d] : NULL;
		if (!env->targets.nr)
			continue;
		/* on fio servers: the device is not here to look at */
		if (env->clients.nr) {
			tg[i].disk = strrchr(env->targets.v[i], '/') ?
				     strrchr(env->targets.v[i], '/') + 1 :
				     env->targets.v[i];
			continue;
		}
		ret = target_resolve(env->targets.v[i], &t[i]);
		if (ret) {
			fprintf(stderr, "fioring-bench run: --target %s: %s\n",
				env->targets.v[i], strerror(-ret));
			break;
		}
		tg[i].disk = t[i].disk;
		values_now(&t[i], now[i], &tg[i]);
		values_unprobed(env, &t[i], pv[i]);
	}
	if (!ret)
		ret = sweep_plan(&ctx->sweep, env, tg, n);
	if (!ret) {
		for (i = 0; i < ctx->sweep.nr; i++)
			printf("%s\n", ctx->sweep.cells[i].name);
		runs = ctx->sweep.nr * env->repeat;
		/* about half a second of fio start-up and exit per run */
		fmt_duration(eta, sizeof(eta), (runs + n * env->warmup) *
			     (env->runtime + 0.5));
		printf("%d cells x %d repeats = %d runs", ctx->sweep.nr, env->repeat,
		       runs);
		if (env->warmup)
			printf(" (and %d warm-up per target)", env->warmup);
		if (env->runtime)
			printf(", about %s", eta);
		printf("\n");
		for (i = 0; i < env->clients.nr; i++)
			printf("%s fio server %s\n", i ? "   " : "on ", env->clients.v[i]);
	}
out:
	for (i = 0; pv && i < n; i++)
		for (d = 0; d < NR_DIMS; d++)
			strlist_free(&pv[i][d]);
	free(now);
	free(pv);
	free(t);
	free(tg);
	return ret ? 1 : 0;
}

static int plan_sweep(struct run_ctx *ctx)
{
	struct sweep_target *tg = calloc(ctx->nr_targets, sizeof(*tg));
	char (*now)[NR_DIMS][64] = calloc(ctx->nr_targets, sizeof(*now));
	int i, d, ret = -ENOMEM;

	if (tg && now) {
		for (i = 0; i < ctx->nr_targets; i++) {
			tg[i].disk = ctx->targets[i].disk;
			for (d = 0; d < NR_DIMS; d++)
				if (dim_per_target(&dims[d]))
					tg[i].vals[d] = &ctx->tvals[i][d];
			values_now(&ctx->targets[i], now[i], &tg[i]);
		}
		ret = sweep_plan(&ctx->sweep, ctx->env, tg, ctx->nr_targets);
	}
	free(now);
	free(tg);
	return ret;
}

/*
 * Each target by what it is (the history store names cells by it:
 * results/idents.c): the embedded device by kind and size, another by
 * model and serial, with its firmware, which a history must see change.
 */
static json_object *devices_json(const struct run_ctx *ctx)
{
	json_object *a = json_object_new_array();
	struct target_identity id;
	int i;

	for (i = 0; i < ctx->nr_targets; i++) {
		const struct target *t = &ctx->targets[i];
		json_object *d = json_object_new_object();

		target_identity(t, &id);
		json_put_str(d, "disk", t->disk);
		json_put_str(d, "embedded", !t->embedded ? "" :
			     ctx->emb.kind == EMB_ZRAM ? "zram" : "loop");
		json_put_str(d, "model", t->model);
		json_put_str(d, "serial", id.serial);
		json_put_str(d, "firmware", id.firmware);
		json_object_object_add(d, "size_bytes",
				       json_object_new_int64((int64_t)id.size_bytes));
		if (ctx->queue && ctx->queue[i])
			json_object_object_add(d, "queue", json_object_get(ctx->queue[i]));
		json_object_array_add(a, d);
	}
	return a;
}

static json_object *make_meta(struct run_ctx *ctx)
{
	json_object *m = json_object_new_object(), *fio = json_object_new_object();
	char started[64], id[256];

	iso_now(started, sizeof(started));
	/* names this sweep in a history: meta.json is rewritten at the end */
	snprintf(id, sizeof(id), "%s-%s-%d", ctx->host, started, (int)getpid());
	json_put_str(m, "id", id);
	json_put_str(m, "started", started);
	json_put_str(m, "host", ctx->host);
	json_put_str(m, "kernel", ctx->kernel);
	json_put_str(m, "kernel_version", ctx->kernel_version);
	json_put_str(fio, "path", ctx->tools.fio);
	json_put_str(fio, "version", ctx->tools.fio_version);
	json_put_str(fio, "build_id", ctx->tools.fio_build_id);
	json_object_object_add(m, "fio", fio);
	json_put_str(m, "engine", ctx->tools.engine_lib);
	json_put_str(m, "engine_version", ctx->tools.engine_version);
	json_put_str(m, "command", ctx->env->cmdline);
	json_object_object_add(m, "repeat", json_object_new_int(ctx->env->repeat));
	json_object_object_add(m, "warmup", json_object_new_int(ctx->env->warmup));
	json_object_object_add(m, "runtime_s", json_object_new_int(ctx->env->runtime));
	json_object_object_add(m, "cells", json_object_new_int(ctx->sweep.nr));
	json_put_str(m, "embedded", ctx->emb.dev);
	json_object_object_add(m, "placement", placement_json(&ctx->place));
	json_object_object_add(m, "targets",
			       sweep_facts_json(ctx->facts, ctx->nr_targets));
	json_object_object_add(m, "devices", devices_json(ctx));
	if (ctx->system)
		json_object_object_add(m, "system", json_object_get(ctx->system));
	return m;
}

/*
 * Where the sweep is: "[12/36]" and the ETA of the planned runs; in the
 * adaptive rounds (total < 0) "[round 3: 2/6]" and an ETA for the most
 * runs the open cells may yet take, as an upper bound: the count of runs
 * to come is not known there, only its most.
 */
static void progress_at(const struct run_ctx *ctx, int i, int total,
			double elapsed_s, char *at, size_t alen, char *eta, size_t elen)
{
	const struct adaptive *a = &ctx->adaptive;
	char t[32];

	if (total >= 0) {
		snprintf(at, alen, "[%*d/%d]", (int)snprintf(NULL, 0, "%d", total),
			 i, total);
		fmt_duration(eta, elen, elapsed_s / i * (total - i));
		return;
	}
	snprintf(at, alen, "[round %d: %d/%d]", a->round + 1, a->round_runs,
		 a->round_open);
	fmt_duration(t, sizeof(t), elapsed_s / i *
		     (a->round_most - a->round_runs));
	snprintf(eta, elen, "<= %s", t);
}

/*
 * a figure as a person reads it at a glance: the results keep six
 * significant digits, the progress line as many decimals as it means
 */
static const char *glance(char *buf, size_t len, double v, int dec)
{
	if (isnan(v) || isinf(v))
		return "-";
	snprintf(buf, len, "%.*f", dec, v);
	return buf;
}

static void progress(struct run_ctx *ctx, const struct target_facts *tf,
		     const struct result_row *r, int i, int total, double elapsed_s)
{
	char at[48], eta[40], iops[32], ks[32], util[32], kernel[96];
	const char *uncounted = facts_uncounted(tf, r);
	int k;

	progress_at(ctx, i, total, elapsed_s, at, sizeof(at), eta, sizeof(eta));
	if (strcmp(r->status, "ok")) {
		fprintf(stderr, "%s %s #%d: FAILED: %s  ETA %s\n", at, r->cell,
			r->repeat, r->error, eta);
		return;
	}
	/* "kernel 0 IOPS" would read as a device that did nothing */
	if (uncounted)
		snprintf(kernel, sizeof(kernel), "%s", uncounted);
	else
		snprintf(kernel, sizeof(kernel), "kernel %s IOPS %s%% util",
			 glance(ks, sizeof(ks), r->ks_iops, 0),
			 glance(util, sizeof(util), r->ks_util_pct, 1));
	fprintf(stderr, "%s %s #%d: %s IOPS, %s%s%s%s%s  ETA %s\n",
		at, r->cell, r->repeat, glance(iops, sizeof(iops), r->iops, 0),
		kernel,
		r->ks_flags[0] ? "  flags " : "", r->ks_flags,
		r->fio_flags[0] ? "  fio_flags " : "", r->fio_flags, eta);
	if (!ctx->env->verbose)
		return;
	fprintf(stderr, "  clat mean r/w %.1f/%.1f us, p99 r/w %.1f/%.1f us; "
		"r_await %.3f w_await %.3f ms, aqu-sz %.2f (fio %.2f), "
		"busy %.1f%%",
		r->read_clat_mean_us, r->write_clat_mean_us,
		r->read_clat_p99_us, r->write_clat_p99_us,
		r->ks_r_await_ms, r->ks_w_await_ms, r->ks_aqu_sz,
		r->fio_inflight, r->fio_busy_pct);
	/*
	 * each kernel setting as asked and as the kernel read it back; a row
	 * with one column (scheduler) holds the read-back there
	 */
	for (k = 0; k < NR_DIMS; k++) {
		if (!dim_in_kernel(&dims[k]) || !r->dim_req[k][0])
			continue;
		fprintf(stderr, ", %s %s", dims[k].name, r->dim_req[k]);
		if (r->dim_eff[k][0])
			fprintf(stderr, "->%s", r->dim_eff[k]);
	}
	for (k = 0; k < ctx->env->nr_knobs; k++)
		fprintf(stderr, ", %s %s->%s", ctx->env->knobs[k].attr,
			r->knob_req[k], r->knob_eff[k]);
	fputc('\n', stderr);
}

/* runs cell c once into rows: how many it filled */
static int cell_rows(struct run_ctx *ctx, const struct sweep_cell *c, int run,
		     int rep, struct result_row *rows)
{
	/* fio servers: a row per host and one for all of them */
	if (ctx->env->clients.nr)
		return clients_run_cell(ctx->env, &ctx->tools,
					&ctx->targets[c->target], c, run, rep,
					rows, &ctx->fio_time);
	run_cell(ctx, c, run, rep, rows);
	return 1;
}

/*
 * --warmup N: before a target's first run, N runs of that cell that are
 * not recorded (files wNNNN, numbered down from -1 in *warm): a device
 * just made, or idle a while, runs its first seconds slower, which would
 * land on the first cells of round 1 alone (docs/notes/2026-12-warmup.md)
 */
static void warm_up(struct run_ctx *ctx, const struct sweep_cell *c,
		    struct result_row *rows, bool *warmed, int *warm)
{
	char iops[32];
	int w, k, nr;

	if (warmed[c->target])
		return;
	warmed[c->target] = true;
	for (w = 1; w <= ctx->env->warmup && !stop_signal; w++) {
		nr = cell_rows(ctx, c, --*warm, 0, rows);
		ctx->nr_warm += nr;
		for (k = 0; k < nr; k++) {
			if (!strcmp(rows[k].status, "ok")) {
				fprintf(stderr, "[warm-up %d/%d] %s: %s IOPS "
					"(not recorded)\n", w, ctx->env->warmup,
					c->name, glance(iops, sizeof(iops),
							rows[k].iops, 0));
				continue;
			}
			ctx->nr_warm_failed++;
			fprintf(stderr, "[warm-up %d/%d] %s: FAILED: %s "
				"(not recorded)\n", w, ctx->env->warmup,
				c->name, rows[k].error);
		}
	}
}

/* the one line for a results file that cannot be written, first to last */
static void say_unwritable(const struct run_ctx *ctx, int err)
{
	fprintf(stderr, "fioring-bench run: cannot write results in %s: %s\n",
		ctx->tools.out, strerror(-err));
}

/* runs cell ci once, records its rows; -errno when results cannot be written */
static int sweep_run_one(struct run_ctx *ctx, int ci, int run, int rep,
			 struct result_row *rows, int total, uint64_t t0)
{
	const struct sweep_cell *c = &ctx->sweep.cells[ci];
	int k, nr, ret;

	nr = cell_rows(ctx, c, run, rep, rows);
	for (k = 0; k < nr; k++) {
		if (strcmp(rows[k].status, "ok"))
			ctx->nr_failed++;
		ctx->nr_done++;
		ret = results_add(&ctx->res, &rows[k]);
		if (!ret)
			ret = adaptive_note(&ctx->adaptive, ci, &rows[k]);
		if (ret) {
			say_unwritable(ctx, ret);
			return ret;
		}
		progress(ctx, ctx->facts ? &ctx->facts[c->target] : NULL,
			 &rows[k], run, total, (now_ns() - t0) / 1e9);
	}
	return 0;
}

/*
 * "adaptive round 3: 6 cells open, at most 72 runs, ETA <= 2:10": each
 * open cell runs at most once a round, and the ETA is for the most runs
 * left at the mean time a run has taken so far
 */
static void round_line(struct run_ctx *ctx, int done, uint64_t t0)
{
	struct adaptive *a = &ctx->adaptive;
	char eta[32];

	a->new_round = 0;
	fmt_duration(eta, sizeof(eta), done ? (now_ns() - t0) / 1e9 / done *
		     a->round_most : 0);
	fprintf(stderr, "adaptive round %d: %d cell%s open, at most %d run%s, "
		"ETA <= %s\n", a->round + 1, a->round_open,
		a->round_open == 1 ? "" : "s", a->round_most,
		a->round_most == 1 ? "" : "s", eta);
}

static int sweep_run(struct run_ctx *ctx, uint64_t t0)
{
	int total = ctx->sweep.nr * ctx->env->repeat, run = 0, rep, ci, k, ret = 0;
	struct result_row *rows = calloc(ctx->env->clients.nr + 1, sizeof(*rows));
	bool *warmed = calloc(ctx->nr_targets ?: 1, sizeof(*warmed));
	int warm = 0;

	if (!rows || !warmed) {
		free(rows);
		free(warmed);
		return -ENOMEM;
	}
	for (rep = 1; rep <= ctx->env->repeat && !stop_signal && !ret; rep++)
		for (k = 0; k < ctx->sweep.nr && !stop_signal && !ret; k++) {
			ci = sweep_order(rep, k, ctx->sweep.nr);
			warm_up(ctx, &ctx->sweep.cells[ci], rows, warmed, &warm);
			if (!stop_signal)
				ret = sweep_run_one(ctx, ci, ++run, rep, rows,
						    total, t0);
		}
	free(warmed);
	/* then the cells the gate could not judge yet, interleaved */
	while (!ret && !stop_signal &&
	       (ci = adaptive_next(&ctx->adaptive, ctx->env->repeat, &rep)) >= 0) {
		if (ctx->adaptive.new_round)
			round_line(ctx, run, t0);
		run++;
		ret = sweep_run_one(ctx, ci, run, rep, rows, -1, t0);
	}
	if (!ret && ctx->adaptive.budget && adaptive_pairs(&ctx->adaptive))
		fprintf(stderr, "fioring-bench run: adaptive: %d extra runs; %d of %d "
			"cells settled (%d judged against %s=%s at --max-drop "
			"%.3g%%, %d of them stopped undecided as futile; the "
			"others by width +-%.3g%%)\n",
			ctx->adaptive.extra_runs, adaptive_settled(&ctx->adaptive),
			ctx->sweep.nr, adaptive_pairs(&ctx->adaptive),
			ctx->env->adaptive_vs_col, ctx->env->adaptive_vs_val,
			100 * ctx->adaptive.max_drop, adaptive_futile(&ctx->adaptive),
			100 * ctx->adaptive.width);
	else if (!ret && ctx->adaptive.budget)
		fprintf(stderr, "fioring-bench run: adaptive: %d extra runs; %d of %d "
			"cells settled (median within +-%.3g%%)\n",
			ctx->adaptive.extra_runs, adaptive_settled(&ctx->adaptive),
			ctx->sweep.nr, 100 * ctx->adaptive.width);
	free(rows);
	return ret;
}

/* what the harness itself cost, against the time fio spent */
static void overhead_report(struct run_ctx *ctx, uint64_t t0)
{
	double wall = (now_ns() - t0) / 1e9;
	double fio_wall = ctx->fio_time.wall_ns / 1e9;
	double fio_rt = ctx->fio_time.runtime_ns / 1e9;
	double own = wall - fio_wall;
	json_object *o = json_object_new_object();
	char finished[64], warm[64] = "";

	iso_now(finished, sizeof(finished));
	if (ctx->nr_warm)
		snprintf(warm, sizeof(warm), " and %d warm-up (%d failed)",
			 ctx->nr_warm, ctx->nr_warm_failed);
	fprintf(stderr, "fioring-bench run: %d runs (%d failed)%s in %.1f s; "
		"harness overhead %.2f s (%.2f%% of the sweep), fio start/exit "
		"%.2f s (%.2f%%), fio runtime %.1f s\n", ctx->nr_done,
		ctx->nr_failed, warm, wall, own, wall > 0 ? 100.0 * own / wall : 0.0,
		fio_wall - fio_rt, wall > 0 ? 100.0 * (fio_wall - fio_rt) / wall : 0.0,
		fio_rt);
	json_put_str(o, "finished", finished);
	json_object_object_add(o, "wall_s", json_object_new_double(wall));
	json_object_object_add(o, "harness_s", json_object_new_double(own));
	json_object_object_add(o, "fio_process_s", json_object_new_double(fio_wall));
	json_object_object_add(o, "fio_runtime_s", json_object_new_double(fio_rt));
	json_object_object_add(o, "harness_overhead_pct",
			       json_object_new_double(wall > 0 ? 100.0 * own / wall : 0));
	json_object_object_add(o, "runs", json_object_new_int(ctx->nr_done));
	json_object_object_add(o, "failed", json_object_new_int(ctx->nr_failed));
	json_object_object_add(o, "warmup_runs", json_object_new_int(ctx->nr_warm));
	json_object_object_add(o, "warmup_failed",
			       json_object_new_int(ctx->nr_warm_failed));
	if (stop_signal)
		json_put_str(o, "interrupted_by", strsignal(stop_signal));
	json_object_object_add(ctx->res.meta, "summary", o);
	adaptive_meta(&ctx->adaptive, ctx->res.meta);
	if (ctx->env->adaptive_vs_val &&
	    json_object_object_get_ex(ctx->res.meta, "adaptive", &o)) {
		json_object *futile = json_object_new_array();
		char vs[160];
		int i;

		snprintf(vs, sizeof(vs), "%s=%s", ctx->env->adaptive_vs_col,
			 ctx->env->adaptive_vs_val);
		json_put_str(o, "vs", vs);
		/* the gate's CANNOT line says which pairs stopped this way */
		for (i = 0; i < ctx->sweep.nr; i++)
			if (adaptive_cell_futile(&ctx->adaptive, i))
				json_object_array_add(futile,
					json_object_new_string(ctx->sweep.cells[i].name));
		json_object_object_add(o, "futile_cells", futile);
	}
}

/* a loop target's kworkers go with the jobs (placement_bind_workers) */
static void bind_loop_workers(struct run_ctx *ctx)
{
	int i, ret;

	for (i = 0; i < ctx->nr_targets; i++)
		if (!strncmp(ctx->targets[i].disk, "loop", 4))
			break;
	if (!ctx->place.pinned || i == ctx->nr_targets)
		return;
	ret = placement_bind_workers(&ctx->journal, &ctx->place);
	if (ret == -EBUSY)
		fprintf(stderr, "fioring-bench run: warning: another sweep owns "
			"the unbound workqueue cpumask (" WQ_CPUMASK_LOCK "): %s's "
			"workers go where the scheduler puts them, and its figures "
			"move with that\n", ctx->targets[i].disk);
	else if (ret)
		fprintf(stderr, "fioring-bench run: warning: cannot bind the "
			"unbound workqueues to CPU %s (%s): %s's workers go "
			"where the scheduler puts them, and its figures move "
			"with that\n", ctx->place.job_cpus, strerror(-ret),
			ctx->targets[i].disk);
}

/* what could not be put back is named on stderr and stays journaled */
static int teardown(struct run_ctx *ctx)
{
	int ret = 0;

	if (ctx->journal_open) {
		ret = journal_restore(&ctx->journal, sweep_undo,
				      ctx->env->verbose ? stderr : NULL, stderr);
		if (ret) {
			fprintf(stderr, "fioring-bench run: could not restore every "
				"setting; see 'fioring-bench restore' (%s keeps %s)\n",
				ctx->journal.path, ret > 0 ? "what is named above" :
				"every change");
			ret = -EIO;
		}
		journal_close(&ctx->journal);
	}
	return ret;
}

/*
 * --adaptive-vs names a value the sweep has: a pair that cannot exist
 * would leave every cell to spend its budget unpaired.  2: bad arguments.
 */
static int check_adaptive_vs(const struct run_ctx *ctx)
{
	const struct run_env *e = ctx->env;
	const char *col = e->adaptive_vs_col, *val = e->adaptive_vs_val;
	const struct dim *d = dim_by_col(col);
	struct sweep_target tg = { .disk = "plan" };
	struct sweep s = { 0 };
	int i, found = 0;

	/* a subsystem's values are known once its target is probed */
	if (!val || (d && dim_per_target(d)))
		return 0;
	if (sweep_plan(&s, e, &tg, 1))
		return 1;
	for (i = 0; i < s.nr && !found; i++)
		found = sweep_is_vs(&s, i, col, val);
	sweep_free(&s);
	if (found)
		return 0;
	fprintf(stderr, "fioring-bench run: --adaptive-vs %s=%s: the sweep has no "
		"cell with that %s\n", col, val, col);
	return 2;
}

/* each cell the gate will judge against a --adaptive-vs cell, paired with it */
static void pair_cells(struct run_ctx *ctx)
{
	int ci;

	if (!ctx->env->adaptive_vs_val)
		return;
	for (ci = 0; ci < ctx->sweep.nr; ci++)
		adaptive_pair(&ctx->adaptive, ci,
			      sweep_vs_partner(&ctx->sweep, ci,
					       ctx->env->adaptive_vs_col,
					       ctx->env->adaptive_vs_val));
}

/*
 * What runs the sweep: the kernel's name, fio, the CPUs, the engines and
 * the jobs.  The exit status when one is refused (2: a bad command line),
 * else 0
 */
static int sweep_tools(struct run_ctx *ctx)
{
	struct utsname un;

	uname(&un);
	str_copy(ctx->kernel, sizeof(ctx->kernel), un.release);
	str_copy(ctx->kernel_version, sizeof(ctx->kernel_version), un.version);
	str_copy(ctx->host, sizeof(ctx->host), un.nodename);
	if (setup_fio(ctx))
		return 1;
	if (ctx->env->clients.nr)
		ctx->env->unpinned = true;	/* the servers' CPUs are theirs */
	/* a CPU list it cannot use is a bad command line */
	if (placement_plan(ctx->env->cpus, ctx->env->unpinned, &ctx->place))
		return 2;
	if (setup_engines(ctx) || check_fio_engine(ctx) || setup_jobs(ctx))
		return 1;
	return check_adaptive_vs(ctx) ? 2 : 0;
}

/* meta.json and the results files, open for the rows */
static int sweep_results_open(struct run_ctx *ctx)
{
	json_object *meta = make_meta(ctx);
	int ret = results_meta_write(ctx->tools.out, meta);

	if (!ret)
		ret = results_open(&ctx->res, ctx->tools.out, meta, ctx->env->knobs,
				   ctx->env->nr_knobs);
	json_object_put(meta);
	if (ret) {
		say_unwritable(ctx, ret);
		return ret;
	}
	ctx->results_open = true;
	return 0;
}

/* the header: which fio and engine the sweep runs, then what it runs, where */
static void sweep_header(const struct run_ctx *ctx)
{
	char buf[PATH_BUF] = "";

	fprintf(stderr, "fioring-bench run: fio %s (%s, build-id %.12s)", ctx->tools.fio,
		ctx->tools.fio_version, ctx->tools.fio_build_id);
	if (ctx->tools.engine_lib[0])
		fprintf(stderr, ", engine %s (%s)", ctx->tools.engine_lib, ctx->tools.engine_version);
	fputc('\n', stderr);
	if (ctx->env->runtime)
		snprintf(buf, sizeof(buf), " of %d s", ctx->env->runtime);
	fprintf(stderr, "fioring-bench run: %d cells x %d repeats = %d runs%s, "
		"results in %s\n", ctx->sweep.nr, ctx->env->repeat,
		ctx->sweep.nr * ctx->env->repeat, buf, ctx->tools.out);
	placement_describe(&ctx->place, buf, sizeof(buf));
	fprintf(stderr, "fioring-bench run: placement: %s%s%s\n", buf,
		ctx->place.note[0] ? "; " : "", ctx->place.note);
}

/*
 * meta.json's summary and results.json's last runs, written as the sweep
 * ends: a sweep that otherwise finished (0, or 3: some runs failed) and
 * cannot write them says so and exits 1, so that no report is read from
 * files that lack them (a sweep stopped for a write said it already)
 */
static int sweep_results_end(struct run_ctx *ctx, int status)
{
	int meta = results_meta_write(ctx->tools.out, ctx->res.meta);
	int ret = results_finish(&ctx->res) ?: meta;

	if (!ret || (status && status != 3))
		return status;
	say_unwritable(ctx, ret);
	return 1;
}

/*
 * Settings restored, results closed and kept in the history, state freed:
 * the sweep's exit status, from status as the sweep ended
 */
static int sweep_finish(struct run_ctx *ctx, uint64_t t0, int status)
{
	bool restored = !teardown(ctx);
	int i, d;

	if (!restored)
		status = 1;
	/* after teardown: no other sweep may set these disks before it is done */
	devlocks_release(&ctx->locks);
	if (ctx->results_open) {
		overhead_report(ctx, t0);
		status = sweep_results_end(ctx, status);
		results_close(&ctx->res);
		if (!stop_signal)
			status = run_db_add(ctx->store, ctx->env,
					    ctx->tools.out, status);
	}
	/* a setting left changed outweighs the signal: exit 1, as without one */
	if (stop_signal && restored) {
		fprintf(stderr, "fioring-bench run: stopped by %s; settings restored\n",
			strsignal(stop_signal));
		status = 128 + stop_signal;
	} else if (stop_signal) {
		fprintf(stderr, "fioring-bench run: stopped by %s; settings NOT all "
			"restored (see above)\n", strsignal(stop_signal));
	}
	sweep_facts_free(&ctx->facts, ctx->nr_targets);
	sweep_free(&ctx->sweep);
	adaptive_free(&ctx->adaptive);
	for (i = 0; ctx->tvals && i < ctx->nr_targets; i++)
		for (d = 0; d < NR_DIMS; d++)
			strlist_free(&ctx->tvals[i][d]);
	free(ctx->tvals);
	for (i = 0; ctx->queue && i < ctx->nr_targets; i++)
		json_object_put(ctx->queue[i]);
	free(ctx->queue);
	json_object_put(ctx->system);
	strlist_free(&ctx->tools.client_fio);
	free(ctx->targets);
	return status;
}

static int sweep_main(struct run_ctx *ctx)
{
	uint64_t t0 = now_ns();
	int ret, status = 1;

	if (ctx->env->dry_run) {
		status = (setup_engines(ctx) || setup_jobs(ctx)) ? 1 :
			 check_adaptive_vs(ctx) ?: dry_run(ctx);
		sweep_free(&ctx->sweep);
		goto done;
	}
	if (geteuid()) {
		fprintf(stderr, "fioring-bench run: needs root: it changes queue "
			"settings and makes block devices\n");
		goto done;
	}
	status = sweep_tools(ctx) ?: run_db_open(ctx->env, &ctx->store);
	if (status)
		goto done;
	status = 1;
	if (setup_journal(ctx))
		goto out;
	signals_install();
	/* targets first: a refused target must leave no results directory */
	if (setup_targets(ctx) ||
	    sweep_probe_targets(&ctx->journal, ctx->targets, ctx->nr_targets,
				ctx->env, &ctx->facts) || setup_out(ctx) ||
	    copy_jobs(ctx))
		goto out;
	bind_loop_workers(ctx);
	if (plan_sweep(ctx) || adaptive_init(&ctx->adaptive, ctx->sweep.nr,
					     ctx->env->adaptive,
					     ctx->env->adaptive_width,
					     ctx->env->adaptive_max_drop))
		goto out;
	if (ctx->env->adaptive_metrics.nr &&
	    adaptive_metrics(&ctx->adaptive,
			     (const char *const *)ctx->env->adaptive_metrics.v,
			     ctx->env->adaptive_metrics.nr))
		goto out;
	ctx->adaptive.full = ctx->env->adaptive_full;
	pair_cells(ctx);
	if (sweep_results_open(ctx))
		goto out;
	sweep_header(ctx);
	ret = placement_apply(&ctx->place);
	if (ret) {
		fprintf(stderr, "fioring-bench run: cannot move the harness to CPUs %s: %s\n",
			ctx->place.harness_cpus, strerror(-ret));
		goto out;
	}
	if (sweep_run(ctx, t0))
		goto out;
	/* finished: 3 tells "some runs failed" from "could not sweep" */
	status = ctx->nr_failed ? 3 : 0;
out:
	status = sweep_finish(ctx, t0, status);
done:
	store_close(ctx->store);
	return status;
}

int run_sweep(struct run_env *env)
{
	struct run_ctx *ctx = calloc(1, sizeof(*ctx));
	int status;

	if (!ctx)
		return 1;
	ctx->env = env;
	status = sweep_main(ctx);
	free(ctx);
	return status;
}
