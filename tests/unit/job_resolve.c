// SPDX-License-Identifier: GPL-2.0
/*
 * job_resolve.c: unit test of reading a job as fio does, against the fio
 * of the build ($FIO): options under fio's own names (aliases resolved),
 * per section, an include continuing its section, [global] applying to
 * the jobs after it, the command line under the job file, the marker
 * splitting the caller's options from the extra ones, and fio's refusal
 * of a bad value or an unknown engine in its own words; and the log of
 * short pids, which fio pads with spaces.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fio/job_resolve.h"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f)) {
		perror(path);
		exit(1);
	}
}

static const char *eff(const struct job_parse *p, const char *sec,
		       const char *name)
{
	int i;

	for (i = 0; i < p->nr; i++)
		if (!strcmp(p->sec[i].name, sec))
			return job_effective(p, i, name);
	return "no such section";
}

static int same(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

int main(void)
{
	char dir[] = "/tmp/job_resolve.XXXXXX", job[64], inc[64], text[256];
	const char *fio = getenv("FIO");
	const char *const names[] = { "runtime", NULL };
	char *argv[8], err[512];
	struct job_parse p;

	if (!fio) {
		printf("SKIP: FIO is not set (run through make check)\n");
		return 77;
	}
	if (!mkdtemp(dir))
		return 1;
	snprintf(job, sizeof(job), "%s/a.fio", dir);
	snprintf(inc, sizeof(inc), "%s/w.inc", dir);
	write_file(inc, "readwrite=randwrite\n");
	snprintf(text, sizeof(text), "[global]\nblocksize=8k\n[one]\ntimeout=3\n"
		 "include %s\n[global]\niodepth=4\n[two]\nsize=1M\n", inc);
	write_file(job, text);
	argv[0] = (char *)fio;
	argv[1] = (char *)"--ioengine=null";
	argv[2] = (char *)"--rw=read";
	argv[3] = (char *)"--description=mark";
	argv[4] = (char *)"--rw=trim";
	argv[5] = job;
	argv[6] = NULL;
	CHECK(!job_resolve(argv, "--description=mark", &p, err, sizeof(err)));
	CHECK(p.nr == 4 && p.sec[0].global && !p.sec[1].global);
	CHECK(!strcmp(p.sec[1].name, "one") && !strcmp(p.sec[3].name, "two"));
	/* aliases under fio's names; the include is part of [one] */
	CHECK(same(eff(&p, "one", "rw"), "randwrite"));
	CHECK(same(eff(&p, "one", "bs"), "8k"));
	CHECK(job_section_find(&p.sec[1], names) &&
	      same(job_section_find(&p.sec[1], names)->val, "3"));
	/* a later [global] reaches the later job only */
	CHECK(same(eff(&p, "two", "iodepth"), "4"));
	CHECK(eff(&p, "one", "iodepth") == NULL);
	/* the extra option wins over the caller's, the job file over both */
	CHECK(same(eff(&p, "two", "rw"), "trim"));
	CHECK(p.args.nr == 1 && same(p.args.opts[0].name, "rw"));
	CHECK(same(eff(&p, "two", "ioengine"), "null"));
	job_parse_free(&p);

	/* fio pads the pid to 5 columns: short pids leave more spaces */
	char log[] = "fio: set debug option parse\n"
		     "parse    812   handle_option=rw, ptr=write\n"
		     "parse    812   handle_option=description, ptr=mark\n"
		     "parse    812   handle_option=bs, ptr=8k\n"
		     "parse    812   Parsing ini file x.fio\n"
		     "parse    812   Parsing section [j]\n"
		     "parse    812   rw=read\n"
		     "parse    1234567 handle_option=rw, ptr=read\n";
	memset(&p, 0, sizeof(p));
	CHECK(!job_parse_log(log, "--description=mark", &p));
	CHECK(p.cmdline.nr == 1 && p.args.nr == 1 && p.nr == 1);
	CHECK(same(eff(&p, "j", "rw"), "read") && same(eff(&p, "j", "bs"), "8k"));
	job_parse_free(&p);

	write_file(job, "[bad]\nrw=randred\n");
	argv[4] = job;
	argv[5] = NULL;
	CHECK(job_resolve(argv, "--description=mark", &p, err, sizeof(err)) == -EINVAL);
	CHECK(strstr(err, "failed parsing rw=randred"));
	write_file(job, "[ok]\nrw=read\n");
	argv[1] = (char *)"--ioengine=nosuchengine";
	CHECK(job_resolve(argv, NULL, &p, err, sizeof(err)) == -EINVAL);
	CHECK(strstr(err, "nosuchengine"));
	unlink(job);
	unlink(inc);
	rmdir(dir);
	return check_done("job_resolve");
}
