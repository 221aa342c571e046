// SPDX-License-Identifier: GPL-2.0
/*
 * fio_json.c: unit test of the fio json+ parser: warnings before the JSON,
 * two jobs summed (means weighted by I/O count, percentiles from the merged
 * histograms, worked out by hand below), plain json percentiles, think
 * time, and the errors for output that is not fio's JSON.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fio/fio_json.h"

#define DIR_NONE "{ \"total_ios\": 0, \"iops\": 0, \"bw\": 0, \"runtime\": 0 }"

/*
 * Job 1: 100 reads at 20 us mean clat, bins 10us x50, 20us x30, 50us x20.
 * Job 2: 300 reads at 40 us mean clat, bins 30us x290, 100us x10.
 * Together: 400 reads, clat mean (20*100 + 40*300) / 400 = 35 us, lat
 * (22*100 + 41*300) / 400 = 36.25 us, slat (2*100 + 1*300) / 400 = 1.25;
 * merged bins 10:50 20:30 30:290 50:20 100:10, so p50 is the 200th sample
 * (30 us), p99 the 396th (100 us), p99.9 the 400th (100 us).
 */
static const char two_jobs[] =
"fio: this platform does not support process shared mutexes, forcing use of threads\n"
"note: both iodepth >= 1 and synchronous I/O engine are selected\n"
"{\n"
"  \"fio version\" : \"fio-3.33\",\n"
"  \"global options\" : { \"iodepth\" : \"8\" },\n"
"  \"jobs\" : [\n"
"    { \"jobname\": \"a\", \"error\": 0, \"job options\": { \"iodepth\": \"4\" },\n"
"      \"read\": { \"total_ios\": 100, \"iops\": 1000.0, \"bw\": 4000,\n"
"        \"runtime\": 100,\n"
"        \"slat_ns\": { \"mean\": 2000.0 }, \"lat_ns\": { \"mean\": 22000.0 },\n"
"        \"clat_ns\": { \"mean\": 20000.0,\n"
"          \"percentile\": { \"50.000000\": 10000, \"99.000000\": 50000,\n"
"                          \"99.900000\": 50000 },\n"
"          \"bins\": { \"10000\": 50, \"20000\": 30, \"50000\": 20 } } },\n"
"      \"write\": " DIR_NONE " },\n"
"    { \"jobname\": \"b\", \"error\": 0,\n"
"      \"read\": { \"total_ios\": 300, \"iops\": 3000.0, \"bw\": 12000,\n"
"        \"runtime\": 101,\n"
"        \"slat_ns\": { \"mean\": 1000.0 }, \"lat_ns\": { \"mean\": 41000.0 },\n"
"        \"clat_ns\": { \"mean\": 40000.0,\n"
"          \"percentile\": { \"50.000000\": 30000, \"99.000000\": 100000,\n"
"                          \"99.900000\": 100000 },\n"
"          \"bins\": { \"30000\": 290, \"100000\": 10 } } },\n"
"      \"write\": " DIR_NONE " }\n"
"  ]\n"
"}\n";

static const char plain_json[] =
"{ \"fio version\": \"fio-3.40\", \"jobs\": [ { \"error\": 5,\n"
"  \"read\": " DIR_NONE ",\n"
"  \"write\": { \"total_ios\": 10, \"iops\": 10.5, \"bw\": 42, \"runtime\": 952,\n"
"    \"slat_ns\": { \"mean\": 0 }, \"lat_ns\": { \"mean\": 7000 },\n"
"    \"clat_ns\": { \"mean\": 7000, \"percentile\": { \"50.000000\": 6000,\n"
"      \"99.000000\": 9000, \"99.900000\": 9500 } } } } ] }";

/*
 * Think time: job a sleeps 1 ms less 200 us of spin after every 2 of its
 * 1000 reads (400 ms), job b 500 us (global) after each of its 100 writes
 * (50 ms); the user CPU time is 10% and 50% of 1000 ms job runtimes.
 */
static const char think_jobs[] =
"{ \"fio version\": \"fio-3.33\", \"global options\": { \"thinktime\": \"500\" },\n"
"  \"jobs\": [\n"
"  { \"job options\": { \"thinktime\": \"1ms\", \"thinktime_spin\": \"200us\",\n"
"      \"thinktime_blocks\": \"2\" },\n"
"    \"usr_cpu\": 10.0, \"sys_cpu\": 5.0, \"job_runtime\": 1000,\n"
"    \"read\": { \"total_ios\": 1000, \"iops\": 1000, \"bw\": 4000, \"runtime\": 1000 },\n"
"    \"write\": " DIR_NONE " },\n"
"  { \"usr_cpu\": 50.0, \"sys_cpu\": 0, \"job_runtime\": 1000,\n"
"    \"read\": " DIR_NONE ",\n"
"    \"write\": { \"total_ios\": 100, \"iops\": 100, \"bw\": 400, \"runtime\": 1000 } } ] }";

int main(void)
{
	struct fio_result r;
	char err[256];

	CHECK(!fio_json_parse(two_jobs, sizeof(two_jobs) - 1, &r, err, sizeof(err)));
	CHECK(!strcmp(r.version, "fio-3.33"));
	CHECK(r.njobs == 2 && r.iodepth == 4 && r.job_error == 0);
	CHECK(r.rd.ios == 400 && near(r.rd.iops, 4000.0) && near(r.rd.bw_kib, 16000.0));
	CHECK(near(r.rd.clat_mean_us, 35.0));
	CHECK(near(r.rd.lat_mean_us, 36.25));
	CHECK(near(r.rd.slat_mean_us, 1.25));
	CHECK(near(r.rd.clat_p50_us, 30.0));
	CHECK(near(r.rd.clat_p99_us, 100.0));
	CHECK(near(r.rd.clat_p999_us, 100.0));
	CHECK(near(r.rd.runtime_ms, 101.0));
	CHECK(r.wr.ios == 0 && r.wr.iops == 0.0);

	/* plain json: no bins, fio's own percentiles; a job's error kept */
	CHECK(!fio_json_parse(plain_json, sizeof(plain_json) - 1, &r, err, sizeof(err)));
	CHECK(r.job_error == 5 && r.iodepth == 0);
	CHECK(r.wr.ios == 10 && near(r.wr.iops, 10.5) && near(r.wr.bw_kib, 42));
	CHECK(near(r.wr.clat_p50_us, 6.0) && near(r.wr.clat_p99_us, 9.0) &&
	      near(r.wr.clat_p999_us, 9.5));
	CHECK(r.rd.ios == 0);

	/* what the jobs were to sleep in think time, and their user time */
	CHECK(!fio_json_parse(think_jobs, sizeof(think_jobs) - 1, &r, err, sizeof(err)));
	CHECK(near(r.think_sleep_ms, 450.0));
	CHECK(near(r.usr_ms, 600.0) && near(r.cpu_ms, 650.0));
	CHECK(!fio_json_parse(two_jobs, sizeof(two_jobs) - 1, &r, err, sizeof(err)));
	CHECK(r.think_sleep_ms == 0);

	CHECK(fio_json_parse("fio: no such file\n", 18, &r, err, sizeof(err)));
	CHECK(strstr(err, "no JSON"));
	CHECK(fio_json_parse("{ \"jobs\": [", 11, &r, err, sizeof(err)));
	CHECK(strstr(err, "does not parse"));
	CHECK(fio_json_parse("{ \"jobs\": [] }", 14, &r, err, sizeof(err)));
	CHECK(strstr(err, "no jobs"));
	return check_done("fio_json");
}
