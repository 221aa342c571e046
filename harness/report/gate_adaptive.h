/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gate_adaptive.h: what the sweep's own adaptive repeats (`run --adaptive
 * N --adaptive-vs COL=VAL`, meta.json's "adaptive") did to the pairs a
 * `gate --vs` judges, so that a CANNOT line tells a user who ran them
 * what they did instead of to run them.
 */
#ifndef FIORING_GATE_ADAPTIVE_H
#define FIORING_GATE_ADAPTIVE_H

#include <stdbool.h>

#include <json-c/json.h>

struct gate_adaptive {
	int budget;		/* --adaptive N over the gate's pairs; 0: not run on them */
	json_object *meta;	/* meta.json, holding "futile_cells" */
};

/*
 * Reads DIR/meta.json: budget is the sweep's --adaptive N when it judged
 * pairs against the gate's own --vs COL=VAL, else 0 (no meta.json, no
 * adaptive repeats, or pairs of another setting).
 */
void gate_adaptive_read(const char *dir, const char *vs_col, const char *vs_val,
			struct gate_adaptive *ga);
/* the adaptive repeats stopped cell's pair undecided as futile */
bool gate_adaptive_futile(const struct gate_adaptive *ga, const char *cell);
void gate_adaptive_free(struct gate_adaptive *ga);

#endif
