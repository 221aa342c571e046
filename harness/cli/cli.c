// SPDX-License-Identifier: GPL-2.0
/*
 * cli.c: the command line of `fioring-bench run`, and the subcommand that
 * parses it and hands the settings to the sweep.  Lists are given
 * comma-separated; options that name a file may repeat.  A bad value is
 * refused with one line naming the option and the value, before anything
 * on the machine is touched.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "fio/fio_client.h"
#include "results/ioprio.h"
#include "results/dims.h"
#include "results/knob_cols.h"
#include "store/store.h"
#include "sweep/run.h"

enum {
	OPT_IOSTATS = 256, OPT_IOPOLICY, OPT_ENGINE, OPT_SQPOLL, OPT_IOPRIO,
	OPT_SCHEDULER, OPT_FIO, OPT_ENGINE_LIB, OPT_JOBS_DIR, OPT_STATE,
	OPT_EMBEDDED, OPT_EMBEDDED_SIZE, OPT_FORCE, OPT_FIO_ARG,
	OPT_FIO_TIMEOUT, OPT_PATH_STATS, OPT_CLIENT, OPT_CLIENT_FILE, OPT_CPUS,
	OPT_UNPINNED, OPT_ADAPTIVE, OPT_ADAPTIVE_WIDTH, OPT_ADAPTIVE_VS,
	OPT_ADAPTIVE_MAX_DROP, OPT_ADAPTIVE_METRIC, OPT_KNOB, OPT_DB, OPT_LABEL,
};

static const struct option run_opts[] = {
	{ "target",		required_argument,	NULL, 't' },
	{ "job",		required_argument,	NULL, 'j' },
	{ "iostats",		required_argument,	NULL, OPT_IOSTATS },
	{ "iopolicy",		required_argument,	NULL, OPT_IOPOLICY },
	{ "engine",		required_argument,	NULL, OPT_ENGINE },
	{ "sqpoll",		required_argument,	NULL, OPT_SQPOLL },
	{ "ioprio",		required_argument,	NULL, OPT_IOPRIO },
	{ "scheduler",		required_argument,	NULL, OPT_SCHEDULER },
	{ "knob",		required_argument,	NULL, OPT_KNOB },
	{ "repeat",		required_argument,	NULL, 'r' },
	{ "adaptive",		required_argument,	NULL, OPT_ADAPTIVE },
	{ "adaptive-width",	required_argument,	NULL, OPT_ADAPTIVE_WIDTH },
	{ "adaptive-vs",	required_argument,	NULL, OPT_ADAPTIVE_VS },
	{ "adaptive-max-drop",	required_argument,	NULL, OPT_ADAPTIVE_MAX_DROP },
	{ "adaptive-metric",	required_argument,	NULL, OPT_ADAPTIVE_METRIC },
	{ "runtime",		required_argument,	NULL, 'T' },
	{ "out",		required_argument,	NULL, 'o' },
	{ "fio",		required_argument,	NULL, OPT_FIO },
	{ "fio-arg",		required_argument,	NULL, OPT_FIO_ARG },
	{ "fio-timeout",	required_argument,	NULL, OPT_FIO_TIMEOUT },
	{ "engine-lib",		required_argument,	NULL, OPT_ENGINE_LIB },
	{ "jobs-dir",		required_argument,	NULL, OPT_JOBS_DIR },
	{ "state",		required_argument,	NULL, OPT_STATE },
	{ "embedded",		required_argument,	NULL, OPT_EMBEDDED },
	{ "embedded-size",	required_argument,	NULL, OPT_EMBEDDED_SIZE },
	{ "force",		no_argument,		NULL, OPT_FORCE },
	{ "path-stats",		no_argument,		NULL, OPT_PATH_STATS },
	{ "client",		required_argument,	NULL, OPT_CLIENT },
	{ "client-file",	required_argument,	NULL, OPT_CLIENT_FILE },
	{ "cpus",		required_argument,	NULL, OPT_CPUS },
	{ "unpinned",		no_argument,		NULL, OPT_UNPINNED },
	{ "db",			required_argument,	NULL, OPT_DB },
	{ "label",		required_argument,	NULL, OPT_LABEL },
	{ "dry-run",		no_argument,		NULL, 'n' },
	{ "verbose",		no_argument,		NULL, 'v' },
	{ "help",		no_argument,		NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

void cli_usage_run(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench run [OPTION]...\n"
"Sweeps fio jobs over kernel settings and engines, runs the cells\n"
"interleaved, and holds the kernel's diskstats against fio's figures.\n"
"\n"
"  -t, --target DEV       device to sweep (repeatable) [an embedded zram/loop\n"
"                         device made for the run and removed after]\n"
"  -j, --job FILE         fio job file (repeatable) [the default jobs in the\n"
"                         jobs directory]\n"
"      --iostats LIST     queue/iostats values [0,1,2]\n"
"      --iopolicy LIST    NVMe multipath iopolicies [every one the target's\n"
"                         subsystem accepts; not swept without multipath]\n"
"      --engine LIST      fioring and/or io_uring (or any fio engine)\n"
"                         [fioring,io_uring]\n"
"      --sqpoll LIST      sqthread_poll values, 0 and/or 1 [0]\n"
"      --ioprio LIST      priority mixes: none, CLASS/LEVEL (all I/O: be/4,\n"
"                         idle/7) or CLASS:PCT[:LEVEL] (PCT%% of the I/O:\n"
"                         rt:10, idle:50) [none]\n"
"      --scheduler LIST   queue/scheduler values [left as it is]\n"
"      --knob ATTR=LIST   values of the target's queue/ATTR, crossed with the\n"
"                         rest (repeatable, up to 4 attributes) [none]\n"
"  -r, --repeat N         runs of every cell [5]\n"
"      --adaptive N       then up to N more runs of each cell not yet\n"
"                         settled, interleaved [0: off]\n"
"      --adaptive-width PCT  settled: the 95%% interval of the median of\n"
"                         iops and cpu_per_io_us within +-PCT%% of it [2]\n"
"      --adaptive-vs VS   settled instead: the gate (gate --vs VS) decides\n"
"                         the cell against its VS cell on each metric, PASS\n"
"                         or REGRESSION, a VS cell once all its pairs are;\n"
"                         VS is an engine or COLUMN=VALUE, COLUMN one\n"
"                         of engine job sqpoll iostats_req iopolicy_req\n"
"                         ioprio scheduler, or knob:ATTR (--knob)\n"
"                         [unpaired cells: by width]\n"
"      --adaptive-max-drop PCT  the gate's --max-drop for --adaptive-vs [5]\n"
"      --adaptive-metric LIST  the gate's --metric for --adaptive-vs and\n"
"                         --adaptive-width [iops,cpu_per_io_us]\n"
"  -T, --runtime SEC      time-based runtime of each run, 0 keeps the job's\n"
"                         own [5]\n"
"  -o, --out DIR          results directory [fioring-results-TIME]\n"
"      --fio PATH         fio binary [$FIO, the built one, fio]\n"
"      --fio-arg ARG      one more fio argument for every run (repeatable)\n"
"      --fio-timeout SEC  kill a fio run this long past its runtime [60]\n"
"      --engine-lib PATH  libfioring.so [$FIORING_ENGINE, the built one]\n"
"      --jobs-dir DIR     where the default jobs are [$FIORING_JOBS, jobs/]\n"
"      --state FILE       the journal of kernel settings\n"
"                         [$FIORING_STATE, " "/run/fioring/journal]\n"
"      --embedded KIND    auto, zram or loop [auto: zram, else loop]\n"
"      --embedded-size SZ size of the embedded device [1G]\n"
"      --force            write even to a device that holds data\n"
"      --path-stats       have the fioring engine write per-path stats\n"
"                         (engine option path_stats=FILE) into DIR/paths/\n"
"      --client LIST      run every cell at once on these fio servers\n"
"                         (fio --server on each; HOST or HOST,PORT)\n"
"      --client-file FILE the fio servers, one per line (fio's format)\n"
"      --cpus LIST        CPUs the fio jobs are pinned to (cpus_allowed); SQPOLL\n"
"                         cells get an SQ thread CPU outside them, the harness\n"
"                         the CPUs left [the last CPU this process may use]\n"
"      --unpinned         leave placement to the scheduler (it is then part of\n"
"                         every figure)\n"
"      --db FILE          add the finished sweep to this history database\n"
"                         (fioring-bench history) [none]\n"
"      --label KEY=VALUE  a label of the sweep in the history (repeatable),\n"
"                         e.g. commit=abc123; needs --db\n"
"  -n, --dry-run          print the cells and the number of runs; change nothing\n"
"  -v, --verbose          print fio's command lines and every derived figure\n"
"  -h, --help             this text\n"
"\n"
"Examples:\n"
"  fioring-bench run --repeat 9 --out /tmp/sweep\n"
"  fioring-bench run -t /dev/nvme0n1 --iostats 0,1 --job jobs/randread-qd32.fio\n"
"  fioring-bench run --engine fioring,io_uring --sqpoll 0,1 --iostats 1\n");
}

int parse_size(const char *s, uint64_t *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s)
		return -EINVAL;
	switch (*end) {
	case 'k': case 'K': shift = 10; end++; break;
	case 'm': case 'M': shift = 20; end++; break;
	case 'g': case 'G': shift = 30; end++; break;
	case 't': case 'T': shift = 40; end++; break;
	}
	if (*end == 'i' || *end == 'B')
		end++;
	if (*end == 'B')
		end++;
	if (*end || !v || v > (UINT64_MAX >> shift))
		return -EINVAL;
	*out = (uint64_t)v << shift;
	return 0;
}

int parse_int(const char *s, int min, int max, int *out)
{
	long v;
	char *end;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max)
		return -EINVAL;
	*out = (int)v;
	return 0;
}

/* a percentage in (0, 100) as a fraction */
static int parse_pct_width(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v > 0 && v < 100))
		return -EINVAL;
	*out = v / 100;
	return 0;
}

