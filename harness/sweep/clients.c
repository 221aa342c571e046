// SPDX-License-Identifier: GPL-2.0
/*
 * clients.c: runs a cell across hosts through fio's own client/server
 * mode.  Each run is one `fio --client=H1 JOB1 --client=H2 JOB2 ...`, so
 * all hosts start together; the job files carry the cell's settings
 * (remote_job.c).  The local journal names every host and disk a job
 * touched; undoing such a record sends the host a restore job.  Before
 * the first run each host is probed once: it takes its device for the
 * sweep or the sweep is refused.  A host that dies mid-run has no results
 * in fio's JSON: its row fails with fio's words for it, and the other
 * hosts go on.  Each host's row is held to what its part of fio's JSON
 * says ran (row_check.c), as a local row is.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "sweep/clients.h"
#include "sweep/dim_probe.h"
#include "lib/fileio.h"
#include "lib/str.h"
#include "fio/fio_client.h"
#include "fio/fio_json.h"
#include "fio/fio_runner.h"
#include "results/metrics.h"
#include "fio/locate.h"
#include "sweep/job_guard.h"
#include "sweep/remote_job.h"
#include "sweep/row_check.h"
#include "sweep/row_fill.h"

/* a probe or restore job on one host gets this long before it is killed */
#define HOST_JOB_TIMEOUT_S	20

/* a host as it may appear in cell names, file names and shell words */
static void host_tag(const char *host, char *buf, size_t len)
{
	size_t i;

	snprintf(buf, len, "%s", host);
	for (i = 0; buf[i]; i++)
		if (!isalnum((unsigned char)buf[i]) && buf[i] != '.' && buf[i] != '-')
			buf[i] = '_';
}

