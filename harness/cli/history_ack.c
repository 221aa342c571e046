// SPDX-License-Identifier: GPL-2.0
/*
 * history_ack.c: `history ack`, which accepts a change point a person has
 * looked at (a new kernel's known cost) so that `history detect` stops
 * failing CI on it while still printing it, and lists and drops acks.
 * An ack is narrow on purpose: one place in the history, a reason, and
 * the cells and metrics it names; a change anywhere else still fails.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/history.h"
#include "lib/strlist.h"
#include "report/trend.h"

/* room for the reason on one line of `--list` and of detect's output */
#define ACK_WHY_MAX	300

static void usage(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench history ack SWEEP --max-change PCT --why TEXT [--cell KEY]\n"
"                                 [--metric LIST] [--db FILE]\n"
"       fioring-bench history ack --list [--db FILE]\n"
"       fioring-bench history ack --drop ID [--db FILE]\n"
"Acknowledges the change point at SWEEP, the first sweep after it as history\n"
"detect names it (an id, or KEY=VALUE: the newest sweep so labelled):\n"
"detect still prints it, marked, but exits 1 for it no more while it is no\n"
"larger than PCT: a second change at the same place still fails.\n"
"\n"
"      --max-change PCT  required: the largest change accepted, percent\n"
"      --why TEXT     required: why the change is accepted, one line\n"
"      --cell KEY     only cells whose key contains KEY (default every cell)\n"
"      --metric LIST  only these results.csv columns (default every metric)\n"
"      --list         the acks, one line each\n"
"      --drop ID      remove ack ID\n"
"      --db FILE      the database [$FIORING_DB, " STORE_DB_DEFAULT "]\n"
"  -h, --help         this text\n");
}

struct ack_env {
	const char *db, *sweep, *why, *cell, *metric;
	double max_change;	/* 0: not given */
	int list;
	long long drop;		/* 0: none */
};

static int bad(const char *opt, const char *val, const char *want)
{
	fprintf(stderr, "fioring-bench history ack: %s '%s': %s\n", opt, val, want);
	return 2;
}

/* one printable line: it goes into detect's lines and CI logs as given */
static int why_valid(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > ACK_WHY_MAX)
		return 0;
	for (; *s; s++)
		if ((unsigned char)*s < ' ' || *s == 0x7f)
			return 0;
	return 1;
}

static int parse(int argc, char **argv, struct ack_env *env)
{
	static const struct option opts[] = {
		{ "max-change", required_argument, NULL, 'x' },
		{ "why", required_argument, NULL, 'w' },
		{ "cell", required_argument, NULL, 'c' },
		{ "metric", required_argument, NULL, 'm' },
		{ "list", no_argument, NULL, 'l' },
		{ "drop", required_argument, NULL, 'D' },
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	char *end;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'x':
			errno = 0;
			env->max_change = strtod(optarg, &end);
			if (errno || end == optarg || *end ||
			    !(env->max_change > 0 && env->max_change <= 1000))
				return bad("--max-change", optarg, "a percentage in (0, 1000]");
			break;
		case 'w':
			/* not echoed: a bad reason may hold a line break */
			if (!why_valid(optarg)) {
				fprintf(stderr, "fioring-bench history ack: --why: want one "
					"line of 1 to %d printable characters\n", ACK_WHY_MAX);
				return 2;
			}
			env->why = optarg;
			break;
		case 'c':
			if (!*optarg)
				return bad("--cell", optarg, "part of a cell key");
			env->cell = optarg;
			break;
		case 'm':
			env->metric = optarg;
			break;
		case 'l':
			env->list = 1;
			break;
		case 'D':
			env->drop = strtoll(optarg, &end, 10);
			if (*end || end == optarg || env->drop < 1)
				return bad("--drop", optarg, "an ack id (history ack --list)");
			break;
		case 'd':
			env->db = optarg;
			break;
		case 'h':
			usage(stdout);
			return -1;
		default:
			cli_bad_option("history ack", c, argv);
			return 2;
		}
	}
	if (env->list || env->drop) {
		if (env->list && env->drop) {
			fprintf(stderr, "fioring-bench history ack: --list and --drop exclude each other\n");
			return 2;
		}
		if (optind < argc || env->why || env->cell || env->metric ||
		    env->max_change) {
			fprintf(stderr, "fioring-bench history ack: --%s takes no SWEEP, "
				"--max-change, --why, --cell or --metric\n",
				env->list ? "list" : "drop");
			return 2;
		}
		return 0;
	}
	if (argc - optind != 1) {
		fprintf(stderr, "fioring-bench history ack: %s (see --help)\n",
			optind == argc ? "no SWEEP given" : "one SWEEP only");
		return 2;
	}
	env->sweep = argv[optind];
	if (!env->why || !env->max_change) {
		fprintf(stderr, "fioring-bench history ack: %s\n", !env->why ?
			"--why TEXT is required: say why the change is accepted" :
			"--max-change PCT is required: how large a change is accepted");
		return 2;
	}
	return 0;
}

