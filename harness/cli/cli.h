/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h: the parser of `fioring-bench run`'s command line, which fills the
 * sweep's settings (sweep/run_env.h) with their defaults and the options.
 */
#ifndef FIORING_CLI_H
#define FIORING_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "sweep/run_env.h"


/* getopt_long() (with a leading ':') returned @c for a bad option: say so */
void cli_bad_option(const char *cmd, int c, char *const *argv);
int cli_parse_run(int argc, char **argv, struct run_env *env);
void cli_free(struct run_env *env);
void cli_usage_run(FILE *f);
int parse_size(const char *s, uint64_t *out);
/* a decimal int in [min, max]; -EINVAL otherwise */
int parse_int(const char *s, int min, int max, int *out);

#endif
