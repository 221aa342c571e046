// SPDX-License-Identifier: GPL-2.0
/*
 * clients.c: sweeps across hosts through fio's own client/server mode.
 * Each run of a cell is one `fio --client=H1 JOB1 --client=H2 JOB2 ...`,
 * so all hosts start together.  The harness cannot touch a remote kernel,
 * so each host's job file carries the cell's settings as shell run by the
 * fio server: exec_prerun journals the old value in the server's own
 * /run/fioring, writes the new one and reads it back (refusing to run
 * when the kernel kept another value), exec_postrun puts everything back.
 * Several fio servers may share one kernel (loopback tests do), so each
 * host leaves a token while its job runs and the last one out restores.
 * The local journal names every host and disk a job touched; restoring it
 * sends a job with only an exec_prerun that replays the server's journal.
 * A host that is down or dies mid-run has no results in fio's JSON: its
 * row fails with fio's words for it, and the other hosts go on.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "sweep/clients.h"
#include "lib/fileio.h"
#include "lib/str.h"
#include "fio/fio_json.h"
#include "fio/fio_runner.h"
#include "results/ioprio.h"
#include "fio/locate.h"
#include "sweep/run.h"

#define FIO_DEFAULT_PORT	8765
/* a job to restore a host gets this long before it is killed */
#define RESTORE_TIMEOUT_S	20
/* the shell of one exec_prerun/exec_postrun, before base64 */
#define REMOTE_SCRIPT_MAX	4096

static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

int clients_add_list(const char *csv, struct strlist *out)
{
	struct strlist items = { 0 };
	char buf[512];
	int i, ret;

	ret = strlist_split(&items, csv);
	for (i = 0; !ret && i < items.nr; i++) {
		if (all_digits(items.v[i])) {
			ret = -EINVAL;
			continue;
		}
		if (i + 1 < items.nr && all_digits(items.v[i + 1])) {
			snprintf(buf, sizeof(buf), "%s,%s", items.v[i], items.v[i + 1]);
			ret = strlist_add(out, buf);
			i++;
		} else {
			ret = strlist_add(out, items.v[i]);
		}
	}
	strlist_free(&items);
	return ret;
}

int clients_read_file(const char *path, struct strlist *out)
{
	char tok[512];
	int ret = 0, n = 0;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (!ret && fscanf(f, "%511s", tok) == 1) {
		ret = strlist_add(out, tok);
		n++;
	}
	fclose(f);
	return ret ?: (n ? 0 : -EINVAL);
}

/* "127.0.0.2,8765" -> "127.0.0.2" and 8765, as fio's JSON names a host */
static void host_split(const char *host, char *name, size_t len, int *port)
{
	const char *comma;

	if (!strncmp(host, "ip:", 3) || !strncmp(host, "ip6:", 4))
		host = strchr(host, ':') + 1;
	comma = strrchr(host, ',');
	*port = comma ? atoi(comma + 1) : FIO_DEFAULT_PORT;
	snprintf(name, len, "%.*s", comma ? (int)(comma - host) : (int)strlen(host),
		 host);
}

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

/*
 * The shell every remote script starts with: where the server keeps its
 * journal of disk d, the token of this host, a lock so that servers
 * sharing one kernel take turns, and the replay of the journal.
 */
static const char script_head[] =
	"s=/run/fioring; j=$s/remote-$d.journal; u=$s/remote-$d.users\n"
	"mkdir -p $u || exit 1\n"
	"exec 9>>$s/remote.lock; flock 9\n"
	"tab=$(printf '\\t')\n"
	"sel() { sed 's/.*\\[\\(.*\\)\\].*/\\1/' \"$1\"; }\n"
	"replay() {\n"
	"  [ -f $j ] || return 0\n"
	"  tac $j | while IFS=$tab read -r k f v; do echo \"$v\" > \"$f\"; done\n"
	"  rm -f $j\n"
	"}\n";

/* set_knob ATTR VALUE: journaled once, written, read back */
static const char script_set[] =
	"set_knob() {\n"
	"  f=/sys/block/$d/queue/$1\n"
	"  [ -e $f ] || { echo \"no $f\"; return 1; }\n"
	"  grep -q \"$tab$f$tab\" $j 2>/dev/null ||\n"
	"    printf 'knob\\t%s\\t%s\\n' $f \"$(sel $f)\" >> $j\n"
	"  echo $2 > $f\n"
	"  e=$(sel $f)\n"
	"  [ \"$e\" = \"$2\" ] || { echo \"$f: the kernel kept $e, not $2\"; return 1; }\n"
	"}\n"
	"touch $u/$t\n";

