// SPDX-License-Identifier: GPL-2.0
/*
 * gate_base.c: the gate's sides and the pairing of their cells
 * (gate_base.h).  A stored sweep is read back as its directory was, so
 * the gate judges it as it judges a directory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/gate_base.h"
#include "store/store_results.h"

const char *gate_db_spec(const char *baseline)
{
	return strncmp(baseline, "db:", 3) ? NULL : baseline + 3;
}

static int read_db(const char *spec, const char *db, struct results *res,
		   struct results_idents *ids, char *desc, size_t len)
{
	const char *path = store_db_path(db);
	struct store *st;
	char err[512];
	long long id;
	int ret;

	ret = store_open(path, 0, &st, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "gate: --baseline db:%s: %s\n", spec, err);
		return ret;
	}
	ret = store_find_sweep(st, spec, &id);
	if (!ret)
		ret = store_sweep_results(st, id, res, ids);
	if (ret)
		fprintf(stderr, "gate: --baseline db:%s: %s\n", spec, store_error(st));
	else
		snprintf(desc, len, "sweep %lld of %s", id, path);
	store_close(st);
	return ret;
}

int gate_side_read(const char *where, const char *db, struct results *res,
		   struct results_idents *ids, char *desc, size_t len)
{
	const char *spec = gate_db_spec(where);
	int ret;

	if (spec)
		return read_db(spec, db, res, ids, desc, len);
	snprintf(desc, len, "%s", where);
	ret = results_read(where, res);
	if (ret) {
		fprintf(stderr, "gate: %s\n", res->err);
		return ret;
	}
	ret = results_idents_read(where, ids);
	if (ret) {
		fprintf(stderr, "gate: %s: %s\n", where, strerror(-ret));
		results_free(res);
	}
	return ret;
}

char **gate_cell_keys(const struct results *res, const struct results_idents *ids,
		      const size_t *settings_rows, size_t n)
{
	char **keys = calloc(n ? n : 1, sizeof(*keys));
	size_t i;

	for (i = 0; keys && i < n; i++) {
		const char *disk = results_get(res, settings_rows[i], "target");

		keys[i] = results_stable_key(res, settings_rows[i],
					     results_ident_of(ids, disk));
		if (!keys[i]) {
			gate_cell_keys_free(keys, i);
			return NULL;
		}
	}
	return keys;
}

void gate_cell_keys_free(char **keys, size_t n)
{
	size_t i;

	for (i = 0; keys && i < n; i++)
		free(keys[i]);
	free(keys);
}

long gate_key_find(char *const *keys, size_t n, const char *key)
{
	long found = -1;
	size_t i;

	for (i = 0; i < n; i++) {
		if (strcmp(keys[i], key))
			continue;
		if (found >= 0)
			return -1;
		found = (long)i;
	}
	return found;
}
