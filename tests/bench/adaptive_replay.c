// SPDX-License-Identifier: GPL-2.0
/*
 * adaptive_replay: a sweep's own runs, replayed through the adaptive rule
 * with and without the futility stop (make bench-adaptive, on bench/out).
 *
 * DIR is a sweep that ran --adaptive N --adaptive-vs COL=VAL, such as
 * make bench's bench/out (engine=io_uring, 5 planned runs, 12 more).  Each
 * cell is paired with the cell of VAL that agrees on every other setting,
 * as the sweep paired them; each pair is run again, alone, from its rows:
 * the planned rounds, then the adaptive ones while the rule wants them,
 * taking the row of that cell and round from the file.  Spending the
 * budget (full) must give back the runs the sweep ran, which checks the
 * replay; stopping futile pairs gives the runs and verdicts that the
 * default would have had on the same machine, same minutes.  Per pair:
 * runs full/stop, and whether the gate's test decides it each way.
 *
 * The planned runs, budget, pair, tolerance and metrics are the sweep's
 * own, from DIR/meta.json.
 *
 * Usage: adaptive_replay DIR
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "lib/json_put.h"
#include "lib/strlist.h"
#include "results/meta.h"
#include "results/results.h"
#include "results/results_read.h"
#include "sweep/adaptive.h"

struct replay {
	int runs;		/* rows noted, both cells */
	int decided;		/* the gate's test decides every metric */
	int futile;
	int short_of_rows;	/* the rule wanted a round the file lacks */
};

/*
 * The row of cell c in round rep, -1 when the file has none; with fio
 * servers the row for all hosts together, as the sweep noted it.
 */
static long row_of(const struct results *res, const struct results_cell *c, int rep)
{
	const char *host;
	size_t i;

	for (i = 0; i < c->nrows; i++) {
		host = results_get(res, c->rows[i], "host");
		if (atoi(results_get(res, c->rows[i], "repeat")) == rep &&
		    (!host[0] || !strcmp(host, "all")))
			return (long)c->rows[i];
	}
	return -1;
}

static int note_row(struct adaptive *a, const struct results *res, int ci,
		    size_t row)
{
	struct result_row r;
	size_t k;

	result_row_init(&r);
	for (k = 0; k < res->ncols; k++)
		if (res->rows[row][k][0])
			result_row_put(&r, res->cols[k], res->rows[row][k]);
	return adaptive_note(a, ci, &r);
}

static int replay(const struct results *res, const struct results_cell *pair[2],
		  const struct strlist *metrics, int repeat, int budget,
		  double max_drop, int full, struct replay *out)
{
	struct adaptive a;
	int ci, rep, ret;
	long row;

	memset(out, 0, sizeof(*out));
	ret = adaptive_init(&a, 2, budget, 0.02, max_drop);
	if (!ret)
		ret = adaptive_metrics(&a, (const char *const *)metrics->v,
				       (int)metrics->nr);
	if (ret)
		goto out;
	a.full = full;
	adaptive_pair(&a, 1, 0);
	for (rep = 1; rep <= repeat && !ret; rep++)
		for (ci = 0; ci < 2 && !ret; ci++)
			if ((row = row_of(res, pair[ci], rep)) >= 0) {
				ret = note_row(&a, res, ci, (size_t)row);
				out->runs++;
			}
	while (!ret && (ci = adaptive_next(&a, repeat, &rep)) >= 0) {
		row = row_of(res, pair[ci], rep);
		if (row < 0) {
			out->short_of_rows = 1;
			break;
		}
		ret = note_row(&a, res, ci, (size_t)row);
		out->runs++;
	}
	out->futile = adaptive_futile(&a);
	out->decided = adaptive_settled(&a) == 2 && !out->futile;
out:
	adaptive_free(&a);
	return ret;
}

/* the sweep's --repeat and --adaptive settings, from DIR/meta.json */
static int sweep_settings(const char *dir, char *col, size_t len,
			  const char **val, int *repeat, int *budget,
			  double *max_drop, struct strlist *metrics)
{
	json_object *meta, *ad, *m;
	const char *vs;
	size_t i;
	int ret = -EINVAL;

	meta = results_meta_read(dir);
	ad = json_get(meta, "adaptive");
	vs = json_get_str(ad, "vs");
	m = json_get(ad, "metrics");
	if (!ad || !strchr(vs, '=') || !json_object_is_type(m, json_type_array)) {
		fprintf(stderr, "adaptive_replay: %s/meta.json: no adaptive sweep with "
			"--adaptive-vs COL=VAL\n", dir);
		goto out;
	}
	snprintf(col, len, "%.*s", (int)(strchr(vs, '=') - vs), vs);
	*val = strdup(strchr(vs, '=') + 1);
	*repeat = json_object_get_int(json_get(meta, "repeat"));
	*budget = json_object_get_int(json_get(ad, "budget"));
	*max_drop = json_object_get_double(json_get(ad, "max_drop_pct")) / 100;
	ret = *val ? 0 : -ENOMEM;
	for (i = 0; !ret && i < json_object_array_length(m); i++)
		ret = strlist_add(metrics, json_object_get_string(
					   json_object_array_get_idx(m, i)));
out:
	json_object_put(meta);
	return ret;
}

