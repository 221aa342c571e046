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
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "fio/fio_client.h"
#include "lib/stats.h"
#include "results/ioprio.h"
#include "results/dims.h"
#include "results/knob_cols.h"
#include "store/store.h"
#include "sweep/adaptive.h"
#include "sweep/run.h"
#include "sweep/run_env.h"

enum {
	OPT_FIO = 256, OPT_ENGINE_LIB, OPT_JOBS_DIR, OPT_STATE,
	OPT_EMBEDDED, OPT_EMBEDDED_SIZE, OPT_FORCE, OPT_FIO_ARG,
	OPT_FIO_TIMEOUT, OPT_PATH_STATS, OPT_CLIENT, OPT_CLIENT_FILE, OPT_CPUS,
	OPT_UNPINNED, OPT_ADAPTIVE, OPT_ADAPTIVE_WIDTH, OPT_ADAPTIVE_VS,
	OPT_ADAPTIVE_MAX_DROP, OPT_ADAPTIVE_METRIC, OPT_ADAPTIVE_FULL, OPT_KNOB,
	OPT_WARMUP, OPT_DB, OPT_LABEL,
	OPT_DIM,	/* + the dims table's row: its list option */
};

static const struct option run_opts[] = {
	{ "target",		required_argument,	NULL, 't' },
	{ "job",		required_argument,	NULL, 'j' },
	{ "knob",		required_argument,	NULL, OPT_KNOB },
	{ "repeat",		required_argument,	NULL, 'r' },
	{ "adaptive",		required_argument,	NULL, OPT_ADAPTIVE },
	{ "adaptive-width",	required_argument,	NULL, OPT_ADAPTIVE_WIDTH },
	{ "adaptive-vs",	required_argument,	NULL, OPT_ADAPTIVE_VS },
	{ "adaptive-max-drop",	required_argument,	NULL, OPT_ADAPTIVE_MAX_DROP },
	{ "adaptive-metric",	required_argument,	NULL, OPT_ADAPTIVE_METRIC },
	{ "adaptive-full",	no_argument,		NULL, OPT_ADAPTIVE_FULL },
	{ "runtime",		required_argument,	NULL, 'T' },
	{ "out",		required_argument,	NULL, 'o' },
	{ "fio",		required_argument,	NULL, OPT_FIO },
	{ "fio-arg",		required_argument,	NULL, OPT_FIO_ARG },
	{ "fio-timeout",	required_argument,	NULL, OPT_FIO_TIMEOUT },
	{ "warmup",		required_argument,	NULL, OPT_WARMUP },
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

/* where --help's descriptions start */
#define USAGE_INDENT	"                         "

/* run_opts, then a list option per row of the dims table that has one */
static struct option run_opts_all[sizeof(run_opts) / sizeof(run_opts[0]) +
				  NR_DIMS];

static const struct option *run_opts_make(void)
{
	size_t n = sizeof(run_opts) / sizeof(run_opts[0]) - 1;
	int i;

	memcpy(run_opts_all, run_opts, n * sizeof(run_opts[0]));
	for (i = 0; i < NR_DIMS; i++)
		if (dims[i].form != DIM_FORM_NONE)
			run_opts_all[n++] = (struct option){ dims[i].flag + 2,
				required_argument, NULL, OPT_DIM + i };
	return run_opts_all;
}

/* "      --FLAG LIST   help", its later lines under the help's first */
static void usage_dims(FILE *f)
{
	const char *p, *nl;
	int i, w;

	for (i = 0; i < NR_DIMS; i++) {
		if (dims[i].form == DIM_FORM_NONE)
			continue;
		fprintf(f, "      %s LIST%n", dims[i].flag, &w);
		fprintf(f, "%*s", w < 25 ? 25 - w : 1, "");
		for (p = dims[i].help; (nl = strchr(p, '\n')); p = nl + 1)
			fprintf(f, "%.*s\n" USAGE_INDENT, (int)(nl - p), p);
		fprintf(f, "%s\n", p);
	}
}

void cli_usage_run(FILE *f)
{
	char cols[256];

	fprintf(f,
"Usage: fioring-bench run [OPTION]...\n"
"Sweeps fio jobs over kernel settings and engines, runs the cells\n"
"interleaved, and holds the kernel's diskstats against fio's figures.\n"
"\n"
"  -t, --target DEV       device to sweep (repeatable) [an embedded zram/loop\n"
"                         device made for the run and removed after]\n"
"  -j, --job FILE         fio job file (repeatable) [the default jobs in the\n"
"                         jobs directory]\n");
	usage_dims(f);
	dims_cols(cols, sizeof(cols), true, 40, USAGE_INDENT);
	fprintf(f,
"      --knob ATTR=LIST   values of the target's queue/ATTR, crossed with the\n"
"                         rest (repeatable, up to 4 attributes) [none]\n"
"  -r, --repeat N         runs of every cell [5]\n"
"      --warmup N         runs of a target's first cell before it, not\n"
"                         recorded [2]\n"
"      --adaptive N       then up to N more runs of each cell not yet\n"
"                         settled, interleaved [0: off]\n"
"      --adaptive-width PCT  settled: the 95%% interval of the median of\n"
"                         iops and cpu_per_io_us within +-PCT%% of it [2]\n"
"      --adaptive-vs VS   settled instead: the gate (gate --vs VS) decides\n"
"                         the cell against its VS cell on each metric, PASS\n"
"                         or REGRESSION, a VS cell once all its pairs are;\n"
"                         VS is an engine or COLUMN=VALUE, COLUMN one of\n"
USAGE_INDENT "%s, or knob:ATTR\n"
"                         (--knob) [unpaired cells: by width]\n"
"      --adaptive-max-drop PCT  the gate's --max-drop for --adaptive-vs ["
STATS_MAX_DROP_STR "]\n"
"      --adaptive-metric LIST  the gate's --metric for --adaptive-vs and\n"
"                         --adaptive-width [iops,cpu_per_io_us]\n"
"      --adaptive-full    with --adaptive-vs, run on pairs that the runs\n"
"                         left are unlikely to decide [they stop]\n"
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
"  fioring-bench run --engine fioring,io_uring --sqpoll 0,1 --iostats 1\n",
		cols);
}

int parse_size(const char *s, uint64_t *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *s < '0' || *s > '9')
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
static int parse_adaptive_metric(struct run_env *env, const char *arg)
{
	struct result_row r;
	double v;
	int i, ret;

	strlist_free(&env->adaptive_metrics);
	ret = strlist_split(&env->adaptive_metrics, arg);
	if (ret)
		return ret == -EINVAL ?
		       bad("adaptive-metric", arg, "a comma-separated list") : ret;
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
	const struct dim *d;
	char why[128];
	int i, ret;

	if (env->nr_knobs == QUEUE_KNOBS_MAX)
		return bad("knob", arg, "at most 4 attributes");
	ret = queue_knob_parse(arg, k, why, sizeof(why));
	if (ret == -EINVAL)
		return bad("knob", arg, why);
	if (ret)
		return ret;
	/* two writers of one file: a cell's name and what it ran would disagree */
	d = dim_by_queue_attr(k->attr);
	if (d) {
		strlist_free(&k->vals);
		snprintf(why, sizeof(why), "queue/%s is swept by %s", d->attr,
			 d->flag);
		return bad("knob", arg, why);
	}
	for (i = 0; i < env->nr_knobs; i++)
		if (!strcmp(env->knobs[i].attr, k->attr)) {
			strlist_free(&k->vals);
			return bad("knob", arg, "that attribute is given twice");
		}
	env->nr_knobs++;
	return 0;
}

/* VALUE (an engine) or COLUMN=VALUE, as `gate --vs` takes it */
static int parse_adaptive_vs(struct run_env *env, const char *s)
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
	if (i == NR_DIMS || !eq[1]) {
		char cols[256], want[320];

		dims_cols(cols, sizeof(cols), true, 0, "");
		snprintf(want, sizeof(want), "an engine or COLUMN=VALUE, COLUMN "
			 "one of %s or knob:ATTR", cols);
		return bad("adaptive-vs", s, want);
	}
	memcpy(env->adaptive_vs_col, s, len);
	env->adaptive_vs_col[len] = '\0';
	env->adaptive_vs_val = eq + 1;
	return 0;
}

