// SPDX-License-Identifier: GPL-2.0
/*
 * history_show.c: `history ls`, one line per stored sweep, and `history
 * show CELL`, one cell's figures sweep by sweep: the median of its ok runs
 * of each headline metric and how many runs that is.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/history.h"
#include "lib/stats.h"

/* the options both take: --db and --help; 0 to go on, else the exit status + 1 */
static int parse_db(const char *cmd, int argc, char **argv, const char **db,
		    void (*usage)(FILE *))
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			*db = optarg;
			break;
		case 'h':
			usage(stdout);
			return 1;
		default:
			cli_bad_option(cmd, c, argv);
			return 3;
		}
	}
	return 0;
}

static void usage_ls(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench history ls [--db FILE]\n"
"One line per stored sweep, oldest first: id, start time, runs, kernel\n"
"release, fio version, targets and labels.\n");
}

static void print_labels(const struct store_sweep *s)
{
	size_t k;

	for (k = 0; k < s->nlabels; k++)
		printf("%s%s", k ? " " : "", s->labels[k]);
	if (!s->nlabels)
		printf("-");
}

int history_ls(int argc, char **argv)
{
	struct store_sweep *sw;
	const char *db = NULL;
	struct store *st;
	size_t n, i;
	int ret;

	ret = parse_db("history ls", argc, argv, &db, usage_ls);
	if (ret)
		return ret - 1;
	if (optind < argc) {
		fprintf(stderr, "fioring-bench history ls: unexpected argument '%s'\n",
			argv[optind]);
		return 2;
	}
	ret = history_open("history ls", db, 0, &st);
	if (ret)
		return ret;
	if (store_sweeps(st, &sw, &n)) {
		fprintf(stderr, "fioring-bench history ls: %s\n", store_error(st));
		store_close(st);
		return 1;
	}
	printf("%-5s %-20s %6s %-24s %-10s %-28s %s\n", "id", "when", "runs",
	       "kernel", "fio", "target", "labels");
	for (i = 0; i < n; i++) {
		/* the release; the version string is long and in the database */
		int klen = (int)strcspn(sw[i].kernel, " ");
		int flen = (int)strcspn(sw[i].fio, " ");

		printf("%-5lld %-20s %6ld %-24.*s %-10.*s %-28s ", sw[i].id,
		       sw[i].when, sw[i].nruns, klen ? klen : 1,
		       klen ? sw[i].kernel : "-", flen ? flen : 1,
		       flen ? sw[i].fio : "-", *sw[i].target ? sw[i].target : "-");
		print_labels(&sw[i]);
		putchar('\n');
	}
	store_sweeps_free(sw, n);
	store_close(st);
	return 0;
}

static void usage_show(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench history show [CELL] [--db FILE]\n"
"The cell's figures in every sweep that ran it, oldest first: the median\n"
"of its ok runs of iops, cpu_per_io_us and the read and write clat p99,\n"
"and the number of ok runs.  CELL is a cell key or a part of one that\n"
"only one key contains; without CELL, the cell keys are listed.\n");
}

/* the key cell names: itself, or the only key containing it */
static const char *find_cell(char **keys, size_t n, const char *cell)
{
	const char *found = NULL;
	size_t i, hits = 0;

	for (i = 0; i < n; i++)
		if (!strcmp(keys[i], cell))
			return keys[i];
	for (i = 0; i < n; i++)
		if (strstr(keys[i], cell)) {
			found = keys[i];
			hits++;
		}
	if (hits == 1)
		return found;
	fprintf(stderr, "fioring-bench history show: %s cell key contains '%s'%s\n",
		hits ? "more than one" : "no", cell,
		hits ? ":" : " (history show lists them)");
	for (i = 0; hits && i < n; i++)
		if (strstr(keys[i], cell))
			fprintf(stderr, "  %s\n", keys[i]);
	return NULL;
}

static const char *const show_metrics[] = {
	"iops", "cpu_per_io_us", "read_clat_p99_us", "write_clat_p99_us",
};
#define NR_SHOW	(sizeof(show_metrics) / sizeof(show_metrics[0]))

static void print_median(const struct store_point *p, size_t np, size_t sweep)
{
	size_t i;

	for (i = 0; i < np; i++)
		if (p[i].sweep == sweep && p[i].nv) {
			printf(" %17.6g", stats_median(p[i].v, p[i].nv));
			return;
		}
	printf(" %17s", "-");
}

static int show_cell(struct store *st, const char *key)
{
	struct store_point *pts[NR_SHOW] = { 0 };
	size_t npts[NR_SHOW] = { 0 }, n, i, m, k;
	struct store_sweep *sw;
	int ret = 0;

	if (store_sweeps(st, &sw, &n))
		return 1;
	for (m = 0; m < NR_SHOW && !ret; m++)
		ret = store_series(st, key, show_metrics[m], &pts[m], &npts[m]);
	if (ret)
		goto out;
	printf("%s\n%-5s %-20s %4s", key, "id", "when", "runs");
	for (m = 0; m < NR_SHOW; m++)
		printf(" %17s", show_metrics[m]);
	printf("  labels\n");
	/* a sweep is a row when the cell ran in it (a point of iops) */
	for (k = 0; k < npts[0]; k++) {
		i = pts[0][k].sweep;
		printf("%-5lld %-20s %4zu", sw[i].id, sw[i].when, pts[0][k].nv);
		for (m = 0; m < NR_SHOW; m++)
			print_median(pts[m], npts[m], i);
		printf("  ");
		print_labels(&sw[i]);
		putchar('\n');
	}
out:
	for (m = 0; m < NR_SHOW; m++)
		store_points_free(pts[m], npts[m]);
	store_sweeps_free(sw, n);
	return ret ? 1 : 0;
}

int history_show(int argc, char **argv)
{
	const char *db = NULL, *key;
	struct store *st;
	char **keys;
	size_t n, i;
	int ret;

	ret = parse_db("history show", argc, argv, &db, usage_show);
	if (ret)
		return ret - 1;
	if (argc - optind > 1) {
		fprintf(stderr, "fioring-bench history show: one CELL only (see --help)\n");
		return 2;
	}
	ret = history_open("history show", db, 0, &st);
	if (ret)
		return ret;
	if (store_cells(st, &keys, &n)) {
		fprintf(stderr, "fioring-bench history show: %s\n", store_error(st));
		store_close(st);
		return 1;
	}
	if (optind == argc) {
		for (i = 0; i < n; i++)
			printf("%s\n", keys[i]);
		ret = 0;
	} else {
		key = find_cell(keys, n, argv[optind]);
		ret = key ? show_cell(st, key) : 2;
		if (ret == 1)
			fprintf(stderr, "fioring-bench history show: %s\n",
				store_error(st));
	}
	store_cells_free(keys, n);
	store_close(st);
	return ret;
}
