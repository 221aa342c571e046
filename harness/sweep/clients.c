// SPDX-License-Identifier: GPL-2.0
/*
 * clients.c: runs a cell across hosts through fio's own client/server
 * mode.  Each run is one `fio --client=H1 JOB1 --client=H2 JOB2 ...`, so
 * all hosts start together; the job files carry the cell's settings
 * (remote_job.c).  The local journal names every host and disk a job
 * touched; undoing such a record sends the host a restore job.  A host
 * that is down or dies mid-run has no results in fio's JSON: its row
 * fails with fio's words for it, and the other hosts go on.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "sweep/clients.h"
#include "lib/fileio.h"
#include "lib/str.h"
#include "fio/fio_client.h"
#include "fio/fio_json.h"
#include "fio/fio_runner.h"
#include "results/ioprio.h"
#include "results/metrics.h"
#include "fio/locate.h"
#include "sweep/remote_job.h"
#include "sweep/run.h"

/* a job to restore a host gets this long before it is killed */
#define RESTORE_TIMEOUT_S	20

/* a host as it may appear in cell names, file names and shell words */
static void host_tag(const char *host, char *buf, size_t len)
{
	size_t i;

	snprintf(buf, len, "%s", host);
	for (i = 0; buf[i]; i++)
		if (!isalnum((unsigned char)buf[i]) && buf[i] != '.' && buf[i] != '-')
			buf[i] = '_';
}

int clients_setup_targets(struct run_ctx *ctx)
{
	struct run_env *env = &ctx->env;
	const char *base;
	int i;

	if (!env->targets.nr) {
		fprintf(stderr, "fioring-bench run: --client needs --target DEV, the "
			"device to sweep on every host\n");
		return -EINVAL;
	}
	if (env->path_stats || env->iopolicy.nr) {
		fprintf(stderr, "fioring-bench run: --client: %s is not supported "
			"on fio servers\n", env->path_stats ? "--path-stats" : "--iopolicy");
		return -EINVAL;
	}
	ctx->nr_targets = env->targets.nr;
	ctx->targets = calloc(ctx->nr_targets, sizeof(*ctx->targets));
	ctx->iopolicies = calloc(ctx->nr_targets, sizeof(*ctx->iopolicies));
	if (!ctx->targets || !ctx->iopolicies)
		return -ENOMEM;
	for (i = 0; i < ctx->nr_targets; i++) {
		struct target *t = &ctx->targets[i];

		base = strrchr(env->targets.v[i], '/');
		base = base ? base + 1 : env->targets.v[i];
		/* its queue/ knobs are found from the name alone, remotely */
		if (strncmp(env->targets.v[i], "/dev/", 5) || !*base ||
		    !strncmp(base, "ng", 2) || strlen(base) >= sizeof(t->disk)) {
			fprintf(stderr, "fioring-bench run: --target %s: with --client, "
				"a whole block device /dev/NAME (the same path on every "
				"host)\n", env->targets.v[i]);
			return -EINVAL;
		}
		str_copy(t->dev, sizeof(t->dev), env->targets.v[i]);
		str_copy(t->disk, sizeof(t->disk), base);
		str_copy(t->stat_name, sizeof(t->stat_name), base);
		t->remote = true;
	}
	return 0;
}

/* fio's lines that name host ("client: host=H disconnected", "failed to connect to H") */
static void host_message(const char *out, const char *host, char *buf, size_t len)
{
	char name[256], *all = NULL, *line, *save;
	size_t n, used = 0;
	int port;

	buf[0] = '\0';
	fio_client_split(host, name, sizeof(name), &port);
	if (file_read_all(out, &all, &n))
		return;
	for (line = strtok_r(all, "\n", &save); line && used + 1 < len;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '{')
			break;	/* the JSON names every host */
		if (line[0] == '<' || !strstr(line, name))
			continue;
		str_trim(line);
		used += snprintf(buf + used, len - used, "%s%s", used ? "; " : "", line);
	}
	free(all);
}

/* a host's row (host "all": every host's) of run @run of cell @c */
static void host_row_start(struct run_ctx *ctx, const struct sweep_cell *c,
			   const char *host, int run, int repeat,
			   struct result_row *r)
{
	char tag[160];

	row_start(ctx, c, run, repeat, r);
	host_tag(host, tag, sizeof(tag));
	snprintf(r->cell, sizeof(r->cell), "%.400s/host-%.100s", c->name, tag);
	str_copy(r->host, sizeof(r->host), host);
	str_copy(r->engine_version, sizeof(r->engine_version),
		 strcmp(c->engine, "fioring") ? ctx->fio_version : ctx->engine_version);
}