/*
 * guard W: the host's side of the safety guard, before every job: no
 * other process holds the device's flock (a sweep run on that host; one
 * held for under a second, as udev does while it probes, is waited out), and
 * when the sweep writes (W=1) nothing is stacked on it, mounted from it,
 * and blkid finds no signature or partition table on it.  O_EXCL cannot
 * be tried from sh.
 */
static const char script_guard[] =
	"guard() {\n"
	"  flock -w 1 -x /dev/$d true || { echo \"/dev/$d is locked by another process\"; return 1; }\n"
	"  [ \"$1\" = 1 ] || return 0\n"
	"  h=$(ls /sys/block/$d/holders); [ -z \"$h\" ] || { echo \"/dev/$d is held by $h\"; return 1; }\n"
	"  ls -d /sys/block/$d/$d* >/dev/null 2>&1 && { echo \"/dev/$d has partitions\"; return 1; }\n"
	"  grep -q \"^[0-9]* [0-9]* $(cat /sys/block/$d/dev) \" /proc/self/mountinfo &&\n"
	"    { echo \"/dev/$d is mounted\"; return 1; }\n"
	"  blkid -p /dev/$d >/dev/null 2>&1; r=$?\n"
	"  [ $r = 2 ] || { echo \"/dev/$d holds data (blkid -p exit $r)\"; return 1; }\n"
	"}\n";

static const char script_fail[] =
	"then :; else rm -f $u/$t; [ -n \"$(ls -A $u)\" ] || replay; exit 1; fi\n";

static const char script_post[] =
	"rm -f $u/$t; [ -n \"$(ls -A $u)\" ] || replay\n";

static const char script_restore[] = "rm -f $u/*; replay\n";

static void b64(const char *in, char *out, size_t len)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t n = strlen(in), i, o = 0;
	unsigned int v;

	for (i = 0; i < n && o + 5 < len; i += 3) {
		v = (unsigned char)in[i] << 16;
		if (i + 1 < n)
			v |= (unsigned char)in[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)in[i + 2];
		out[o++] = tab[v >> 18 & 63];
		out[o++] = tab[v >> 12 & 63];
		out[o++] = i + 1 < n ? tab[v >> 6 & 63] : '=';
		out[o++] = i + 2 < n ? tab[v & 63] : '=';
	}
	out[o] = '\0';
}

/*
 * An exec_prerun/exec_postrun line running script on the server.  fio
 * appends its own output redirection, so the script travels base64-encoded
 * into one sh, whatever quotes or newlines it has.
 */
static void exec_line(FILE *f, const char *opt, const char *disk,
		      const char *tag, const char *body)
{
	char script[REMOTE_SCRIPT_MAX], enc[REMOTE_SCRIPT_MAX / 3 * 4 + 5];

	snprintf(script, sizeof(script), "d=%s; t=%s\n%s%s", disk, tag,
		 script_head, body);
	b64(script, enc, sizeof(enc));
	fprintf(f, "%s=echo %s | base64 -d | sh\n", opt, enc);
}

