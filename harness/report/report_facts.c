// SPDX-License-Identifier: GPL-2.0
/*
 * report_facts.c: the probe's facts of a sweep's targets, as the report
 * reads them (report_facts.h).
 */
#include <stdio.h>
#include <string.h>

#include "lib/json_put.h"
#include "report/report_facts.h"
#include "results/dims.h"
#include "results/knob_cols.h"

json_object *report_facts_of(json_object *meta, const char *disk)
{
	json_object *a = json_get(meta, "targets"), *t;
	size_t i, n = a ? json_object_array_length(a) : 0;

	for (i = 0; i < n; i++) {
		t = json_object_array_get_idx(a, i);
		if (!strcmp(json_get_str(t, "disk"), disk))
			return t;
	}
	return NULL;
}

int report_fact(json_object *meta, const char *disk, const char *key)
{
	json_object *v = json_get(report_facts_of(meta, disk), key);

	return v && json_object_is_type(v, json_type_boolean) ?
	       json_object_get_boolean(v) : -1;
}

const char *report_fact_str(json_object *meta, const char *disk,
			    const char *key)
{
	return json_get_str(report_facts_of(meta, disk), key);
}

int report_inert(json_object *meta, const char *col, const char *disk,
		 char *why, size_t len)
{
	const struct dim *row = dim_by_col(col);
	char attr[64];

	/*
	 * iostats: measured only where the probe saw the kernel honour it; a
	 * probe that could not tell (a refused write, no reads counted) leaves
	 * no cost to measure either.  A sweep without the probe's facts (older
	 * than meta.json) is measured.
	 */
	if (row == &dims[DIM_IOSTATS]) {
		if (!report_facts_of(meta, disk) ||
		    report_fact(meta, disk, "iostats_honoured") == 1)
			return 0;
		snprintf(why, len, "%s", report_fact_str(meta, disk, "iostats_why"));
		return 1;
	}
	if (row && row->where == DIM_QUEUE_ATTR)
		snprintf(attr, sizeof(attr), "%s", row->attr);
	else if (row || knob_col_attr(col, attr, sizeof(attr)))
		return 0;
	/* blk-mq or not known: measured */
	if (report_fact(meta, disk, "blk_mq") != 0)
		return 0;
	return dim_queue_attr_inert(attr, false, disk, why, len);
}
