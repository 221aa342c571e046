// SPDX-License-Identifier: GPL-2.0
/*
 * facts.c: probes every target of a sweep once (kernel/applicability.c),
 * before the first run, and acts on what it finds.  An iostats or --knob
 * value that the kernel reads back as one already swept (mainline keeps
 * iostats 0 and 1 only: 2 reads back 1) would re-measure the same setting
 * under another name, so it is dropped from the sweep, and said once.
 * What a target cannot answer (a --knob its kernel ignores, say) is
 * printed once here; the probe's facts are kept in meta.json for the
 * report.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep/facts.h"

/*
 * "nvme0n1: bio-based multipath head, its requests on the blk-mq paths
 * nvme0c0n1 nvme0c1n1": where the request settings (--knob, --scheduler)
 * act, as the row check's errors name them
 */
static void say_facts(const struct target *t, const struct target_facts *f)
{
	const char *kind = f->blk_mq ? "blk-mq" : "bio-based";
	int i;

	fprintf(stderr, "fioring-bench run: %s: ", f->disk);
	if (t->nr_paths) {
		fprintf(stderr, "bio-based multipath head, its requests on the %s paths", kind);
		for (i = 0; i < t->nr_paths; i++)
			fprintf(stderr, " %s", t->paths[i]);
	} else {
		fputs(kind, stderr);
	}
	if (f->sync_completion == FACT_YES)
		fprintf(stderr, ", completes I/O in the submitter's context "
			"(%%util cannot be held against fio's busy share)");
	fprintf(stderr, ", %s%s\n", f->schedulers[0] ? "schedulers " : "no I/O scheduler",
		f->schedulers);
	if (f->iostats_honoured != FACT_YES)
		fprintf(stderr, "fioring-bench run: note: iostats cost not "
			"measurable on %s: %s\n", f->disk, f->iostats_why);
}

/*
 * Value i of attr's list stays when some target reads it back (eff[t]:
 * target t's read-back of each value) unlike every value before it:
 * otherwise it would measure the same setting twice.
 */
static bool distinct(const char *attr, const struct strlist *vals,
		     const struct strlist *eff, const struct target *tg,
		     int nr_targets, int i, char *why, size_t len)
{
	int t, j;

	for (t = 0; t < nr_targets; t++) {
		for (j = 0; j < i; j++)
			if (!strcmp(eff[t].v[i], eff[t].v[j])) {
				snprintf(why, len, "the kernel read %s=%s back as "
					 "%s on %s, the same as %s=%s", attr, vals->v[i],
					 eff[t].v[i], tg[t].disk, attr, vals->v[j]);
				break;
			}
		if (j == i)
			return true;
	}
	return false;
}

/* a value kept that the kernel reads back otherwise: its rows say both */
static void say_read_back(const char *attr, const struct strlist *vals,
			  const struct strlist *eff, const struct target *tg,
			  int nr_targets, int i)
{
	int t;

	for (t = 0; t < nr_targets; t++)
		if (strcmp(eff[t].v[i], vals->v[i]))
			fprintf(stderr, "fioring-bench run: note: the kernel read "
				"%s=%s back as %s on %s\n", attr, vals->v[i],
				eff[t].v[i], tg[t].disk);
}

/* vals without the values that read back as an earlier one, said once */
static int keep_distinct(const char *attr, struct strlist *vals,
			 const struct strlist *eff, const struct target *tg,
			 int nr_targets)
{
	struct strlist keep = { 0 };
	char why[256];
	int i, ret = 0;

	for (i = 0; !ret && i < vals->nr; i++) {
		if (distinct(attr, vals, eff, tg, nr_targets, i, why,
			     sizeof(why))) {
			say_read_back(attr, vals, eff, tg, nr_targets, i);
			ret = strlist_add(&keep, vals->v[i]);
			continue;
		}
		fprintf(stderr, "fioring-bench run: note: %s: not swept\n", why);
	}
	if (ret) {
		strlist_free(&keep);
		return ret;
	}
	strlist_free(vals);
	*vals = keep;
	return 0;
}

/*
 * Probes each --knob attribute on every target before the first run (it
 * exists, is writable, takes each value: else one line and the sweep
 * stops, the journal putting back what the probe wrote) and drops the
 * values the kernel reads back as an earlier one.
 */
