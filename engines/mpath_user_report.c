// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_user_report.c: the per-path results of a job, at its end: printed in
 * fio's own layout through log_info (only when fio prints its normal
 * output, so JSON output stays parseable), and written as one JSON
 * document with json-c to path_stats=FILE for the harness to plot.  The
 * schema is in HOWTO.md ("Multipath: per-path latency and path selection").
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>

#include "fio.h"
#include "mpath_user.h"

#define ENGINE "fioring"

static const char *const paths_dir_names[PATHSTATS_NR_DIRS] = { "read", "write", "other" };

static const char *const policy_names[] = {
	[PATHS_ROUND_ROBIN] = "round-robin",
	[PATHS_QUEUE_DEPTH] = "queue-depth",
	[PATHS_NUMA] = "numa",
	[PATHS_LATENCY] = "latency",
};

/* the kernel's words in ana_state, and "n/a" where there is no ANA */
static const char *const ana_names[] = {
	[PATHS_ANA_UNKNOWN] = "n/a",
	[PATHS_ANA_OPTIMIZED] = "optimized",
	[PATHS_ANA_NON_OPTIMIZED] = "non-optimized",
	[PATHS_ANA_INACCESSIBLE] = "inaccessible",
};

const char *paths_policy_name(enum paths_policy policy)
{
	if (policy > 0 && policy < FIO_ARRAY_SIZE(policy_names))
		return policy_names[policy];
	return policy_names[PATHS_ROUND_ROBIN];
}

const char *paths_ana_name(enum paths_ana ana)
{
	if (ana > 0 && ana < FIO_ARRAY_SIZE(ana_names))
		return ana_names[ana];
	return ana_names[PATHS_ANA_UNKNOWN];
}

enum paths_ana paths_ana_parse(const char *state)
{
	unsigned int i;

	/* the namespace is gone for good: no I/O goes there either */
	if (!strcmp(state, "persistent-loss"))
		return PATHS_ANA_INACCESSIBLE;
	for (i = PATHS_ANA_OPTIMIZED; i < FIO_ARRAY_SIZE(ana_names); i++)
		if (!strcmp(state, ana_names[i]))
			return i;
	return PATHS_ANA_UNKNOWN;
}

static uint64_t paths_total_ios(const struct paths *p)
{
	uint64_t n = 0;
	unsigned int i, d;

	for (i = 0; i < p->nr; i++)
		for (d = 0; d < PATHSTATS_NR_DIRS; d++)
			n += p->path[i].st.dir[d].ios;
	return n;
}

/* fio prints microseconds with a unit it picks; usec is what paths show */
static void paths_print_dir(const struct paths *p, const struct pathstats_dir_stats *d,
			    const char *name)
{
	unsigned int k;
	char pct[256];
	size_t used = 0;

	log_info("    %-5s: ios=%llu, bytes=%llu, errors=%llu\n", name,
		 (unsigned long long)d->ios, (unsigned long long)d->bytes,
		 (unsigned long long)d->errors);
	if (!pathstats_timed(d))
		return;
	/* diskstats give a sum of ms ticks: a mean, nothing else */
	if (!p->hist) {
		log_info("      clat (usec): avg=%.2f (from diskstats ticks, ms resolution)\n",
			 pathstats_mean(d) / 1e3);
		return;
	}
	log_info("      clat (usec): min=%.2f, max=%.2f, avg=%.2f\n", d->min_ns / 1e3,
		 d->max_ns / 1e3, pathstats_mean(d) / 1e3);
	for (k = 0; k < PATHSTATS_NR_PCT; k++)
		used += snprintf(pct + used, sizeof(pct) - used, "%sp%g=%.2f",
				 k ? ", " : "", pathstats_pct[k],
				 pathstats_percentile(d, pathstats_pct[k]) / 1e3);
	log_info("      clat percentiles (usec): %s\n", pct);
}

void paths_report_print(struct thread_data *td, const struct paths *p)
{
	uint64_t total = paths_total_ios(p);
	unsigned int i, d;

	if (!(output_format & FIO_OUTPUT_NORMAL))
		return;
	log_info("%s: fioring paths: %u, policy=%s, method=%s, path errors=%llu\n",
		 td->o.name, p->nr, p->policy_name ? p->policy_name :
		 paths_policy_name(p->policy), p->method,
		 (unsigned long long)p->path_errors);
	if (p->reason)
		log_info("  per-path attribution unavailable: %s\n", p->reason);
	for (i = 0; i < p->nr; i++) {
		const struct path *pa = &p->path[i];
		uint64_t ios = 0;

		for (d = 0; d < PATHSTATS_NR_DIRS; d++)
			ios += pa->st.dir[d].ios;
		log_info("  path %s (%s, %s, ana=%s): %s, share=%.1f%%, path errors=%llu\n",
			 pa->info.dev, pa->info.ctrl ? pa->info.ctrl : "?", pa->info.transport,
			 paths_ana_name(pa->info.ana), pa->down ? "down" : "up",
			 total ? 100.0 * ios / total : 0.0,
			 (unsigned long long)pa->st.path_errors);
		for (d = 0; d < PATHSTATS_NR_DIRS; d++)
			if (pa->st.dir[d].ios || pa->st.dir[d].errors)
				paths_print_dir(p, &pa->st.dir[d], paths_dir_names[d]);
	}
}

static int paths_json_add(struct json_object *o, const char *key, struct json_object *v)
{
	if (!v)
		return -ENOMEM;
	return json_object_object_add(o, key, v) ? -ENOMEM : 0;
}

