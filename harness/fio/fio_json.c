// SPDX-License-Identifier: GPL-2.0
/*
 * fio_json.c: parses fio's --output-format=json+ output with json-c.  fio
 * may print warnings before the JSON document, so parsing starts at the
 * first line that opens an object.  With several jobs, counts and rates are
 * summed, means are weighted by I/O count and percentiles come from the
 * merged json+ latency histograms (the only way to combine them soundly);
 * per-priority figures (prios[]) are merged the same way.  A --client
 * run's JSON is read the same way per host, from client_stats, and its
 * disk_util entries give the kernel's counts as each server saw them.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "fio/fio_client.h"
#include "fio/fio_hist.h"
#include "fio/fio_json.h"
#include "lib/json_put.h"

static double jnum(json_object *o, const char *key)
{
	json_object *v = json_get(o, key);

	if (!v)
		return 0.0;
	if (json_object_is_type(v, json_type_string))
		return strtod(json_object_get_string(v), NULL);
	return json_object_get_double(v);
}

/*
 * Numbers that must fit an int or a count: converting a double out of
 * range is undefined, and the file may not be fio's doing (cut, edited).
 * Out of range reads as 0, as absent does.
 */
static int jint(json_object *o, const char *key)
{
	double v = jnum(o, key);

	return v >= INT_MIN && v <= INT_MAX ? (int)v : 0;
}

static uint64_t jcount(json_object *o, const char *key)
{
	double v = jnum(o, key);

	return v >= 0 && v < 18446744073709551616.0 ? (uint64_t)v : 0;
}

static double pct_key(json_object *clat, const char *key)
{
	return jnum(json_get(clat, "percentile"), key) / 1000.0;
}

/* one job's direction folded into the run's totals */
static int dir_add(json_object *d, struct fio_dir_figs *f, struct fio_hist *h,
		   int *have_pcts)
{
	json_object *clat = json_get(d, "clat_ns"), *bins;
	uint64_t ios = jcount(d, "total_ios");
	uint64_t tot = f->ios + ios;
	double rt;
	int ret;

	if (!ios)
		return 0;
	f->clat_mean_us = (f->clat_mean_us * f->ios +
			   jnum(clat, "mean") / 1000.0 * ios) / tot;
	f->lat_mean_us = (f->lat_mean_us * f->ios +
			  jnum(json_get(d, "lat_ns"), "mean") / 1000.0 * ios) / tot;
	f->slat_mean_us = (f->slat_mean_us * f->ios +
			   jnum(json_get(d, "slat_ns"), "mean") / 1000.0 * ios) / tot;
	f->ios = tot;
	f->iops += jnum(d, "iops");
	f->bw_kib += jnum(d, "bw");
	rt = jnum(d, "runtime");
	if (rt > f->runtime_ms)
		f->runtime_ms = rt;
	/* plain json: keep the first job's percentiles */
	if (!*have_pcts) {
		f->clat_p50_us = pct_key(clat, "50.000000");
		f->clat_p99_us = pct_key(clat, "99.000000");
		f->clat_p999_us = pct_key(clat, "99.900000");
		*have_pcts = 1;
	}
	bins = json_get(clat, "bins");
	/* json-c walks an object only: anything else in fio's place is no bins */
	if (!bins || !json_object_is_type(bins, json_type_object))
		return 0;
	json_object_object_foreach(bins, key, val) {
		ret = fio_hist_add(h, strtoull(key, NULL, 10),
			       (uint64_t)json_object_get_int64(val));
		if (ret)
			return ret;
	}
	return 0;
}

static void dir_pcts(struct fio_dir_figs *f, struct fio_hist *h)
{
	if (!h->nr)
		return;
	fio_hist_sort(h);
	f->clat_p50_us = fio_hist_pct(h, 50.0);
	f->clat_p99_us = fio_hist_pct(h, 99.0);
	f->clat_p999_us = fio_hist_pct(h, 99.9);
}

/*
 * Where a priority is served: RT first, then BE, then IDLE; lower levels
 * first within a class.  Class 0 (none set) is served as BE at level 4,
 * the level the kernel derives from nice 0.
 */
static int prio_rank(const struct fio_prio_figs *p)
{
	static const int order[] = { 1, 0, 1, 2 };

	if (!p->cls)
		return order[0] * 8 + 4;
	return (p->cls <= 3 ? order[p->cls] : 3) * 8 + p->level;
}

