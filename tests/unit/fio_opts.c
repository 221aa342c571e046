// SPDX-License-Identifier: GPL-2.0
/*
 * fio_opts.c: unit test of the fio options a cell's settings become, from
 * the dims table: SQPOLL and a priority mix passed, nothing for a setting
 * at fio's default or a row not swept; and the check of fio's JSON against
 * them: an option fio ran at another value, one it ran without, a default
 * it ran otherwise, and jobs that disagree each fail, naming the option;
 * a job with more options than fio_ran keeps does not hide the cell's.
 * Every option a cell passes is one a row owns, which the job guard
 * refuses in a job file.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fio/fio_json.h"
#include "results/dims.h"
#include "sweep/fio_opts.h"

#define DIR_NONE "{ \"total_ios\": 0, \"iops\": 0, \"bw\": 0, \"runtime\": 0 }"
#define DIR_READ "{ \"total_ios\": 10, \"iops\": 10, \"bw\": 40, \"runtime\": 1000 }"

/* fio's JSON of two jobs: global options, then each job's own */
#define TWO_JOBS(global, a, b) \
	"{ \"fio version\": \"fio-3.33\", \"global options\": { " global " },\n" \
	"  \"jobs\": [\n" \
	"  { \"job options\": { " a " }, \"read\": " DIR_READ ", \"write\": " DIR_NONE " },\n" \
	"  { \"job options\": { " b " }, \"read\": " DIR_READ ", \"write\": " DIR_NONE " } ] }"

#define MIX "\"cmdprio_percentage\": \"10\", \"cmdprio_class\": \"1\", \"cmdprio\": \"2\""

/* a row's fio_owns names opt's option */
static bool owned(const char *opt)
{
	size_t n = strcspn(opt, "=");
	int i, k;

	for (i = 0; i < NR_DIMS; i++)
		for (k = 0; dims[i].fio_owns[k]; k++)
			if (strlen(dims[i].fio_owns[k]) == n &&
			    !strncmp(opt, dims[i].fio_owns[k], n))
				return true;
	return false;
}

/* fio's JSON json checked against val: its message, "" when it holds */
static const char *check(const char *const *val, const char *json)
{
	static char why[192];
	struct fio_result fr;
	char err[256];

	why[0] = '\0';
	CHECK(!fio_json_parse(json, strlen(json), &fr, err, sizeof(err)));
	if (cell_fio_opts_check(val, &fr.ran, why, sizeof(why)))
		CHECK(why[0]);
	return why;
}

/*
 * A job file with more options of its own than fio_ran keeps does not
 * crowd out the cell's, which fio reports among its global options
 */
static void crowded(const char *const *val)
{
	static char json[16384];
	size_t n;
	int i;

	n = snprintf(json, sizeof(json), "{ \"fio version\": \"fio-3.33\", "
		     "\"global options\": { \"sqthread_poll\": \"1\", %s },\n"
		     "  \"jobs\": [ { \"job options\": { ", MIX);
	for (i = 0; i < FIO_RAN_OPTS + 8; i++)
		n += snprintf(json + n, sizeof(json) - n, "%s\"opt%d\": \"%d\"",
			      i ? ", " : "", i, i);
	snprintf(json + n, sizeof(json) - n, " }, \"read\": " DIR_READ
		 ", \"write\": " DIR_NONE " } ] }");
	CHECK(!*check(val, json));
}

int main(void)
{
	const char *on[NR_DIMS] = {
		[DIM_ENGINE] = "io_uring", [DIM_SQPOLL] = "1",
		[DIM_IOSTATS] = "0", [DIM_IOPRIO] = "rt:10:2",
	};
	const char *off[NR_DIMS] = {
		[DIM_ENGINE] = "psync", [DIM_SQPOLL] = "0", [DIM_IOPRIO] = "none",
	};
	const char *unswept[NR_DIMS] = { [DIM_ENGINE] = "io_uring" };
	const char *bad[NR_DIMS] = { [DIM_IOPRIO] = "rt:0" };
	const char *all_io[NR_DIMS] = { [DIM_IOPRIO] = "idle/7" };
	struct strlist opts = { 0 };
	char name[128];
	int k;

	CHECK(!cell_fio_opts(on, &opts) && opts.nr == 4);
	CHECK(opts.nr == 4 && !strcmp(opts.v[0], "sqthread_poll=1") &&
	      !strcmp(opts.v[1], "cmdprio_percentage=10") &&
	      !strcmp(opts.v[3], "cmdprio=2"));
	CHECK(!cell_fio_opts(all_io, &opts) && opts.nr == 6);
	for (k = 0; k < opts.nr; k++)
		CHECK(owned(opts.v[k]));
	CHECK(!owned("bs=4k"));
	strlist_free(&opts);
	CHECK(!cell_fio_opts(off, &opts) && !opts.nr);
	CHECK(!cell_fio_opts(unswept, &opts) && !opts.nr);
	CHECK(cell_fio_opts(bad, &opts) == -EINVAL);
	strlist_free(&opts);

	cell_fio_opts_name(on, name, sizeof(name));
	CHECK(!strcmp(name, ", sqpoll 1, ioprio rt:10:2"));
	cell_fio_opts_name(off, name, sizeof(name));
	CHECK(!name[0]);

	CHECK(!*check(on, TWO_JOBS("\"sqthread_poll\": \"1\", " MIX, "", "")));
	CHECK(!strcmp(check(on, TWO_JOBS(MIX, "", "")),
		      "fio ran without sqthread_poll=1"));
	CHECK(!strcmp(check(on, TWO_JOBS("\"sqthread_poll\": \"1\", " MIX,
					 "\"cmdprio\": \"3\"", "\"cmdprio\": \"3\"")),
		      "fio ran with cmdprio=3, not 2"));
	CHECK(!strcmp(check(on, TWO_JOBS(MIX, "\"sqthread_poll\": \"1\"",
					 "\"sqthread_poll\": \"0\"")),
		      "the jobs ran with different sqthread_poll"));
	CHECK(!*check(off, TWO_JOBS("\"sqthread_poll\": \"0\"", "", "")));
	CHECK(!strcmp(check(off, TWO_JOBS("", "", "\"sqthread_poll\": \"1\"")),
		      "the jobs ran with different sqthread_poll"));
	CHECK(!strcmp(check(off, TWO_JOBS("\"sqthread_poll\": \"1\"", "", "")),
		      "fio ran with sqthread_poll=1, not 0"));
	CHECK(!*check(unswept, TWO_JOBS("\"sqthread_poll\": \"1\"", "", "")));
	crowded(on);
	return check_done("fio_opts");
}