/* the row of a host (NULL: all of them) from the run's JSON */
static void row_fill(struct result_row *r, json_object *root, const char *host,
		     const struct sweep_cell *c, const struct target *t)
{
	struct fio_disk_sum du;
	struct iostat_figs ks;
	struct fio_result fr;
	int njobs, ret;

	ret = fio_json_client_read(root, host, &fr, &njobs);
	if (ret == -ENODATA) {
		row_fail(r, "no results from %s", host ?: "any host");
		return;
	}
	if (ret) {
		row_fail(r, "cannot read the results of %s", host ?: "the hosts");
		return;
	}
	fill_fio(r, &fr);
	ioprio_row_fill(r, &fr);
	if (!fio_json_disk_sum(root, host, t->disk, &du) &&
	    !iostat_from_disk_util(&du, r->runtime_s, &ks))
		result_row_kernel(r, &ks);
	if (fr.job_error) {
		row_fail(r, "fio job error %d (%s) on %s", fr.job_error,
			   strerror(fr.job_error), host ?: "a host");
		return;
	}
	if (!fr.rd.ios && !fr.wr.ios) {
		row_fail(r, "no I/O on %s: its exec_prerun refused the settings "
			   "(see %s.prerun.txt where the fio server runs)",
			   host ?: "the hosts", c->job_name);
		return;
	}
	/* the prerun refuses to run unless the kernel kept what it was given */
	str_copy(r->iostats_eff, sizeof(r->iostats_eff), c->iostats);
	str_copy(r->scheduler, sizeof(r->scheduler), c->scheduler ?: "");
}

/* the local journal names each host and disk before a job changes them */
static int journal_hosts(struct run_ctx *ctx, const struct target *t)
{
	static struct strlist noted;
	char key[640];
	int i, ret;

	for (i = 0; i < ctx->env.clients.nr; i++) {
		snprintf(key, sizeof(key), "%s\t%s", ctx->env.clients.v[i], t->disk);
		if (strlist_has(&noted, key))
			continue;
		ret = journal_add(&ctx->journal, CLIENTS_REC, ctx->env.clients.v[i],
				  t->disk, NULL);
		if (!ret)
			ret = strlist_add(&noted, key);
		if (ret)
			return ret;
	}
	return 0;
}

int clients_run_cell(struct run_ctx *ctx, const struct sweep_cell *c, int run,
		     int repeat, struct result_row *rows)
{
	const struct target *t = &ctx->targets[c->target];
	const struct strlist *hosts = &ctx->env.clients;
	int nh = hosts->nr, i, n = 0, nbad = 0, ret;
	char **argv = calloc(2 * nh + 4, sizeof(*argv));
	char **paths = calloc(nh, sizeof(*paths));
	char json[PATH_BUF], err[PATH_BUF], tag[160], msg[400];
	char aux[PATH_BUF];
	json_object *root = NULL;
	struct fio_exit ex;
	struct fio_cmd cmd;
	char *buf = NULL;
	size_t len;

	for (i = 0; i <= nh; i++)
		host_row_start(ctx, c, i < nh ? hosts->v[i] : "all", run, repeat,
			       &rows[i]);
	if (!argv || !paths) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = journal_hosts(ctx, t);
	if (ret)
		goto fail;
	argv[n++] = ctx->fio;
	argv[n++] = (char *)"--output-format=json+";
	/*
	 * the servers send their verify state back to be saved here, in the
	 * run, not the cwd; before any --client, or fio passes it to a server
	 */
	snprintf(aux, sizeof(aux), "--aux-path=%s/raw", ctx->out);
	argv[n++] = aux;
	for (i = 0; i < nh; i++) {
		host_tag(hosts->v[i], tag, sizeof(tag));
		if (asprintf(&argv[n++], "--client=%s", hosts->v[i]) < 0 ||
		    asprintf(&paths[i], "%s/raw/r%04d.%s.fio", ctx->out, run, tag) < 0) {
			argv[n - 1] = paths[i] = NULL;
			ret = -ENOMEM;
			goto fail;
		}
		argv[n++] = paths[i];
		ret = remote_job_write(ctx, c, t, tag, paths[i]);
		if (ret)
			goto fail;
	}
	snprintf(json, sizeof(json), "%s/raw/r%04d.json", ctx->out, run);
	snprintf(err, sizeof(err), "%s/raw/r%04d.err", ctx->out, run);
	memset(&cmd, 0, sizeof(cmd));
	cmd.argv = argv;
	cmd.runtime = ctx->env.runtime;
	cmd.json_path = json;
	cmd.err_path = err;
	cmd.timeout_s = ctx->env.fio_timeout;
	ret = fio_run(&cmd, &ex, ctx->env.verbose > 0);
	if (ret)
		goto fail;
	ctx->fio_wall_ns += ex.wall_ns;
	if (!file_read_all(json, &buf, &len))
		root = fio_json_load(buf, len, msg, sizeof(msg));
	for (i = 0; i <= nh; i++) {
		const char *host = i < nh ? hosts->v[i] : NULL;

		if (ex.interrupted) {
			row_fail(&rows[i], "interrupted");
		} else if (ex.timed_out) {
			row_fail(&rows[i], "fio did not finish in %d s and was killed",
				   ctx->env.runtime + ctx->env.fio_timeout);
		} else if (!root) {
			row_fail(&rows[i], "fio wrote no JSON (exit %d)", ex.code);
		} else if (host) {
			row_fill(&rows[i], root, host, c, t);
		} else if (nbad) {
			row_fail(&rows[i], "%d of %d hosts failed: no total", nbad, nh);
		} else {
			row_fill(&rows[i], root, NULL, c, t);
			if (!strcmp(rows[i].status, "ok"))
				ctx->fio_runtime_ns += (uint64_t)(rows[i].runtime_s * 1e9);
		}
		if (host && strcmp(rows[i].status, "ok")) {
			nbad++;
			host_message(json, host, msg, sizeof(msg));
			if (*msg) {
				size_t at = strlen(rows[i].error);

				snprintf(rows[i].error + at, sizeof(rows[i].error) - at,
					 ": %s", msg);
				csv_clean(rows[i].error);
			}
		}
	}
	goto out;
fail:
	for (i = 0; i <= nh; i++)
		row_fail(&rows[i], "cannot run fio for the hosts: %s", strerror(-ret));
out:
	json_object_put(root);
	free(buf);
	for (i = 0; argv && i < nh; i++)
		free(argv[3 + 2 * i]);
	for (i = 0; paths && i < nh; i++)
		free(paths[i]);
	free(argv);
	free(paths);
	return nh + 1;
}

