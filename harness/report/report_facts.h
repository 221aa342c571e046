/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_facts.h: what the sweep's probe found of each target (the
 * "targets" of DIR/meta.json), and the rule every finding and latency
 * line holds to: a setting the kernel ignores on a disk (iostats where it
 * counts anyway, a queue/ attribute that acts on requests on a bio-based
 * device) is not measurable there, whatever its runs show: any difference
 * is noise.
 */
#ifndef FIORING_REPORT_FACTS_H
#define FIORING_REPORT_FACTS_H

#include <stddef.h>

#include <json-c/json.h>

/* the probe's record of disk in meta, NULL when the sweep has none */
json_object *report_facts_of(json_object *meta, const char *disk);
/* a probe answer: 1, 0, or -1 when unknown or not probed */
int report_fact(json_object *meta, const char *disk, const char *key);
/* a probe's text, "" when none */
const char *report_fact_str(json_object *meta, const char *disk,
			    const char *key);
/*
 * 1 when the setting of results column col changes nothing the kernel
 * does on disk, with why (one clause, no verdict) in why; else 0
 */
int report_inert(json_object *meta, const char *col, const char *disk,
		 char *why, size_t len);

#endif
