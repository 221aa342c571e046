// SPDX-License-Identifier: GPL-2.0
/*
 * meta.c: where a sweep's meta.json lives, read and written (meta.h).
 */
#include <errno.h>
#include <stdio.h>

#include "lib/fileio.h"
#include "results/meta.h"
#include "results/results.h"

int results_meta_path(const char *dir, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/meta.json", dir);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

json_object *results_meta_read(const char *dir)
{
	char path[PATH_BUF];

	return results_meta_path(dir, path, sizeof(path)) ? NULL :
	       json_object_from_file(path);
}

int results_meta_write(const char *dir, json_object *meta)
{
	char path[PATH_BUF];

	return results_meta_path(dir, path, sizeof(path)) ?:
	       results_write_json(path, meta);
}
