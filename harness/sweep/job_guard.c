// SPDX-License-Identifier: GPL-2.0
/*
 * job_guard.c: what fio will write is what the guard checks.  Every job is
 * handed to `fio --parse-only` (fio/job_resolve.c) with the command line
 * its cells will run with, --fio-arg's included, so that:
 *  - a job fio refuses (a syntax error, a bad value, an engine that does
 *    not load, an option the engine lacks) stops the sweep before its
 *    first run, in one line, instead of failing every run of its cells;
 *  - a job, or a --fio-arg, that sets what the sweep owns is refused: an
 *    option a dims row sets (results/dims.h: fio_owns), the runtime, the
 *    CPUs, or anything that makes fio touch files beyond the target (logs,
 *    iolog replay, commands).  A job file overrides the command line in
 *    fio, so such a job would run something other than its cell's name
 *    says, or write where the guard never looked;
 *  - whether the sweep writes comes from fio's values of rw, trim and
 *    fill settings, after [global], includes and the command line.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio/fio_runner.h"
#include "fio/jobfile.h"
#include "fio/job_resolve.h"
#include "results/dims.h"
#include "sweep/fio_opts.h"
#include "sweep/job_guard.h"

/* given to fio between the sweep's own options and the --fio-arg's */
#define ARGS_MARKER "--description=fioring-bench-fio-args"

struct owned {
	const char *const names[8];
	const char *why;
	bool runtime_only;	/* owned only when --runtime is not 0 */
	bool pinned_only;	/* owned only when the sweep pins fio */
};

/* besides the dims rows' fio_owns */
static const struct owned owned[] = {
	{ .names = { "runtime", "time_based" }, .runtime_only = true,
	  .why = "the sweep sets the runtime (--runtime; 0 keeps the job's own)" },
	{ .names = { "cpus_allowed", "cpumask", "sqthread_poll_cpu" },
	  .pinned_only = true,
	  .why = "the sweep places fio (--cpus; --unpinned leaves it to the job)" },
	{ .names = { "cmd_type" }, .why = "the sweep sets it for NVMe char devices" },
	{ .names = { "path_stats" }, .why = "the sweep sets it (--path-stats)" },
	{ .names = { "exec_prerun", "exec_postrun" },
	  .why = "the sweep runs nothing but fio (--client uses these itself)" },
	{ .names = { "write_iolog", "read_iolog", "replay_redirect", "write_bw_log",
		     "write_lat_log", "write_iops_log", "write_hist_log" },
	  .why = "fio would read or write files beyond the target" },
};

/* fio's own command-line options a --fio-arg must not give */
static const char *const owned_cmdline[] = {
	"output", "output-format", "minimal", "client", "server", "daemonize",
	"parse-only", "showcmd", "remote-config", "trigger", "trigger-file",
	"trigger-remote", "name", "section", NULL
};

static const char *owned_why(const struct job_opt *o, const struct job_env *je,
			     char *buf, size_t len)
{
	size_t i;
	int k;

	for (i = 0; i < NR_DIMS; i++)
		for (k = 0; dims[i].fio_owns[k]; k++)
			if (!strcmp(o->name, dims[i].fio_owns[k])) {
				snprintf(buf, len, "%s (%s)", dims[i].owns_why ?:
					 "the sweep sets it", dims[i].flag);
				return buf;
			}
	for (i = 0; i < sizeof(owned) / sizeof(owned[0]); i++) {
		if ((owned[i].runtime_only && !je->env->runtime) ||
		    (owned[i].pinned_only && !je->place->pinned))
			continue;
		for (k = 0; owned[i].names[k]; k++)
			if (!strcmp(o->name, owned[i].names[k]))
				return owned[i].why;
	}
	return NULL;
}

static int args_check(const struct run_env *env)
{
	const char *a;
	size_t n;
	int i, k;

	for (i = 0; i < env->fio_args.nr; i++) {
		a = env->fio_args.v[i];
		if (strncmp(a, "--", 2))
			continue;
		for (k = 0; owned_cmdline[k]; k++) {
			n = strlen(owned_cmdline[k]);
			if (!strncmp(a + 2, owned_cmdline[k], n) &&
			    (a[2 + n] == '=' || !a[2 + n])) {
				fprintf(stderr, "fioring-bench run: --fio-arg %s: the "
					"sweep runs fio's jobs and reads its output "
					"itself\n", a);
				return -EINVAL;
			}
		}
	}
	return 0;
}

