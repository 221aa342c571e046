// SPDX-License-Identifier: GPL-2.0
/*
 * results.c: writes a sweep's results.  Each column is described once (name,
 * type, where it lives in struct result_row; a dims row's, by that row)
 * and both writers walk that table, so the CSV and the JSON cannot drift
 * apart.  The CSV is appended
 * and flushed run by run, so a killed sweep keeps every finished row; the
 * JSON is rewritten whole, atomically, at most every 5 s and at the end
 * (rewriting it after each run costs a long sweep quadratic time).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "lib/clock.h"
#include "results/knob_cols.h"
#include "results/metrics.h"
#include "results/results.h"

#define RESULTS_JSON_EVERY_NS (5 * 1000 * 1000 * 1000ull)

/* COL_DIM_*: a dims row's column, held as text, written as its type says */
enum col_type { COL_STR, COL_INT, COL_NUM, COL_DIM_INT, COL_DIM_NUM };

struct column {
	const char *name;
	enum col_type type;
	size_t off;
	size_t size;
};

#define COL(n, t)	{ #n, t, offsetof(struct result_row, n), \
			  sizeof(((struct result_row *)0)->n) }
#define S(n)	COL(n, COL_STR)
#define I(n)	COL(n, COL_INT)
#define N(n)	COL(n, COL_NUM)

/* the columns of no dims row; those of the rows follow their csv_after */
static const struct column fixed[] = {
	I(run), S(cell), I(repeat), S(status), S(error),
	S(device_model), S(kernel), S(fio_version),
	S(engine_version),
	S(prio_hi_class), N(prio_hi_iops), N(prio_hi_clat_p50_us),
	N(prio_hi_clat_p99_us), S(prio_lo_class), N(prio_lo_iops),
	N(prio_lo_clat_p50_us), N(prio_lo_clat_p99_us),
	N(runtime_s), N(iops), N(read_iops), N(write_iops), N(read_bw_kib),
	N(write_bw_kib),
	N(read_clat_mean_us), N(read_clat_p50_us), N(read_clat_p99_us),
	N(read_clat_p999_us),
	N(write_clat_mean_us), N(write_clat_p50_us), N(write_clat_p99_us),
	N(write_clat_p999_us),
	N(lat_mean_us), N(slat_mean_us), N(fio_busy_pct), N(cpu_per_io_us),
	N(ks_iops), N(ks_r_await_ms), N(ks_w_await_ms), N(ks_aqu_sz),
	N(ks_util_pct), S(ks_flags), S(path_stats),
	N(fio_ios), N(ks_ios), N(ks_interval_ms), N(fio_inflight), N(wall_s),
	S(iostats_passthrough_eff), S(raw), S(diskstats),
	S(cpus), S(sq_cpu), S(fio_flags), I(ks_reliable), N(fio_disk_util_pct),
	N(fio_disk_ios),
};

#define NR_FIXED	(sizeof(fixed) / sizeof(fixed[0]))

static struct column columns[NR_FIXED + 2 * NR_DIMS];
static size_t nr_columns;

/* row d's req_col (eff 0) or eff_col (eff 1) as a column of the row */
static struct column dim_column(int d, int eff)
{
	static const enum col_type type[] = {
		[DIM_TEXT] = COL_STR, [DIM_INT] = COL_DIM_INT,
		[DIM_NUM] = COL_DIM_NUM,
	};
	struct column c = {
		.name = eff ? dims[d].eff_col : dims[d].req_col,
		.type = type[dims[d].type],
		.off = eff ? offsetof(struct result_row, dim_eff[d]) :
			     offsetof(struct result_row, dim_req[d]),
		.size = sizeof(((struct result_row *)0)->dim_req[d]),
	};

	return c;
}

/*
 * The file's columns, once: each fixed one, then the dims rows anchored
 * after it (csv_after), each its value asked and, when it has another
 * column for it, read back
 */
static void columns_make(void)
{
	size_t i;
	int d;

	if (nr_columns)
		return;
	for (i = 0; i < NR_FIXED; i++) {
		columns[nr_columns++] = fixed[i];
		for (d = 0; d < NR_DIMS; d++) {
			if (strcmp(dims[d].csv_after, fixed[i].name))
				continue;
			columns[nr_columns++] = dim_column(d, 0);
			if (dims[d].eff_col && strcmp(dims[d].eff_col,
						      dims[d].req_col))
				columns[nr_columns++] = dim_column(d, 1);
		}
	}
}

