// SPDX-License-Identifier: GPL-2.0
/*
 * fio_prios.c: unit test of the per-priority figures taken from fio's
 * prios[]: two jobs with RT and no-class I/O merged by priority (counts
 * summed, percentiles from the merged json+ bins, worked out below), the
 * priority served first and last picked by class (none counts as BE, IDLE
 * last), and the results row's prio_* columns; a run with one priority
 * leaves them empty.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fio/fio_json.h"
#include "results/ioprio.h"

#define DIR_NONE "{ \"total_ios\": 0, \"iops\": 0, \"bw\": 0, \"runtime\": 0 }"

/*
 * RT (class 1): job a 10 reads at 100 us, job b 10 writes at 300 us:
 * 20 samples, p50 the 10th (100 us), p99 the 20th (300 us).  No class
 * (class 0): job a 90 reads at 500 us, job b 80 writes, 70 at 400 us and
 * 10 at 2000 us: 170 samples, p50 the 85th (500 us), p99 the 169th
 * (2000 us).  Runtime 2 s: RT 10 IOPS, BE 85 IOPS.
 */
#define PRIO(cls, n, bins) "{ \"prioclass\": " #cls ", \"prio\": 0, " \
	"\"clat_ns\": { \"N\": " #n ", \"percentile\": { \"50.000000\": 1, " \
	"\"99.000000\": 1 }, \"bins\": { " bins " } } }"
#define DIR(n, prios) "{ \"total_ios\": " #n ", \"iops\": 50, \"bw\": 1, " \
	"\"runtime\": 2000, \"clat_ns\": { \"mean\": 1 }, \"prios\": [ " prios " ] }"

static const char two_jobs[] =
"{ \"fio version\": \"fio-3.33\", \"jobs\": [\n"
" { \"error\": 0, \"read\": " DIR(100, PRIO(1, 10, "\"100000\": 10") ", "
	PRIO(0, 90, "\"500000\": 90")) ", \"write\": " DIR_NONE " },\n"
" { \"error\": 0, \"read\": " DIR_NONE ", \"write\": " DIR(90,
	PRIO(0, 80, "\"400000\": 70, \"2000000\": 10") ", "
	PRIO(1, 10, "\"300000\": 10")) " } ] }\n";

static const char idle_mix[] =
"{ \"fio version\": \"fio-3.33\", \"jobs\": [\n"
" { \"error\": 0, \"read\": " DIR(100, PRIO(3, 50, "\"900000\": 50") ", "
	PRIO(0, 50, "\"100000\": 50")) ", \"write\": " DIR_NONE " } ] }\n";

static const char one_prio[] =
"{ \"fio version\": \"fio-3.33\", \"jobs\": [\n"
" { \"error\": 0, \"read\": { \"total_ios\": 5, \"iops\": 5, \"bw\": 1,"
" \"runtime\": 1000, \"clat_ns\": { \"mean\": 1 } },"
" \"write\": " DIR_NONE " } ] }\n";

int main(void)
{
	const struct fio_prio_figs *hi, *lo;
	struct fio_result f;
	struct result_row r;
	char err[256];

	CHECK(!fio_json_parse(two_jobs, strlen(two_jobs), &f, err, sizeof(err)));
	CHECK(f.nprios == 2);
	CHECK(!fio_prios_extremes(&f, &hi, &lo));
	CHECK(hi->cls == 1 && hi->ios == 20);
	CHECK(near(hi->clat_p50_us, 100) && near(hi->clat_p99_us, 300));
	CHECK(lo->cls == 0 && lo->ios == 170);
	CHECK(near(lo->clat_p50_us, 500) && near(lo->clat_p99_us, 2000));

	result_row_init(&r);
	r.runtime_s = 2;
	ioprio_row_fill(&r, &f);
	CHECK(!strcmp(r.prio_hi_class, "rt") && !strcmp(r.prio_lo_class, "be"));
	CHECK(near(r.prio_hi_iops, 10) && near(r.prio_lo_iops, 85));
	CHECK(near(r.prio_hi_clat_p99_us, 300) && near(r.prio_lo_clat_p50_us, 500));

	CHECK(!fio_json_parse(idle_mix, strlen(idle_mix), &f, err, sizeof(err)));
	CHECK(!fio_prios_extremes(&f, &hi, &lo));
	CHECK(hi->cls == 0 && lo->cls == 3);

	CHECK(!fio_json_parse(one_prio, strlen(one_prio), &f, err, sizeof(err)));
	CHECK(f.nprios == 0 && fio_prios_extremes(&f, &hi, &lo) == -ENODATA);
	result_row_init(&r);
	ioprio_row_fill(&r, &f);
	CHECK(!r.prio_hi_class[0] && isnan(r.prio_hi_iops));
	return check_done("fio_prios");
}
