/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jobfile.h: the fio job files a sweep runs, as the harness reads them.
 */
#ifndef FIORING_JOBFILE_H
#define FIORING_JOBFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strlist.h"

/* a job file the default sweep runs has this line */
#define JOB_DEFAULT_MARK "; fioring-bench: default"

void job_name(const char *path, char *buf, size_t len);
int jobs_default(const char *dir, struct strlist *out);
int job_copy(const char *src, const char *dst, bool for_char_dev);

#endif
