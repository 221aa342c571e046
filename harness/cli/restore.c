// SPDX-License-Identifier: GPL-2.0
/*
 * restore.c: `fioring-bench restore`, which replays the journal a killed
 * run left behind: every kernel setting back to its value before the run,
 * every device the run made removed.  It refuses while a live run holds
 * the journal, since that run will restore its own settings.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "kernel/devlock.h"
#include "sweep/undo_locks.h"
#include "kernel/journal.h"
#include "lib/fileio.h"
#include "sweep/undo.h"

static void usage(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench restore [--state FILE]\n"
"Puts back every kernel setting a killed fioring-bench run left changed,\n"
"and removes the devices it made.\n"
"\n"
"      --state FILE   the journal [$FIORING_STATE, " JOURNAL_DEFAULT "]\n"
"  -h, --help         this text\n");
}

int cmd_restore(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "state", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *path = journal_default_path();
	struct devlocks locks = { 0 };
	char why[PATH_BUF];
	struct journal j;
	int c, ret;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (!*optarg) {
				fprintf(stderr, "fioring-bench restore: --state is empty\n");
				return 2;
			}
			path = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			cli_bad_option("restore", c, argv);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "fioring-bench restore: unexpected argument '%s'\n",
			argv[optind]);
		return 2;
	}
	if (access(path, F_OK) < 0) {
		printf("fioring-bench restore: nothing to restore (no %s)\n", path);
		return 0;
	}
	ret = journal_open(&j, path);
	if (ret == -EBUSY) {
		fprintf(stderr, "fioring-bench restore: a fioring-bench run is still "
			"using %s; stop it (it restores on SIGINT/SIGTERM) first\n", path);
		return 1;
	}
	if (ret) {
		fprintf(stderr, "fioring-bench restore: cannot open %s: %s\n", path,
			strerror(-ret));
		return 1;
	}
	if (!journal_pending(&j)) {
		printf("fioring-bench restore: nothing to restore (%s is empty)\n", path);
		journal_close(&j);
		return 0;
	}
	/* a sweep running on one of its disks would have its settings changed */
	ret = undo_lock_disks(&locks, path, why, sizeof(why));
	if (ret) {
		fprintf(stderr, "fioring-bench restore: %s; try again when it is done\n",
			why);
		devlocks_release(&locks);
		journal_close(&j);
		return 1;
	}
	ret = journal_restore(&j, sweep_undo, stdout, stderr);
	devlocks_release(&locks);
	journal_close(&j);
	if (ret) {
		fprintf(stderr, "fioring-bench restore: %s\n", ret < 0 ?
			strerror(-ret) : "some settings could not be restored; "
			"they stay in the journal for another try");
		return 1;
	}
	printf("fioring-bench restore: done\n");
	return 0;
}
