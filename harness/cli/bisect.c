// SPDX-License-Identifier: GPL-2.0
/*
 * bisect.c: `fioring-bench bisect`, one step of `git bisect run`: a sweep
 * of this build gated against a known good sweep, with more repeats while
 * the gate cannot judge, and the exit status git bisect expects (0 good,
 * 1 bad, 125 skip, 128 stop the bisect).  run and gate are run as child
 * processes of this same binary, each as its own command would be.
 */
#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/fileio.h"
#include "lib/stats.h"

extern char **environ;

#define BISECT_GOOD	0
#define BISECT_BAD	1
#define BISECT_SKIP	125
#define BISECT_ABORT	128
#define BISECT_ROUNDS	3
#define BISECT_REPEAT	5	/* run's default --repeat */

static void usage(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench bisect --good REF [--db FILE] [--metric LIST]\n"
"                            [--max-drop PCT] [--rounds N] [--out DIR]\n"
"                            [RUN OPTION]...\n"
"One step of git bisect run: runs a sweep (fioring-bench run with the RUN\n"
"OPTIONs) and gates it against REF (a results DIR, db:ID or db:KEY=VALUE,\n"
"as gate --baseline).  While the gate cannot judge, the sweep is run again\n"
"with twice the repeats, up to --rounds sweeps.\n"
"\n"
"  --good REF       the known good sweep\n"
"  --db FILE        the history of a db: REF\n"
"  --metric LIST    gated metrics                               [iops]\n"
"  --max-drop PCT   tolerated loss in percent                      ["
STATS_MAX_DROP_STR "]\n"
"  --rounds N       sweeps at most, repeats doubling              [%d]\n"
"  --out DIR        where the sweeps go (DIR/round-N)   [a new /tmp dir]\n"
"\n"
"Exit status, as git bisect run reads it: 0 good (the gate passes), 1 bad\n"
"(a regression), 125 skip (the gate still cannot judge, or the sweep\n"
"failed on this build), 128 bad arguments (stops the bisect).\n",
		BISECT_ROUNDS);
}

struct bisect_env {
	const char *good, *db, *metric, *max_drop, *out;
	int rounds, repeat;
	char **run_args;	/* what goes to run */
	int nrun;
};

/* ARG VALUE or ARG=VALUE at argv[*i] for option name; the value or NULL */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);
	const char *v = "";

	if (!strncmp(argv[*i], name, n) && argv[*i][n] == '=')
		v = argv[*i] + n + 1;
	else if (strcmp(argv[*i], name))
		return NULL;
	else if (*i + 1 < argc)
		v = argv[++*i];
	if (!*v)
		fprintf(stderr, "fioring-bench bisect: option %s needs a value\n", name);
	return v;
}

static int parse(int argc, char **argv, struct bisect_env *env)
{
	const char *v;
	int i;

	env->run_args = calloc((size_t)argc + 1, sizeof(*env->run_args));
	if (!env->run_args)
		return BISECT_ABORT;
	env->metric = "iops";
	env->rounds = BISECT_ROUNDS;
	env->repeat = BISECT_REPEAT;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return -1;
		}
		if ((v = opt_value(argc, argv, &i, "--good")))
			env->good = v;
		else if ((v = opt_value(argc, argv, &i, "--db")))
			env->db = v;
		else if ((v = opt_value(argc, argv, &i, "--metric")))
			env->metric = v;
		else if ((v = opt_value(argc, argv, &i, "--max-drop")))
			env->max_drop = v;
		else if ((v = opt_value(argc, argv, &i, "--out")))
			env->out = v;
		else if ((v = opt_value(argc, argv, &i, "--rounds"))) {
			if (parse_int(v, 1, 10, &env->rounds)) {
				fprintf(stderr, "fioring-bench bisect: --rounds '%s': "
					"a number in [1, 10]\n", v);
				return BISECT_ABORT;
			}
			continue;
		} else {
			/* run's own; its --repeat is where the doubling starts */
			if (!strcmp(argv[i], "--repeat") && i + 1 < argc &&
			    parse_int(argv[i + 1], 1, 1000, &env->repeat)) {
				fprintf(stderr, "fioring-bench bisect: --repeat '%s': "
					"a number in [1, 1000]\n", argv[i + 1]);
				return BISECT_ABORT;
			}
			env->run_args[env->nrun++] = argv[i];
			continue;
		}
		if (!*v)
			return BISECT_ABORT;
	}
	if (!env->good) {
		fprintf(stderr, "fioring-bench bisect: --good REF is required (see --help)\n");
		return BISECT_ABORT;
	}
	return 0;
}