static void print_opt(const struct job_opt *o, char *buf, size_t len)
{
	if (!strcmp(o->val, JOB_OPT_NOVAL))
		snprintf(buf, len, "%s", o->name);
	else
		snprintf(buf, len, "%s=%s", o->name, o->val);
}

/* the job's or the --fio-arg's first option the sweep owns */
static int owned_check(const struct job_env *je, const char *job,
			const struct job_parse *p)
{
	char opt[512], buf[128];
	const char *why;
	int i, k;

	for (k = 0; k < p->args.nr; k++) {
		why = owned_why(&p->args.opts[k], je, buf, sizeof(buf));
		if (why) {
			print_opt(&p->args.opts[k], opt, sizeof(opt));
			fprintf(stderr, "fioring-bench run: --fio-arg sets %s: %s\n",
				opt, why);
			return -EINVAL;
		}
	}
	for (i = 0; i < p->nr; i++)
		for (k = 0; k < p->sec[i].nr; k++) {
			why = owned_why(&p->sec[i].opts[k], je, buf, sizeof(buf));
			if (!why)
				continue;
			print_opt(&p->sec[i].opts[k], opt, sizeof(opt));
			fprintf(stderr, "fioring-bench run: --job %s: [%s] sets %s: %s\n",
				job, p->sec[i].name, opt, why);
			return -EINVAL;
		}
	return 0;
}

static bool num_positive(const char *v)
{
	return v && strcmp(v, JOB_OPT_NOVAL) && strtod(v, NULL) > 0;
}

static bool flag_set(const char *v)
{
	return v && (!strcmp(v, JOB_OPT_NOVAL) || strtol(v, NULL, 10) != 0);
}

/* does job section i write or trim, as fio reads it? */
static bool section_writes(const struct job_parse *p, int i)
{
	static const char *const writers[] = {
		"write", "randwrite", "rw", "readwrite", "randrw", "trim",
		"randtrim", "trimwrite", "randtrimwrite", NULL
	};
	const char *rw = job_effective(p, i, "rw") ?: "read";
	size_t n = strcspn(rw, ":");
	int k;

	for (k = 0; writers[k]; k++)
		if (strlen(writers[k]) == n && !strncmp(rw, writers[k], n))
			return true;
	/* verify's trim phase trims what it read; fill_device writes */
	return num_positive(job_effective(p, i, "trim_percentage")) ||
	       flag_set(job_effective(p, i, "fill_device"));
}

void cell_ioengine(const char *engine_lib, const char *engine, bool chr,
		   char *buf, size_t len)
{
	if (!strcmp(engine, "fioring"))
		snprintf(buf, len, "external:%s", engine_lib);
	/* fio's own engine for the NVMe char device is io_uring_cmd */
	else if (chr && !strcmp(engine, "io_uring"))
		snprintf(buf, len, "io_uring_cmd");
	else
		snprintf(buf, len, "%s", engine);
}

