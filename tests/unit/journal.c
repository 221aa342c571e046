// SPDX-License-Identifier: GPL-2.0
/*
 * journal.c: unit test of the journal and of sysfs knobs, on plain files
 * standing in for sysfs attributes: the old value is journaled once per
 * attribute before the write, the effective value is read back, a replay
 * puts every attribute back to its first value (newest line first) and
 * empties the journal, and a second holder of the journal is refused.  A
 * record that cannot be undone is named, with what it was left as, and
 * is all that stays in the journal; a kind the undo table does not know
 * is dropped; a field that would split into others is refused; a journal
 * whose file is removed while held still puts back what it recorded.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "lib/fileio.h"
#include "kernel/journal.h"
#include "kernel/knob.h"

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

/* a record kind of the test's own: "stuck" cannot be undone */
static int fake_undo(const struct journal_rec *r, char *what, size_t len)
{
	if (!strcmp(r->f[0], "stuck")) {
		snprintf(what, len, "fake %s left as it is", r->f[0]);
		return -EBUSY;
	}
	snprintf(what, len, "fake %s undone", r->f[0]);
	return 0;
}

static const struct journal_undo table[] = {
	{ KNOB_REC, KNOB_FIELDS, knob_undo },
	{ "fake", 1, fake_undo },
	{ NULL, 0, NULL },
};

/* restores the held @j; @log and @err get what was told to each */
static int restore_held(struct journal *j, char *log, char *err, size_t len)
{
	FILE *l = tmpfile(), *e = tmpfile();
	size_t n;
	int ret;

	CHECK(l && e);
	ret = journal_restore(j, table, l, e);
	rewind(l);
	n = fread(log, 1, len - 1, l);
	log[n] = '\0';
	rewind(e);
	n = fread(err, 1, len - 1, e);
	err[n] = '\0';
	fclose(l);
	fclose(e);
	return ret;
}

/* restores @jpath's journal, as restore_held() */
static int restore_told(const char *jpath, char *log, char *err, size_t len)
{
	struct journal j;
	int ret;

	CHECK(!journal_open(&j, jpath));
	ret = restore_held(&j, log, err, len);
	journal_close(&j);
	return ret;
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

	CHECK(!knob_set(&j, iostats, "2", eff, sizeof(eff)));
	CHECK(!strcmp(eff, "2"));
	CHECK(!knob_set(&j, iostats, "1", eff, sizeof(eff)));
	CHECK(!knob_set(&j, sched, "kyber", eff, sizeof(eff)));
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

	CHECK(knob_set(&j, "/nonexistent/attr", "1", eff, sizeof(eff)) ==
	      -ENOENT);

	CHECK(journal_restore(&j, table, NULL, NULL) == 0);
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
	CHECK(journal_restore(&j2, table, NULL, NULL) == 0);
	CHECK(has(iostats, "7"));
	journal_close(&j2);

	/*
	 * /proc/version reads but takes no write, root's neither: a setting
	 * the kernel will not put back
	 */
	{
		char log[4096], err[4096], *text;
		size_t n;

		f = fopen(jpath, "w");
		fprintf(f, "knob\t%s\t7\nknob\t/proc/version\tnot-this\n"
			"fake\tstuck\nfake\tfine\nnewer\tkind\n", iostats);
		fclose(f);
		CHECK(!file_write_str(iostats, "3"));
		CHECK(restore_told(jpath, log, err, sizeof(log)) == 2);
		CHECK(has(iostats, "7"));
		CHECK(strstr(err, "restore: /proc/version left at Linux") != NULL);
		CHECK(strstr(err, ", not put back to not-this: ") != NULL);
		CHECK(strstr(err, "restore: fake stuck left as it is\n") != NULL);
		CHECK(strstr(err, iostats) == NULL);
		CHECK(strstr(log, "restore: fake fine undone\n") != NULL);
		CHECK(strstr(log, "ignoring unknown journal line: newer") != NULL);
		CHECK(strstr(log, "/proc/version") == NULL);
		CHECK(!file_read_all(jpath, &text, &n));
		CHECK(!strcmp(text, "knob\t/proc/version\tnot-this\nfake\tstuck\n"));
		free(text);
		/* a second try meets the same two, and keeps them */
		CHECK(restore_told(jpath, log, err, sizeof(log)) == 2);
		CHECK(!file_read_all(jpath, &text, &n));
		CHECK(!strcmp(text, "knob\t/proc/version\tnot-this\nfake\tstuck\n"));
		free(text);
		unlink(jpath);
	}

	/* its file removed (a /tmp cleaner): the open journal still undoes */
	CHECK(!journal_open(&j, jpath));
	CHECK(!knob_set(&j, iostats, "4", eff, sizeof(eff)));
	CHECK(!unlink(jpath));
	CHECK(journal_restore(&j, table, NULL, NULL) == 0);
	CHECK(has(iostats, "7"));
	journal_close(&j);
	/*
	 * ... and what it cannot undo is back at the path, its directory
	 * made again, still locked
	 */
	CHECK(!journal_open(&j, jpath));
	CHECK(!journal_add(&j, "fake", "stuck", NULL));
	CHECK(!journal_add(&j, "fake", "fine", NULL));
	CHECK(!unlink(jpath));
	snprintf(line, sizeof(line), "%s/state", dir);
	CHECK(!rmdir(line));
	CHECK(journal_restore(&j, table, NULL, NULL) == 1);
	CHECK(journal_open(&j2, jpath) == -EBUSY);
	CHECK(has(jpath, "fake\tstuck"));
	journal_close(&j);
	CHECK(!unlink(jpath));
	/* another file at the path is not taken over */
	{
		char log[4096], err[4096];

		CHECK(!journal_open(&j, jpath));
		CHECK(!journal_add(&j, "fake", "stuck", NULL));
		CHECK(!unlink(jpath));
		f = fopen(jpath, "w");
		CHECK(f && fputs("other\n", f) >= 0 && !fclose(f));
		CHECK(restore_held(&j, log, err, sizeof(err)) == 1);
		journal_close(&j);
		CHECK(strstr(err, "cannot be made again: another file is "
			      "there now\n") != NULL);
		CHECK(has(jpath, "other"));
		CHECK(!unlink(jpath));
	}

	/* a tab or newline in a field would read back as other fields */
	CHECK(!journal_open(&j, jpath));
	CHECK(journal_add(&j, "fake", "a\tb", NULL) == -EINVAL);
	CHECK(journal_add(&j, "fake", "a\nb", NULL) == -EINVAL);
	CHECK(journal_add(&j, "fake", "1", "2", "3", "4", "5", NULL) == -EINVAL);
	CHECK(!journal_pending(&j));
	CHECK(!journal_holds(&j, "fake", "x"));
	CHECK(!journal_add(&j, "fake", "x", NULL));
	CHECK(journal_holds(&j, "fake", "x"));
	CHECK(!journal_holds(&j, KNOB_REC, "x"));
	CHECK(journal_restore(&j, table, NULL, NULL) == 0);
	CHECK(!journal_holds(&j, "fake", "x"));
	CHECK(!journal_pending(&j));
	journal_close(&j);

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
