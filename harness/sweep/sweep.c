// SPDX-License-Identifier: GPL-2.0
/*
 * sweep.c: plans the cells of a sweep, the cross product of targets, jobs,
 * engines, sqpoll, iostats, iopolicy, ioprio and scheduler values, each
 * with a stable name that the report groups repeats by.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/jobfile.h"
#include "results/dims.h"
#include "results/knob_cols.h"
#include "sweep/sweep.h"

static const char *cell_value(const struct sweep_cell *c, int col, char *buf,
			      size_t len);

/* appends "/" (none first), the part's prefix and the value to c's name */
static void name_part(struct sweep_cell *c, const char *prefix, const char *v)
{
	size_t n = strlen(c->name);

	snprintf(c->name + n, sizeof(c->name) - n, "%s%s%s", n ? "/" : "",
		 prefix, v);
}

/*
 * DISK/ENGINE/JOB/sqN/iostatsN/iopolicy-P/prio-P/sched-S: each row of the
 * dims table with a cell part, in order, then ATTR-V per --knob attribute
 * (only when swept: names without one read as before)
 */
static void cell_name(struct sweep_cell *c, const struct sweep_target *t,
		      const struct run_env *env)
{
	char buf[16], prefix[QUEUE_KNOB_NAME + 2];
	const char *v;
	int i;

	c->name[0] = '\0';
	for (i = 0; i < NR_DIMS; i++) {
		if (!dims[i].cell_part)
			continue;
		if (i == DIM_TARGET)
			v = t->disk;
		else if (i == DIM_SCHEDULER)
			v = c->scheduler ?: (t->sched_now ?: "none");
		else
			v = cell_value(c, i, buf, sizeof(buf));
		name_part(c, dims[i].cell_part, v);
	}
	for (i = 0; i < env->nr_knobs; i++) {
		knob_col(env->knobs[i].attr, dim_knob.cell_part, prefix,
			 sizeof(prefix));
		name_part(c, prefix, c->knob[i]);
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

int sweep_plan(struct sweep *s, const struct run_env *env,
	       const struct sweep_target *tg, int nr_targets)
{
	const struct strlist *jobs = &env->jobs;
	int ti, ji, ei, qi, ii, pi, ri, si, np, ns, nr = 0, nk, ki, k, x;
	struct sweep_cell *c;
	size_t max;

	for (nk = 1, k = 0; k < env->nr_knobs; k++)
		nk *= env->knobs[k].vals.nr;
	max = 0;
	for (ti = 0; ti < nr_targets; ti++) {
		np = tg[ti].iopolicy->nr ?: 1;
		ns = env->scheduler.nr ?: 1;
		max += (size_t)jobs->nr * env->engines.nr * env->sqpoll.nr *
		       env->iostats.nr * np * env->ioprio.nr * ns * nk;
	}
	s->cells = calloc(max ?: 1, sizeof(*s->cells));
	if (!s->cells)
		return -ENOMEM;
	for (ti = 0; ti < nr_targets; ti++) {
		np = tg[ti].iopolicy->nr ?: 1;
		ns = env->scheduler.nr ?: 1;
		for (ji = 0; ji < jobs->nr; ji++) {
			for (ei = 0; ei < env->engines.nr; ei++)
			for (qi = 0; qi < env->sqpoll.nr; qi++)
			for (ii = 0; ii < env->iostats.nr; ii++)
			for (pi = 0; pi < np; pi++)
			for (ri = 0; ri < env->ioprio.nr; ri++)
			for (si = 0; si < ns; si++)
			for (ki = 0; ki < nk; ki++) {
				c = &s->cells[nr++];
				c->target = ti;
				c->job = jobs->v[ji];
				job_name(c->job, c->job_name, sizeof(c->job_name));
				c->engine = env->engines.v[ei];
				c->sqpoll = atoi(env->sqpoll.v[qi]);
				c->iostats = env->iostats.v[ii];
				c->iopolicy = tg[ti].iopolicy->nr ?
					      tg[ti].iopolicy->v[pi] : NULL;
				c->ioprio = env->ioprio.v[ri];
				c->scheduler = env->scheduler.nr ?
					       env->scheduler.v[si] : NULL;
				/* the last knob varies fastest */
				for (x = ki, k = env->nr_knobs - 1; k >= 0; k--) {
					c->knob[k] = env->knobs[k].vals.v[x % env->knobs[k].vals.nr];
					x /= env->knobs[k].vals.nr;
				}
				cell_name(c, &tg[ti], env);
			}
		}
	}
	s->nr = nr;
	s->knobs = env->knobs;
	s->nr_knobs = env->nr_knobs;
	return env->adaptive_vs_val ?
	       group_pairs(s, env->adaptive_vs_col, env->adaptive_vs_val) : 0;
}

/*
 * Cell c's value of the dims table's row col, as the gate's columns hold
 * it; past the table, of the --knob attributes in order.  The rows that
 * are not `vs` (target, iodepth, host) are the same for every cell of a
 * target here.
 */
static const char *cell_value(const struct sweep_cell *c, int col, char *buf,
			      size_t len)
{
	if (col >= NR_DIMS)
		return c->knob[col - NR_DIMS];
	switch (col) {
	case DIM_ENGINE:
		return c->engine;
	case DIM_JOB:
		return c->job_name;
	case DIM_SQPOLL:
		snprintf(buf, len, "%d", c->sqpoll);
		return buf;
	case DIM_IOSTATS:
		return c->iostats;
	case DIM_IOPOLICY:
		return c->iopolicy ?: "";
	case DIM_IOPRIO:
		return c->ioprio;
	case DIM_SCHEDULER:
		return c->scheduler ?: "";
	default:
		return "";
	}
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
	char buf[16];
	int k = vs_col(s, col);

	return k >= 0 && !strcmp(cell_value(&s->cells[ci], k, buf, sizeof(buf)), val);
}

int sweep_vs_partner(const struct sweep *s, int ci, const char *col,
		     const char *val)
{
	const struct sweep_cell *c = &s->cells[ci], *o;
	char b1[16], b2[16];
	int k = vs_col(s, col), i, j;

	if (k < 0 || sweep_is_vs(s, ci, col, val))
		return -1;
	for (i = 0; i < s->nr; i++) {
		o = &s->cells[i];
		if (o->target != c->target || !sweep_is_vs(s, i, col, val))
			continue;
		for (j = 0; j < nr_vs_cols(s); j++)
			if (j != k && strcmp(cell_value(c, j, b1, sizeof(b1)),
					     cell_value(o, j, b2, sizeof(b2))))
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
