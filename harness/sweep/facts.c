// SPDX-License-Identifier: GPL-2.0
/*
 * facts.c: probes every target of a sweep once (kernel/applicability.c),
 * before the first run, and acts on what it finds.  An iostats value that
 * the kernel reads back as one already swept (mainline keeps only 0 and 1:
 * 2 reads back 1) would re-measure the same setting under another name, so
 * it is dropped from the sweep, and said once.  What a target cannot
 * answer is printed once here and kept in meta.json for the report.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep/facts.h"

static void say_facts(const struct target_facts *f)
{
	fprintf(stderr, "fioring-bench run: %s: %s", f->disk,
		f->blk_mq ? "blk-mq" : "bio-based");
	if (f->sync_completion == FACT_YES)
		fprintf(stderr, ", completes I/O in the submitter's context "
			"(%%util cannot be held against fio's busy share)");
	fprintf(stderr, ", %s%s\n", f->schedulers[0] ? "schedulers " : "no I/O scheduler",
		f->schedulers);
	if (f->iostats_honoured != FACT_YES)
		fprintf(stderr, "fioring-bench run: note: iostats cost not "
			"measurable on %s: %s\n", f->disk, f->iostats_why);
}

/* value i of the list stays when some target gives it an effect of its own */
static bool iostats_distinct(const struct run_ctx *ctx, int i,
			     char *why, size_t len)
{
	const struct strlist *l = &ctx->env.iostats;
	const char *eff, *other;
	int t, k;

	why[0] = '\0';
	for (t = 0; t < ctx->nr_targets; t++) {
		eff = target_facts_iostats_eff(&ctx->facts[t], l->v[i]);
		for (k = 0; k < i; k++) {
			other = target_facts_iostats_eff(&ctx->facts[t], l->v[k]);
			if (eff && other && !strcmp(eff, other)) {
				snprintf(why, len, "iostats=%s reads back %s on %s, "
					 "as iostats=%s does", l->v[i], eff,
					 ctx->facts[t].disk, l->v[k]);
				break;
			}
		}
		if (k == i)
			return true;
	}
	return false;
}

int sweep_probe_targets(struct run_ctx *ctx)
{
	struct strlist keep = { 0 };
	char why[256];
	int i, ret;

	if (ctx->env.clients.nr)
		return 0;	/* the devices are on the fio servers */
	ctx->facts = calloc(ctx->nr_targets, sizeof(*ctx->facts));
	if (!ctx->facts)
		return -ENOMEM;
	for (i = 0; i < ctx->nr_targets; i++) {
		ret = target_facts_probe(&ctx->journal, &ctx->targets[i],
					 &ctx->env.iostats, &ctx->facts[i]);
		if (ret) {
			fprintf(stderr, "fioring-bench run: cannot probe %s: %s\n",
				ctx->targets[i].disk, strerror(-ret));
			return ret;
		}
		say_facts(&ctx->facts[i]);
	}
	for (i = 0; i < ctx->env.iostats.nr; i++) {
		if (iostats_distinct(ctx, i, why, sizeof(why))) {
			strlist_add(&keep, ctx->env.iostats.v[i]);
			continue;
		}
		fprintf(stderr, "fioring-bench run: note: %s: not swept "
			"(the same setting)\n", why);
	}
	strlist_free(&ctx->env.iostats);
	ctx->env.iostats = keep;
	return 0;
}

json_object *sweep_facts_json(const struct run_ctx *ctx)
{
	json_object *a = json_object_new_array();
	int i;

	for (i = 0; ctx->facts && i < ctx->nr_targets; i++)
		json_object_array_add(a, target_facts_json(&ctx->facts[i]));
	return a;
}

void sweep_facts_free(struct run_ctx *ctx)
{
	int i;

	for (i = 0; ctx->facts && i < ctx->nr_targets; i++)
		target_facts_free(&ctx->facts[i]);
	free(ctx->facts);
	ctx->facts = NULL;
}
