/* SPDX-License-Identifier: GPL-2.0 */
/*
 * results.h: one row per fio run, and the writers of DIR/results.csv,
 * DIR/results.json and DIR/meta.json.  The column names are the contract
 * with `report` and `gate`, which look them up by name.
 */
#ifndef FIORING_RESULTS_H
#define FIORING_RESULTS_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "kernel/queue_knob.h"
#include "results/dims.h"

struct result_row {
	int run, repeat;
	char cell[512];
	char status[8];
	char error[512];
	/*
	 * The dims table's columns, by row, as text: the value asked
	 * (req_col: the target, the engine, the job, ...; host: the fio
	 * server, empty for this machine) and read back (eff_col).  Where
	 * they stand in the file is the row's csv_after (results.c).
	 */
	char dim_req[NR_DIMS][128];
	char dim_eff[NR_DIMS][128];
	char device_model[128];
	char kernel[128];
	char fio_version[32];
	char engine[32];
	char engine_version[128];
	/* fio's prios[]: the priority served first (hi) and last (lo) */
	char prio_hi_class[8], prio_lo_class[8];
	double prio_hi_iops, prio_hi_clat_p50_us, prio_hi_clat_p99_us;
	double prio_lo_iops, prio_lo_clat_p50_us, prio_lo_clat_p99_us;
	double runtime_s;
	double iops, read_iops, write_iops, read_bw_kib, write_bw_kib;
	double read_clat_mean_us, read_clat_p50_us, read_clat_p99_us,
	       read_clat_p999_us;
	double write_clat_mean_us, write_clat_p50_us, write_clat_p99_us,
	       write_clat_p999_us;
	double lat_mean_us, slat_mean_us, fio_busy_pct;
	/* fio's CPU time (usr + sys) over its I/Os: what one I/O costs the host */
	double cpu_per_io_us;
	double ks_iops, ks_r_await_ms, ks_w_await_ms, ks_aqu_sz, ks_util_pct;
	char ks_flags[128];
	char path_stats[256];
	/* beyond the contract: what a reader digging deeper wants */
	double fio_ios, ks_ios, ks_interval_ms, fio_inflight, wall_s;
	char iostats_passthrough_eff[16];
	char raw[64];
	char diskstats[64];
	/* where the run ran, and whose figures are in doubt */
	char cpus[64];		/* fio's cpus_allowed, "" unpinned */
	char sq_cpu[16];	/* sqthread_poll_cpu, "" none */
	char fio_flags[128];
	int ks_reliable;	/* 0: I/O fio did not issue was counted too */
	double fio_disk_util_pct, fio_disk_ios;	/* fio's own disk_util */
	/* --knob: each attribute's value asked and read back, in the sweep's order */
	char knob_req[QUEUE_KNOBS_MAX][QUEUE_KNOB_VAL];
	char knob_eff[QUEUE_KNOBS_MAX][QUEUE_KNOB_VAL];
};

struct results_out {
	FILE *csv;
	json_object *runs;
	json_object *meta;
	uint64_t json_written_ns;
	const struct queue_knob *knobs;	/* their columns follow the fixed ones */
	int nr_knobs;
	char dir[PATH_MAX];
};

struct iostat_figs;

void result_row_init(struct result_row *r);
/* the text column col of r (dims' req_col/eff_col), NULL: no such column */
const char *result_row_text(const struct result_row *r, const char *col);
/* val into r's column col, as that column's type; -ENOENT: no such column */
int result_row_put(struct result_row *r, const char *col, const char *val);
/*
 * The number in a row's column of that name (NAN when unset); -ENOENT for
 * no such column, -EINVAL for a text column.
 */
int result_row_num(const struct result_row *r, const char *col, double *v);
/* the row's kernel columns (ks_*) from iostat's figures of its interval */
void result_row_kernel(struct result_row *r, const struct iostat_figs *ks);
int results_open(struct results_out *res, const char *dir, json_object *meta,
		 const struct queue_knob *knobs, int nr_knobs);
int results_add(struct results_out *res, const struct result_row *r);
int results_finish(struct results_out *res);
void results_close(struct results_out *res);
int results_write_json(const char *path, json_object *obj);
void fmt_num(char *buf, size_t len, double v);
void csv_clean(char *s);
/* the row failed, and why (printf-style, made fit for a CSV cell) */
__attribute__((format(printf, 2, 3)))
void row_fail(struct result_row *r, const char *fmt, ...);

#endif
