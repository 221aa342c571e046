// SPDX-License-Identifier: GPL-2.0
/*
 * sweep.c: unit test of the run command line and the sweep plan: defaults,
 * lists, bad values refused, the cell cross product and its stable names,
 * pairs side by side with --adaptive-vs, even repeats backwards, and which
 * job files count as writing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli/cli.h"
#include "fio/jobfile.h"
#include "sweep/sweep.h"

static int parse(struct run_env *env, ...)
{
	char *argv[32];
	int argc = 0;
	va_list ap;

	va_start(ap, env);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	return cli_parse_run(argc, argv, env);
}

static void write_job(const char *path, const char *body)
{
	FILE *f = fopen(path, "w");

	fputs(body, f);
	fclose(f);
}

/* option, value: each one refused */
static const char *const bad[][2] = {
	{ "--iostats", "1,,2" },
	{ "--sqpoll", "2" },
	{ "--repeat", "0" },
	{ "--runtime", "1s" },
	{ "--ioprio", "be/9" },
	{ "--embedded", "nvme" },
	{ "--bogus", NULL },
	{ "stray", NULL },
};

int main(void)
{
	char rd[] = "/tmp/fioring-sweep-rd.XXXXXX", wr[] = "/tmp/fioring-sweep-wr.XXXXXX";
	struct strlist none = { 0 }, pol = { 0 };
	struct sweep_target tg[2];
	struct run_env env;
	struct sweep s;
	int fd;

	/* defaults */
	CHECK(!parse(&env, "run", NULL));
	CHECK(env.vals[DIM_IOSTATS].nr == 3 &&
	      !strcmp(env.vals[DIM_IOSTATS].v[2], "2"));
	CHECK(env.vals[DIM_ENGINE].nr == 2 &&
	      !strcmp(env.vals[DIM_ENGINE].v[0], "fioring") &&
	      !strcmp(env.vals[DIM_ENGINE].v[1], "io_uring"));
	CHECK(env.repeat == 5 && env.runtime == 5 && env.vals[DIM_SQPOLL].nr == 1);
	CHECK(!env.vals[DIM_IOPOLICY].nr && !env.vals[DIM_SCHEDULER].nr &&
	      !env.force && !env.given[DIM_ENGINE]);
	cli_free(&env);

	/* bad values: refused */
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(parse(&env, "run", bad[i][0], bad[i][1], NULL) < 0);
		cli_free(&env);
	}

	/* job files for the plan (whether they write is fio's to say) */
	fd = mkstemp(rd);
	close(fd);
	fd = mkstemp(wr);
	close(fd);
	write_job(rd, "; reads\n[r]\nrw=randread\nbs=4k\n");
	write_job(wr, "[w]\nreadwrite = randrw\n");

	/* 2 targets x 2 jobs x 2 engines x 2 sqpoll x 3 iostats, 2 policies
	 * on the second target */
	CHECK(!parse(&env, "run", "--job", rd, "--job", wr, "--engine",
		     "fioring,io_uring", "--sqpoll", "0,1", "-r", "3", NULL));
	strlist_split(&pol, "numa,round-robin");
	memset(tg, 0, sizeof(tg));
	tg[0].disk = "zram0";
	tg[0].vals[DIM_IOPOLICY] = &none;
	tg[0].now[DIM_SCHEDULER] = "none";
	tg[1].disk = "nvme0n1";
	tg[1].vals[DIM_IOPOLICY] = &pol;
	tg[1].now[DIM_SCHEDULER] = "mq-deadline";
	CHECK(!sweep_plan(&s, &env, tg, 2));
	CHECK(s.nr == 2 * 2 * 2 * 3 + 2 * 2 * 2 * 3 * 2);
	CHECK(s.cells[0].target == 0 && !s.cells[0].val[DIM_IOPOLICY]);
	CHECK(!strcmp(s.cells[0].val[DIM_ENGINE], "fioring") &&
	      !strcmp(s.cells[0].val[DIM_SQPOLL], "0"));
	CHECK(!strncmp(s.cells[0].name, "zram0/fioring/fioring-sweep-rd.", 31));
	CHECK(strstr(s.cells[0].name, "/sq0/iostats0/iopolicy-/prio-none/sched-none"));
	CHECK(!strcmp(s.cells[12].job, wr));
	CHECK(!strcmp(s.cells[24].val[DIM_IOPOLICY], "numa") &&
	      !strcmp(s.cells[25].val[DIM_IOPOLICY], "round-robin"));
	CHECK(strstr(s.cells[25].name, "/iopolicy-round-robin/prio-none/sched-mq-deadline"));
	/* names are unique: rows with one name are repeats of one setting */
	for (int i = 0; i < s.nr; i++)
		for (int k = i + 1; k < s.nr; k++)
			CHECK(strcmp(s.cells[i].name, s.cells[k].name));
	sweep_free(&s);
	cli_free(&env);

	/*
	 * with --adaptive-vs each io_uring cell runs right before the fioring
	 * cell judged against it, and even repeats run backwards
	 */
	CHECK(!parse(&env, "run", "--job", rd, "--job", wr, "--engine",
		     "fioring,io_uring", "--sqpoll", "0,1", "--adaptive", "4",
		     "--adaptive-vs", "io_uring", NULL));
	CHECK(!sweep_plan(&s, &env, tg, 2));
	CHECK(s.nr == 2 * 2 * 2 * 3 + 2 * 2 * 2 * 3 * 2);
	for (int i = 0; i < s.nr; i += 2) {
		CHECK(!strcmp(s.cells[i].val[DIM_ENGINE], "io_uring") &&
		      !strcmp(s.cells[i + 1].val[DIM_ENGINE], "fioring"));
		CHECK(sweep_vs_partner(&s, i + 1, "engine", "io_uring") == i);
		/* moved cells keep their own job */
		CHECK(!strcmp(sweep_val(&s.cells[i], DIM_JOB), s.cells[i].job_name));
		CHECK(!strcmp(s.cells[i].job, s.cells[i + 1].job));
	}
	CHECK(!strcmp(s.cells[0].val[DIM_SQPOLL], "0") &&
	      !strcmp(s.cells[2].val[DIM_SQPOLL], "0") &&
	      !strcmp(s.cells[2].val[DIM_IOSTATS], "1"));
	CHECK(sweep_order(1, 0, 10) == 0 && sweep_order(1, 9, 10) == 9);
	CHECK(sweep_order(2, 0, 10) == 9 && sweep_order(2, 9, 10) == 0);
	sweep_free(&s);
	strlist_free(&pol);
	cli_free(&env);
	unlink(rd);
	unlink(wr);
	return check_done("sweep");
}
