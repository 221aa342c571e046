// SPDX-License-Identifier: GPL-2.0
/*
 * fio_runner.c: unit test of the fio command line a cell becomes: json+
 * output, the cell's options right after --ioengine (fio ignores engine
 * options before it), the runtime made time-based, extra arguments, the
 * job file last; and the message of a failed fio, from its
 * stderr or, when that is empty, from its stdout outside the JSON.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fio/fio_runner.h"

/* position of word in argv, -1 if absent */
static int pos(const struct fio_argv *a, const char *word)
{
	int i;

	for (i = 0; a->argv[i]; i++)
		if (!strcmp(a->argv[i], word))
			return i;
	return -1;
}

/* a file holding text; its name in path (a mkstemp template) */
static void put(char *path, const char *text)
{
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	fputs(text, f);
	fclose(f);
}

/* the message of a failed fio: stderr first, else stdout outside the JSON */
static void check_err_message(void)
{
	char err[] = "/tmp/fio_runner.err.XXXXXX";
	char none[] = "/tmp/fio_runner.none.XXXXXX";
	char out[] = "/tmp/fio_runner.out.XXXXXX";
	char msg[512];

	put(err, "fio: failed parsing rw=x\n\njob dropped \n");
	put(none, "");
	put(out, "fioring: io_uring is not available: Operation not permitted\n"
		 "{\n  \"fio version\" : \"fio-3.33\",\n  \"jobs\" : [\n"
		 "fio in the JSON: not a message\n  ]\n}\n"
		 "fio: pid=1, err=1/file:ioengines.c:1, func=io_queue_init, "
		 "error=Operation not permitted\n");
	fio_err_message(err, out, msg, sizeof(msg));
	CHECK(!strcmp(msg, "fio: failed parsing rw=x; job dropped"));
	fio_err_message(none, out, msg, sizeof(msg));
	CHECK(!strcmp(msg, "fioring: io_uring is not available: Operation not "
		      "permitted; fio: pid=1, err=1/file:ioengines.c:1, "
		      "func=io_queue_init, error=Operation not permitted"));
	fio_err_message(none, NULL, msg, sizeof(msg));
	CHECK(!msg[0]);
	fio_err_message("/nonexistent/err", none, msg, sizeof(msg));
	CHECK(!msg[0]);
	/* a short buffer holds the start of the cause */
	fio_err_message(none, out, msg, 20);
	CHECK(!strcmp(msg, "fioring: io_uring i"));
	unlink(err);
	unlink(none);
	unlink(out);
}

int main(void)
{
	struct strlist extra = { 0 }, opts = { 0 };
	struct fio_argv a;
	struct fio_cmd c;
	int n;

	strlist_add(&extra, "--numjobs=2");
	strlist_add(&opts, "sqthread_poll=1");
	strlist_add(&opts, "cmdprio_percentage=10");
	memset(&c, 0, sizeof(c));
	c.fio = "/usr/bin/fio";
	c.job = "jobs/randread-qd32.fio";
	c.filename = "/dev/zram1";
	c.ioengine = "external:/x/libfioring.so";
	c.opts = &opts;
	c.path_stats = "/out/paths/r0001.json";
	c.aux_path = "/out/raw";
	c.runtime = 5;
	c.extra = &extra;
	n = fio_build_argv(&c, &a);
	CHECK(n == 12);
	CHECK(pos(&a, "--aux-path=/out/raw") > 0);
	CHECK(!strcmp(a.argv[0], "/usr/bin/fio"));
	CHECK(pos(&a, "--output-format=json+") == 1);
	CHECK(pos(&a, "--ioengine=external:/x/libfioring.so") == 2);
	/* the cell's options are engine options too: after --ioengine */
	CHECK(pos(&a, "--sqthread_poll=1") == 3);
	CHECK(pos(&a, "--cmdprio_percentage=10") == 4);
	CHECK(pos(&a, "--path_stats=/out/paths/r0001.json") == 5);
	CHECK(pos(&a, "--filename=/dev/zram1") > 2);
	CHECK(pos(&a, "--runtime=5") > 0 && pos(&a, "--time_based") > 0);
	CHECK(pos(&a, "--numjobs=2") == n - 2);
	CHECK(!strcmp(a.argv[n - 1], "jobs/randread-qd32.fio") && !a.argv[n]);

	/* fio's own engine on an NVMe char device; job's runtime; no options */
	c.ioengine = "io_uring_cmd";
	c.char_dev = true;
	c.opts = NULL;
	c.path_stats = NULL;
	c.aux_path = NULL;
	c.runtime = 0;
	c.extra = NULL;
	n = fio_build_argv(&c, &a);
	CHECK(pos(&a, "--cmd_type=nvme") == 3);
	CHECK(pos(&a, "--sqthread_poll=1") < 0 && pos(&a, "--time_based") < 0);
	CHECK(n == 6);
	check_err_message();
	strlist_free(&extra);
	strlist_free(&opts);
	return check_done("fio_runner");
}
