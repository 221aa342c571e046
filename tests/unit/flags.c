// SPDX-License-Identifier: GPL-2.0
/*
 * flags.c: unit test of results/flags.c on figures seen in real sweeps:
 * fio 3.33's SQPOLL clat in seconds is fio's flag and blames no kernel
 * figure; a stray reader's I/O is foreign_io and makes the row
 * unreliable; target facts (iostats off, synchronous completion) raise no
 * per-run flag; outliers and bimodal cells are found, and ordinary spread
 * is not; a cell's runs' lists merge with each flag once.
 */
#include <stdbool.h>
#include <string.h>

#include "results/flag_list.h"
#include "results/flags.h"
#include "check.h"

static void fio_impossible(void)
{
	/* 21k IOPS at a 1.75 s mean clat, QD1: 36,750 in flight */
	struct fio_figs_brief fio = {
		.ios = 21000, .iops = 21000, .r_iops = 21000,
		.r_clat_mean_us = 1.75e6, .iodepth = 1,
	};
	struct iostat_figs ks = {
		.interval_ms = 1000, .r_ios = 21000, .r_iops = 21000,
		.iops = 21000, .r_await_ms = 0.004, .util_pct = 9.0,
	};
	struct flag_facts facts = { 0 };
	char kf[128], ff[128] = "";

	CHECK(flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff)) == 1);
	CHECK(!strcmp(ff, "fio_inflight_gt_iodepth"));
	CHECK(!strcmp(kf, ""));	/* await and %util are not held against that clat */

	/* in flight 30 of 32 at QD32 is possible; 4 jobs of QD8 too */
	fio.iodepth = 32;
	fio.r_clat_mean_us = 30.0 / 21000 * 1e6;
	ks.r_await_ms = fio.r_clat_mean_us / 1000;
	ks.util_pct = 100;
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(ff, "") && !strcmp(kf, ""));
	fio.iodepth = 8;
	flags_for_run(&ks, &fio, 4, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(ff, ""));
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(ff, "fio_inflight_gt_iodepth"));
}

static void foreign(void)
{
	/* 2 s at 100k IOPS, and one 4k read every 10 ms from elsewhere */
	struct fio_figs_brief fio = {
		.ios = 200000, .iops = 100000, .r_iops = 100000,
		.r_clat_mean_us = 10, .iodepth = 1,
	};
	struct iostat_figs ks = {
		.interval_ms = 2000, .r_ios = 200200, .r_iops = 100100,
		.iops = 100100, .r_await_ms = 0.009, .util_pct = 95,
	};
	struct flag_facts facts = { 0 };
	char kf[128], ff[128] = "";

	/* 0.1% extra: within the margin */
	CHECK(flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff)) == 1);
	CHECK(!strcmp(kf, ""));
	/* 12% extra: foreign, unreliable, and not said twice as ios_vs_fio */
	ks.r_ios = 224000;
	CHECK(flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff)) == 0);
	CHECK(!strcmp(kf, "foreign_io"));
	/* fewer than fio's is no one else's I/O */
	ks.r_ios = 150000;
	CHECK(flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff)) == 1);
	CHECK(!strcmp(kf, "ios_vs_fio"));
}

static void facts_not_flags(void)
{
	struct fio_figs_brief fio = {
		.ios = 30000, .iops = 30000, .r_iops = 30000,
		.r_clat_mean_us = 16, .iodepth = 1,
	};
	struct iostat_figs ks = { .interval_ms = 1000 };
	struct flag_facts facts = { .iostats_off = true };
	char kf[128], ff[128] = "";

	/* iostats 0 honoured: counting nothing is the knob working */
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(kf, ""));
	facts.iostats_off = false;
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(kf, "no_kstats"));
	/* counted with iostats 0 on a target not known to ignore it */
	ks.r_ios = 30000;
	ks.r_iops = ks.iops = 30000;
	ks.r_await_ms = 0.015;
	ks.util_pct = 46;
	facts.iostats_off = true;
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(kf, "counted_with_iostats0"));
	/* zram at QD1: fio busy 48%, %util 3%: a fact of the target */
	facts.iostats_off = false;
	ks.util_pct = 3;
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(kf, "util_below_busy"));
	facts.sync_completion = true;
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(kf, ""));
	/*
	 * SQPOLL at QD1 on loop: fio busy 99% by clat (its stamp precedes the
	 * SQ thread's pick-up), %util 22%: a constant of the cell, no flag
	 */
	facts.sync_completion = false;
	ks.util_pct = 22;
	fio.r_clat_mean_us = 33;
	ks.r_await_ms = 0.009;
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(kf, "util_below_busy"));
	facts.sqpoll = true;
	flags_for_run(&ks, &fio, 1, &facts, kf, sizeof(kf), ff, sizeof(ff));
	CHECK(!strcmp(kf, ""));
}

static void outliers(void)
{
	/* make bench's SQPOLL collapse: one run at 247 IOPS among ~170k */
	double one[] = { 171000, 168000, 247, 174000, 169500 };
	/* three of seven collapsed: bimodal, the smaller group marked */
	double two[] = { 250, 171000, 248, 168000, 174000, 252, 169000 };
	/* 40-56% CV on zram: spread, not outliers */
	double spread[] = { 300000, 700000, 450000, 900000, 380000 };
	int out[7];
	bool bimodal;

	CHECK(flags_outliers(one, 5, out, &bimodal) == 1);
	CHECK(out[2] == 1 && out[0] == 0 && !bimodal);
	CHECK(flags_outliers(two, 7, out, &bimodal) == 3);
	CHECK(bimodal && out[0] && out[2] && out[5] && !out[1]);
	CHECK(flags_outliers(spread, 5, out, &bimodal) == 0);
	/* the fast side when it is the smaller one */
	CHECK(flags_outliers((double[]){ 250, 251, 249, 170000 }, 4, out, &bimodal) == 1);
	CHECK(out[3] == 1);
	/* too few runs to say */
	CHECK(flags_outliers(one, 2, out, &bimodal) == 0);
}

/* fio spinning through its think time: user time against the sleep */
static void think_spin(void)
{
	CHECK(!flags_think_spun(30, 950));	/* 3%: a sleeping job */
	CHECK(flags_think_spun(240, 950));	/* 25%: partial spins */
	CHECK(flags_think_spun(640, 950));
	CHECK(!flags_think_spun(900, 0));	/* no think time: CPU is the job's */
}

/* the union the report's tables show: each flag once, whole names only */
static void merge(void)
{
	char buf[64] = "";

	flags_merge(buf, sizeof(buf), "no_kstats;fio_thinktime_spin");
	flags_merge(buf, sizeof(buf), "fio_thinktime_spin;;no_kstats");
	CHECK(!strcmp(buf, "no_kstats;fio_thinktime_spin"));
	/* a flag inside another's name is still its own */
	strcpy(buf, "util_below_busy");
	flags_merge(buf, sizeof(buf), "util_below;util_below_busy");
	CHECK(!strcmp(buf, "util_below_busy;util_below"));
	flags_merge(buf, sizeof(buf), "");
	CHECK(!strcmp(buf, "util_below_busy;util_below"));
}

int main(void)
{
	fio_impossible();
	think_spin();
	foreign();
	facts_not_flags();
	outliers();
	merge();
	return check_done("flags");
}