int clients_setup_targets(const struct run_env *env, struct target *tg,
			  char *sweep_id, size_t len)
{
	char host[128], id[192];
	const char *base;
	int i;

	if (!env->targets.nr) {
		fprintf(stderr, "fioring-bench run: --client needs --target DEV, the "
			"device to sweep on every host\n");
		return -EINVAL;
	}
	if (env->path_stats) {
		fprintf(stderr, "fioring-bench run: --client: --path-stats is not "
			"supported on fio servers\n");
		return -EINVAL;
	}
	for (i = 0; i < NR_DIMS; i++)
		if (dim_per_target(&dims[i]) && env->vals[i].nr) {
			fprintf(stderr, "fioring-bench run: --client: %s is not "
				"supported on fio servers\n", dims[i].flag);
			return -EINVAL;
		}
	for (i = 0; i < env->targets.nr; i++) {
		struct target *t = &tg[i];

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
	/* unique among sweeps of any client; shell-safe as host_tag makes it */
	if (gethostname(host, sizeof(host)))
		str_copy(host, sizeof(host), "client");
	host[sizeof(host) - 1] = '\0';
	snprintf(id, sizeof(id), "%.120s-%d-%lld", host, (int)getpid(),
		 (long long)time(NULL));
	host_tag(id, sweep_id, len);
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
static void host_row_start(const struct run_tools *tl, const struct target *t,
			   const struct sweep_cell *c, const char *host,
			   int run, int repeat, struct result_row *r)
{
	char tag[160];

	row_start(tl, t, c, run, repeat, r);
	host_tag(host, tag, sizeof(tag));
	snprintf(r->cell, sizeof(r->cell), "%.400s/host-%.100s", c->name, tag);
	str_copy(r->dim_req[DIM_HOST], sizeof(r->dim_req[DIM_HOST]), host);
}

/* the fio a host's probe found (NULL: all hosts'), "" when they differ */
static const char *hosts_fio(const struct strlist *names,
			     const struct strlist *v, const char *host)
{
	int i;

	for (i = 0; i < v->nr; i++) {
		if (host && !strcmp(names->v[i], host))
			return v->v[i];
		if (!host && strcmp(v->v[i], v->v[0]))
			return "";
	}
	return host || !v->nr ? "" : v->v[0];
}

/* the row of a host (NULL: all of them) from the run's JSON */
static void row_fill(const struct run_env *env, const struct run_tools *tl,
		     struct result_row *r, json_object *root, const char *host,
		     const struct sweep_cell *c, const struct target *t)
{
	char ioengine[PATH_BUF];
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
	row_asked_kept(c, r);
	/* fio's JSON names no server's version: the probe's greeting did */
	str_copy(fr.version, sizeof(fr.version),
		 hosts_fio(&env->clients, &tl->client_fio, host));
	cell_ioengine(tl->engine_lib, r->dim_req[DIM_ENGINE], false, ioengine,
		      sizeof(ioengine));
	row_check(env, tl, c, t, &fr, ioengine, r);
}

/* the local journal names each host and disk before a job changes them */
static int journal_hosts(const struct hosts *h, struct journal *j,
			 const struct target *t)
{
	static struct strlist noted;
	char key[640];
	int i, ret;

	for (i = 0; i < h->names->nr; i++) {
		snprintf(key, sizeof(key), "%s\t%s", h->names->v[i], t->disk);
		if (strlist_has(&noted, key))
			continue;
		ret = journal_add(j, CLIENTS_REC, h->names->v[i], t->disk,
				  h->sweep_id, NULL);
		if (!ret)
			ret = strlist_add(&noted, key);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Runs a one-job file on host alone: job @name reads 4 KiB with the null
 * engine, and does so only when the exec_prerun in @opts (its other
 * options) succeeded.  fio's stdout (its text lines, then the JSON) lands
 * in *out.  0, or -errno when fio could not be run at all.
 */
static int host_run(const char *fio, const char *host, const char *format,
		    const char *name, const char *opts, char **out, size_t *len)
{
	char dir[] = "/tmp/fioring-host.XXXXXX", path[64], json[64], err[64];
	char opt[600];
	char *argv[5] = { (char *)fio, (char *)format, opt, path, NULL };
	struct fio_exit ex;
	struct fio_cmd cmd;
	FILE *f;
	int ret;

	*out = NULL;
	if (!mkdtemp(dir))
		return -errno;
	snprintf(path, sizeof(path), "%s/job.fio", dir);
	snprintf(json, sizeof(json), "%s/out", dir);
	snprintf(err, sizeof(err), "%s/err", dir);
	snprintf(opt, sizeof(opt), "--client=%s", host);
	f = fopen(path, "we");
	if (!f) {
		ret = -errno;
		goto out;
	}
	fprintf(f, "[%s]\nioengine=null\nsize=4k\nrw=read\n%s", name, opts);
	if (fclose(f)) {
		ret = -errno;
		goto out;
	}
	memset(&cmd, 0, sizeof(cmd));
	cmd.argv = argv;
	cmd.runtime = 1;
	cmd.timeout_s = HOST_JOB_TIMEOUT_S;
	cmd.json_path = json;
	cmd.err_path = err;
	ret = fio_run(&cmd, &ex, false);
	if (!ret)
		ret = file_read_all(json, out, len);
out:
	unlink(path);
	unlink(json);
	unlink(err);
	rmdir(dir);
	return ret;
}

/* did host's part of a host_run's output do I/O (its exec_prerun agreed)? */
static bool host_agreed(const char *out, size_t len, const char *host)
{
	struct fio_result fr;
	json_object *root;
	char why[256];
	bool yes;
	int njobs;

	root = out ? fio_json_load(out, len, why, sizeof(why)) : NULL;
	yes = root && !fio_json_client_read(root, host, &fr, &njobs) &&
	      fr.rd.ios > 0 && !fr.job_error;
	json_object_put(root);
	return yes;
}

/* the text after key in the first line of out holding it, up to a stop char */
static void line_value(const char *out, const char *key, const char *stop,
		       char *buf, size_t len)
{
	const char *p = out ? strstr(out, key) : NULL;

	buf[0] = '\0';
	if (p) {
		p += strlen(key);
		snprintf(buf, len, "%.*s", (int)strcspn(p, stop), p);
	}
}

/* why host refused: the probe left its reason for a job that prints it */
static void host_verdict(const char *fio, const char *host, const char *disk,
			 const char *tag, char *buf, size_t len)
{
	char *job = NULL, *out = NULL;
	size_t n = 0;
	FILE *f;

	buf[0] = '\0';
	f = open_memstream(&job, &n);
	if (!f)
		return;
	remote_verdict_job(f, disk, tag);
	if (!fclose(f) && !host_run(fio, host, "--output-format=json",
				    "fioring-verdict", job, &out, &n))
		line_value(out, REMOTE_VERDICT " 1 ", "\n", buf, len);
	free(out);
	free(job);
}

/*
 * The probe of one host before its first run: it takes the device's lock
 * there for the sweep and checks it (remote_job.c); fio's greeting names
 * the server's fio version, which its rows are held to.
 */
static int host_claim(const struct hosts *h, const char *host,
		      const struct target *t, bool guard)
{
	char tag[160], version[64], why[512], *job = NULL, *out = NULL;
	size_t n = 0;
	FILE *f;
	int ret;

	host_tag(host, tag, sizeof(tag));
	f = open_memstream(&job, &n);
	if (!f)
		return -ENOMEM;
	ret = remote_probe_job(f, t->disk, tag, h->sweep_id, guard);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	if (!ret)
		ret = host_run(h->fio, host, "--output-format=normal,json",
			       "fioring-probe", job, &out, &n);
	free(job);
	if (ret) {
		fprintf(stderr, "fioring-bench run: --client %s: cannot run fio: %s\n",
			host, strerror(-ret));
		return ret;
	}
	line_value(out, ", fio=", ",\n", version, sizeof(version));
	if (!version[0]) {
		fprintf(stderr, "fioring-bench run: --client %s: no answer from its "
			"fio server; its %s cannot be checked\n", host, t->dev);
		ret = -EHOSTUNREACH;
	} else if (!host_agreed(out, n, host)) {
		host_verdict(h->fio, host, t->disk, tag, why, sizeof(why));
		fprintf(stderr, "fioring-bench run: --client %s: refusing %s: %s\n",
			host, t->dev, why[0] ? why : "its probe refused it (see "
			"fioring-probe.prerun.txt where the fio server runs)");
		ret = -EBUSY;
	} else {
		ret = strlist_add(h->fio_versions, version);
	}
	free(out);
	return ret;
}

int clients_claim(const struct hosts *h, struct journal *j,
		  const struct target *tg, int nr, bool guard)
{
	int i, k, ret;

	for (k = 0; k < nr; k++) {
		ret = journal_hosts(h, j, &tg[k]);
		for (i = 0; !ret && i < h->names->nr; i++)
			ret = host_claim(h, h->names->v[i], &tg[k], guard);
		if (ret)
			return ret;
	}
	return 0;
}

int clients_run_cell(const struct run_env *env, const struct run_tools *tl,
		     const struct target *t, const struct sweep_cell *c,
		     int run, int repeat, struct result_row *rows,
		     struct fio_time *ft)
{
	const struct strlist *hosts = &env->clients;
	int nh = hosts->nr, i, n = 0, nbad = 0, ret;
	char **argv = calloc(2 * nh + 4, sizeof(*argv));
	char **paths = calloc(nh, sizeof(*paths));
	char json[PATH_BUF], err[PATH_BUF], tag[160], msg[400];
	char aux[PATH_BUF];
	char stem[16];
	json_object *root = NULL;
	struct fio_exit ex;
	struct fio_cmd cmd;
	char *buf = NULL;
	size_t len;

	run_stem(stem, run);
	for (i = 0; i <= nh; i++)
		host_row_start(tl, t, c, i < nh ? hosts->v[i] : "all", run, repeat,
			       &rows[i]);
	if (!argv || !paths) {
		ret = -ENOMEM;
		goto fail;
	}
	argv[n++] = (char *)tl->fio;
	argv[n++] = (char *)"--output-format=json+";
	/*
	 * the servers send their verify state back to be saved here, in the
	 * run, not the cwd; before any --client, or fio passes it to a server
	 */
	snprintf(aux, sizeof(aux), "--aux-path=%s/raw", tl->out);
	argv[n++] = aux;
	for (i = 0; i < nh; i++) {
		host_tag(hosts->v[i], tag, sizeof(tag));
		if (asprintf(&argv[n++], "--client=%s", hosts->v[i]) < 0 ||
		    asprintf(&paths[i], "%s/raw/%s.%s.fio", tl->out, stem, tag) < 0) {
			argv[n - 1] = paths[i] = NULL;
			ret = -ENOMEM;
			goto fail;
		}
		argv[n++] = paths[i];
		ret = remote_job_write(env, tl, c, t, tag, paths[i]);
		if (ret)
			goto fail;
	}
	snprintf(json, sizeof(json), "%s/raw/%s.json", tl->out, stem);
	snprintf(err, sizeof(err), "%s/raw/%s.err", tl->out, stem);
	memset(&cmd, 0, sizeof(cmd));
	cmd.argv = argv;
	cmd.runtime = env->runtime;
	cmd.json_path = json;
	cmd.err_path = err;
	cmd.timeout_s = env->fio_timeout;
	ret = fio_run(&cmd, &ex, env->verbose > 0);
	if (ret)
		goto fail;
	ft->wall_ns += ex.wall_ns;
	if (!file_read_all(json, &buf, &len))
		root = fio_json_load(buf, len, msg, sizeof(msg));
	for (i = 0; i <= nh; i++) {
		const char *host = i < nh ? hosts->v[i] : NULL;

		if (ex.interrupted) {
			row_fail(&rows[i], "interrupted");
		} else if (ex.timed_out) {
			row_fail(&rows[i], "fio did not finish in %d s and was killed",
				   env->runtime + env->fio_timeout);
		} else if (!root) {
			row_fail(&rows[i], "fio wrote no JSON (exit %d)", ex.code);
		} else if (host) {
			row_fill(env, tl, &rows[i], root, host, c, t);
		} else if (nbad) {
			row_fail(&rows[i], "%d of %d hosts failed: no total", nbad, nh);
		} else {
			row_fill(env, tl, &rows[i], root, NULL, c, t);
			if (!strcmp(rows[i].status, "ok"))
				ft->runtime_ns += (uint64_t)(rows[i].runtime_s * 1e9);
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
	const char *host = r->f[0], *disk = r->f[1], *sweep = r->f[2];
	char fio[PATH_MAX], tag[160], *job = NULL, *out = NULL;
	size_t n = 0;
	FILE *f;
	int ret;

	locate_fio(NULL, fio, sizeof(fio));
	host_tag(host, tag, sizeof(tag));
	f = open_memstream(&job, &n);
	if (!f)
		return -ENOMEM;
	ret = remote_restore_job(f, disk, tag, sweep);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	if (!ret)
		ret = host_run(fio, host, "--output-format=json", "fioring-restore",
			       job, &out, &n);
	/* the null job does its I/O only after its exec_prerun succeeded */
	if (!ret && !host_agreed(out, n, host))
		ret = -EHOSTUNREACH;
	snprintf(what, len, "%s on fio server %s%s%s", disk, host,
		 ret ? ": " : "", ret ? (ret == -EHOSTUNREACH ?
		 "unreachable or refused; run 'fioring-bench restore' once it is back" :
		 strerror(-ret)) : "");
	free(out);
	free(job);
	return ret;
}
