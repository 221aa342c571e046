/* SPDX-License-Identifier: GPL-2.0 */
/*
 * metrics.h: what iostat would print for a diskstats interval, the busy
 * fraction fio's own figures imply, and the flags raised when the two
 * disagree.
 */
#ifndef FIORING_METRICS_H
#define FIORING_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "fio/fio_json.h"
#include "kernel/diskstats.h"

/* sysstat's iostat -x figures over one interval */
struct iostat_figs {
	double interval_ms;
	uint64_t r_ios, w_ios;
	double r_iops, w_iops, iops;
	double r_await_ms, w_await_ms;
	double aqu_sz;
	double util_pct;
};

/* fio's figures the comparison needs, summed over directions */
struct fio_figs_brief {
	uint64_t ios;		/* I/Os completed, reads + writes */
	double iops;
	double r_iops, w_iops;
	double r_clat_mean_us, w_clat_mean_us;
	double r_lat_mean_us, w_lat_mean_us;	/* slat + clat */
	int iodepth;		/* 1: one I/O in flight at most */
};

/*
 * fio's CPU time per run (ms) below which cpu_per_io_us is not judged: fio
 * reports it in whole ms, and a job that sleeps between I/Os spends so
 * little that one-off events swamp it (qd1-thinktime on loop;
 * docs/notes/2026-12-bench-gate.md).
 */
#define FIO_CPU_MIN_MS	100

/*
 * The naming rule of a results.csv metric: a duration (a name ending in
 * _us or _ms) is a cost, lower is better; anything else is a rate.
 */
int metric_lower_better(const char *metric);

/*
 * A latency percentile rests on the I/Os beyond it: with fewer than
 * PCT_MIN_IOS a run (p99.9 of a 1 s run at 1k IOPS rests on one) it is one
 * I/O's latency, not a tail, and neither the report nor the gate judges it.
 */
#define PCT_MIN_IOS	10
/* p of a percentile column (`read_clat_p99_us`: 0.99, `_p999_`: 0.999), else NAN */
double metric_percentile(const char *metric);

/* fio's CPU time per run in ms: median CPU per I/O (us) times median I/Os */
double fio_cpu_ms_per_run(const double *cpu_us, size_t ncpu,
			      const double *ios, size_t nios);
int iostat_derive(const struct diskstats_rec *before,
		  const struct diskstats_rec *after, double interval_ms,
		  struct iostat_figs *out);
int iostat_from_disk_util(const struct fio_disk_sum *du, double runtime_s,
			  struct iostat_figs *out);
double fio_inflight(const struct fio_figs_brief *fio);
double fio_busy_pct(const struct fio_figs_brief *fio);
double fio_busy_max_pct(const struct fio_figs_brief *fio);
void metrics_flags(const struct iostat_figs *ks, const struct fio_figs_brief *fio,
		   char *buf, size_t len);

#endif
