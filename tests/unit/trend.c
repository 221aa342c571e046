// SPDX-License-Identifier: GPL-2.0
/*
 * trend.c: checks what harness/report/trend.c says of two setups: the
 * parts that differ, queue among them, and which queue/ attributes moved,
 * with both values, "-" where one side has none, each by its device when
 * a sweep has several, a device on one side only left to the target part,
 * and a list too long for the buffer cut with "..."; the same of the
 * system settings and kernel config, and the command line's parameters
 * removed and added;
 * a part that one side has no record of is no difference.
 */
#include <string.h>

#include "report/trend.h"
#include "check.h"

#define BASE "kernel=6.1 #1|fio=fio-3.33 ab|engine=x|target=loop-64MiB|placement=p"

static const char *qdiff(const char *a, const char *b)
{
	static char buf[256];

	return trend_settings_diff(TREND_QUEUE, a, b, buf, sizeof(buf));
}

static const char *sdiff(int k, const char *a, const char *b)
{
	static char buf[256];

	return trend_settings_diff(k, a, b, buf, sizeof(buf));
}

int main(void)
{
	const char *a = BASE "|queue=loop-64MiB:nomerges=0,read_ahead_kb=128,scheduler=none";
	const char *b = BASE "|queue=loop-64MiB:nomerges=0,read_ahead_kb=4096,scheduler=none";
	const char *c = BASE "|queue=loop-64MiB:nomerges=0,io_poll=1,scheduler=none";
	const char *two1 = BASE "|queue=d1:nr_requests=64;d2:nr_requests=64";
	const char *two2 = BASE "|queue=d1:nr_requests=64;d2:nr_requests=256;d3:x=1";
	char buf[128], small[24];

	CHECK(!strcmp(trend_setup_diff(a, b, buf, sizeof(buf)), "queue"));
	CHECK(!strcmp(trend_setup_diff(BASE, BASE, buf, sizeof(buf)), "setup"));
	CHECK(!strcmp(qdiff(a, a), ""));
	CHECK(!strcmp(qdiff(BASE, BASE), ""));
	CHECK(!strcmp(qdiff(a, b), "read_ahead_kb 128 -> 4096"));
	CHECK(!strcmp(qdiff(a, c), "io_poll - -> 1, read_ahead_kb 128 -> -"));
	CHECK(!strcmp(qdiff(two1, two2), "d2 nr_requests 64 -> 256"));
	CHECK(!strcmp(trend_settings_diff(TREND_QUEUE, a, c, small, sizeof(small)),
		      "io_poll - -> 1, read..."));
	/* the queue part need not be the last */
	CHECK(!strcmp(qdiff("queue=z:k=1|kernel=a", "kernel=a|queue=z:k=2"),
		      "k 1 -> 2"));

	/* the system part: KEY=VALUE at tabs, values with ';' ',' ':' kept */
	CHECK(!strcmp(trend_setup_diff(BASE "|system=cpu.smt=on", BASE "|system=cpu.smt=off",
				       buf, sizeof(buf)), "system"));
	CHECK(!strcmp(sdiff(TREND_SYSTEM, "system=cpu.smt=on\tvuln.x=Mitigation: A; B, C",
			    "system=cpu.smt=on\tvuln.x=Vulnerable\tnvme.poll_queues=2"),
		      "vuln.x Mitigation: A; B, C -> Vulnerable, nvme.poll_queues - -> 2"));
	CHECK(!strcmp(sdiff(TREND_SYSTEM, "system=a=1\tb=2", "system=a=1\tb=2"), ""));
	/* the kernel config as the system part */
	CHECK(!strcmp(sdiff(TREND_KCONFIG, "kconfig=CONFIG_HZ=250\tCONFIG_PROVE_LOCKING=n",
			    "system=x=1|kconfig=CONFIG_HZ=250\tCONFIG_PROVE_LOCKING=y"),
		      "CONFIG_PROVE_LOCKING n -> y"));
	/* the command line: each parameter, a repeated one counted */
	CHECK(!strcmp(sdiff(TREND_CMDLINE, "cmdline=quiet tsc=a tsc=a mitigations=auto",
			    "cmdline=tsc=a quiet mitigations=off"),
		      "-tsc=a -mitigations=auto +mitigations=off"));
	CHECK(!strcmp(sdiff(TREND_CMDLINE, "cmdline=a", "cmdline=a b=\"x y\""),
		      "+b=\"x y\""));
	CHECK(!strcmp(trend_setup_diff("cmdline=a|kernel=k", "kernel=k|cmdline=b", buf,
				       sizeof(buf)), "cmdline"));
	/* not recorded on one side (an older harness): not a difference */
	CHECK(!strcmp(sdiff(TREND_CMDLINE, BASE, BASE "|cmdline=quiet"), ""));
	CHECK(!strcmp(sdiff(TREND_SYSTEM, BASE "|system=a=1", BASE), ""));
	return check_done("trend");
}
