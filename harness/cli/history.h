/* SPDX-License-Identifier: GPL-2.0 */
/*
 * history.h: `fioring-bench history SUBCOMMAND`, the history of sweeps.
 * Each subcommand is a row of history_cmds[] (cli/history.c): a new one
 * (detect, report) adds its row and its function there.
 */
#ifndef FIORING_HISTORY_H
#define FIORING_HISTORY_H

#include "store/store.h"

struct history_cmd {
	const char *name;
	/* argv[0] is the subcommand's name; returns the exit status */
	int (*fn)(int argc, char **argv);
	const char *help;	/* one line for `history --help` */
};

/*
 * Opens the database (store_db_path(opt_db)) for cmd (named in the error line).  With create,
 * the file and its directory are made when missing.  Returns 0, or the
 * exit status to leave with after one line on stderr: 2 for a database
 * of a newer schema (a bad argument: another fioring-bench's file),
 * 1 otherwise.
 */
int history_open(const char *cmd, const char *opt_db, int create,
		 struct store **st);

int history_add(int argc, char **argv);
int history_ls(int argc, char **argv);
int history_show(int argc, char **argv);
int history_detect(int argc, char **argv);
int history_report(int argc, char **argv);
int history_ack(int argc, char **argv);

#endif
