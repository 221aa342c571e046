// SPDX-License-Identifier: GPL-2.0
/*
 * history_add.c: `fioring-bench history add DIR... [--label K=V]...`: each
 * results directory into the history, one transaction each, and a line
 * saying whether it was new.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/history.h"

static void usage(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench history add DIR... [--label KEY=VALUE]... [--db FILE]\n"
"Adds each results directory (results.csv, meta.json) to the history.  A\n"
"sweep added again stays one sweep; its labels are merged.\n"
"\n"
"      --label KEY=VALUE  a label of every DIR (repeatable), e.g. commit=abc123\n"
"      --db FILE          the database [$FIORING_DB, " STORE_DB_DEFAULT "]\n"
"  -h, --help             this text\n");
}

int history_add(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "label", required_argument, NULL, 'l' },
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	/* point into argv, NULL-terminated as the store takes them */
	const char **labels = calloc(argc + 1, sizeof(*labels));
	const char *db = NULL;
	struct store *st;
	int c, i, nlabels = 0, status = 2;

	if (!labels)
		return 1;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			if (!store_label_valid(optarg)) {
				fprintf(stderr, "fioring-bench history add: --label '%s': "
					"not KEY=VALUE (KEY of letters, digits, '_', "
					"'.', '-')\n", optarg);
				goto out;
			}
			labels[nlabels++] = optarg;
			break;
		case 'd':
			db = optarg;
			break;
		case 'h':
			usage(stdout);
			status = 0;
			goto out;
		default:
			cli_bad_option("history add", c, argv);
			goto out;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "fioring-bench history add: no results directory "
			"given (see --help)\n");
		goto out;
	}
	status = history_open("history add", db, 1, &st);
	if (status)
		goto out;
	for (i = optind; i < argc; i++) {
		long long id;
		int was_new;

		if (store_add_sweep(st, argv[i], labels,
				    &id, &was_new)) {
			fprintf(stderr, "fioring-bench history add: %s\n",
				store_error(st));
			status = 1;
			continue;
		}
		printf("%s: sweep %lld%s\n", argv[i], id,
		       was_new ? " (added)" : " (already stored; labels merged)");
	}
	store_close(st);
out:
	free(labels);
	return status;
}
