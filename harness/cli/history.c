// SPDX-License-Identifier: GPL-2.0
/*
 * history.c: `fioring-bench history`, which hands its command line to the
 * subcommand it names, and where the history database is.  A subcommand
 * is a row of history_cmds[].
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/history.h"
#include "lib/fileio.h"

static const struct history_cmd history_cmds[] = {
	{ "add",  history_add,  "add results directories (sweeps) to the history" },
	{ "ls",   history_ls,   "list the stored sweeps, one line each" },
	{ "show", history_show, "one cell's figures sweep by sweep" },
	{ "detect", history_detect, "change points of each cell and metric over the sweeps" },
	{ "report", history_report, "trend plots of each cell and metric, HTML and markdown" },
	{ "ack",  history_ack,  "accept a change point: detect marks it and passes" },
};

#define NR_HISTORY_CMDS	(sizeof(history_cmds) / sizeof(history_cmds[0]))

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
"Usage: fioring-bench history SUBCOMMAND [ARG]...\n"
"Keeps sweeps in one SQLite file and reads them back by cell.\n"
"\n"
"Subcommands:\n");
	for (i = 0; i < NR_HISTORY_CMDS; i++)
		fprintf(f, "  %-8s %s\n", history_cmds[i].name, history_cmds[i].help);
	fprintf(f,
"\n"
"The database: --db FILE, else $FIORING_DB, else " STORE_DB_DEFAULT ".\n"
"  fioring-bench history SUBCOMMAND --help   its options\n");
}

/* the default's directory may not exist yet on a fresh machine */
static void make_parent(const char *path)
{
	char dir[PATH_MAX], *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return;
	*slash = '\0';
	mkdir_p(dir, 0755);
}

int history_open(const char *cmd, const char *opt_db, int create,
		 struct store **st)
{
	const char *path = store_db_path(opt_db);
	char err[512];
	int ret;

	if (create)
		make_parent(path);
	ret = store_open(path, create, st, err, sizeof(err));
	if (!ret)
		return 0;
	fprintf(stderr, "fioring-bench %s: %s\n", cmd, err);
	return ret == -EPROTO ? 2 : 1;
}

int cmd_history(int argc, char **argv)
{
	const char *sub = argc > 1 ? argv[1] : NULL;
	size_t i;

	if (!sub || !strcmp(sub, "--help") || !strcmp(sub, "-h")) {
		usage(sub ? stdout : stderr);
		return sub ? 0 : 2;
	}
	for (i = 0; i < NR_HISTORY_CMDS; i++)
		if (!strcmp(sub, history_cmds[i].name))
			return history_cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "fioring-bench history: unknown subcommand '%s' (see "
		"--help)\n", sub);
	return 2;
}
