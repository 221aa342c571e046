/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_groups.h: the comparisons a report makes, each a setting and
 * two of its values: what a dims row holds against its cmp_base, and
 * each value of a --knob attribute (or of a row compared as one) against
 * the knob finding's base.  Listed in one place so the Comparisons
 * tables, the percentile findings and the CDF figures iterate the same
 * groups.
 */
#ifndef FIORING_REPORT_GROUPS_H
#define FIORING_REPORT_GROUPS_H

#include <stdbool.h>
#include <stddef.h>

struct report;
struct results_cell;

#define REPORT_GROUPS_MAX	16

struct report_group {
	char question[64];	/* "SQPOLL on vs off" */
	char name[48];		/* for file names: "sqpoll-1-vs-0" */
	const char *col;	/* results.csv column */
	char base[32], cand[32];
	char base_side[64], cand_side[64];	/* in a legend: "SQPOLL off" */
	bool latency;		/* the Comparisons table's metric is clat p50 */
};

/* the groups whose two values both occur in the sweep; returns how many */
size_t report_groups(const struct report *rep, struct report_group *g,
		     size_t max);

/* the distinct non-empty values of col over the rows, at most max, into v[] */
size_t report_distinct(const struct report *rep, const char *col,
		       const char **v, size_t max);
/* the value a --knob is held against: "0", else "none", else the first of vals */
const char *report_knob_base(const char **vals, size_t n);
/*
 * The setting col names, when the report compares its values as a
 * --knob's (a knob_ATTR_req column, a dims row marked as_knob), into
 * attr; -EINVAL when it does not
 */
int report_knob_setting(const char *col, char *attr, size_t len);

/* the dims row's name or --knob attribute of setting column col; -EINVAL */
int report_setting_name(const char *col, char *name, size_t len);
/* val of setting col as a legend shows it: "nomerges=2", "SQPOLL on" */
void report_side(const char *col, const char *val, char *buf, size_t len);
/* the column of what the kernel read col's value back as; -ENOENT: none */
int report_eff_col(const char *col, char *buf, size_t len);

/* fio's own clat is impossible in an ok run of the cell (fio #1484) */
int report_clat_broken(const struct report *rep, const struct results_cell *rc);

/*
 * report_tails.c: a finding line per compared pair on clat percentiles;
 * the probe's facts in rep->meta say which pairs are not measurable
 */
int report_tails(const struct report *rep,
		 void (*say)(void *arg, const char *line), void *arg);

#endif
