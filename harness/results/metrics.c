// SPDX-License-Identifier: GPL-2.0
/*
 * metrics.c: derives iostat's extended figures from two /proc/diskstats
 * records exactly as sysstat does (r_await = d(f4)/d(f1), w_await =
 * d(f8)/d(f5), aqu-sz = d(f11)/interval, %util = d(f10)/interval), sets them
 * against what fio measured for the same run, and names each disagreement
 * worth a reader's attention.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "results/flag_list.h"
#include "results/metrics.h"

int iostat_derive(const struct diskstats_rec *before,
		  const struct diskstats_rec *after, double interval_ms,
		  struct iostat_figs *out)
{
	uint64_t d[DISKSTATS_FIELDS];
	int i;

	memset(out, 0, sizeof(*out));
	if (interval_ms <= 0 || before->nfields < 11 || after->nfields < 11)
		return -EINVAL;
	for (i = 0; i < 11; i++)
		d[i] = diskstats_delta(before->f[i], after->f[i]);
	out->interval_ms = interval_ms;
	out->r_ios = d[0];
	out->w_ios = d[4];
	out->r_iops = d[0] * 1000.0 / interval_ms;
	out->w_iops = d[4] * 1000.0 / interval_ms;
	out->iops = out->r_iops + out->w_iops;
	out->r_await_ms = d[0] ? (double)d[3] / d[0] : 0.0;
	out->w_await_ms = d[4] ? (double)d[7] / d[4] : 0.0;
	out->aqu_sz = d[10] / interval_ms;
	out->util_pct = d[9] * 100.0 / interval_ms;
	return 0;
}

/*
 * The same figures from fio's disk_util over a --client job's life: the
 * server read its own diskstats.  The interval is fio's runtime, await is
 * NAN in a direction without I/O, and %util, which fio gives per host, is
 * the hosts' mean share of time busy.
 */
int iostat_from_disk_util(const struct fio_disk_sum *du, double runtime_s,
			  struct iostat_figs *out)
{
	memset(out, 0, sizeof(*out));
	if (!du->n || !(runtime_s > 0))
		return -ENODATA;
	out->interval_ms = runtime_s * 1000.0;
	out->r_ios = du->r_ios;
	out->w_ios = du->w_ios;
	out->r_iops = du->r_ios / runtime_s;
	out->w_iops = du->w_ios / runtime_s;
	out->iops = (du->r_ios + du->w_ios) / runtime_s;
	out->r_await_ms = du->r_ios ? du->r_ticks / du->r_ios : NAN;
	out->w_await_ms = du->w_ios ? du->w_ticks / du->w_ios : NAN;
	out->aqu_sz = du->in_queue / out->interval_ms;
	out->util_pct = du->util_sum / du->n;
	return 0;
}

/* Little's law: I/Os in flight on average = completion rate * latency */
double fio_inflight(const struct fio_figs_brief *fio)
{
	return (fio->r_iops * fio->r_clat_mean_us +
		fio->w_iops * fio->w_clat_mean_us) / 1e6;
}

/*
 * The share of time with at least one I/O in flight can be no more than
 * the mean number in flight (and no more than 100%); at iodepth 1 the two
 * are equal.  By clat, it leaves out what the kernel did before fio's
 * issue stamp: where fio measures slat, the block layer has started the
 * I/O inside the submitting call (docs/notes/2026-12-util-overcount.md).
 */
static double busy_pct(double inflight)
{
	return inflight > 1.0 ? 100.0 : inflight * 100.0;
}

double fio_busy_pct(const struct fio_figs_brief *fio)
{
	return busy_pct(fio_inflight(fio));
}

/*
 * The same by lat (slat + clat): the kernel can hold an I/O only between
 * fio preparing it and fio reaping it, so this bounds %util from above at
 * any depth (98% in that loop run).  No lat (a figure fio left out)
 * leaves the bound by clat.
 */
double fio_busy_max_pct(const struct fio_figs_brief *fio)
{
	double by_lat = busy_pct((fio->r_iops * fio->r_lat_mean_us +
				  fio->w_iops * fio->w_lat_mean_us) / 1e6);

	return fmax(by_lat, fio_busy_pct(fio));
}

