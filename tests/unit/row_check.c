// SPDX-License-Identifier: GPL-2.0
/*
 * row_check.c: unit test of the check a --client row goes through, the one
 * local rows go through: each host's part of a fabricated client JSON
 * (client_stats entries with their own "job options", as fio 3.33 sends
 * them from its servers) is held to the cell.  A server whose job ran
 * another engine, file, runtime or sqthread_poll, whose jobs disagree, or
 * that runs another fio gets a failed row naming what ran; the host that
 * ran the cell keeps its "ok".  No fio server can be made to run another
 * engine than its job file names (the job guard refuses such jobs first),
 * so the JSON is written here.  Errors read as the CSV cell keeps them
 * (commas made semicolons).  A local row is held to the kernel settings
 * it started with: a multipath iopolicy that reads otherwise at its end
 * fails it, naming both.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "check.h"
#include "fio/fio_json.h"
#include "sweep/row_check.h"
#include "sweep/run_env.h"
#include "sweep/row_fill.h"

#define DIR_NONE "{ \"total_ios\": 0, \"iops\": 0, \"bw\": 0, \"runtime\": 0 }"
#define DIR_READ "{ \"total_ios\": 2000, \"iops\": 1000.0, \"bw\": 4000, " \
		 "\"runtime\": 2000, \"clat_ns\": { \"mean\": 20000.0 } }"

/* a host's job: hostname, job options */
#define HOST_JOB(host, opts) \
	"{ \"jobname\": \"randread\", \"hostname\": \"" host "\", \"port\": 8765, " \
	"\"error\": 0, \"job options\": { " opts " }, " \
	"\"read\": " DIR_READ ", \"write\": " DIR_NONE " },\n"

#define CELL_OPTS(engine, file, runtime) \
	"\"ioengine\": \"" engine "\", \"filename\": \"" file "\", " \
	"\"runtime\": \"" runtime "\", \"time_based\": \"\""

static const char client_json[] =
"<vm> randread: (g=0): rw=randread, bs=(R) 4096B-4096B, ioengine=io_uring\n"
"{\n"
"  \"fio version\" : \"fio-3.33\",\n"
"  \"global options\" : { \"ioengine\" : \"null\" },\n"
"  \"client_stats\" : [\n"
HOST_JOB("127.0.0.2", CELL_OPTS("io_uring", "/dev/loop7", "2"))
HOST_JOB("127.0.0.3", CELL_OPTS("psync", "/dev/loop7", "2"))
HOST_JOB("127.0.0.4", CELL_OPTS("io_uring", "/dev/loop8", "2"))
HOST_JOB("127.0.0.5", CELL_OPTS("io_uring", "/dev/loop7", "1"))
HOST_JOB("127.0.0.6", CELL_OPTS("io_uring", "/dev/loop7", "2") ", \"sqthread_poll\": \"1\"")
HOST_JOB("127.0.0.7", CELL_OPTS("io_uring", "/dev/loop7", "2"))
HOST_JOB("127.0.0.7", CELL_OPTS("libaio", "/dev/loop7", "2"))
"    { \"jobname\": \"All clients\", \"hostname\": \"127.0.0.7\", \"port\": 8765,\n"
"      \"error\": 0, \"read\": " DIR_READ ", \"write\": " DIR_NONE " }\n"
"  ]\n"
"}\n";

static struct run_env env;
static struct run_tools tools;

/* host's row of the cell, checked with fio version as its probe found it */
static void host_row(json_object *root, const char *host, const char *version,
		     struct result_row *r)
{
	static const struct sweep_cell c = {
		.val = { [DIM_ENGINE] = "io_uring", [DIM_SQPOLL] = "0",
			 [DIM_IOSTATS] = "1", [DIM_IOPRIO] = "none" },
		.name = "loop7/io_uring",
	};
	static struct target t = { .dev = "/dev/loop7", .disk = "loop7",
				   .remote = true };
	struct fio_result fr;
	int njobs;

