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
#include "sweep/sweep.h"

static void cell_name(struct sweep_cell *c, const struct sweep_target *t)
{
	snprintf(c->name, sizeof(c->name),
		 "%s/%s/%s/sq%d/iostats%s/iopolicy-%s/prio-%s/sched-%s",
		 t->disk, c->engine, c->job_name, c->sqpoll, c->iostats,
		 c->iopolicy ?: "", c->ioprio,
		 c->scheduler ?: (t->sched_now ?: "none"));
	for (char *p = c->name + strlen(t->disk); *p; p++)
		if (*p == ',')
			*p = '_';
}

int sweep_plan(struct sweep *s, const struct run_env *env,
	       const struct sweep_target *tg, int nr_targets)
{
	const struct strlist *jobs = &env->jobs;
	int ti, ji, ei, qi, ii, pi, ri, si, np, ns, nr = 0;
	struct sweep_cell *c;
	size_t max;

	max = 0;
	for (ti = 0; ti < nr_targets; ti++) {
		np = tg[ti].iopolicy->nr ?: 1;
		ns = env->scheduler.nr ?: 1;
		max += (size_t)jobs->nr * env->engines.nr * env->sqpoll.nr *
		       env->iostats.nr * np * env->ioprio.nr * ns;
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
			for (si = 0; si < ns; si++) {
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
				cell_name(c, &tg[ti]);
			}
		}
	}
	s->nr = nr;
	return 0;
}

void sweep_free(struct sweep *s)
{
	free(s->cells);
	s->cells = NULL;
	s->nr = 0;
}