/* a direction's prios[] folded into the run's per-priority figures */
static int prios_add(json_object *d, struct fio_result *res, struct fio_hist *h)
{
	json_object *arr = json_get(d, "prios"), *p, *lat, *bins;
	struct fio_prio_figs *f;
	int i, k, n, cls, level, ret;

	if (!arr || !json_object_is_type(arr, json_type_array))
		return 0;
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		p = json_object_array_get_idx(arr, i);
		cls = jint(p, "prioclass");
		level = jint(p, "prio");
		/* lat_ns instead when the job asked for lat_percentiles */
		lat = json_get(p, "clat_ns") ?: json_get(p, "lat_ns");
		for (k = 0; k < res->nprios; k++)
			if (res->prios[k].cls == cls && res->prios[k].level == level)
				break;
		if (k == FIO_PRIOS_MAX)
			continue;
		f = &res->prios[k];
		if (k == res->nprios) {
			res->nprios++;
			f->cls = cls;
			f->level = level;
			/* plain json: the first job's percentiles */
			f->clat_p50_us = pct_key(lat, "50.000000");
			f->clat_p99_us = pct_key(lat, "99.000000");
		}
		f->ios += jcount(lat, "N");
		bins = json_get(lat, "bins");
		if (!bins || !json_object_is_type(bins, json_type_object))
			continue;
		json_object_object_foreach(bins, key, val) {
			ret = fio_hist_add(&h[k], strtoull(key, NULL, 10),
				       (uint64_t)json_object_get_int64(val));
			if (ret)
				return ret;
		}
	}
	return 0;
}

static void prios_pcts(struct fio_result *res, struct fio_hist *h)
{
	int k;

	for (k = 0; k < res->nprios; k++) {
		if (!h[k].nr)
			continue;
		fio_hist_sort(&h[k]);
		res->prios[k].clat_p50_us = fio_hist_pct(&h[k], 50.0);
		res->prios[k].clat_p99_us = fio_hist_pct(&h[k], 99.0);
	}
}

/*
 * The priority served first and the one served last, for comparing them;
 * -ENODATA when the run had fewer than two.
 */
int fio_prios_extremes(const struct fio_result *res,
		       const struct fio_prio_figs **hi,
		       const struct fio_prio_figs **lo)
{
	int k;

	if (res->nprios < 2)
		return -ENODATA;
	*hi = *lo = &res->prios[0];
	for (k = 1; k < res->nprios; k++) {
		if (prio_rank(&res->prios[k]) < prio_rank(*hi))
			*hi = &res->prios[k];
		if (prio_rank(&res->prios[k]) > prio_rank(*lo))
			*lo = &res->prios[k];
	}
	return 0;
}

/* a job's value of an option: its own, else the global one, else "" */
static const char *job_opt(json_object *root, json_object *job, const char *key)
{
	const char *v = json_object_get_string(json_get(json_get(job, "job options"), key));

	if (!v)
		v = json_object_get_string(json_get(json_get(root, "global options"), key));
	return v ?: "";
}

/*
 * A time option as fio writes it back into its JSON: a number with an
 * optional unit, microseconds without one (thinktime's base unit).
 */
static double opt_us(const char *v)
{
	char *end;
	double x = strtod(v, &end);

	if (!strcmp(end, "s"))
		return x * 1e6;
	if (!strcmp(end, "ms"))
		return x * 1e3;
	if (!*end || !strcmp(end, "us"))
		return x;
	return 0;	/* a unit fio would not have taken: no claim made */
}

/*
 * How long a job was to sleep in thinktime, ms: once per thinktime_blocks
 * I/Os, thinktime less the thinktime_spin it was told to spin.
 */
static double think_sleep_ms(json_object *root, json_object *job, uint64_t ios)
{
	double think = opt_us(job_opt(root, job, "thinktime")) -
		       opt_us(job_opt(root, job, "thinktime_spin"));
	double blocks = strtod(job_opt(root, job, "thinktime_blocks"), NULL);

	if (!(think > 0))
		return 0;
	return think / 1000 * (double)ios / (blocks >= 1 ? blocks : 1);
}

/* does a job run option name otherwise than the first job does? */
static bool jobs_differ(json_object *root, json_object *jobs, const char *name)
{
	json_object *first = json_object_array_get_idx(jobs, 0);
	size_t i, n = json_object_array_length(jobs);

	for (i = 1; i < n; i++)
		if (strcmp(job_opt(root, json_object_array_get_idx(jobs, i), name),
			   job_opt(root, first, name)))
			return true;
	return false;
}

/* name, unless ran has it or is full: the first job's value, mixed or not */
static void ran_opt_add(json_object *root, json_object *jobs, const char *name,
			struct fio_ran *ran)
{
	struct fio_ran_opt *o;

	if (fio_ran_opt(ran, name) || ran->nopts == FIO_RAN_OPTS ||
	    strlen(name) >= sizeof(o->name))
		return;
	o = &ran->opts[ran->nopts++];
	snprintf(o->name, sizeof(o->name), "%s", name);
	snprintf(o->val, sizeof(o->val), "%s",
		 job_opt(root, json_object_array_get_idx(jobs, 0), name));
	o->mixed = jobs_differ(root, jobs, name);
}

