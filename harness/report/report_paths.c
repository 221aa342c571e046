// SPDX-License-Identifier: GPL-2.0
/*
 * report_paths.c: per-path figures for the report from the files that
 * multipath runs name in their path_stats column (the engine's path_stats=
 * JSON).  For each cell and path: the path's share of the cell's I/O over
 * its ok runs, and the median over runs of the path's clat mean and p99.
 * The reader is lenient about where a figure sits (top level or per
 * direction), so that a schema that grows does not blank the plot; a file
 * it cannot read is said in the report, not ignored.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/report.h"

#define MAX_PATHS 64

struct path_acc {
	char name[64];
	double ios;
	double mean[256], p99[256];
	size_t nmean, np99;
};

/* A number at obj.key, or obj.sub.key for sub in read/write summed. */
static double json_num(struct json_object *obj, const char *const *keys, int sum_dirs)
{
	static const char *const dirs[] = { "read", "write" };
	struct json_object *v, *d;
	double total = NAN;
	size_t i, k;

	for (k = 0; keys[k]; k++)
		if (json_object_object_get_ex(obj, keys[k], &v) &&
		    (json_object_is_type(v, json_type_int) ||
		     json_object_is_type(v, json_type_double)))
			return json_object_get_double(v);
	for (i = 0; i < 2; i++) {
		if (!json_object_object_get_ex(obj, dirs[i], &d))
			continue;
		for (k = 0; keys[k]; k++) {
			double x;

			if (!json_object_object_get_ex(d, keys[k], &v))
				continue;
			x = json_object_get_double(v);
			if (isnan(total))
				total = x;
			else if (sum_dirs)
				total += x;
			/* a latency: the first direction that has one */
			break;
		}
		if (!isnan(total) && !sum_dirs)
			break;
	}
	return total;
}

/*
 * Latency in the engine's path_stats schema (version 1): per direction
 * clat_ns { n, mean, percentile { "99.000000": ... } }, in ns.  The first
 * direction with timed I/O gives it (reads before writes).
 */
static void engine_clat(struct json_object *path, double *mean_us, double *p99_us)
{
	static const char *const dirs[] = { "read", "write" };
	struct json_object *d, *clat, *v, *pct;
	size_t i;

	for (i = 0; i < 2; i++) {
		if (!json_object_object_get_ex(path, dirs[i], &d) ||
		    !json_object_object_get_ex(d, "clat_ns", &clat) ||
		    !json_object_object_get_ex(clat, "n", &v) ||
		    json_object_get_int64(v) <= 0)
			continue;
		if (isnan(*mean_us) && json_object_object_get_ex(clat, "mean", &v))
			*mean_us = json_object_get_double(v) / 1000;
		if (isnan(*p99_us) && json_object_object_get_ex(clat, "percentile", &pct) &&
		    json_object_object_get_ex(pct, "99.000000", &v))
			*p99_us = json_object_get_double(v) / 1000;
		return;
	}
}

static const char *json_str(struct json_object *obj)
{
	static const char *const keys[] = { "name", "path", "device", "dev" };
	struct json_object *v;
	size_t k;

	for (k = 0; k < 4; k++)
		if (json_object_object_get_ex(obj, keys[k], &v) &&
		    json_object_is_type(v, json_type_string))
			return json_object_get_string(v);
	return NULL;
}

/* Adds one run's file; -EINVAL with why when it is not per-path stats. */
static int add_file(const char *file, struct path_acc *acc, size_t *nacc,
		    char *why, size_t len)
{
	static const char *const ios_keys[] = { "ios", "io_count", NULL };
	static const char *const mean_keys[] = { "clat_mean_us", "mean_us", NULL };
	static const char *const p99_keys[] = { "clat_p99_us", "p99_us", NULL };
	struct json_object *root = json_object_from_file(file), *paths = NULL;
	size_t i, k, n;

	if (!root) {
		snprintf(why, len, "%s: not readable JSON", file);
		return -EINVAL;
	}
	if (json_object_is_type(root, json_type_array))
		paths = root;
	else if (!json_object_object_get_ex(root, "paths", &paths) ||
		 !json_object_is_type(paths, json_type_array))
		paths = NULL;
	if (!paths) {
		snprintf(why, len, "%s: no \"paths\" array", file);
		json_object_put(root);
		return -EINVAL;
	}
	n = json_object_array_length(paths);
	for (i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(paths, i);
		const char *name = json_str(p);
		double ios = json_num(p, ios_keys, 1);
		double mean = json_num(p, mean_keys, 0);
		double p99 = json_num(p, p99_keys, 0);

		engine_clat(p, &mean, &p99);

		if (!name || isnan(ios)) {
			snprintf(why, len, "%s: path %zu has no name or I/O count", file, i);
			json_object_put(root);
			return -EINVAL;
		}
		for (k = 0; k < *nacc && strcmp(acc[k].name, name); k++)
			;
		if (k == *nacc) {
			if (*nacc == MAX_PATHS)
				continue;
			memset(&acc[k], 0, sizeof(acc[k]));
			snprintf(acc[k].name, sizeof(acc[k].name), "%s", name);
			(*nacc)++;
		}
		acc[k].ios += ios;
		if (!isnan(mean) && acc[k].nmean < 256)
			acc[k].mean[acc[k].nmean++] = mean;
		if (!isnan(p99) && acc[k].np99 < 256)
			acc[k].p99[acc[k].np99++] = p99;
	}
	json_object_put(root);
	return 0;
}

int report_paths_data(const struct report *rep, const char *datfile,
		      size_t *npaths, char *why, size_t len)
{
	struct path_acc *acc = calloc(MAX_PATHS, sizeof(*acc));
	FILE *f = NULL;
	size_t i, j, k, nacc;
	int ret = -ENOMEM;

	*npaths = 0;
	*why = '\0';
	if (!acc)
		return -ENOMEM;
	for (i = 0; i < rep->ncells; i++) {
		const struct report_cell *c = &rep->rcs[i];
		double total = 0;

		nacc = 0;
		for (j = 0; j < c->rc->nrows; j++) {
			size_t r = c->rc->rows[j];
			const char *ps = results_get(&rep->res, r, "path_stats");
			char file[PATH_MAX];

			if (!*ps || !results_row_ok(&rep->res, r))
				continue;
			snprintf(file, sizeof(file), "%s/%s", rep->dir, ps);
			/* one unreadable file is reported; the others still count */
			add_file(file, acc, &nacc, why, len);
		}
		if (!nacc)
			continue;
		if (!f) {
			f = fopen(datfile, "w");
			if (!f) {
				ret = -errno;
				goto out;
			}
		}
		for (k = 0; k < nacc; k++)
			total += acc[k].ios;
		for (k = 0; k < nacc; k++) {
			fprintf(f, "\"%s %s\" %.4g", c->label, acc[k].name,
				total > 0 ? 100 * acc[k].ios / total : 0);
			fprintf(f, " %.6g %.6g\n",
				acc[k].nmean ? stats_median(acc[k].mean, acc[k].nmean) : NAN,
				acc[k].np99 ? stats_median(acc[k].p99, acc[k].np99) : NAN);
			(*npaths)++;
		}
	}
	ret = 0;
out:
	if (f && fclose(f) && !ret)
		ret = -errno;
	free(acc);
	return ret;
}