int main(int argc, char **argv)
{
	int ret = 1, npairs = 0, runs[2] = { 0, 0 }, decided[2] = { 0, 0 };
	int sweep_runs = 0, same = 0, futile = 0, lost = 0, repeat, budget, err = 0;
	struct strlist metrics = { 0 };
	struct results res = { 0 };
	struct results_cell *cells = NULL;
	const char *val = NULL;
	size_t ncells = 0, i, k;
	double max_drop;
	char col[64];

	if (argc != 2) {
		fprintf(stderr, "usage: adaptive_replay DIR\n");
		return 2;
	}
	if (sweep_settings(argv[1], col, sizeof(col), &val, &repeat, &budget,
			   &max_drop, &metrics))
		goto out;
	if (results_read(argv[1], &res) || results_cells(&res, &cells, &ncells)) {
		fprintf(stderr, "adaptive_replay: %s\n", res.err[0] ? res.err :
			"cannot group the rows into cells");
		goto out;
	}
	printf("%s: %d planned runs, up to %d more, against %s=%s at %.3g%%\n",
	       argv[1], repeat, budget, col, val, 100 * max_drop);
	printf("%-72s %11s  %s\n", "cell", "runs", "decided");
	printf("%-72s %5s %5s  %5s %s\n", "", "full", "stop", "full", "stop");
	for (i = 0; i < ncells; i++) {
		const struct results_cell *pair[2] = { NULL, &cells[i] };
		char *key, *other;
		struct replay r[2];
		int m;

		if (!strcmp(results_get(&res, cells[i].rows[0], col), val))
			continue;
		key = results_cell_key(&res, cells[i].rows[0], col);
		if (!key)
			goto oom;
		for (k = 0; k < ncells && !pair[0]; k++) {
			if (strcmp(results_get(&res, cells[k].rows[0], col), val))
				continue;
			other = results_cell_key(&res, cells[k].rows[0], col);
			if (!other) {
				free(key);
				goto oom;
			}
			if (!strcmp(key, other))
				pair[0] = &cells[k];
			free(other);
		}
		free(key);
		if (!pair[0])
			continue;
		for (m = 0; m < 2 && !err; m++)
			err = replay(&res, pair, &metrics, repeat, budget,
				     max_drop, !m, &r[m]);
		if (err) {
			fprintf(stderr, "adaptive_replay: %s: %s\n", cells[i].name,
				strerror(-err));
			goto out;
		}
		npairs++;
		sweep_runs += (int)(pair[0]->nrows + pair[1]->nrows);
		same += r[0].runs == (int)(pair[0]->nrows + pair[1]->nrows);
		for (m = 0; m < 2; m++) {
			runs[m] += r[m].runs;
			decided[m] += r[m].decided;
		}
		futile += r[1].futile;
		lost += r[0].decided && !r[1].decided;
		printf("%-72.72s %5d %5d  %5s %s%s\n", cells[i].name, r[0].runs,
		       r[1].runs, r[0].decided ? "yes" : "no",
		       r[1].decided ? "yes" : r[1].futile ? "futile" : "no",
		       r[0].short_of_rows ? "  (the file ends first)" : "");
	}
	if (!npairs) {
		fprintf(stderr, "adaptive_replay: no cell of %s has a %s=%s partner\n",
			argv[1], col, val);
		goto out;
	}
	printf("%d pairs: full gives back the sweep's own runs for %d (%d runs, "
	       "the sweep %d); stopping futile pairs runs %d (%.1f%%), decides "
	       "%d against %d, %d stopped as futile, %d decisions lost\n",
	       npairs, same, runs[0], sweep_runs, runs[1],
	       runs[0] ? 100.0 * runs[1] / runs[0] : 0.0, decided[1],
	       decided[0], futile, lost);
	ret = 0;
	goto out;
oom:
	fprintf(stderr, "adaptive_replay: out of memory\n");
out:
	results_cells_free(cells, ncells);
	results_free(&res);
	strlist_free(&metrics);
	free((char *)val);
	return ret;
}