/* the job file one host runs for a cell: settings, knobs, the job itself */
static int job_write(struct run_ctx *ctx, const struct sweep_cell *c,
		     const struct target *t, const char *tag, const char *path)
{
	char jobcopy[PATH_BUF], body[2048], *text = NULL;
	struct ioprio_mix prio;
	size_t len, used;
	FILE *f;
	int i, ret;

	snprintf(jobcopy, sizeof(jobcopy), "%s/jobs/%s.fio", ctx->out, c->job_name);
	ret = file_read_all(jobcopy, &text, &len);
	if (ret)
		return ret;
	f = fopen(path, "we");
	if (!f) {
		ret = -errno;
		free(text);
		return ret;
	}
	fprintf(f, "; fioring-bench run --client: cell %s on %s\n[global]\n",
		c->name, tag);
	if (!strcmp(c->engine, "fioring"))
		fprintf(f, "ioengine=external:%s\n", ctx->engine_lib);
	else
		fprintf(f, "ioengine=%s\n", c->engine);
	fprintf(f, "filename=%s\n", t->dev);
	if (ctx->env.runtime > 0)
		fprintf(f, "runtime=%d\ntime_based\n", ctx->env.runtime);
	if (c->sqpoll)
		fprintf(f, "sqthread_poll=1\n");
	if (!ioprio_parse(c->ioprio, &prio) && prio.pct)
		fprintf(f, "cmdprio_percentage=%d\ncmdprio_class=%d\ncmdprio=%d\n",
			prio.pct, prio.cls, prio.level);
	else if (prio.cls)
		fprintf(f, "prioclass=%d\nprio=%d\n", prio.cls, prio.level);
	for (i = 0; i < ctx->env.fio_args.nr; i++) {
		const char *a = ctx->env.fio_args.v[i];

		fprintf(f, "%s\n", strncmp(a, "--", 2) ? a : a + 2);
	}
	used = snprintf(body, sizeof(body), "%s%sif guard %d && set_knob iostats %s",
			script_guard, script_set,
			ctx->writes && !ctx->env.force, c->iostats);
	if (c->scheduler)
		used += snprintf(body + used, sizeof(body) - used,
				 " && set_knob scheduler %s", c->scheduler);
	snprintf(body + used, sizeof(body) - used, "; %s", script_fail);
	exec_line(f, "exec_prerun", t->disk, tag, body);
	exec_line(f, "exec_postrun", t->disk, tag, script_post);
	fwrite(text, 1, len, f);
	free(text);
	ret = ferror(f) ? -EIO : 0;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

static json_object *jget(json_object *o, const char *key)
{
	json_object *v;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static double jnum(json_object *o, const char *key)
{
	return json_object_get_double(jget(o, key));
}

/* is this client_stats/disk_util entry from host? */
static int from_host(json_object *e, const char *host)
{
	char name[256];
	int port;

	host_split(host, name, sizeof(name), &port);
	return !strcmp(json_object_get_string(jget(e, "hostname")) ?: "", name) &&
	       (int)jnum(e, "port") == port;
}

/* fio's figures of the entries of host (NULL: all hosts) as one run */
static int host_figs(json_object *root, const char *host, struct fio_result *fr,
		     int *njobs)
{
	json_object *stats = jget(root, "client_stats"), *doc, *jobs, *e;
	const char *s;
	char err[256];
	size_t i, n = stats ? json_object_array_length(stats) : 0;
	int ret;

	doc = json_object_new_object();
	jobs = json_object_new_array();
	if (!doc || !jobs) {
		json_object_put(doc);
		json_object_put(jobs);
		return -ENOMEM;
	}
	json_object_object_add(doc, "jobs", jobs);
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(stats, i);
		if (!strcmp(json_object_get_string(jget(e, "jobname")) ?: "",
			    "All clients"))
			continue;
		if (host && !from_host(e, host))
			continue;
		json_object_array_add(jobs, json_object_get(e));
	}
	*njobs = json_object_array_length(jobs);
	ret = -ENODATA;
	if (*njobs) {
		s = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PLAIN);
		ret = fio_json_parse(s, strlen(s), fr, err, sizeof(err));
	}
	json_object_put(doc);
	return ret;
}

/* the kernel's figures from fio's disk_util (the server read its diskstats) */
static void host_disk(json_object *root, const char *host, const char *disk,
		      struct result_row *r)
{
	json_object *du = jget(root, "disk_util"), *e;
	double rios = 0, wios = 0, rt = 0, wt = 0, inq = 0, util = 0;
	size_t i, n = du ? json_object_array_length(du) : 0;
	int found = 0;

	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(du, i);
		if ((host && !from_host(e, host)) ||
		    strcmp(json_object_get_string(jget(e, "name")) ?: "", disk))
			continue;
		rios += jnum(e, "read_ios");
		wios += jnum(e, "write_ios");
		rt += jnum(e, "read_ticks");
		wt += jnum(e, "write_ticks");
		inq += jnum(e, "in_queue");
		util += jnum(e, "util");
		found++;
	}
	if (!found || !(r->runtime_s > 0))
		return;
	r->ks_ios = rios + wios;
	r->ks_iops = r->ks_ios / r->runtime_s;
	r->ks_r_await_ms = rios ? rt / rios : NAN;
	r->ks_w_await_ms = wios ? wt / wios : NAN;
	r->ks_aqu_sz = inq / (r->runtime_s * 1000.0);
	/* one host's share of time busy; over hosts, their mean */
	r->ks_util_pct = util / found;
}