int clients_undo(const struct journal_rec *r, char *what, size_t len)
{
	const char *host = r->f[0], *disk = r->f[1];
	char fio[PATH_MAX], dir[] = "/tmp/fioring-restore.XXXXXX", job[64];
	char json[64], err[64], opt[600], tag[160], why[256];
	char *argv[5] = { fio, (char *)"--output-format=json", opt, job, NULL };
	struct fio_result fr;
	json_object *root = NULL;
	struct fio_exit ex;
	struct fio_cmd cmd;
	char *buf = NULL;
	size_t n;
	int ret, njobs;
	FILE *f;

	locate_fio(NULL, fio, sizeof(fio));
	if (!mkdtemp(dir))
		return -errno;
	snprintf(job, sizeof(job), "%s/restore.fio", dir);
	snprintf(json, sizeof(json), "%s/out.json", dir);
	snprintf(err, sizeof(err), "%s/err", dir);
	snprintf(opt, sizeof(opt), "--client=%s", host);
	host_tag(host, tag, sizeof(tag));
	ret = -EIO;
	f = fopen(job, "we");
	if (!f)
		goto out;
	fprintf(f, "[fioring-restore]\nioengine=null\nsize=4k\nrw=read\n");
	remote_restore_job(f, disk, tag);
	if (fclose(f))
		goto out;
	memset(&cmd, 0, sizeof(cmd));
	cmd.argv = argv;
	cmd.runtime = 1;
	cmd.timeout_s = RESTORE_TIMEOUT_S;
	cmd.json_path = json;
	cmd.err_path = err;
	ret = fio_run(&cmd, &ex, false);
	if (!ret && !file_read_all(json, &buf, &n))
		root = fio_json_load(buf, n, why, sizeof(why));
	ret = -EHOSTUNREACH;
	/* the null job does its I/O only after its exec_prerun succeeded */
	if (root && !fio_json_client_read(root, host, &fr, &njobs) &&
	    fr.rd.ios > 0 && !fr.job_error)
		ret = 0;
out:
	snprintf(what, len, "%s on fio server %s%s%s", disk, host,
		 ret ? ": " : "", ret ? (ret == -EHOSTUNREACH ?
		 "unreachable or refused; run 'fioring-bench restore' once it is back" :
		 strerror(-ret)) : "");
	json_object_put(root);
	free(buf);
	unlink(job);
	unlink(json);
	unlink(err);
	rmdir(dir);
	return ret;
}
