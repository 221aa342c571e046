/* SPDX-License-Identifier: GPL-2.0 */
/*
 * locate.h: finds what a run uses (fio, libfioring.so, the jobs directory)
 * from options, the environment and the binary's own place.
 */
#ifndef FIORING_LOCATE_H
#define FIORING_LOCATE_H

#include <stddef.h>

int locate_fio(const char *opt, char *buf, size_t len);
int locate_engine(const char *opt, char *buf, size_t len);
int locate_jobs_dir(const char *opt, char *buf, size_t len);
int locate_engine_fio_check(const char *id, char *buf, size_t len);

#endif
