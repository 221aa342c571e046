/* SPDX-License-Identifier: GPL-2.0 */
/*
 * meta.h: a sweep's DIR/meta.json, how it was made (the command line, the
 * machine, the probe's facts of each target), which `fioring-bench run`
 * writes beside results.csv and report, gate and the history read.
 */
#ifndef FIORING_RESULTS_META_H
#define FIORING_RESULTS_META_H

#include <stddef.h>

#include <json-c/json.h>

/* DIR/meta.json into buf; -ENAMETOOLONG when it does not fit */
int results_meta_path(const char *dir, char *buf, size_t len);
/* DIR/meta.json parsed; NULL when absent, unreadable or not JSON */
json_object *results_meta_read(const char *dir);
/* meta as DIR/meta.json, replaced whole (results_write_json()) */
int results_meta_write(const char *dir, json_object *meta);

#endif