	memset(r, 0, sizeof(*r));
	snprintf(r->status, sizeof(r->status), "ok");
	CHECK(!fio_json_client_read(root, host, &fr, &njobs));
	fill_fio(r, &fr);
	result_row_put(r, "iostats_eff", "1");
	snprintf(fr.version, sizeof(fr.version), "%s", version);
	row_check(&env, &tools, &c, &t, &fr, "io_uring", r);
}

static void expect(json_object *root, const char *host, const char *version,
		   const char *status, const char *error)
{
	struct result_row r;

	host_row(root, host, version, &r);
	if (strcmp(r.status, status) || strcmp(r.error, error))
		fprintf(stderr, "%s: got %s \"%s\"\n", host, r.status, r.error);
	CHECK(!strcmp(r.status, status));
	CHECK(!strcmp(r.error, error));
	CHECK(!strcmp(r.fio_version, version));
}

/*
 * a local row (127.0.0.2's figures) whose target's multipath iopolicy was
 * numa when the run started and reads @now at its end, from a file that
 * stands for the subsystem's attribute
 */
static void local_row(const char *now, struct result_row *r)
{
	static const struct sweep_cell c = {
		.val = { [DIM_ENGINE] = "io_uring", [DIM_IOSTATS] = "1",
			 [DIM_IOPOLICY] = "numa" },
		.name = "loop7/io_uring",
	};
	struct target t = { .dev = "/dev/loop7", .disk = "fioring-no-disk" };
	char dir[] = "/tmp/fioring-row_check.XXXXXX", path[sizeof(dir) + 16];
	char err[256];
	json_object *root;
	struct fio_result fr;
	int fd, njobs;

	memset(r, 0, sizeof(*r));
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/iopolicy", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	CHECK(write(fd, now, strlen(now)) == (ssize_t)strlen(now));
	close(fd);
	snprintf(t.subsys, sizeof(t.subsys), "%s", dir);
	root = fio_json_load(client_json, strlen(client_json), err, sizeof(err));
	CHECK(root && !fio_json_client_read(root, "127.0.0.2", &fr, &njobs));
	snprintf(r->status, sizeof(r->status), "ok");
	fill_fio(r, &fr);
	result_row_put(r, "iostats_eff", "1");
	result_row_put(r, "iopolicy_eff", "numa");
	snprintf(fr.version, sizeof(fr.version), "fio-3.33");
	row_check(&env, &tools, &c, &t, &fr, "io_uring", r);
	json_object_put(root);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	struct result_row r;
	char err[256];
	json_object *root;

	env.runtime = 2;
	snprintf(tools.fio_version, sizeof(tools.fio_version), "fio-3.33");
	root = fio_json_load(client_json, strlen(client_json), err, sizeof(err));
	CHECK(root != NULL);
	if (!root)
		return check_done("row_check");
	expect(root, "127.0.0.2,8765", "fio-3.33", "ok", "");
	expect(root, "127.0.0.2", "fio-3.41", "failed", "fio-3.41 ran; not fio-3.33");
	expect(root, "127.0.0.3", "fio-3.33", "failed", "engine psync ran; not io_uring");
	expect(root, "127.0.0.4", "fio-3.33", "failed",
	       "fio ran on /dev/loop8; not /dev/loop7");
	expect(root, "127.0.0.5", "fio-3.33", "failed",
	       "fio ran 2.000 s (runtime=1); not the 2 s asked");
	expect(root, "127.0.0.6", "fio-3.33", "failed",
	       "fio ran with sqthread_poll=1; not 0");
	expect(root, "127.0.0.7", "fio-3.33", "failed",
	       "the jobs ran with different ioengine");
	json_object_put(root);
	local_row("numa\n", &r);
	CHECK(!strcmp(r.status, "ok"));
	local_row("round-robin\n", &r);
	CHECK(!strcmp(r.error, "iopolicy changed during the run: numa at the "
			       "start and round-robin at the end"));
	return check_done("row_check");
}
