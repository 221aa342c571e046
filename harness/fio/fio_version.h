/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio_version.h: what `fio --version` prints ("fio-3.33").
 */
#ifndef FIORING_FIO_VERSION_H
#define FIORING_FIO_VERSION_H

#include <stddef.h>

/* buf gets the first line; -ENOEXEC when fio cannot run or says nothing */
int fio_version_of(const char *fio, char *buf, size_t len);

#endif
