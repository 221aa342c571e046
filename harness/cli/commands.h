/* SPDX-License-Identifier: GPL-2.0 */
/*
 * commands.h: the subcommands of fioring-bench.  Each takes the arguments
 * after its name (argv[0] is the subcommand) and returns the process exit
 * status.
 */
#ifndef FIORING_COMMANDS_H
#define FIORING_COMMANDS_H

int cmd_run(int argc, char **argv);
int cmd_restore(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_gate(int argc, char **argv);

#endif