/* CSV added to the list of --OPT, or one line saying it is no list */
static int list_opt(const char *opt, struct strlist *l, const char *csv)
{
	int ret = add_list(l, csv);

	return ret == -EINVAL ? bad(opt, csv, "a comma-separated list") : ret;
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

static int (*const valid_form[])(const char *) = {
	[DIM_FORM_UINT] = valid_uint,
	[DIM_FORM_BOOL] = valid_bool,
	[DIM_FORM_WORD] = valid_word,
	[DIM_FORM_IOPRIO] = valid_ioprio,
};

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

void cli_bad_option(const char *cmd, int c, char *const *argv)
{
	if (c == ':')
		fprintf(stderr, "fioring-bench %s: option %s needs a value\n", cmd,
			argv[optind - 1]);
	else
		fprintf(stderr, "fioring-bench %s: unknown option %s (see --help)\n",
			cmd, argv[optind - 1]);
}

/* what a run option fills, and how */
enum opt_kind {
	ARG_STR,	/* the argument itself, a const char * */
	ARG_TRUE,	/* a bool set */
	ARG_INT,	/* a whole number in [min, max] */
	ARG_PCT,	/* a percentage in (0, 100), a fraction in a double */
	ARG_FN,		/* its own parser */
};

struct run_opt {
	int id;			/* getopt_long's value */
	const char *name;	/* as --NAME in messages */
	enum opt_kind kind;
	size_t off;		/* the run_env field it fills */
	int min, max;		/* ARG_INT */
	const char *want;	/* ARG_INT: a good value, for the refusal */
	int (*parse)(struct run_env *env, const char *arg);	/* ARG_FN */
};

#define FIELD(f)	offsetof(struct run_env, f)

static int opt_target(struct run_env *env, const char *arg)
{
	return strlist_add(&env->targets, arg);
}

static int opt_job(struct run_env *env, const char *arg)
{
	return strlist_has(&env->jobs, arg) ? 0 : strlist_add(&env->jobs, arg);
}

static int opt_fio_arg(struct run_env *env, const char *arg)
{
	/* fio would take "" for a job file and refuse every cell */
	if (!*arg)
		return bad("fio-arg", arg, "empty");
	return strlist_add(&env->fio_args, arg);
}

static int opt_embedded(struct run_env *env, const char *arg)
{
	if (!strcmp(arg, "auto"))
		env->embedded = EMB_AUTO;
	else if (!strcmp(arg, "zram"))
		env->embedded = EMB_ZRAM;
	else if (!strcmp(arg, "loop"))
		env->embedded = EMB_LOOP;
	else
		return bad("embedded", arg, "auto, zram or loop");
	return 0;
}

static int opt_embedded_size(struct run_env *env, const char *arg)
{
	if (parse_size(arg, &env->embedded_size) ||
	    env->embedded_size < (1 << 20))
		return bad("embedded-size", arg,
			   "a size of at least 1M (e.g. 512M, 2G)");
	return 0;
}

static int opt_client(struct run_env *env, const char *arg)
{
	int ret = fio_client_list_add(arg, &env->clients);

	if (ret == -EINVAL)
		return bad("client", arg, "HOST[,PORT] items, comma-separated");
	return ret;
}

static int opt_client_file(struct run_env *env, const char *arg)
{
	int ret = fio_client_list_read(arg, &env->clients);

	if (ret == -EINVAL)
		return bad("client-file", arg,
			   "a file with one fio server per line");
	if (ret)
		fprintf(stderr, "fioring-bench run: --client-file %s: %s\n",
			arg, strerror(-ret));
	return ret;
}

static int opt_label(struct run_env *env, const char *arg)
{
	if (!store_label_valid(arg))
		return bad("label", arg, "KEY=VALUE, KEY of "
			   "letters, digits, '_', '.', '-'");
	return strlist_add(&env->labels, arg);
}

static int opt_verbose(struct run_env *env, const char *arg)
{
	(void)arg;
	env->verbose++;
	return 0;
}

static int opt_help(struct run_env *env, const char *arg)
{
	(void)env, (void)arg;
	cli_usage_run(stdout);
	return 1;
}

#define STR(i, n, f)	{ .id = i, .name = n, .kind = ARG_STR, .off = FIELD(f) }
#define TRUE(i, n, f)	{ .id = i, .name = n, .kind = ARG_TRUE, .off = FIELD(f) }
#define INT(i, n, f, lo, hi, w) { .id = i, .name = n, .kind = ARG_INT, \
				  .off = FIELD(f), .min = lo, .max = hi, .want = w }
