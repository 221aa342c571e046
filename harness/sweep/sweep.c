// SPDX-License-Identifier: GPL-2.0
/*
 * sweep.c: plans the cells of a sweep, the cross product of the targets,
 * the jobs, the values of each row of the dims table and of each --knob
 * attribute, each cell with a stable name that the report groups repeats by.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/jobfile.h"
#include "results/dims.h"
#include "results/knob_cols.h"
#include "sweep/sweep.h"

/* appends "/" (none first), the part's prefix and the value to c's name */
static void name_part(struct sweep_cell *c, const char *prefix, const char *v)
{
	size_t n = strlen(c->name);

	snprintf(c->name + n, sizeof(c->name) - n, "%s%s%s", n ? "/" : "",
		 prefix, v);
}

/*
 * DISK/ENGINE/JOB/...: each row of the dims table with a cell part, in
 * order, its value or the target's own (HOWTO's table of dimensions shows
 * each part), then ATTR-V per --knob attribute (only when swept: names
 * without one read as before)
 */
static void cell_name(struct sweep_cell *c, const struct sweep_target *t,
		      const struct run_env *env)
{
	char prefix[QUEUE_KNOB_NAME + 2];
	int i;

	c->name[0] = '\0';
	for (i = 0; i < NR_DIMS; i++)
		if (dims[i].cell_part)
			name_part(c, dims[i].cell_part,
				  i == DIM_TARGET ? t->disk :
				  c->val[i] ?: (t->now[i] ?: ""));
	for (i = 0; i < env->nr_knobs; i++) {
		knob_col(env->knobs[i].attr, dim_knob.cell_part, prefix,
			 sizeof(prefix));
		name_part(c, prefix, c->val[NR_DIMS + i]);
	}
	for (char *p = c->name + strlen(t->disk); *p; p++)
		if (*p == ',')
			*p = '_';
}

/*
 * Puts each cell with VAL in COL right before the cells the gate judges
 * against it.  A run's speed here follows the speed of the run before it
 * (the cells' residuals of neighbouring runs correlate 0.68 in a make bench
 * sweep, 0.41 four runs apart, where the cross product put a pair), so a
 * pair run side by side shares the drift its paired ratio cancels.
 */
static int group_pairs(struct sweep *s, const char *col, const char *val)
{
	struct sweep_cell *out = calloc(s->nr, sizeof(*out));
	int *partner = calloc(s->nr, sizeof(*partner));
	char *placed = calloc(s->nr, 1);
	int i, j, b, k = 0, ret = -ENOMEM;

	if (!out || !partner || !placed)
		goto out;
	for (i = 0; i < s->nr; i++)
		partner[i] = sweep_vs_partner(s, i, col, val);
	for (i = 0; i < s->nr; i++) {
		b = partner[i] >= 0 ? partner[i] : i;
		if (placed[b])
			continue;
		placed[b] = 1;
		out[k++] = s->cells[b];
		for (j = 0; j < s->nr; j++)
			if (partner[j] == b && !placed[j]) {
				placed[j] = 1;
				out[k++] = s->cells[j];
			}
	}
	memcpy(s->cells, out, s->nr * sizeof(*out));
	ret = 0;
out:
	free(placed);
	free(partner);
	free(out);
	return ret;
}

/*
 * The lists a target's cells cross, one per row of the dims table and one
 * per --knob attribute; NULL: the row is not swept (one NULL value).
 */
static void plan_lists(const struct run_env *env, const struct sweep_target *t,
		       const struct strlist **l)
{
	int d;

	for (d = 0; d < NR_DIMS; d++) {
		l[d] = t->vals[d] ?: &env->vals[d];
		if (!l[d]->nr || dims[d].form == DIM_FORM_NONE)
			l[d] = NULL;
	}
	for (d = 0; d < env->nr_knobs; d++)
		l[NR_DIMS + d] = &env->knobs[d].vals;
}