/* one probe: job as a cell of val's engine and fio options runs it */
static int probe(const struct job_env *je, const char *job, const char *copy,
		 const char *const *val, bool chr, const struct strlist *extra,
		 bool *writes)
{
	char ioengine[PATH_MAX + 16], err[1024], opt_names[192];
	const char *engine = val[DIM_ENGINE];
	const struct run_env *env = je->env;
	struct strlist opts = { 0 };
	static struct fio_argv a;
	struct job_parse p;
	struct fio_cmd cmd;
	int i, ret;

	cell_ioengine(je->engine_lib, engine, chr, ioengine, sizeof(ioengine));
	memset(&cmd, 0, sizeof(cmd));
	cmd.fio = je->fio;
	cmd.job = copy;
	/* parse-only opens nothing: any name of the right kind will do */
	cmd.filename = chr ? "/dev/ng0n1" : "/dev/null";
	cmd.ioengine = ioengine;
	cmd.char_dev = chr;
	ret = cell_fio_opts(val, &opts);
	if (!ret && placement_sq_opt(je->place, &opts) < -1)
		ret = -ENOMEM;
	if (ret)
		goto out;
	cmd.opts = &opts;
	if (je->place->pinned)
		cmd.cpus = je->place->job_cpus;
	cmd.runtime = env->runtime;
	cmd.extra = extra;
	if (env->path_stats && !strcmp(engine, "fioring"))
		cmd.path_stats = "/dev/null";
	ret = fio_build_argv(&cmd, &a);
	if (ret < 0)
		goto out;
	ret = job_resolve(a.argv, ARGS_MARKER, &p, err, sizeof(err));
	if (ret) {
		cell_fio_opts_name(val, opt_names, sizeof(opt_names));
		fprintf(stderr, "fioring-bench run: --job %s with engine %s%s%s: "
			"%s%s\n", job, engine, opt_names, chr ? " (char device)" : "",
			ret == -EINVAL ? "fio refuses it: " : "", err);
		goto out;
	}
	ret = owned_check(je, job, &p);
	for (i = 0; !ret && i < p.nr; i++)
		if (!p.sec[i].global && section_writes(&p, i))
			*writes = true;
	job_parse_free(&p);
out:
	strlist_free(&opts);
	return ret;
}

/* the copy of job a char device's cells run (direct= commented out) */
static int char_copy(const char *job, char *dir, char *path, size_t len)
{
	char name[128];
	int ret;

	if (!mkdtemp(dir))
		return -errno;
	job_name(job, name, sizeof(name));
	snprintf(path, len, "%s/%s.ng.fio", dir, name);
	ret = job_copy(job, path, true);
	if (ret)
		rmdir(dir);
	return ret;
}

/* the rows a job is probed with: the engine and the fio options */
static bool probed(int d)
{
	return d == DIM_ENGINE || dims[d].fio_default;
}

/* at the next combination of the probed rows' values; false after the last */
static bool next_combination(int *at, const struct strlist *vals)
{
	int d;

	/* the last row counts fastest: engine by engine, as cells are named */
	for (d = NR_DIMS - 1; d >= 0; d--) {
		if (probed(d) && ++at[d] < vals[d].nr)
			return true;
		at[d] = 0;
	}
	return false;
}

/* job with each combination of the sweep's values of the probed rows */
static int job_probes(const struct job_env *je, const char *job, bool chr,
		      const struct strlist *extra, bool *writes)
{
	char dir[] = "/tmp/fioring-job.XXXXXX", copy[PATH_MAX];
	const struct strlist *vals = je->env->vals;
	const char *val[NR_DIMS] = { 0 };
	int at[NR_DIMS] = { 0 }, d, ret;

	if (chr) {
		ret = char_copy(job, dir, copy, sizeof(copy));
		if (ret) {
			fprintf(stderr, "fioring-bench run: cannot copy %s: %s\n", job,
				strerror(-ret));
			return ret;
		}
	}
	do {
		for (d = 0; d < NR_DIMS; d++)
			if (probed(d) && vals[d].nr)
				val[d] = vals[d].v[at[d]];
		ret = probe(je, job, chr ? copy : job, val, chr, extra, writes);
	} while (!ret && next_combination(at, vals));
	if (chr) {
		unlink(copy);
		rmdir(dir);
	}
	return ret;
}

int job_guard(const struct job_env *je, bool block, bool chr, bool *writes)
{
	const struct run_env *env = je->env;
	struct strlist extra = { 0 };
	int i, ret;

	*writes = false;
	ret = args_check(env);
	if (ret)
		return ret;
	ret = strlist_add(&extra, ARGS_MARKER);
	for (i = 0; !ret && i < env->fio_args.nr; i++)
		ret = strlist_add(&extra, env->fio_args.v[i]);
	for (i = 0; !ret && i < env->jobs.nr; i++) {
		if (block)
			ret = job_probes(je, env->jobs.v[i], false, &extra, writes);
		if (!ret && chr)
			ret = job_probes(je, env->jobs.v[i], true, &extra, writes);
	}
	strlist_free(&extra);
	return ret;
}