/* fio's lines that name host ("client: host=H disconnected", "failed to connect to H") */
static void host_message(const char *out, const char *host, char *buf, size_t len)
{
	char name[256], *all = NULL, *line, *save;
	size_t n, used = 0;
	int port;

	buf[0] = '\0';
	host_split(host, name, sizeof(name), &port);
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

static void row_start(struct run_ctx *ctx, const struct sweep_cell *c,
		      const struct target *t, const char *host, int run,
		      int repeat, struct result_row *r)
{
	char tag[160];

	result_row_init(r);
	r->run = run;
	r->repeat = repeat;
	host_tag(host, tag, sizeof(tag));
	snprintf(r->cell, sizeof(r->cell), "%.400s/host-%.100s", c->name, tag);
	snprintf(r->status, sizeof(r->status), "ok");
	str_copy(r->target, sizeof(r->target), t->disk);
	str_copy(r->host, sizeof(r->host), host);
	str_copy(r->fio_version, sizeof(r->fio_version), ctx->fio_version);
	str_copy(r->engine, sizeof(r->engine), c->engine);
	str_copy(r->engine_version, sizeof(r->engine_version),
		 strcmp(c->engine, "fioring") ? ctx->fio_version : ctx->engine_version);
	str_copy(r->job, sizeof(r->job), c->job_name);
	r->sqpoll = c->sqpoll;
	str_copy(r->iostats_req, sizeof(r->iostats_req), c->iostats);
	str_copy(r->ioprio, sizeof(r->ioprio), c->ioprio);
	snprintf(r->raw, sizeof(r->raw), "raw/r%04d.json", run);
}

/* the row of a host (NULL: all of them) from the run's JSON */
static void row_fill(struct result_row *r, json_object *root, const char *host,
		     const struct sweep_cell *c, const struct target *t)
{
	struct fio_result fr;
	int njobs, ret;

	ret = host_figs(root, host, &fr, &njobs);
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
	host_disk(root, host, t->disk, r);
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
	char **argv = calloc(2 * nh + 3, sizeof(*argv));
	char **paths = calloc(nh, sizeof(*paths));
	char json[PATH_BUF], err[PATH_BUF], tag[160], msg[400];
	json_object *root = NULL;
	struct fio_exit ex;
	struct fio_cmd cmd;
	char *buf = NULL;
	size_t len;

	for (i = 0; i <= nh; i++)
		row_start(ctx, c, t, i < nh ? hosts->v[i] : "all", run, repeat,
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
	for (i = 0; i < nh; i++) {
		host_tag(hosts->v[i], tag, sizeof(tag));
		if (asprintf(&argv[n++], "--client=%s", hosts->v[i]) < 0 ||
		    asprintf(&paths[i], "%s/raw/r%04d.%s.fio", ctx->out, run, tag) < 0) {
			argv[n - 1] = paths[i] = NULL;
			ret = -ENOMEM;
			goto fail;
		}
		argv[n++] = paths[i];
		ret = job_write(ctx, c, t, tag, paths[i]);
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
	if (!file_read_all(json, &buf, &len)) {
		char *start = strstr(buf, "\n{");

		root = json_tokener_parse(start ? start + 1 : buf);
	}
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
		free(argv[2 + 2 * i]);
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
	char json[64], err[64], opt[600], tag[160];
	char *argv[5] = { fio, (char *)"--output-format=json", opt, job, NULL };
	struct fio_result fr;
	json_object *root = NULL;
	struct fio_exit ex;
	struct fio_cmd cmd;
	char *buf = NULL, *start;
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
	exec_line(f, "exec_prerun", disk, tag, script_restore);
	if (fclose(f))
		goto out;
	memset(&cmd, 0, sizeof(cmd));
	cmd.argv = argv;
	cmd.runtime = 1;
	cmd.timeout_s = RESTORE_TIMEOUT_S;
	cmd.json_path = json;
	cmd.err_path = err;
	ret = fio_run(&cmd, &ex, false);
	if (!ret && !file_read_all(json, &buf, &n)) {
		start = strstr(buf, "\n{");
		root = json_tokener_parse(start ? start + 1 : buf);
	}
	ret = -EHOSTUNREACH;
	/* the null job does its I/O only after its exec_prerun succeeded */
	if (root && !host_figs(root, host, &fr, &njobs) && fr.rd.ios > 0 &&
	    !fr.job_error)
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