/* CSV's values appended to L, each once: a value given twice would make two
 * cells of one name */
static int add_list(struct strlist *l, const char *csv)
{
	struct strlist items = { 0 };
	int i, ret = strlist_split(&items, csv);

	for (i = 0; !ret && i < items.nr; i++)
		if (!strlist_has(l, items.v[i]))
			ret = strlist_add(l, items.v[i]);
	strlist_free(&items);
	return ret;
}

static int bad(const char *opt, const char *val, const char *want)
{
	fprintf(stderr, "fioring-bench run: bad --%s value '%s': %s\n", opt, val,
		want);
	return -EINVAL;
}

/*
 * --adaptive-metric LIST: numeric results.csv columns, as `gate --metric`
 * takes them, at most ADAPTIVE_MAX_METRICS
 */
static int parse_adaptive_metric(const char *arg, struct run_env *env)
{
	struct result_row r;
	double v;
	int i, ret;

	strlist_free(&env->adaptive_metrics);
	ret = strlist_split(&env->adaptive_metrics, arg);
	if (ret)
		return ret;
	if (!env->adaptive_metrics.nr || env->adaptive_metrics.nr > ADAPTIVE_MAX_METRICS)
		return bad("adaptive-metric", arg, "1 to 8 results.csv columns");
	result_row_init(&r);
	for (i = 0; i < env->adaptive_metrics.nr; i++)
		if (result_row_num(&r, env->adaptive_metrics.v[i], &v))
			return bad("adaptive-metric", env->adaptive_metrics.v[i],
				   "a numeric results.csv column (iops, cpu_per_io_us, "
				   "read_clat_p99_us, ...)");
	return 0;
}

