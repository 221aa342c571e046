/* SPDX-License-Identifier: GPL-2.0 */
/*
 * facts.h: the sweep's use of the applicability probe: each target probed
 * once, what it cannot answer said once, and the iostats list cut to the
 * values that differ in effect.
 */
#ifndef FIORING_FACTS_H
#define FIORING_FACTS_H

#include "sweep/run.h"

/* fills ctx->facts and may shorten ctx->env.iostats; 0 or -errno */
int sweep_probe_targets(struct run_ctx *ctx);
json_object *sweep_facts_json(const struct run_ctx *ctx);
void sweep_facts_free(struct run_ctx *ctx);

#endif
