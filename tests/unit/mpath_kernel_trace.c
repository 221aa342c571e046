// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_kernel_trace.c: checks the reader of nvme tracepoint lines
 * (engines/mpath_kernel_trace.c, built in here) on lines laid out as the
 * kernel's nvme trace events print them: setup and completion of reads,
 * writes and flushes, their pairing keys and path disk, the timestamp in
 * ns, and that admin commands, other events and damaged lines are refused.
 */
#include <string.h>

#include "check.h"
#include "../../engines/mpath_kernel_trace.c"

static const char setup_read[] =
	"             fio-1234    [001] .....   123.456789: nvme_setup_cmd: nvme1: "
	"disk=nvme0c1n1, qid=2, cmdid=4097, nsid=1, flags=0x0, meta=0x0, "
	"cmd=(nvme_cmd_read slba=2048, len=7, ctrl=0x0, dsmgmt=0, reftag=0)";
static const char done_read[] =
	"          <idle>-0       [001] d.h1.   123.456912: nvme_complete_rq: nvme1: "
	"disk=nvme0c1n1, qid=2, cmdid=4097, res=0x0, retries=0, flags=0x2, status=0x0";
static const char setup_write[] =
	"             fio-1234    [000] .....  5.000001: nvme_setup_cmd: nvme0: "
	"disk=nvme0c0n1, qid=1, cmdid=7, nsid=1, flags=0x0, meta=0x0, "
	"cmd=(nvme_cmd_write slba=0, len=0, ctrl=0x0, dsmgmt=0, reftag=0)";
static const char done_error[] =
	"  kworker/0:1H-77      [000] d.h1.   5.000100: nvme_complete_rq: nvme0: "
	"disk=nvme0c0n1, qid=1, cmdid=7, res=0x0, retries=0, flags=0x0, status=0x370";
static const char setup_flush[] =
	"             fio-1234    [000] .....  5.2: nvme_setup_cmd: nvme0: "
	"disk=nvme0c0n1, qid=1, cmdid=8, nsid=1, flags=0x0, meta=0x0, "
	"cmd=(nvme_cmd_flush )";
static const char admin[] =
	"             fio-1234    [000] .....  1.0: nvme_setup_cmd: nvme0: qid=0, "
	"cmdid=12, nsid=1, flags=0x0, meta=0x0, cmd=(nvme_admin_identify cns=0, ctrlid=0)";

static void test_pair(void)
{
	struct nm_trace_event s, c;

	CHECK(nm_trace_parse(setup_read, &s));
	CHECK(s.setup && s.ctrl == 1 && s.qid == 2 && s.cid == 4097);
	CHECK(s.disk_len == 9 && !strncmp(s.disk, "nvme0c1n1", s.disk_len));
	CHECK(s.dir == PATHSTATS_READ && s.blocks == 8);
	CHECK(s.ts_ns == 123456789000ULL);

	CHECK(nm_trace_parse(done_read, &c));
	CHECK(!c.setup && c.ctrl == 1 && c.qid == 2 && c.cid == 4097 && c.status == 0);
	CHECK(c.disk_len == 9 && !strncmp(c.disk, "nvme0c1n1", c.disk_len));
	/* 123 us between setup and completion */
	CHECK(c.ts_ns - s.ts_ns == 123000);
}

static void test_write_error_flush(void)
{
	struct nm_trace_event e;

	CHECK(nm_trace_parse(setup_write, &e));
	CHECK(e.dir == PATHSTATS_WRITE && e.blocks == 1 && e.ts_ns == 5000001000ULL);
	CHECK(nm_trace_parse(done_error, &e));
	/* Host Path Error: path-related status type 3 */
	CHECK(e.status == 0x370 && ((e.status >> 8) & 7) == 3);
	CHECK(nm_trace_parse(setup_flush, &e));
	CHECK(e.dir == PATHSTATS_OTHER && e.blocks == 0 && e.cid == 8);
}

static void test_refused(void)
{
	struct nm_trace_event e;
	char cut[sizeof(setup_read)];

	CHECK(!nm_trace_parse(admin, &e));
	CHECK(!nm_trace_parse("  fio-1 [000] ..... 1.0: block_rq_issue: 259,0 R 4096 () 0 + 8", &e));
	CHECK(!nm_trace_parse("", &e));
	/* a line cut before the command id */
	memcpy(cut, setup_read, sizeof(cut));
	cut[strstr(cut, "cmdid=") - cut] = '\0';
	CHECK(!nm_trace_parse(cut, &e));
	/* no timestamp before the event name */
	CHECK(!nm_trace_parse(": nvme_setup_cmd: nvme0: disk=nvme0c0n1, qid=1, cmdid=1", &e));
}

int main(void)
{
	test_pair();
	test_write_error_flush();
	test_refused();
	return check_done("mpath_kernel_trace");
}