/*
 * The global options first: the sweep passes its own on fio's command
 * line, and a job file with many options of its own must not crowd them
 * out of ran->opts
 */
static void ran_opts_fill(json_object *root, json_object *jobs,
			  struct fio_ran *ran)
{
	size_t i, n = json_object_array_length(jobs);
	json_object *o;

	for (i = 0; i <= n; i++) {
		o = !i ? json_get(root, "global options") :
			 json_get(json_object_array_get_idx(jobs, i - 1), "job options");
		if (!o || !json_object_is_type(o, json_type_object))
			continue;
		json_object_object_foreach(o, name, v) {
			(void)v;
			ran_opt_add(root, jobs, name, ran);
		}
	}
}

const struct fio_ran_opt *fio_ran_opt(const struct fio_ran *ran,
				      const char *name)
{
	int i;

	for (i = 0; i < ran->nopts; i++)
		if (!strcmp(ran->opts[i].name, name))
			return &ran->opts[i];
	return NULL;
}

static void ran_fill(json_object *root, json_object *jobs, struct fio_ran *ran)
{
	static const char *const keys[] = { "ioengine", "filename", "runtime" };
	char *const vals[] = { ran->ioengine, ran->filename, ran->runtime };
	const size_t lens[] = {
		sizeof(ran->ioengine), sizeof(ran->filename), sizeof(ran->runtime)
	};
	size_t k;

	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		snprintf(vals[k], lens[k], "%s",
			 job_opt(root, json_object_array_get_idx(jobs, 0), keys[k]));
		if (!ran->mixed[0] && jobs_differ(root, jobs, keys[k]))
			snprintf(ran->mixed, sizeof(ran->mixed), "%s", keys[k]);
	}
	ran_opts_fill(root, jobs, ran);
}

/* fio leaves disk_util out for files and for disks it cannot find */
static void disks_add(json_object *du, struct fio_result *res)
{
	struct fio_disk_util *d;
	json_object *e;
	int i, n = du && json_object_is_type(du, json_type_array) ?
		    json_object_array_length(du) : 0;

	for (i = 0; i < n && res->ndisks < FIO_DISKS_MAX; i++) {
		e = json_object_array_get_idx(du, i);
		d = &res->disks[res->ndisks++];
		snprintf(d->name, sizeof(d->name), "%s", json_get_str(e, "name"));
		d->ios = jcount(e, "read_ios") + jcount(e, "write_ios");
		d->util_pct = jnum(e, "util");
	}
}

/* where the JSON document starts: the first line opening an object */
static const char *json_start(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		if (*p == '{')
			return p;
		p = memchr(p, '\n', end - p);
		if (!p)
			return NULL;
		p++;
	}
	return NULL;
}

json_object *fio_json_load(const char *buf, size_t len, char *err, size_t errlen)
{
	struct json_tokener *tok;
	json_object *root;
	const char *start;

	start = json_start(buf, len);
	if (!start) {
		snprintf(err, errlen, "no JSON in fio's output");
		return NULL;
	}
	tok = json_tokener_new();
	if (!tok) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return NULL;
	}
	root = json_tokener_parse_ex(tok, start, (int)(buf + len - start));
	if (!root)
		snprintf(err, errlen, "fio's JSON does not parse: %s",
			 json_tokener_error_desc(json_tokener_get_error(tok)));
	json_tokener_free(tok);
	return root;
}

