/* SPDX-License-Identifier: GPL-2.0 */
/*
 * commands.h: the subcommands of fioring-bench.  Each takes the arguments
 * after its name (argv[0] is the subcommand) and returns the process exit
 * status.  report and gate belong to the report layer, which declares
 * them.
 */
#ifndef FIORING_COMMANDS_H
#define FIORING_COMMANDS_H

#include "report/report_cmd.h"

int cmd_run(int argc, char **argv);
int cmd_restore(int argc, char **argv);
int cmd_history(int argc, char **argv);
int cmd_bisect(int argc, char **argv);

#endif
