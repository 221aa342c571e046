// SPDX-License-Identifier: GPL-2.0
/*
 * run_db.c: a finished sweep into the history (run_db.h).  A sweep that
 * was stopped, or could not run, is not added: a history of half sweeps
 * would show changes that are only missing cells.  A sweep whose ingest
 * fails has still written its directory, which `history add` takes later.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "sweep/run_db.h"

int run_db_open(const struct run_env *env, struct store **s)
{
	char err[512];
	int ret;

	*s = NULL;
	if (!env->db)
		return 0;
	ret = store_open(env->db, 1, s, err, sizeof(err));
	if (!ret)
		return 0;
	fprintf(stderr, "fioring-bench run: --db: %s\n", err);
	return ret == -EPROTO ? 2 : 1;
}

int run_db_add(struct store *s, const struct run_env *env, const char *out,
	       int status)
{
	const struct strlist *l = &env->labels;
	const char **labels;
	long long id;
	int i, was_new, ret;

	if (!s || (status != 0 && status != 3))
		return status;
	labels = calloc(l->nr + 1, sizeof(*labels));
	if (!labels)
		return status ?: 1;
	for (i = 0; i < l->nr; i++)
		labels[i] = l->v[i];
	ret = store_add_sweep(s, out, labels, &id, &was_new);
	free(labels);
	if (ret) {
		fprintf(stderr, "fioring-bench run: --db: %s (the results stay in "
			"%s: fioring-bench history add takes them)\n",
			store_error(s), out);
		return status ?: 1;
	}
	fprintf(stderr, "fioring-bench run: added to the history %s as sweep %lld\n",
		env->db, id);
	return status;
}
