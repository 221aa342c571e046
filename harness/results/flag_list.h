/* SPDX-License-Identifier: GPL-2.0 */
/*
 * flag_list.h: a ;-separated list of flags in a fixed buffer, as the
 * ks_flags and fio_flags columns hold them.  Below flags.h and metrics.h,
 * which both write such lists.
 */
#ifndef FIORING_FLAG_LIST_H
#define FIORING_FLAG_LIST_H

#include <stddef.h>

/* appends flag to a ;-separated list */
void flags_add(char *buf, size_t len, const char *flag);
/* 1 when the ;-separated list holds flag */
int flags_has(const char *list, const char *flag);
/* appends each flag of the ;-separated list that buf does not hold yet */
void flags_merge(char *buf, size_t len, const char *list);
/* drops every flag from the ;-separated list in buf */
void flags_drop(char *buf, const char *flag);

#endif
