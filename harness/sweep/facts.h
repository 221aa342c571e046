/* SPDX-License-Identifier: GPL-2.0 */
/*
 * facts.h: the sweep's use of the applicability probe: each target probed
 * once, what it cannot answer said once, and the iostats and --knob lists
 * cut to the values that differ in effect.
 */
#ifndef FIORING_FACTS_H
#define FIORING_FACTS_H

#include <json-c/json.h>

#include "kernel/applicability.h"
#include "kernel/journal.h"
#include "kernel/target.h"
#include "results/flags.h"
#include "results/results.h"
#include "sweep/run_env.h"

/*
 * Probes the nr targets tg (none with --client: the devices are on the
 * fio servers), writes journaled through j; *facts gets nr answers and
 * env's iostats and knob lists may shorten.  0 or -errno.
 */
int sweep_probe_targets(struct journal *j, const struct target *tg, int nr,
			struct run_env *env, struct target_facts **facts);
/* what a target's answers (tf, NULL: none) say of run r's figures */
void facts_for_run(const struct target_facts *tf, const struct result_row *r,
		   struct flag_facts *out);
/*
 * Why run r has no kernel figures, in the words of its progress line, or
 * NULL: iostats was off as facts_for_run() judges it (read back as 0 on a
 * disk that honours it) and the kernel counted nothing, where the flags
 * raise no no_kstats.
 */
const char *facts_uncounted(const struct target_facts *tf,
			    const struct result_row *r);
json_object *sweep_facts_json(const struct target_facts *facts, int nr);
void sweep_facts_free(struct target_facts **facts, int nr);

#endif