/* a and b differ by more than rel (relative to b) and more than abs */
static int differs(double a, double b, double rel, double abs_min)
{
	double diff = fabs(a - b);

	return diff > abs_min && diff > rel * fabs(b);
}

/* an await more than half and 50 us over the most fio allows */
static int over(double await_us, double bound_us)
{
	return await_us > 1.5 * bound_us && await_us - bound_us > 50;
}

static double lat_or_clat(double lat_us, double clat_us)
{
	return lat_us > 0 ? lat_us : clat_us;
}

/*
 * Flags, each a sign that the kernel's accounting and fio's tell different
 * stories about the same interval:
 *  no_kstats      fio did I/O, the kernel counted none (iostats off, or
 *                 passthrough I/O the kernel does not account)
 *  ios_vs_fio     the kernel counted more than 5% more or fewer I/Os
 *  r_await_vs_lat, w_await_vs_lat
 *                 the kernel's mean time per I/O is more than half (and
 *                 50 us) over fio's mean lat (clat where fio gave no lat):
 *                 more time than fio held the I/O.  Below, fio sets no
 *                 bound: the block layer sees only part of fio's wait, a
 *                 constant share of the cell at depth, which the report
 *                 judges per cell
 *  util_vs_busy   %util more than 20 points above the most fio's timings
 *                 allow (busy by lat): the io_ticks over-count that the
 *                 ns-io_ticks thread showed at QD1 with think time.  The
 *                 old code charges a jiffy more per I/O than it took, so
 *                 %util exceeds busy by a jiffy per think-time cycle, not
 *                 by a multiple of busy: 43% at busy 22% on 5.10 with
 *                 4-ms writes, one every 19 ms
 *  util_below_busy
 *                 at iodepth 1, %util more than 20 points and 2x below
 *                 fio's busy share by clat: the kernel missed time an
 *                 I/O was in flight (e.g. a driver that completes in the
 *                 submitter's context)
 */
void metrics_flags(const struct iostat_figs *ks, const struct fio_figs_brief *fio,
		   char *buf, size_t len)
{
	uint64_t kios = ks->r_ios + ks->w_ios;
	double busy = fio_busy_pct(fio);

	buf[0] = '\0';
	if (!fio->ios)
		return;
	if (!kios) {
		flags_add(buf, len, "no_kstats");
		return;
	}
	if (differs(kios, fio->ios, 0.05, 64))
		flags_add(buf, len, "ios_vs_fio");
	if (ks->r_ios && fio->r_iops > 0 &&
	    over(ks->r_await_ms * 1000.0, lat_or_clat(fio->r_lat_mean_us,
						      fio->r_clat_mean_us)))
		flags_add(buf, len, "r_await_vs_lat");
	if (ks->w_ios && fio->w_iops > 0 &&
	    over(ks->w_await_ms * 1000.0, lat_or_clat(fio->w_lat_mean_us,
						      fio->w_clat_mean_us)))
		flags_add(buf, len, "w_await_vs_lat");
	if (ks->util_pct > fio_busy_max_pct(fio) + 20.0)
		flags_add(buf, len, "util_vs_busy");
	if (fio->iodepth == 1 && busy > ks->util_pct + 20.0 &&
	    busy > 2.0 * ks->util_pct)
		flags_add(buf, len, "util_below_busy");
}

double fio_cpu_ms_per_run(const double *cpu_us, size_t ncpu,
			      const double *ios, size_t nios)
{
	if (!ncpu || !nios)
		return NAN;
	return stats_median(cpu_us, ncpu) * stats_median(ios, nios) / 1000;
}

int metric_lower_better(const char *m)
{
	size_t n = strlen(m);

	return n > 3 && (!strcmp(m + n - 3, "_us") || !strcmp(m + n - 3, "_ms"));
}

double metric_percentile(const char *m)
{
	const char *p = strstr(m, "_clat_p");
	char digits[8];
	size_t n;

	if (!p || !metric_lower_better(m))
		return NAN;
	p += strlen("_clat_p");
	n = strspn(p, "0123456789");
	if (!n || n >= sizeof(digits) || strcmp(p + n, "_us"))
		return NAN;
	memcpy(digits, p, n);
	digits[n] = '\0';
	/* fio's names: p50, p99, p999 (99.9), p9999 (99.99) */
	return n <= 2 ? atof(digits) / 100 : atof(digits) / pow(10, n);
}
