/* SPDX-License-Identifier: GPL-2.0 */
/*
 * knob_cols.h: the columns of a queue/ attribute swept with --knob, as
 * results.csv and results.json name them, from the dims table's dim_knob
 * row: knob_ATTR_req (the value asked) and knob_ATTR_eff (what the kernel
 * read back).  They follow the fixed columns and exist only when the
 * attribute was swept, so a results directory without --knob reads as
 * before.
 */
#ifndef FIORING_KNOB_COLS_H
#define FIORING_KNOB_COLS_H

#include <stddef.h>

#include "results/dims.h"

#define KNOB_COL_REQ	(dim_knob.req_col)
#define KNOB_COL_EFF	(dim_knob.eff_col)

/* side (KNOB_COL_REQ or _EFF) for attr into buf; -ENAMETOOLONG */
int knob_col(const char *attr, const char *side, char *buf, size_t len);
/* ATTR of a column named knob_ATTR_req, 0; -EINVAL for any other column */
int knob_col_attr(const char *col, char *attr, size_t len);
/*
 * The first n characters of s as `--vs` names a knob: "knob:ATTR" or
 * "knob_ATTR_req", into the req column; -EINVAL when s names none.
 */
int knob_col_named(const char *s, size_t n, char *col, size_t len);

#endif