#define PCT(i, n, f)	{ .id = i, .name = n, .kind = ARG_PCT, .off = FIELD(f) }
#define FN(i, n, fn)	{ .id = i, .name = n, .kind = ARG_FN, .parse = fn }

static const struct run_opt run_opt_table[] = {
	FN('t', "target", opt_target),
	FN('j', "job", opt_job),
	FN(OPT_KNOB, "knob", add_knob),
	FN(OPT_FIO_ARG, "fio-arg", opt_fio_arg),
	INT('r', "repeat", repeat, 1, 1000000, "a whole number >= 1"),
	INT(OPT_WARMUP, "warmup", warmup, 0, 1000, "a whole number >= 0"),
	INT(OPT_ADAPTIVE, "adaptive", adaptive, 0, 1000000, "a whole number >= 0"),
	PCT(OPT_ADAPTIVE_WIDTH, "adaptive-width", adaptive_width),
	FN(OPT_ADAPTIVE_VS, "adaptive-vs", parse_adaptive_vs),
	PCT(OPT_ADAPTIVE_MAX_DROP, "adaptive-max-drop", adaptive_max_drop),
	FN(OPT_ADAPTIVE_METRIC, "adaptive-metric", parse_adaptive_metric),
	TRUE(OPT_ADAPTIVE_FULL, "adaptive-full", adaptive_full),
	INT('T', "runtime", runtime, 0, 86400 * 365, "whole seconds >= 0"),
	INT(OPT_FIO_TIMEOUT, "fio-timeout", fio_timeout, 1, INT_MAX,
	    "whole seconds >= 1"),
	STR('o', "out", out),
	STR(OPT_FIO, "fio", fio),
	STR(OPT_ENGINE_LIB, "engine-lib", engine_lib),
	STR(OPT_JOBS_DIR, "jobs-dir", jobs_dir),
	STR(OPT_STATE, "state", state),
	FN(OPT_EMBEDDED, "embedded", opt_embedded),
	FN(OPT_EMBEDDED_SIZE, "embedded-size", opt_embedded_size),
	TRUE(OPT_FORCE, "force", force),
	TRUE(OPT_PATH_STATS, "path-stats", path_stats),
	STR(OPT_CPUS, "cpus", cpus),
	TRUE(OPT_UNPINNED, "unpinned", unpinned),
	FN(OPT_CLIENT, "client", opt_client),
	FN(OPT_CLIENT_FILE, "client-file", opt_client_file),
	STR(OPT_DB, "db", db),
	FN(OPT_LABEL, "label", opt_label),
	TRUE('n', "dry-run", dry_run),
	FN('v', "verbose", opt_verbose),
	FN('h', "help", opt_help),
};

