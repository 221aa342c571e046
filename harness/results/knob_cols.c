// SPDX-License-Identifier: GPL-2.0
/*
 * knob_cols.c: names the columns of a --knob attribute (see knob_cols.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "results/knob_cols.h"

int knob_col(const char *attr, const char *side, char *buf, size_t len)
{
	if ((size_t)snprintf(buf, len, KNOB_COL_PREFIX "%s%s", attr, side) >= len)
		return -ENAMETOOLONG;
	return 0;
}

int knob_col_attr(const char *col, char *attr, size_t len)
{
	size_t np = strlen(KNOB_COL_PREFIX), ns = strlen(KNOB_COL_REQ);
	size_t n = strlen(col);

	if (n <= np + ns || strncmp(col, KNOB_COL_PREFIX, np) ||
	    strcmp(col + n - ns, KNOB_COL_REQ) || n - np - ns >= len)
		return -EINVAL;
	snprintf(attr, len, "%.*s", (int)(n - np - ns), col + np);
	return 0;
}

int knob_col_named(const char *s, size_t n, char *col, size_t len)
{
	char name[64], attr[64];

	if (n >= sizeof(name))
		return -EINVAL;
	snprintf(name, sizeof(name), "%.*s", (int)n, s);
	if (!strncmp(name, "knob:", 5) && name[5] && !strchr(name + 5, ':'))
		return knob_col(name + 5, KNOB_COL_REQ, col, len);
	if (!knob_col_attr(name, attr, sizeof(attr)))
		return knob_col(attr, KNOB_COL_REQ, col, len);
	return -EINVAL;
}
