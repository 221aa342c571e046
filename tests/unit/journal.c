// SPDX-License-Identifier: GPL-2.0
/*
 * journal.c: unit test of the settings journal on plain files standing in
 * for sysfs attributes: the old value is journaled once per attribute
 * before the write, the effective value is read back, a replay puts every
 * attribute back to its first value (newest line first) and empties the
 * journal, and a second holder of the journal is refused.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "lib/fileio.h"
#include "kernel/journal.h"

static char dir[] = "/tmp/fioring-journal-test.XXXXXX";

static void put(const char *name, const char *val, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%s", dir, name);
	f = fopen(path, "w");
	CHECK(f && fputs(val, f) >= 0 && !fclose(f));
}

static int has(const char *path, const char *want)
{
	char buf[256];

	return !file_read_line(path, buf, sizeof(buf)) && !strcmp(buf, want);
}

int main(void)
{
	char jpath[256], iostats[256], sched[256], eff[64], line[512];
	struct journal j, j2;
	FILE *f;
	int n;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(jpath, sizeof(jpath), "%s/state/journal", dir);
	put("iostats", "0\n", iostats, sizeof(iostats));
	put("scheduler", "[none] mq-deadline kyber\n", sched, sizeof(sched));

	CHECK(!journal_open(&j, jpath));
	CHECK(!journal_pending(&j));
	CHECK(journal_open(&j2, jpath) == -EBUSY);

	CHECK(!journal_knob_set(&j, iostats, "2", eff, sizeof(eff)));
	CHECK(!strcmp(eff, "2"));
	CHECK(!journal_knob_set(&j, iostats, "1", eff, sizeof(eff)));
	CHECK(!journal_knob_set(&j, sched, "kyber", eff, sizeof(eff)));
	CHECK(!strcmp(eff, "kyber"));
	CHECK(journal_pending(&j));

	/* one line per attribute, holding the value before the first write */
	f = fopen(jpath, "r");
	CHECK(f != NULL);
	n = 0;
	while (f && fgets(line, sizeof(line), f)) {
		n++;
		if (n == 1)
			CHECK(!strncmp(line, "knob\t", 5) && strstr(line, "\t0\n"));
		if (n == 2)
			CHECK(strstr(line, "\tnone\n") != NULL);
	}
	if (f)
		fclose(f);
	CHECK(n == 2);

	CHECK(journal_knob_set(&j, "/nonexistent/attr", "1", eff, sizeof(eff)) ==
	      -ENOENT);

	CHECK(journal_restore(&j, NULL) == 0);
	CHECK(has(iostats, "0"));
	CHECK(has(sched, "none"));
	CHECK(!journal_pending(&j));
	journal_close(&j);

	/* a journal left by a killed run is replayed by the next holder */
	f = fopen(jpath, "w");
	fprintf(f, "knob\t%s\t7\nknob\t%s\t5\n", iostats, iostats);
	fclose(f);
	CHECK(!journal_open(&j2, jpath));
	CHECK(journal_pending(&j2));
	CHECK(journal_restore(&j2, NULL) == 0);
	CHECK(has(iostats, "7"));
	journal_close(&j2);

	{
		char out[64];

		sysfs_selected("[mq-deadline] none", out, sizeof(out));
		CHECK(!strcmp(out, "mq-deadline"));
		sysfs_selected("round-robin", out, sizeof(out));
		CHECK(!strcmp(out, "round-robin"));
	}

	snprintf(line, sizeof(line), "rm -rf %s", dir);
	if (system(line))
		fprintf(stderr, "could not remove %s\n", dir);
	return check_done("journal");
}