#undef STR
#undef TRUE
#undef INT
#undef PCT
#undef FN

static int run_opt_apply(const struct run_opt *o, struct run_env *env,
			 const char *arg)
{
	void *field = (char *)env + o->off;

	switch (o->kind) {
	case ARG_STR:
		/* an empty --out would put the results in / */
		if (!*arg)
			return bad(o->name, arg, "empty");
		*(const char **)field = arg;
		return 0;
	case ARG_TRUE:
		*(bool *)field = true;
		return 0;
	case ARG_INT:
		if (parse_int(arg, o->min, o->max, field))
			return bad(o->name, arg, o->want);
		return 0;
	case ARG_PCT:
		if (parse_pct_width(arg, field))
			return bad(o->name, arg,
				   "a percentage above 0 and below 100");
		return 0;
	case ARG_FN:
		return o->parse(env, arg);
	}
	return -EINVAL;
}

static const struct run_opt *run_opt_find(int id)
{
	size_t i;

	for (i = 0; i < sizeof(run_opt_table) / sizeof(run_opt_table[0]); i++)
		if (run_opt_table[i].id == id)
			return &run_opt_table[i];
	return NULL;
}

/* options that exclude or need each other, and stray arguments */
static int run_env_coherent(const struct run_env *env, int argc, char **argv)
{
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
	return 0;
}

