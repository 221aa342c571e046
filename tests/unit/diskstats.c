// SPDX-License-Identifier: GPL-2.0
/*
 * diskstats.c: unit test of the /proc/diskstats parser and of the iostat
 * figures derived from two records, against deltas computed by hand, and
 * of the flags raised when the kernel and fio disagree.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "kernel/diskstats.h"
#include "results/metrics.h"

static void test_parse(void)
{
	struct diskstats_rec r;

	CHECK(!diskstats_parse_line(" 259       0 nvme0n1 1 2 3 4 5 6 7 8 9 10 11 "
				    "12 13 14 15 16 17", &r));
	CHECK(r.major == 259 && r.minor == 0 && !strcmp(r.name, "nvme0n1"));
	CHECK(r.nfields == 17 && r.f[0] == 1 && r.f[9] == 10 && r.f[16] == 17);
	/* a 4.x kernel's 11 fields */
	CHECK(!diskstats_parse_line("   8 0 sda 1 2 3 4 5 6 7 8 0 10 11", &r));
	CHECK(r.nfields == 11);
	CHECK(diskstats_parse_line("   8 0 sda 1 2 3", &r));
	CHECK(diskstats_parse_line("garbage", &r));
	CHECK(diskstats_parse_line("8 0 sda 1 x 3 4 5 6 7 8 9 10 11", &r));
}

static void rec(struct diskstats_rec *r, unsigned long long rd, unsigned long long rt,
		unsigned long long wr, unsigned long long wt, unsigned long long io,
		unsigned long long q)
{
	memset(r, 0, sizeof(*r));
	strcpy(r->name, "zram0");
	r->nfields = 17;
	r->f[0] = rd;
	r->f[3] = rt;
	r->f[4] = wr;
	r->f[7] = wt;
	r->f[9] = io;
	r->f[10] = q;
}

/*
 * 2000 ms interval: reads 1000 -> 21000 (20000), read ticks 500 -> 4500
 * (4000 ms): r_await 0.2 ms; writes 10 -> 5010 (5000), write ticks
 * 100 -> 2600 (2500): w_await 0.5 ms; io_ticks 300 -> 2100 (1800 ms):
 * %util 90; time in queue 1000 -> 7500 (6500 ms): aqu-sz 3.25; IOPS
 * (20000 + 5000) / 2 s = 12500.
 */
static void test_derive(void)
{
	struct diskstats_rec a, b;
	struct iostat_figs m;

	rec(&a, 1000, 500, 10, 100, 300, 1000);
	rec(&b, 21000, 4500, 5010, 2600, 2100, 7500);
	CHECK(!iostat_derive(&a, &b, 2000.0, &m));
	CHECK(m.r_ios == 20000 && m.w_ios == 5000);
	CHECK(near(m.r_iops, 10000.0) && near(m.w_iops, 2500.0));
	CHECK(near(m.iops, 12500.0));
	CHECK(near(m.r_await_ms, 0.2));
	CHECK(near(m.w_await_ms, 0.5));
	CHECK(near(m.util_pct, 90.0));
	CHECK(near(m.aqu_sz, 3.25));

	/* no I/O: awaits are 0 as iostat prints them, not NaN */
	CHECK(!iostat_derive(&a, &a, 1000.0, &m));
	CHECK(m.r_await_ms == 0.0 && m.w_await_ms == 0.0 && m.util_pct == 0.0);

	/* a 32-bit counter that wrapped: 4294967000 -> 704 is 1000 */
	rec(&a, 4294967000ull, 0, 0, 0, 0, 0);
	rec(&b, 704, 0, 0, 0, 0, 0);
	CHECK(!iostat_derive(&a, &b, 1000.0, &m));
	CHECK(m.r_ios == 1000);

	CHECK(iostat_derive(&a, &b, 0.0, &m));
}

/* the flags metrics_flags() gives KS and FIO are WANT; which they are if not */
static int flags_are(const struct iostat_figs *ks, const struct fio_figs_brief *fio,
		     const char *want)
{
	char flags[128];

	metrics_flags(ks, fio, flags, sizeof(flags));
	if (!strcmp(flags, want))
		return 1;
	fprintf(stderr, "flags '%s', want '%s'\n", flags, want);
	return 0;
}