static struct json_object *paths_json_dir(const struct paths *p,
					  const struct pathstats_dir_stats *d)
{
	struct json_object *o = json_object_new_object(), *clat, *pct;
	unsigned int k;
	char key[32];
	int ret = 0;

	if (!o)
		return NULL;
	ret |= paths_json_add(o, "ios", json_object_new_int64(d->ios));
	ret |= paths_json_add(o, "bytes", json_object_new_int64(d->bytes));
	ret |= paths_json_add(o, "errors", json_object_new_int64(d->errors));
	clat = json_object_new_object();
	ret |= paths_json_add(o, "clat_ns", clat);
	if (ret || !clat)
		goto err;
	ret |= paths_json_add(clat, "n", json_object_new_int64(pathstats_timed(d)));
	if (pathstats_timed(d) && p->hist) {
		ret |= paths_json_add(clat, "min", json_object_new_int64(d->min_ns));
		ret |= paths_json_add(clat, "max", json_object_new_int64(d->max_ns));
	}
	if (pathstats_timed(d))
		ret |= paths_json_add(clat, "mean", json_object_new_double(pathstats_mean(d)));
	if (p->hist && pathstats_timed(d)) {
		pct = json_object_new_object();
		ret |= paths_json_add(clat, "percentile", pct);
		for (k = 0; pct && k < PATHSTATS_NR_PCT; k++) {
			snprintf(key, sizeof(key), "%f", pathstats_pct[k]);
			ret |= paths_json_add(pct, key, json_object_new_int64(
				pathstats_percentile(d, pathstats_pct[k])));
		}
	}
	if (ret)
		goto err;
	return o;
err:
	json_object_put(o);
	return NULL;
}

static struct json_object *paths_json_path(const struct paths *p, const struct path *pa)
{
	struct json_object *o = json_object_new_object();
	unsigned int d;
	int ret = 0;

	if (!o)
		return NULL;
	ret |= paths_json_add(o, "name", json_object_new_string(pa->info.dev));
	ret |= paths_json_add(o, "controller",
			      json_object_new_string(pa->info.ctrl ? pa->info.ctrl : ""));
	ret |= paths_json_add(o, "transport", json_object_new_string(pa->info.transport));
	ret |= paths_json_add(o, "ana_state",
			      json_object_new_string(paths_ana_name(pa->info.ana)));
	ret |= paths_json_add(o, "state", json_object_new_string(pa->down ? "down" : "up"));
	ret |= paths_json_add(o, "numa_node", json_object_new_int(pa->info.numa_node));
	ret |= paths_json_add(o, "path_errors", json_object_new_int64(pa->st.path_errors));
	if (p->policy == PATHS_LATENCY && p->method && !strcmp(p->method, "engine"))
		ret |= paths_json_add(o, "ewma_clat_ns", json_object_new_int64(pa->ewma_ns));
	for (d = 0; d < PATHSTATS_NR_DIRS; d++)
		ret |= paths_json_add(o, paths_dir_names[d], paths_json_dir(p, &pa->st.dir[d]));
	if (ret) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

static struct json_object *paths_json(struct thread_data *td, const struct paths *p)
{
	struct json_object *o = json_object_new_object(), *arr;
	unsigned int i;
	int ret = 0;

	if (!o)
		return NULL;
	ret |= paths_json_add(o, "fioring_paths_version", json_object_new_int(1));
	ret |= paths_json_add(o, "job", json_object_new_string(td->o.name));
	ret |= paths_json_add(o, "mode", json_object_new_string(
		!strcmp(p->method, "engine") ? "engine" : "kernel"));
	ret |= paths_json_add(o, "policy", json_object_new_string(
		p->policy_name ? p->policy_name : paths_policy_name(p->policy)));
	ret |= paths_json_add(o, "method", json_object_new_string(p->method));
	if (p->reason)
		ret |= paths_json_add(o, "reason", json_object_new_string(p->reason));
	if (p->policy == PATHS_LATENCY) {
		ret |= paths_json_add(o, "path_decay", json_object_new_int(p->decay));
		ret |= paths_json_add(o, "probe_every", json_object_new_int(PATHS_PROBE_EVERY));
	}
	ret |= paths_json_add(o, "histogram_relative_error",
			      json_object_new_double(1.0 / (2 * PATHSTATS_SUB)));
	ret |= paths_json_add(o, "path_errors", json_object_new_int64(p->path_errors));
	arr = json_object_new_array();
	ret |= paths_json_add(o, "paths", arr);
	for (i = 0; arr && !ret && i < p->nr; i++) {
		struct json_object *po = paths_json_path(p, &p->path[i]);

		if (!po || json_object_array_add(arr, po)) {
			json_object_put(po);
			ret = -ENOMEM;
		}
	}
	if (ret) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

int paths_report_json(struct thread_data *td, const struct paths *p, const char *file)
{
	struct json_object *o = paths_json(td, p);
	char name[PATH_MAX];
	int ret = 0;

	/* several jobs (numjobs=) each write their own file */
	if (td->subjob_number || td->o.numjobs > 1)
		snprintf(name, sizeof(name), "%s.%u", file, td->thread_number);
	else
		snprintf(name, sizeof(name), "%s", file);
	if (!o) {
		log_err(ENGINE ": path_stats=%s: %s\n", name, strerror(ENOMEM));
		return -ENOMEM;
	}
	if (json_object_to_file_ext(name, o, JSON_C_TO_STRING_PRETTY)) {
		ret = errno ? -errno : -EIO;
		log_err(ENGINE ": path_stats=%s: cannot write: %s\n", name, strerror(-ret));
	}
	json_object_put(o);
	return ret;
}
