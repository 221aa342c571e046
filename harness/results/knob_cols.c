// SPDX-License-Identifier: GPL-2.0
/*
 * knob_cols.c: names the columns of a --knob attribute (see knob_cols.h)
 * by the dim_knob row's formats, "%s" standing for the attribute.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "results/knob_cols.h"

/* fmt with attr for its one "%s" */
static int fill(const char *fmt, const char *attr, char *buf, size_t len)
{
	const char *s = strstr(fmt, "%s");

	if ((size_t)snprintf(buf, len, "%.*s%s%s", (int)(s - fmt), fmt, attr,
			     s + 2) >= len)
		return -ENAMETOOLONG;
	return 0;
}

int knob_col(const char *attr, const char *side, char *buf, size_t len)
{
	return fill(side, attr, buf, len);
}

int knob_col_attr(const char *col, char *attr, size_t len)
{
	const char *fmt = KNOB_COL_REQ, *s = strstr(fmt, "%s");
	size_t np = (size_t)(s - fmt), ns = strlen(s + 2), n = strlen(col);

	if (n <= np + ns || strncmp(col, fmt, np) ||
	    strcmp(col + n - ns, s + 2) || n - np - ns >= len)
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