/*
 * The ns-io_ticks thread's case: QD1 with think time, fio saw 6000 IOPS at
 * 10 us mean clat, so the device had an I/O in flight 6% of the time,
 * while io_ticks said 98%.
 */
static void test_flags(void)
{
	struct fio_figs_brief fio = {
		.ios = 6000, .iops = 6000, .r_iops = 6000, .r_clat_mean_us = 10,
	};
	struct iostat_figs ks = {
		.interval_ms = 1000, .r_ios = 6000, .r_iops = 6000, .iops = 6000,
		.r_await_ms = 0.011, .aqu_sz = 0.06, .util_pct = 98.0,
	};

	CHECK(near(fio_inflight(&fio), 0.06));
	CHECK(near(fio_busy_pct(&fio), 6.0));
	CHECK(flags_are(&ks, &fio, "util_vs_busy"));

	/* the other way at QD1: fio busy 48%, %util 3% */
	fio.iodepth = 1;
	fio.r_clat_mean_us = 80;
	ks.r_await_ms = 0.080;
	ks.util_pct = 3.0;
	CHECK(flags_are(&ks, &fio, "util_below_busy"));
	/* deeper queues: busy is only an upper bound, no flag */
	fio.iodepth = 32;
	CHECK(flags_are(&ks, &fio, ""));
	fio.r_clat_mean_us = 10;
	ks.r_await_ms = 0.011;

	/* the same run with a truthful %util: no flag */
	ks.util_pct = 6.5;
	CHECK(flags_are(&ks, &fio, ""));

	/* iostats off: the kernel counted nothing */
	memset(&ks, 0, sizeof(ks));
	ks.interval_ms = 1000;
	CHECK(flags_are(&ks, &fio, "no_kstats"));

	/* counts 10% apart, await 3x clat */
	ks.r_ios = 6600;
	ks.r_await_ms = 0.030;
	ks.util_pct = 6.0;
	fio.r_clat_mean_us = 100;
	ks.r_await_ms = 0.300;
	CHECK(flags_are(&ks, &fio, "ios_vs_fio;r_await_vs_lat"));

	/* busy saturates at 100% for deep queues */
	fio.r_clat_mean_us = 1000;
	CHECK(near(fio_inflight(&fio), 6.0) && fio_busy_pct(&fio) == 100.0);
}

/*
 * %util against the busy share fio's timings allow, by lat where fio gave
 * one.  5.10 under TCG: a 4.2-ms write every 19 ms, busy 22%, and a jiffy
 * over-charged per write, %util 43%: under twice busy, still flagged; 19
 * points over is within what the flag allows.  Loop at QD1 on 6.18: clat
 * 4.5 us, slat 6 us, 93k IOPS, busy 42% by clat; the block layer starts
 * each read inside fio's submitting call (await 7.3 us), so %util 69% is
 * within the 98% lat allows, and over the 42% clat does.
 */
static void test_flags_busy_bound(void)
{
	struct fio_figs_brief slow = {
		.ios = 105, .iops = 52.6, .r_iops = 52.6,
		.r_clat_mean_us = 4200, .r_lat_mean_us = 4200, .iodepth = 1,
	};
	struct iostat_figs ks_slow = {
		.interval_ms = 2000, .r_ios = 105, .r_iops = 52.6, .iops = 52.6,
		.r_await_ms = 4.2, .util_pct = 43.1,
	};
	struct fio_figs_brief loop = {
		.ios = 93000, .iops = 93000, .r_iops = 93000,
		.r_clat_mean_us = 4.5, .r_lat_mean_us = 10.5, .iodepth = 1,
	};
	struct iostat_figs ks_loop = {
		.interval_ms = 1000, .r_ios = 93000, .r_iops = 93000,
		.iops = 93000, .r_await_ms = 0.0073, .util_pct = 69.0,
	};

	CHECK(flags_are(&ks_slow, &slow, "util_vs_busy"));
	ks_slow.util_pct = 41.0;
	CHECK(flags_are(&ks_slow, &slow, ""));

	CHECK(near(fio_busy_max_pct(&loop), 97.65));
	CHECK(flags_are(&ks_loop, &loop, ""));
	/* without lat the bound is clat's */
	loop.r_lat_mean_us = 0;
	CHECK(near(fio_busy_max_pct(&loop), fio_busy_pct(&loop)));
	CHECK(flags_are(&ks_loop, &loop, "util_vs_busy"));
}

