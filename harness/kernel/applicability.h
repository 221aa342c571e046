/* SPDX-License-Identifier: GPL-2.0 */
/*
 * applicability.h: what a target can answer, probed once before a sweep
 * measures anything.  Whether queue/iostats changes what the kernel counts
 * (blk-mq queues honour it; bio-based drivers such as zram account their
 * I/O themselves), which iostats values the kernel keeps (mainline reads
 * any non-zero value back as 1), whether the queue offers a scheduler, and
 * whether the driver completes I/O in the submitter's context (then %util
 * cannot be held against fio's busy share).  A question the probe cannot
 * answer keeps its "why" for the report.
 */
#ifndef FIORING_APPLICABILITY_H
#define FIORING_APPLICABILITY_H

#include <stdbool.h>

#include <json-c/json.h>

#include "kernel/journal.h"
#include "kernel/target.h"
#include "lib/strlist.h"

/* a yes/no answer, or why the probe could not tell */
enum fact { FACT_UNKNOWN = -1, FACT_NO = 0, FACT_YES = 1 };

struct target_facts {
	char disk[DISK_NAME_LEN];
	bool blk_mq;			/* its requests are on blk-mq queues (queue_attr.h) */
	enum fact iostats_honoured;	/* iostats=0 stops the kernel counting */
	char iostats_why[192];		/* when not YES: why, for the report */
	enum fact sync_completion;	/* reads return without sleeping */
	char sync_why[128];		/* when UNKNOWN */
	char schedulers[128];		/* queue/scheduler as offered, "" none */
	struct strlist iostats_req;	/* each requested value ... */
	struct strlist iostats_eff;	/* ... and what the kernel read back */
};

/*
 * Probes t once: writes each of iostats (journaled, read back), reads a
 * few 4k blocks with iostats 0 and 1 to see what the kernel counts, and
 * leaves iostats as the journal will restore it.  Reads only.  A setting
 * the kernel refuses or a read that fails leaves the answers unknown, with
 * why; returns 0, or -ENOMEM.
 */
int target_facts_probe(struct journal *j, const struct target *t,
		       const struct strlist *iostats, struct target_facts *f);
/* what the kernel read back for a requested value, NULL if not probed */
const char *target_facts_iostats_eff(const struct target_facts *f,
				     const char *req);
json_object *target_facts_json(const struct target_facts *f);
void target_facts_free(struct target_facts *f);

#endif
