// SPDX-License-Identifier: GPL-2.0
/*
 * main.c: fioring-bench's entry point, which hands the command line to the
 * subcommand it names.
 */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"

#ifndef FIORING_VERSION
#define FIORING_VERSION "0.1"
#endif

static void usage(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench COMMAND [ARG]...\n"
"Measures Linux storage with fio: sweeps kernel settings and engines and\n"
"holds the kernel's diskstats against fio's own figures.\n"
"\n"
"Commands:\n"
"  run       sweep jobs over engines and queue settings into DIR\n"
"  restore   put back what a killed run left changed\n"
"  report    plots and a report from a results DIR\n"
"  gate      pass/fail verdict comparing results\n"
"  history   keep sweeps in a database; list them, show a cell over them\n"
"  bisect    one step of git bisect run: a sweep gated against a good one\n"
"\n"
"  fioring-bench COMMAND --help   options of a command\n"
"  fioring-bench --version        version\n");
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd || !strcmp(cmd, "--help") || !strcmp(cmd, "-h") ||
	    !strcmp(cmd, "help")) {
		usage(cmd ? stdout : stderr);
		return cmd ? 0 : 2;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
		printf("fioring-bench %s\n", FIORING_VERSION);
		return 0;
	}
	if (!strcmp(cmd, "run"))
		return cmd_run(argc - 1, argv + 1);
	if (!strcmp(cmd, "restore"))
		return cmd_restore(argc - 1, argv + 1);
	if (!strcmp(cmd, "report"))
		return cmd_report(argc - 1, argv + 1);
	if (!strcmp(cmd, "gate"))
		return cmd_gate(argc - 1, argv + 1);
	if (!strcmp(cmd, "history"))
		return cmd_history(argc - 1, argv + 1);
	if (!strcmp(cmd, "bisect"))
		return cmd_bisect(argc - 1, argv + 1);
	fprintf(stderr, "fioring-bench: unknown command '%s' (see --help)\n", cmd);
	return 2;
}