/*
 * a dimension's list not given takes the dims table's defaults (none: what
 * the target has), then every item must have its row's form
 */
static int run_env_lists(struct run_env *env)
{
	const struct dim *d;
	int i;

	for (i = 0; i < NR_DIMS; i++) {
		d = &dims[i];
		if (d->form == DIM_FORM_NONE)
			continue;
		if (!env->vals[i].nr && d->defaults)
			strlist_split(&env->vals[i], d->defaults);
		if (list_check(&env->vals[i], d->flag + 2, valid_form[d->form],
			       d->want))
			return -EINVAL;
	}
	return 0;
}

/*
 * Fills env from argv (argv[0] is "run").  Returns 0, 1 when --help was
 * shown, or -EINVAL after printing what is wrong.
 */
int cli_parse_run(int argc, char **argv, struct run_env *env)
{
	const struct option *opts;
	const struct run_opt *o;
	int c, ret;

	memset(env, 0, sizeof(*env));
	env->repeat = 5;
	env->warmup = 2;
	env->adaptive_width = 0.02;
	env->adaptive_max_drop = STATS_MAX_DROP_PCT / 100.0;
	env->runtime = 5;
	env->fio_timeout = 60;
	env->embedded_size = 1ull << 30;
	env->cmdline = join_argv(argc, argv);
	optind = 1;
	opterr = 0;
	opts = run_opts_make();
	while ((c = getopt_long(argc, argv, ":t:j:r:T:o:nvh", opts, NULL)) != -1) {
		o = run_opt_find(c);
		if (c >= OPT_DIM && c < OPT_DIM + NR_DIMS) {
			env->given[c - OPT_DIM] = true;
			ret = list_opt(dims[c - OPT_DIM].flag + 2,
				       &env->vals[c - OPT_DIM], optarg);
		} else if (o) {
			ret = run_opt_apply(o, env, optarg);
		} else {
			cli_bad_option("run", c, argv);
			return -EINVAL;
		}
		if (ret)
			return ret;
	}
	ret = run_env_coherent(env, argc, argv);
	return ret ?: run_env_lists(env);
}

void cli_free(struct run_env *env)
{
	strlist_free(&env->targets);
	strlist_free(&env->jobs);
	for (int i = 0; i < NR_DIMS; i++)
		strlist_free(&env->vals[i]);
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
	struct run_env env = { 0 };
	int ret, status;

	ret = cli_parse_run(argc, argv, &env);
	if (ret)
		status = ret > 0 ? 0 : 2;
	else
		status = run_sweep(&env);
	cli_free(&env);
	return status;
}
