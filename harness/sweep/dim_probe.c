// SPDX-License-Identifier: GPL-2.0
/*
 * dim_probe.c: the values a target's kernel takes of a per-target row of
 * the dims table (dim_probe.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/knob.h"
#include "kernel/queue_choice.h"
#include "lib/fileio.h"
#include "sweep/dim_apply.h"
#include "sweep/dim_probe.h"

/* path takes val: written (journaled) and read back as written */
static bool takes(struct journal *j, const char *path, const char *val)
{
	char eff[64];

	return !knob_set(j, path, val, eff, sizeof(eff)) && !strcmp(eff, val);
}

/* those of the row's candidates path takes, into out */
static void candidates_taken(struct journal *j, const char *path,
			     const struct dim *d, struct strlist *out)
{
	struct strlist cand = { 0 };
	int i;

	strlist_split(&cand, d->candidates);
	for (i = 0; i < cand.nr; i++)
		if (takes(j, path, cand.v[i]))
			strlist_add(out, cand.v[i]);
	strlist_free(&cand);
}

int dim_check_queue(const struct target *t, const struct strlist *vals)
{
	char path[PATH_BUF], offers[256];
	const struct dim *d;
	int i, k;

	for (i = 0; i < NR_DIMS; i++) {
		d = &dims[i];
		if (d->where != DIM_QUEUE_ATTR || !vals[i].nr)
			continue;
		if (dim_path(t, d, path, sizeof(path))) {
			fprintf(stderr, "fioring-bench run: %s: %s has no queue/%s\n",
				d->flag, t->disk, d->attr);
			return -ENOENT;
		}
		for (k = 0; k < vals[i].nr; k++)
			if (queue_offered(path, vals[i].v[k], offers,
					  sizeof(offers)) != 1)
				fprintf(stderr, "fioring-bench run: note: %s %s: %s "
					"offers only %s; its cells will fail\n",
					d->flag, vals[i].v[k], t->disk,
					offers[0] ? offers : "none");
	}
	return 0;
}

int dim_probe_target(struct journal *j, const struct target *t,
		     const struct dim *d, const struct strlist *want,
		     struct strlist *out)
{
	struct strlist taken = { 0 };
	char path[PATH_BUF], list[256];
	int i, ret = 0;

	if (dim_path(t, d, path, sizeof(path)))
		return -ENOENT;
	if (!want->nr) {
		candidates_taken(j, path, d, out);
		if (out->nr)
			return 0;
		fprintf(stderr, "fioring-bench run: %s: no %s accepted\n", path,
			d->name);
		return -EINVAL;
	}
	for (i = 0; i < want->nr && !ret; i++) {
		if (takes(j, path, want->v[i])) {
			strlist_add(out, want->v[i]);
			continue;
		}
		candidates_taken(j, path, d, &taken);
		strlist_join(&taken, ", ", list, sizeof(list));
		fprintf(stderr, "fioring-bench run: %s %s: %s does not take it "
			"(it takes: %s)\n", d->flag, want->v[i], path,
			list[0] ? list : "nothing");
		ret = -EINVAL;
	}
	strlist_free(&taken);
	return ret;
}