static int probe_knobs(struct journal *j, const struct target *tg,
		       int nr_targets, struct queue_knob *knobs, int nr_knobs)
{
	struct strlist *eff = calloc(nr_targets, sizeof(*eff));
	char why[256];
	int k, t, ret = eff ? 0 : -ENOMEM;

	for (k = 0; !ret && k < nr_knobs; k++) {
		for (t = 0; !ret && t < nr_targets; t++) {
			ret = queue_knob_probe(j, &tg[t], &knobs[k], &eff[t], why,
					       sizeof(why));
			if (ret && ret != -ENOMEM)
				fprintf(stderr, "fioring-bench run: --knob %s: %s\n",
					knobs[k].attr, why);
		}
		if (!ret)
			ret = keep_distinct(knobs[k].attr, &knobs[k].vals, eff, tg,
					    nr_targets);
		for (t = 0; t < nr_targets; t++)
			strlist_free(&eff[t]);
	}
	free(eff);
	return ret;
}

/* a --knob the kernel ignores on t: swept all the same, said once */
static void say_inert_knobs(const struct target_facts *f,
			    const struct queue_knob *knobs, int nr_knobs)
{
	char why[192];
	int k;

	for (k = 0; k < nr_knobs; k++)
		if (dim_queue_attr_inert(knobs[k].attr, f->blk_mq, f->disk, why,
					 sizeof(why)))
			fprintf(stderr, "fioring-bench run: note: --knob %s not "
				"measurable on %s: %s\n", knobs[k].attr, f->disk, why);
}

/* what each target read each iostats value back as, when the probe wrote it */
static int iostats_read_back(const struct strlist *vals,
			     const struct target_facts *f, int nr_targets,
			     struct strlist *eff)
{
	const char *e;
	int t, i, ret = 0;

	for (t = 0; !ret && t < nr_targets; t++)
		for (i = 0; !ret && i < vals->nr; i++) {
			e = target_facts_iostats_eff(&f[t], vals->v[i]);
			ret = strlist_add(&eff[t], e ?: vals->v[i]);
		}
	return ret;
}

int sweep_probe_targets(struct journal *j, const struct target *tg, int nr,
			struct run_env *env, struct target_facts **facts)
{
	struct strlist *eff;
	struct target_facts *f;
	int i, ret;

	if (env->clients.nr)
		return 0;	/* the devices are on the fio servers */
	*facts = f = calloc(nr, sizeof(*f));
	if (!f)
		return -ENOMEM;
	/* first: a refused knob is the one line before the sweep stops */
	ret = probe_knobs(j, tg, nr, env->knobs, env->nr_knobs);
	if (ret)
		return ret;
	for (i = 0; i < nr; i++) {
		ret = target_facts_probe(j, &tg[i], &env->vals[DIM_IOSTATS], &f[i]);
		if (ret) {
			fprintf(stderr, "fioring-bench run: cannot probe %s: %s\n",
				tg[i].disk, strerror(-ret));
			return ret;
		}
		say_facts(&tg[i], &f[i]);
		say_inert_knobs(&f[i], env->knobs, env->nr_knobs);
	}
	eff = calloc(nr, sizeof(*eff));
	ret = eff ? iostats_read_back(&env->vals[DIM_IOSTATS], f, nr, eff) :
		    -ENOMEM;
	if (!ret)
		ret = keep_distinct(dims[DIM_IOSTATS].attr, &env->vals[DIM_IOSTATS],
				    eff, tg, nr);
	for (i = 0; eff && i < nr; i++)
		strlist_free(&eff[i]);
	free(eff);
	return ret;
}

void facts_for_run(const struct target_facts *tf, const struct result_row *r,
		   struct flag_facts *out)
{
	out->iostats_off = !strcmp(r->dim_eff[DIM_IOSTATS], "0") &&
			   !(tf && tf->iostats_honoured == FACT_NO);
	out->sync_completion = tf && tf->sync_completion == FACT_YES;
	out->sqpoll = atoi(r->dim_req[DIM_SQPOLL]);
}

const char *facts_uncounted(const struct target_facts *tf,
			    const struct result_row *r)
{
	struct flag_facts f;

	facts_for_run(tf, r, &f);
	return f.iostats_off && !(r->ks_ios > 0) ?
	       "kernel not counting (iostats=0)" : NULL;
}

json_object *sweep_facts_json(const struct target_facts *facts, int nr)
{
	json_object *a = json_object_new_array();
	int i;

	for (i = 0; facts && i < nr; i++)
		json_object_array_add(a, target_facts_json(&facts[i]));
	return a;
}

void sweep_facts_free(struct target_facts **facts, int nr)
{
	int i;

	for (i = 0; *facts && i < nr; i++)
		target_facts_free(&(*facts)[i]);
	free(*facts);
	*facts = NULL;
}