/*
 * A 6.1 kernel's NVMe head counts nothing; its two paths: nvme0c0n1 reads
 * 100 -> 600 (500) in 50 -> 150 ms (100), io_ticks 0 -> 400, queue time
 * 0 -> 300; nvme0c1n1 reads 0 -> 300 in 0 -> 90 ms, io_ticks 10 -> 310
 * (300), queue 0 -> 200.  Together over 1000 ms: 800 reads, r_await
 * 190 / 800 = 0.2375 ms, aqu-sz 500 / 1000 = 0.5, %util from the busiest
 * path 400 / 1000 = 40%.
 */
static void test_paths(void)
{
	static struct diskstats_snap a, b;
	const char *paths[] = { "nvme0c0n1", "nvme0c1n1", "nvme0c9n1" };
	struct diskstats_rec ra, rb;
	struct iostat_figs m;

	a.nr = b.nr = 3;
	rec(&a.disk[0], 100, 50, 0, 0, 0, 0);
	rec(&b.disk[0], 600, 150, 0, 0, 400, 300);
	rec(&a.disk[1], 0, 0, 0, 0, 10, 0);
	rec(&b.disk[1], 300, 90, 0, 0, 310, 200);
	rec(&a.disk[2], 0, 0, 0, 0, 0, 0);
	rec(&b.disk[2], 0, 0, 0, 0, 0, 0);
	strcpy(a.disk[0].name, "nvme0c0n1");
	strcpy(b.disk[0].name, "nvme0c0n1");
	strcpy(a.disk[1].name, "nvme0c1n1");
	strcpy(b.disk[1].name, "nvme0c1n1");
	strcpy(a.disk[2].name, "nvme0n1");
	strcpy(b.disk[2].name, "nvme0n1");
	CHECK(!diskstats_paths_merge(&a, &b, paths, 3, &ra, &rb));
	CHECK(!iostat_derive(&ra, &rb, 1000.0, &m));
	CHECK(m.r_ios == 800 && near(m.r_iops, 800.0));
	CHECK(near(m.r_await_ms, 0.2375));
	CHECK(near(m.aqu_sz, 0.5));
	CHECK(near(m.util_pct, 40.0));
	/* paths that did nothing */
	CHECK(diskstats_paths_merge(&a, &a, paths, 3, &ra, &rb) == -ENOENT);
}


/*
 * await against fio's lat: QD32 on loop, the kernel's await about half
 * fio's clat (the block layer sees part of fio's wait), is no flag; an
 * await over the lat fio measured for the same I/Os is.
 */
static void test_flags_await(void)
{
	struct fio_figs_brief fio = {
		.ios = 720000, .iops = 360000, .r_iops = 360000,
		.r_clat_mean_us = 125, .r_lat_mean_us = 128, .iodepth = 32,
	};
	struct iostat_figs ks = {
		.interval_ms = 2000, .r_ios = 720000, .r_iops = 360000,
		.iops = 360000, .r_await_ms = 0.060, .util_pct = 99.0,
	};

	CHECK(flags_are(&ks, &fio, ""));
	ks.r_await_ms = 0.190;
	CHECK(flags_are(&ks, &fio, ""));
	ks.r_await_ms = 0.250;
	CHECK(flags_are(&ks, &fio, "r_await_vs_lat"));
}

/* which results.csv columns are percentiles, and of what */
static void test_percentile(void)
{
	CHECK(metric_percentile("read_clat_p50_us") == 0.50);
	CHECK(metric_percentile("write_clat_p99_us") == 0.99);
	CHECK(fabs(metric_percentile("read_clat_p999_us") - 0.999) < 1e-12);
	CHECK(isnan(metric_percentile("read_clat_mean_us")));
	CHECK(isnan(metric_percentile("iops")));
	CHECK(isnan(metric_percentile("read_clat_p99")));
	CHECK(isnan(metric_percentile("read_clat_p_us")));
}

int main(void)
{
	test_parse();
	test_derive();
	test_flags();
	test_flags_busy_bound();
	test_flags_await();
	test_paths();
	test_percentile();
	return check_done("diskstats");
}
