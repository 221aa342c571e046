/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ioprio.h: the per-priority columns of a results row taken from fio's
 * prios[], for the priority mixes `fioring-bench run --ioprio` sweeps
 * (fio/ioprio_mix.h).
 */
#ifndef FIORING_IOPRIO_H
#define FIORING_IOPRIO_H

#include "fio/fio_json.h"
#include "fio/ioprio_mix.h"
#include "results/results.h"

void ioprio_row_fill(struct result_row *r, const struct fio_result *f);

#endif
