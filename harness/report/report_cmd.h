/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_cmd.h: the two subcommands of the report layer, which only read
 * results: `report` (report.c) and `gate` (gate.c).  Each parses its own
 * command line (argv[0] is the subcommand) and returns the exit status.
 */
#ifndef FIORING_REPORT_CMD_H
#define FIORING_REPORT_CMD_H

int cmd_report(int argc, char **argv);
int cmd_gate(int argc, char **argv);

#endif