/* a number column's value (NAN: unset) */
static double col_num(const struct result_row *r, const struct column *c)
{
	const char *p = (const char *)r + c->off;

	switch (c->type) {
	case COL_INT:
		return *(const int *)p;
	case COL_NUM:
		return *(const double *)p;
	case COL_DIM_INT:
		return atoi(p);
	case COL_DIM_NUM:
		return p[0] ? strtod(p, NULL) : NAN;
	default:
		return NAN;
	}
}

void result_row_init(struct result_row *r)
{
	size_t i;

	columns_make();
	memset(r, 0, sizeof(*r));
	r->ks_reliable = 1;
	for (i = 0; i < nr_columns; i++)
		if (columns[i].type == COL_NUM)
			*(double *)((char *)r + columns[i].off) = NAN;
}

const char *result_row_text(const struct result_row *r, const char *col)
{
	size_t i;

	columns_make();
	for (i = 0; i < nr_columns; i++)
		if (columns[i].type != COL_INT && columns[i].type != COL_NUM &&
		    !strcmp(columns[i].name, col))
			return (const char *)r + columns[i].off;
	return NULL;
}

int result_row_put(struct result_row *r, const char *col, const char *val)
{
	const struct column *c;
	char *p;
	size_t i;

	columns_make();
	for (i = 0; i < nr_columns; i++) {
		c = &columns[i];
		if (strcmp(c->name, col))
			continue;
		p = (char *)r + c->off;
		if (c->type == COL_INT)
			*(int *)p = atoi(val);
		else if (c->type == COL_NUM)
			*(double *)p = strtod(val, NULL);
		else
			snprintf(p, c->size, "%s", val);
		return 0;
	}
	return -ENOENT;
}

int result_row_num(const struct result_row *r, const char *col, double *v)
{
	size_t i;

	columns_make();
	for (i = 0; i < nr_columns; i++) {
		if (strcmp(columns[i].name, col))
			continue;
		if (columns[i].type == COL_STR)
			return -EINVAL;
		*v = col_num(r, &columns[i]);
		return 0;
	}
	return -ENOENT;
}

void result_row_kernel(struct result_row *r, const struct iostat_figs *ks)
{
	r->ks_ios = ks->r_ios + ks->w_ios;
	r->ks_iops = ks->iops;
	r->ks_r_await_ms = ks->r_await_ms;
	r->ks_w_await_ms = ks->w_await_ms;
	r->ks_aqu_sz = ks->aqu_sz;
	r->ks_util_pct = ks->util_pct;
}

/* about six significant digits, no trailing zeros; NaN is the empty cell */
void fmt_num(char *buf, size_t len, double v)
{
	int dec = 0;
	char *p;

	if (isnan(v) || isinf(v)) {
		buf[0] = '\0';
		return;
	}
	if (v != 0.0)
		dec = 5 - (int)floor(log10(fabs(v)));
	if (dec < 0)
		dec = 0;
	if (dec > 9)
		dec = 9;
	snprintf(buf, len, "%.*f", dec, v);
	if (strchr(buf, '.')) {
		p = buf + strlen(buf) - 1;
		while (*p == '0')
			*p-- = '\0';
		if (*p == '.')
			*p = '\0';
	}
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
}

void row_fail(struct result_row *r, const char *fmt, ...)
{
	va_list ap;

	snprintf(r->status, sizeof(r->status), "failed");
	va_start(ap, fmt);
	vsnprintf(r->error, sizeof(r->error), fmt, ap);
	va_end(ap);
	csv_clean(r->error);
}

/* a CSV cell needs no quoting once it has no comma, quote or newline */
void csv_clean(char *s)
{
	for (; *s; s++) {
		if (*s == ',')
			*s = ';';
		else if (*s == '\n' || *s == '\r' || *s == '"')
			*s = ' ';
	}
}

static void cell_text(const struct result_row *r, const struct column *c,
		      char *buf, size_t len)
{
	const char *p = (const char *)r + c->off;

	switch (c->type) {
	case COL_STR:
		snprintf(buf, len, "%s", p);
		csv_clean(buf);
		break;
	case COL_INT:
	case COL_DIM_INT:
		snprintf(buf, len, "%d", (int)col_num(r, c));
		break;
	case COL_NUM:
	case COL_DIM_NUM:
		fmt_num(buf, len, col_num(r, c));
		break;
	}
}

static json_object *cell_json(const struct result_row *r, const struct column *c)
{
	const char *p = (const char *)r + c->off;
	char buf[64];
	double v;

	switch (c->type) {
	case COL_STR:
		return json_object_new_string(p);
	case COL_INT:
	case COL_DIM_INT:
		return json_object_new_int((int)col_num(r, c));
	case COL_NUM:
	case COL_DIM_NUM:
		v = col_num(r, c);
		if (isnan(v) || isinf(v))
			return NULL;
		fmt_num(buf, sizeof(buf), v);
		return json_object_new_double_s(v, buf);
	}
	return NULL;
}