/* runs this binary with argv; its exit status, or -1 when it did not exit */
static int self(char **argv)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	pid_t pid;
	int status;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	fflush(NULL);
	if (posix_spawn(&pid, exe, NULL, NULL, argv, environ))
		return -1;
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int round_once(const struct bisect_env *env, int k, const char *dir)
{
	char repeat[16], **av;
	int i, n = 0, rc;

	av = calloc((size_t)env->nrun + 16, sizeof(*av));
	if (!av)
		return BISECT_ABORT;
	snprintf(repeat, sizeof(repeat), "%d", env->repeat << (k - 1));
	av[n++] = (char *)"fioring-bench";
	av[n++] = (char *)"run";
	for (i = 0; i < env->nrun; i++)
		av[n++] = env->run_args[i];
	av[n++] = (char *)"--repeat";
	av[n++] = repeat;
	av[n++] = (char *)"--out";
	av[n++] = (char *)dir;
	av[n] = NULL;
	printf("fioring-bench bisect: round %d: a sweep of %s repeats into %s\n",
	       k, repeat, dir);
	rc = self(av);
	if (rc == 2) {
		fprintf(stderr, "fioring-bench bisect: run refused its options\n");
		rc = BISECT_ABORT;
		goto out;
	}
	if (rc != 0 && rc != 3) {
		printf("fioring-bench bisect: the sweep failed (run exited %d): skip\n", rc);
		rc = BISECT_SKIP;
		goto out;
	}
	n = 0;
	av[n++] = (char *)"fioring-bench";
	av[n++] = (char *)"gate";
	av[n++] = (char *)"--baseline";
	av[n++] = (char *)env->good;
	if (env->db) {
		av[n++] = (char *)"--db";
		av[n++] = (char *)env->db;
	}
	av[n++] = (char *)"--metric";
	av[n++] = (char *)env->metric;
	if (env->max_drop) {
		av[n++] = (char *)"--max-drop";
		av[n++] = (char *)env->max_drop;
	}
	av[n++] = (char *)dir;
	av[n] = NULL;
	rc = self(av);
	switch (rc) {
	case 0:
		printf("fioring-bench bisect: good (the gate passes against %s)\n", env->good);
		rc = BISECT_GOOD;
		break;
	case 1:
		printf("fioring-bench bisect: bad (a regression against %s)\n", env->good);
		rc = BISECT_BAD;
		break;
	case 3:
		rc = -EAGAIN;
		break;
	default:
		fprintf(stderr, "fioring-bench bisect: gate exited %d\n", rc);
		rc = BISECT_ABORT;
	}
out:
	free(av);
	return rc;
}

int cmd_bisect(int argc, char **argv)
{
	struct bisect_env env = { 0 };
	char base[PATH_MAX], dir[PATH_MAX + 32];
	int k, rc;

	rc = parse(argc, argv, &env);
	if (rc)
		goto out;
	if (env.out) {
		snprintf(base, sizeof(base), "%s", env.out);
		if (mkdir_p(base, 0755)) {
			fprintf(stderr, "fioring-bench bisect: cannot make %s\n", base);
			rc = BISECT_ABORT;
			goto out;
		}
	} else {
		snprintf(base, sizeof(base), "/tmp/fioring-bisect.XXXXXX");
		if (!mkdtemp(base)) {
			fprintf(stderr, "fioring-bench bisect: cannot make a directory "
				"in /tmp: %s\n", strerror(errno));
			rc = BISECT_ABORT;
			goto out;
		}
	}
	for (k = 1; k <= env.rounds; k++) {
		snprintf(dir, sizeof(dir), "%s/round-%d", base, k);
		rc = round_once(&env, k, dir);
		if (rc != -EAGAIN)
			goto out;
	}
	printf("fioring-bench bisect: the gate cannot judge after %d sweeps: skip\n",
	       env.rounds);
	rc = BISECT_SKIP;
out:
	free(env.run_args);
	return rc < 0 ? 0 : rc;
}