static size_t plan_size(const struct strlist *const *l, int nr)
{
	size_t n = 1;
	int d;

	for (d = 0; d < nr; d++)
		n *= l[d] ? (size_t)l[d]->nr : 1;
	return n;
}

/* the values of the k-th of plan_size() crossings, the last list fastest */
static void plan_cell(const struct strlist *const *l, int nr, size_t k,
		      struct sweep_cell *c)
{
	int d;

	for (d = nr - 1; d >= 0; d--) {
		if (!l[d])
			continue;
		c->val[d] = l[d]->v[k % l[d]->nr];
		k /= l[d]->nr;
	}
}

int sweep_plan(struct sweep *s, const struct run_env *env,
	       const struct sweep_target *tg, int nr_targets)
{
	const struct strlist *jobs = &env->jobs;
	const struct strlist *l[NR_DIMS + QUEUE_KNOBS_MAX];
	int nl = NR_DIMS + env->nr_knobs, ti, ji, nr = 0, ret;
	struct sweep_cell *c;
	size_t max = 0, k, n;

	for (ti = 0; ti < nr_targets; ti++) {
		plan_lists(env, &tg[ti], l);
		max += jobs->nr * plan_size(l, nl);
	}
	s->cells = calloc(max ?: 1, sizeof(*s->cells));
	if (!s->cells)
		return -ENOMEM;
	for (ti = 0; ti < nr_targets; ti++) {
		plan_lists(env, &tg[ti], l);
		n = plan_size(l, nl);
		for (ji = 0; ji < jobs->nr; ji++)
			for (k = 0; k < n; k++) {
				c = &s->cells[nr++];
				c->target = ti;
				c->job = jobs->v[ji];
				job_name(c->job, c->job_name, sizeof(c->job_name));
				plan_cell(l, nl, k, c);
				c->val[DIM_JOB] = c->job_name;
				cell_name(c, &tg[ti], env);
			}
	}
	s->nr = nr;
	s->knobs = env->knobs;
	s->nr_knobs = env->nr_knobs;
	ret = env->adaptive_vs_val ?
	      group_pairs(s, env->adaptive_vs_col, env->adaptive_vs_val) : 0;
	/* the cells moved: their job's value is their own name again */
	for (ji = 0; ji < nr; ji++)
		s->cells[ji].val[DIM_JOB] = s->cells[ji].job_name;
	return ret;
}

/* the table's rows, then knob_ATTR_req of each --knob attribute */
static int nr_vs_cols(const struct sweep *s)
{
	return NR_DIMS + s->nr_knobs;
}

static int vs_col(const struct sweep *s, const char *col)
{
	const struct dim *d = dim_by_col(col);
	char name[64];
	int i;

	if (d)
		return d->vs ? (int)(d - dims) : -1;
	for (i = 0; i < s->nr_knobs; i++)
		if (!knob_col(s->knobs[i].attr, KNOB_COL_REQ, name, sizeof(name)) &&
		    !strcmp(name, col))
			return NR_DIMS + i;
	return -1;
}

int sweep_is_vs(const struct sweep *s, int ci, const char *col, const char *val)
{
	int k = vs_col(s, col);

	return k >= 0 && !strcmp(sweep_val(&s->cells[ci], k), val);
}

int sweep_vs_partner(const struct sweep *s, int ci, const char *col,
		     const char *val)
{
	const struct sweep_cell *c = &s->cells[ci], *o;
	int k = vs_col(s, col), i, j;

	if (k < 0 || sweep_is_vs(s, ci, col, val))
		return -1;
	for (i = 0; i < s->nr; i++) {
		o = &s->cells[i];
		if (o->target != c->target || !sweep_is_vs(s, i, col, val))
			continue;
		for (j = 0; j < nr_vs_cols(s); j++)
			if (j != k && strcmp(sweep_val(c, j), sweep_val(o, j)))
				break;
		if (j == nr_vs_cols(s))
			return i;
	}
	return -1;
}

void sweep_free(struct sweep *s)
{
	free(s->cells);
	s->cells = NULL;
	s->nr = 0;
}