int results_write_json(const char *path, json_object *obj)
{
	char tmp[PATH_BUF];
	int ret;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	errno = 0;
	ret = json_object_to_file_ext(tmp, obj, JSON_C_TO_STRING_PRETTY |
				      JSON_C_TO_STRING_NOSLASHESCAPE);
	if (ret < 0) {
		/* say ENOSPC when it was, and leave no half-written copy */
		ret = errno ? -errno : -EIO;
		unlink(tmp);
		return ret;
	}
	if (rename(tmp, path) < 0)
		return -errno;
	return 0;
}

int results_open(struct results_out *res, const char *dir, json_object *meta,
		 const struct queue_knob *knobs, int nr_knobs)
{
	char path[PATH_BUF];
	size_t i;
	int k;

	memset(res, 0, sizeof(*res));
	snprintf(res->dir, sizeof(res->dir), "%s", dir);
	res->knobs = knobs;
	res->nr_knobs = nr_knobs;
	snprintf(path, sizeof(path), "%s/results.csv", dir);
	res->csv = fopen(path, "we");
	if (!res->csv)
		return -errno;
	columns_make();
	for (i = 0; i < nr_columns; i++)
		fprintf(res->csv, "%s%s", i ? "," : "", columns[i].name);
	for (k = 0; k < nr_knobs; k++) {
		char req[64], eff[64];

		if (knob_col(knobs[k].attr, KNOB_COL_REQ, req, sizeof(req)) ||
		    knob_col(knobs[k].attr, KNOB_COL_EFF, eff, sizeof(eff)))
			return -ENAMETOOLONG;
		fprintf(res->csv, ",%s,%s", req, eff);
	}
	fputc('\n', res->csv);
	fflush(res->csv);
	res->runs = json_object_new_array();
	res->meta = json_object_get(meta);
	return res->runs ? 0 : -ENOMEM;
}

/* a --knob attribute's two values, in the CSV line and the JSON row */
static void knob_cells(FILE *csv, json_object *row, const char *attr,
		       const char *req, const char *eff)
{
	char col[64], buf[QUEUE_KNOB_VAL];

	snprintf(buf, sizeof(buf), "%s", req);
	csv_clean(buf);
	fprintf(csv, ",%s", buf);
	snprintf(buf, sizeof(buf), "%s", eff);
	csv_clean(buf);
	fprintf(csv, ",%s", buf);
	if (!knob_col(attr, KNOB_COL_REQ, col, sizeof(col)))
		json_object_object_add(row, col, json_object_new_string(req));
	if (!knob_col(attr, KNOB_COL_EFF, col, sizeof(col)))
		json_object_object_add(row, col, json_object_new_string(eff));
}

int results_add(struct results_out *res, const struct result_row *r)
{
	json_object *row = json_object_new_object();
	char buf[1024];
	size_t i;
	int k;

	if (!row)
		return -ENOMEM;
	for (i = 0; i < nr_columns; i++) {
		cell_text(r, &columns[i], buf, sizeof(buf));
		fprintf(res->csv, "%s%s", i ? "," : "", buf);
		json_object_object_add(row, columns[i].name,
				       cell_json(r, &columns[i]));
	}
	for (k = 0; k < res->nr_knobs; k++)
		knob_cells(res->csv, row, res->knobs[k].attr, r->knob_req[k],
			   r->knob_eff[k]);
	fputc('\n', res->csv);
	if (fflush(res->csv) == EOF)
		return -errno;
	json_object_array_add(res->runs, row);
	if (now_ns() - res->json_written_ns < RESULTS_JSON_EVERY_NS)
		return 0;
	return results_finish(res);
}

/* results.json as it stands: meta plus every run so far */
int results_finish(struct results_out *res)
{
	json_object *top = json_object_new_object();
	char path[PATH_BUF];
	int ret;

	if (!top)
		return -ENOMEM;
	json_object_object_add(top, "meta", json_object_get(res->meta));
	json_object_object_add(top, "runs", json_object_get(res->runs));
	snprintf(path, sizeof(path), "%s/results.json", res->dir);
	ret = results_write_json(path, top);
	json_object_put(top);
	res->json_written_ns = now_ns();
	return ret;
}

void results_close(struct results_out *res)
{
	if (res->csv)
		fclose(res->csv);
	res->csv = NULL;
	json_object_put(res->runs);
	json_object_put(res->meta);
	res->runs = res->meta = NULL;
}
