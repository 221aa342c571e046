/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio_client.h: the fio servers of `fioring-bench run --client`, in fio's
 * client syntax.
 */
#ifndef FIORING_FIO_CLIENT_H
#define FIORING_FIO_CLIENT_H

#include <stddef.h>

#include "lib/strlist.h"

#define FIO_DEFAULT_PORT	8765

/* "h1,h2,8766,h3": HOST or HOST,PORT items (a bare number is a port) */
int fio_client_list_add(const char *csv, struct strlist *out);
/* fio's --client=FILE format: hosts separated by white space */
int fio_client_list_read(const char *path, struct strlist *out);
/* "127.0.0.2,8765" -> "127.0.0.2" and 8765, as fio's JSON names a host */
void fio_client_split(const char *host, char *name, size_t len, int *port);

#endif