/* --knob ATTR=V1,V2,...: a queue/ attribute once, up to QUEUE_KNOBS_MAX */
static int add_knob(struct run_env *env, const char *arg)
{
	struct queue_knob *k = &env->knobs[env->nr_knobs];
	char why[128];
	int i, ret;

	if (env->nr_knobs == QUEUE_KNOBS_MAX)
		return bad("knob", arg, "at most 4 attributes");
	ret = queue_knob_parse(arg, k, why, sizeof(why));
	if (ret == -EINVAL)
		return bad("knob", arg, why);
	if (ret)
		return ret;
	for (i = 0; i < env->nr_knobs; i++)
		if (!strcmp(env->knobs[i].attr, k->attr)) {
			strlist_free(&k->vals);
			return bad("knob", arg, "that attribute is given twice");
		}
	env->nr_knobs++;
	return 0;
}

/* VALUE (an engine) or COLUMN=VALUE, as `gate --vs` takes it */
static int parse_adaptive_vs(const char *s, struct run_env *env)
{
	const char *eq = strchr(s, '=');
	size_t len = eq ? (size_t)(eq - s) : 0;
	int i;

	if (!eq) {
		strcpy(env->adaptive_vs_col, "engine");
		env->adaptive_vs_val = s;
		return *s ? 0 : bad("adaptive-vs", s, "an engine or COLUMN=VALUE");
	}
	for (i = 0; i < NR_DIMS; i++)
		if (dims[i].vs && strlen(dims[i].req_col) == len &&
		    !strncmp(dims[i].req_col, s, len))
			break;
	if (i == NR_DIMS && eq[1] &&
	    !knob_col_named(s, len, env->adaptive_vs_col,
			    sizeof(env->adaptive_vs_col))) {
		env->adaptive_vs_val = eq + 1;
		return 0;
	}
	if (i == NR_DIMS || !eq[1])
		return bad("adaptive-vs", s, "an engine or COLUMN=VALUE, COLUMN "
			   "one of engine job sqpoll iostats_req iopolicy_req "
			   "ioprio scheduler or knob:ATTR");
	memcpy(env->adaptive_vs_col, s, len);
	env->adaptive_vs_col[len] = '\0';
	env->adaptive_vs_val = eq + 1;
	return 0;
}