/* --cell: a part of some stored cell key, as history detect's --cell */
static int check_cell(struct store *st, const char *cell)
{
	char **keys;
	size_t n, i;
	int found = 0;

	if (store_cells(st, &keys, &n)) {
		fprintf(stderr, "fioring-bench history ack: %s\n", store_error(st));
		return 1;
	}
	for (i = 0; i < n && !found; i++)
		found = !!strstr(keys[i], cell);
	store_cells_free(keys, n);
	if (!found)
		return bad("--cell", cell, "no stored cell key contains it "
			   "(history show lists them)");
	return 0;
}

/* --metric: each a column some stored sweep has; joined again into @out */
static int check_metrics(struct store *st, const char *list, char *out,
			 size_t len)
{
	struct strlist l = { 0 };
	int i, ret = 0;

	if (strlist_split(&l, list) || !l.nr) {
		strlist_free(&l);
		return bad("--metric", list, "a comma-separated list of results.csv columns");
	}
	for (i = 0; i < l.nr && !ret; i++) {
		int has = store_has_column(st, l.v[i]);

		if (has < 0) {
			fprintf(stderr, "fioring-bench history ack: %s\n", store_error(st));
			ret = 1;
		} else if (!has) {
			ret = bad("--metric", l.v[i], "no stored sweep has this column");
		}
	}
	if (!ret)
		strlist_join(&l, ",", out, len);
	strlist_free(&l);
	return ret;
}

static int add(struct store *st, const struct ack_env *env)
{
	char metrics[1024] = "", lab[512];
	struct store_sweep *sw;
	long long sid, id;
	size_t n, i;
	int ret;

	ret = store_find_sweep(st, env->sweep, &sid);
	if (ret) {
		fprintf(stderr, "fioring-bench history ack: %s\n", store_error(st));
		return ret == -ENOENT || ret == -EINVAL ? 2 : 1;
	}
	ret = env->cell ? check_cell(st, env->cell) : 0;
	if (!ret && env->metric)
		ret = check_metrics(st, env->metric, metrics, sizeof(metrics));
	if (ret)
		return ret;
	if (store_ack_add(st, sid, env->cell ? env->cell : "", metrics,
			  env->max_change, env->why, &id)) {
		fprintf(stderr, "fioring-bench history ack: %s\n", store_error(st));
		return 1;
	}
	/* the labels only name the sweep: the ack is stored without them */
	if (store_sweeps(st, &sw, &n)) {
		sw = NULL;
		n = 0;
	}
	i = trend_sweep_index(sw, n, sid);
	printf("ack %lld: sweep %lld [%s], %s%s, %s, up to %g%%: %s\n", id, sid,
	       i < n ? trend_labels(&sw[i], lab, sizeof(lab)) : "-",
	       env->cell ? "cells containing " : "every cell",
	       env->cell ? env->cell : "", *metrics ? metrics : "every metric",
	       env->max_change, env->why);
	store_sweeps_free(sw, n);
	return 0;
}

static int list(struct store *st)
{
	struct store_ack *a;
	size_t n, i;

	if (store_acks(st, &a, &n)) {
		fprintf(stderr, "fioring-bench history ack: %s\n", store_error(st));
		return 1;
	}
	printf("%-5s %-6s %-20s %-24s %-24s %-10s %s\n", "id", "sweep", "made",
	       "cell", "metrics", "max_change", "why");
	for (i = 0; i < n; i++)
		printf("%-5lld %-6lld %-20s %-24s %-24s %-10g %s\n", a[i].id,
		       a[i].sweep_id, a[i].made, *a[i].cell ? a[i].cell : "-",
		       *a[i].metrics ? a[i].metrics : "-", a[i].max_change, a[i].why);
	store_acks_free(a, n);
	return 0;
}

int history_ack(int argc, char **argv)
{
	struct ack_env env = { 0 };
	struct store *st;
	int ret;

	ret = parse(argc, argv, &env);
	if (ret)
		return ret < 0 ? 0 : ret;
	ret = history_open("history ack", env.db, 0, &st);
	if (ret)
		return ret;
	if (env.list) {
		ret = list(st);
	} else if (env.drop) {
		ret = store_ack_drop(st, env.drop);
		if (ret)
			fprintf(stderr, "fioring-bench history ack: %s\n", store_error(st));
		else
			printf("ack %lld dropped\n", env.drop);
		ret = ret == -ENOENT ? 2 : ret ? 1 : 0;
	} else {
		ret = add(st, &env);
	}
	store_close(st);
	return ret;
}