int fio_json_read(json_object *root, json_object *jobs, struct fio_result *res,
		  char *err, size_t errlen)
{
	struct fio_hist hr = { 0 }, hw = { 0 }, hp[FIO_PRIOS_MAX] = { { 0 } };
	json_object *job, *opts;
	int i, n, ret = 0, pr = 0, pw = 0;

	memset(res, 0, sizeof(*res));
	if (!jobs)
		jobs = json_get(root, "jobs");
	if (!jobs || !json_object_is_type(jobs, json_type_array) ||
	    !json_object_array_length(jobs)) {
		snprintf(err, errlen, "fio's JSON has no jobs");
		return -EINVAL;
	}
	snprintf(res->version, sizeof(res->version), "%s",
		 json_get_str(root, "fio version"));
	ran_fill(root, jobs, &res->ran);
	n = json_object_array_length(jobs);
	res->njobs = n;
	for (i = 0; i < n; i++) {
		job = json_object_array_get_idx(jobs, i);
		if (!res->job_error)
			res->job_error = jint(job, "error");
		/* fio gives CPU as percent of the job's runtime: back to time */
		res->cpu_ms += (jnum(job, "usr_cpu") + jnum(job, "sys_cpu")) / 100 *
			       jnum(job, "job_runtime");
		res->usr_ms += jnum(job, "usr_cpu") / 100 * jnum(job, "job_runtime");
		res->think_sleep_ms += think_sleep_ms(root, job,
			jcount(json_get(job, "read"), "total_ios") +
			jcount(json_get(job, "write"), "total_ios") +
			jcount(json_get(job, "trim"), "total_ios"));
		ret = dir_add(json_get(job, "read"), &res->rd, &hr, &pr);
		if (!ret)
			ret = dir_add(json_get(job, "write"), &res->wr, &hw, &pw);
		if (!ret)
			ret = prios_add(json_get(job, "read"), res, hp);
		if (!ret)
			ret = prios_add(json_get(job, "write"), res, hp);
		if (ret)
			goto out;
	}
	opts = json_get(json_object_array_get_idx(jobs, 0), "job options");
	res->iodepth = jint(opts, "iodepth");
	if (!res->iodepth)
		res->iodepth = jint(json_get(root, "global options"), "iodepth");
	disks_add(json_get(root, "disk_util"), res);
	dir_pcts(&res->rd, &hr);
	dir_pcts(&res->wr, &hw);
	prios_pcts(res, hp);
out:
	free(hr.bins);
	free(hw.bins);
	for (i = 0; i < FIO_PRIOS_MAX; i++)
		free(hp[i].bins);
	return ret;
}

int fio_json_parse(const char *buf, size_t len, struct fio_result *res,
		   char *err, size_t errlen)
{
	json_object *root;
	int ret;

	memset(res, 0, sizeof(*res));
	root = fio_json_load(buf, len, err, errlen);
	if (!root)
		return -EINVAL;
	ret = fio_json_read(root, NULL, res, err, errlen);
	json_object_put(root);
	return ret;
}

/* is this client_stats/disk_util entry from host? */
static int from_host(json_object *e, const char *host)
{
	char name[256];
	int port;

	fio_client_split(host, name, sizeof(name), &port);
	return !strcmp(json_get_str(e, "hostname"), name) &&
	       (int)jnum(e, "port") == port;
}

int fio_json_client_read(json_object *root, const char *host,
			 struct fio_result *res, int *njobs)
{
	json_object *stats = json_get(root, "client_stats"), *jobs, *e;
	size_t i, n = stats ? json_object_array_length(stats) : 0;
	char err[256];
	int ret;

	jobs = json_object_new_array();
	if (!jobs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(stats, i);
		if (!strcmp(json_get_str(e, "jobname"), "All clients"))
			continue;
		if (host && !from_host(e, host))
			continue;
		json_object_array_add(jobs, json_object_get(e));
	}
	*njobs = json_object_array_length(jobs);
	ret = -ENODATA;
	/* the document's version and global options are not one host's */
	if (*njobs)
		ret = fio_json_read(NULL, jobs, res, err, sizeof(err));
	json_object_put(jobs);
	return ret;
}

int fio_json_disk_sum(json_object *root, const char *host, const char *disk,
		      struct fio_disk_sum *du)
{
	json_object *arr = json_get(root, "disk_util"), *e;
	size_t i, n = arr ? json_object_array_length(arr) : 0;

	memset(du, 0, sizeof(*du));
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(arr, i);
		if ((host && !from_host(e, host)) ||
		    strcmp(json_get_str(e, "name"), disk))
			continue;
		du->r_ios += jnum(e, "read_ios");
		du->w_ios += jnum(e, "write_ios");
		du->r_ticks += jnum(e, "read_ticks");
		du->w_ticks += jnum(e, "write_ticks");
		du->in_queue += jnum(e, "in_queue");
		du->util_sum += jnum(e, "util");
		du->n++;
	}
	return du->n ? 0 : -ENODATA;
}

/*
 * The clat histogram of direction dir ("read", "write") over every job of
 * a json+ document, added to h (unsorted); -ENODATA when it has no bins
 * (plain json, or no I/O that way).
 */
int fio_json_clat_hist(json_object *root, const char *dir, struct fio_hist *h)
{
	json_object *jobs = json_get(root, "jobs"), *bins;
	size_t i, n = jobs && json_object_is_type(jobs, json_type_array) ?
		      json_object_array_length(jobs) : 0, added = 0;
	int ret;

	for (i = 0; i < n; i++) {
		bins = json_get(json_get(json_get(json_object_array_get_idx(jobs, i), dir),
				 "clat_ns"), "bins");
		if (!bins || !json_object_is_type(bins, json_type_object))
			continue;
		json_object_object_foreach(bins, key, val) {
			ret = fio_hist_add(h, strtoull(key, NULL, 10),
					   (uint64_t)json_object_get_int64(val));
			if (ret)
				return ret;
			added++;
		}
	}
	return added ? 0 : -ENODATA;
}