/* optarg, the value of --OPT, as a whole number in [min, max] */
static int int_opt(const char *opt, int min, int max, int *out, const char *want)
{
	if (parse_int(optarg, min, max, out))
		return bad(opt, optarg, want);
	return 0;
}

/* every item of a list must pass valid(), else --OPT is refused */
static int list_check(const struct strlist *l, const char *opt,
		      int (*valid)(const char *), const char *want)
{
	int i;

	for (i = 0; i < l->nr; i++)
		if (!valid(l->v[i]))
			return bad(opt, l->v[i], want);
	return 0;
}

static int valid_uint(const char *s)
{
	int v;

	return !parse_int(s, 0, INT_MAX, &v);
}

static int valid_bool(const char *s)
{
	return !strcmp(s, "0") || !strcmp(s, "1");
}

static int valid_word(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return 0;
	return 1;
}

static int valid_ioprio(const char *s)
{
	struct ioprio_mix m;

	return !ioprio_parse(s, &m);
}

static char *join_argv(int argc, char **argv)
{
	size_t len = 32;
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = calloc(1, len);
	if (!s)
		return NULL;
	strcpy(s, "fioring-bench");
	for (i = 0; i < argc; i++) {
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

/*
 * Fills env from argv (argv[0] is "run").  Returns 0, 1 when --help was
 * shown, or -EINVAL after printing what is wrong.
 */
void cli_bad_option(const char *cmd, int c, char *const *argv)
{
	if (c == ':')
		fprintf(stderr, "fioring-bench %s: option %s needs a value\n", cmd,
			argv[optind - 1]);
	else
		fprintf(stderr, "fioring-bench %s: unknown option %s (see --help)\n",
			cmd, argv[optind - 1]);
}

int cli_parse_run(int argc, char **argv, struct run_env *env)
{
	struct strlist *l;
	const char *name;
	int c, ret;

	memset(env, 0, sizeof(*env));
	env->repeat = 5;
	env->adaptive_width = 0.02;
	env->adaptive_max_drop = 0.05;
	env->runtime = 5;
	env->fio_timeout = 60;
	env->embedded_size = 1ull << 30;
	env->cmdline = join_argv(argc, argv);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":t:j:r:T:o:nvh", run_opts, NULL)) != -1) {
		l = NULL;
		ret = 0;
		name = NULL;
		switch (c) {
		case 't':
			ret = strlist_add(&env->targets, optarg);
			break;
		case 'j':
			if (!strlist_has(&env->jobs, optarg))
				ret = strlist_add(&env->jobs, optarg);
			break;
		case OPT_IOSTATS:
			l = &env->iostats, name = "iostats";
			break;
		case OPT_IOPOLICY:
			l = &env->iopolicy, name = "iopolicy";
			break;
		case OPT_ENGINE:
			l = &env->engines, name = "engine";
			env->engines_given = true;
			break;
		case OPT_SQPOLL:
			l = &env->sqpoll, name = "sqpoll";
			break;
		case OPT_IOPRIO:
			l = &env->ioprio, name = "ioprio";
			break;
		case OPT_SCHEDULER:
			l = &env->scheduler, name = "scheduler";
			break;
		case OPT_KNOB:
			ret = add_knob(env, optarg);
			break;
		case OPT_FIO_ARG:
			ret = strlist_add(&env->fio_args, optarg);
			break;
		case 'r':
			ret = int_opt("repeat", 1, 1000000, &env->repeat,
				      "a whole number >= 1");
			break;
		case OPT_ADAPTIVE:
			ret = int_opt("adaptive", 0, 1000000, &env->adaptive,
				      "a whole number >= 0");
			break;
		case OPT_ADAPTIVE_WIDTH:
			ret = parse_pct_width(optarg, &env->adaptive_width);
			if (ret)
				return bad("adaptive-width", optarg,
					   "a percentage above 0 and below 100");
			break;
		case OPT_ADAPTIVE_VS:
			ret = parse_adaptive_vs(optarg, env);
			break;
		case OPT_ADAPTIVE_MAX_DROP:
			if (parse_pct_width(optarg, &env->adaptive_max_drop))
				return bad("adaptive-max-drop", optarg,
					   "a percentage above 0 and below 100");
			break;
		case OPT_ADAPTIVE_METRIC:
			ret = parse_adaptive_metric(optarg, env);
			break;
		case 'T':
			ret = int_opt("runtime", 0, 86400 * 365, &env->runtime,
				      "whole seconds >= 0");
			break;
		case OPT_FIO_TIMEOUT:
			ret = int_opt("fio-timeout", 1, INT_MAX, &env->fio_timeout,
				      "whole seconds >= 1");
			break;
		case 'o':
			env->out = optarg;
			break;
		case OPT_FIO:
			env->fio = optarg;
			break;
		case OPT_ENGINE_LIB:
			env->engine_lib = optarg;
			break;
		case OPT_JOBS_DIR:
			env->jobs_dir = optarg;
			break;
		case OPT_STATE:
			env->state = optarg;
			break;
		case OPT_EMBEDDED:
			if (!strcmp(optarg, "auto"))
				env->embedded = EMB_AUTO;
			else if (!strcmp(optarg, "zram"))
				env->embedded = EMB_ZRAM;
			else if (!strcmp(optarg, "loop"))
				env->embedded = EMB_LOOP;
			else
				return bad("embedded", optarg, "auto, zram or loop");
			break;
		case OPT_EMBEDDED_SIZE:
			if (parse_size(optarg, &env->embedded_size) ||
			    env->embedded_size < (1 << 20))
				return bad("embedded-size", optarg,
					   "a size of at least 1M (e.g. 512M, 2G)");
			break;
		case OPT_FORCE:
			env->force = true;
			break;
		case OPT_PATH_STATS:
			env->path_stats = true;
			break;
		case OPT_CPUS:
			env->cpus = optarg;
			break;
		case OPT_UNPINNED:
			env->unpinned = true;
			break;
		case OPT_CLIENT:
			ret = fio_client_list_add(optarg, &env->clients);
			if (ret == -EINVAL)
				return bad("client", optarg,
					   "HOST[,PORT] items, comma-separated");
			break;
		case OPT_CLIENT_FILE:
			ret = fio_client_list_read(optarg, &env->clients);
			if (ret == -EINVAL)
				return bad("client-file", optarg,
					   "a file with one fio server per line");
			if (ret) {
				fprintf(stderr, "fioring-bench run: --client-file %s: %s\n",
					optarg, strerror(-ret));
				return ret;
			}
			break;
		case OPT_DB:
			env->db = optarg;
			break;
		case OPT_LABEL:
			if (!store_label_valid(optarg))
				return bad("label", optarg, "KEY=VALUE, KEY of "
					   "letters, digits, '_', '.', '-'");
			ret = strlist_add(&env->labels, optarg);
			break;
		case 'n':
			env->dry_run = true;
			break;
		case 'v':
			env->verbose++;
			break;
		case 'h':
			cli_usage_run(stdout);
			return 1;
		default:
			cli_bad_option("run", c, argv);
			return -EINVAL;
		}
		if (l) {
			ret = add_list(l, optarg);
			if (ret == -EINVAL)
				return bad(name, optarg, "a comma-separated list");
		}
		if (ret)
			return ret;
	}
	if (env->labels.nr && !env->db) {
		fprintf(stderr, "fioring-bench run: --label needs --db (the history "
			"the labels go to)\n");
		return -EINVAL;
	}
	if (env->cpus && env->unpinned) {
		fprintf(stderr, "fioring-bench run: --cpus and --unpinned exclude each other\n");
		return -EINVAL;
	}
	if (env->nr_knobs && env->clients.nr) {
		fprintf(stderr, "fioring-bench run: --knob sets queue attributes here, "
			"not on --client fio servers\n");
		return -EINVAL;
	}
	if (optind < argc) {
		fprintf(stderr, "fioring-bench run: unexpected argument '%s' (see --help)\n",
			argv[optind]);
		return -EINVAL;
	}
	/* the dims table's defaults; the others are what the target has */
	if (!env->iostats.nr)
		strlist_split(&env->iostats, dims[DIM_IOSTATS].defaults);
	if (!env->engines.nr)
		strlist_split(&env->engines, dims[DIM_ENGINE].defaults);
	if (!env->sqpoll.nr)
		strlist_split(&env->sqpoll, dims[DIM_SQPOLL].defaults);
	if (!env->ioprio.nr)
		strlist_split(&env->ioprio, dims[DIM_IOPRIO].defaults);
	if (list_check(&env->iostats, "iostats", valid_uint, "whole numbers >= 0") ||
	    list_check(&env->sqpoll, "sqpoll", valid_bool, "0 and/or 1") ||
	    list_check(&env->ioprio, "ioprio", valid_ioprio,
		       "none, CLASS/LEVEL or CLASS:PCT[:LEVEL] with CLASS rt, be or idle, LEVEL 0-7, PCT 1-100") ||
	    list_check(&env->engines, "engine", valid_word, "engine names") ||
	    list_check(&env->iopolicy, "iopolicy", valid_word, "policy names") ||
	    list_check(&env->scheduler, "scheduler", valid_word, "scheduler names"))
		return -EINVAL;
	return 0;
}

void cli_free(struct run_env *env)
{
	strlist_free(&env->targets);
	strlist_free(&env->jobs);
	strlist_free(&env->iostats);
	strlist_free(&env->iopolicy);
	strlist_free(&env->engines);
	strlist_free(&env->sqpoll);
	strlist_free(&env->ioprio);
	strlist_free(&env->scheduler);
	for (int i = 0; i < env->nr_knobs; i++)
		strlist_free(&env->knobs[i].vals);
	strlist_free(&env->adaptive_metrics);
	strlist_free(&env->fio_args);
	strlist_free(&env->clients);
	strlist_free(&env->labels);
	free(env->cmdline);
	env->cmdline = NULL;
}

int cmd_run(int argc, char **argv)
{
	struct run_ctx *ctx = calloc(1, sizeof(*ctx));
	int ret, status;

	if (!ctx)
		return 1;
	ret = cli_parse_run(argc, argv, &ctx->env);
	if (ret)
		status = ret > 0 ? 0 : 2;
	else
		status = run_sweep(ctx);
	cli_free(&ctx->env);
	free(ctx);
	return status;
}
