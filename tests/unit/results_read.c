// SPDX-License-Identifier: GPL-2.0
/*
 * results_read.c: checks the results.csv reader on small files written
 * here: columns found by name whatever their order, empty and failed
 * values, grouping into cells, pairing keys across one setting, and one
 * clear error for a malformed line or a missing file.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/results_read.h"

static int failures;

static void check(const char *what, int ok)
{
	if (!ok) {
		printf("FAIL: %s\n", what);
		failures++;
	}
}

static int write_file(const char *dir, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/results.csv", dir);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fputs(text, f);
	return fclose(f) ? -errno : 0;
}

static const char good[] =
	"iops,cell,status,engine,target,job,sqpoll,iodepth,iostats_req,iopolicy_req,ioprio,scheduler,error,new_col\n"
	"100,t/fioring/j/sq0,ok,fioring,t,j,0,32,1,,none,none,,x\n"
	"110,t/io_uring/j/sq0,ok,io_uring,t,j,0,32,1,,none,none,,x\r\n"
	"\n"
	"120,t/fioring/j/sq0,ok,fioring,t,j,0,32,1,,none,none,,x\n"
	",t/fioring/j/sq0,failed,fioring,t,j,0,32,1,,none,none,fio: exit 1; bad,x\n"
	"abc,t/fioring/j/sq1,ok,fioring,t,j,1,32,1,,none,none,,x\n";

static void test_good(const char *dir)
{
	struct results res;
	struct results_cell *cells;
	const struct results_cell *c;
	size_t n, nv;
	double v, vals[8];
	char *k0, *k1, *k2;

	check("write", !write_file(dir, good));
	check("read ok", !results_read(dir, &res));
	check("5 rows, blank line skipped", res.nrows == 5);
	check("iops by name", results_col(&res, "iops") == 0);
	check("unknown column", results_col(&res, "nope") < 0);
	check("absent column reads empty", !strcmp(results_get(&res, 0, "nope"), ""));
	check("CR stripped", !strcmp(results_get(&res, 1, "new_col"), "x"));
	check("number", !results_num(&res, 0, "iops", &v) && v == 100);
	check("empty is ENODATA", results_num(&res, 3, "iops", &v) == -ENODATA);
	check("text is EINVAL", results_num(&res, 4, "iops", &v) == -EINVAL);
	check("error kept", !strcmp(results_get(&res, 3, "error"), "fio: exit 1; bad"));
	check("row ok", results_row_ok(&res, 0) && !results_row_ok(&res, 3));
	check("require ok", !results_require(&res, (const char *const[]){ "iops", NULL }));
	check("require missing", results_require(&res, (const char *const[]){ "kernel", NULL }) == -EINVAL &&
	      strstr(res.err, "no column 'kernel'"));

	check("cells", !results_cells(&res, &cells, &n) && n == 3);
	c = results_cell_find(cells, n, "t/fioring/j/sq0");
	check("cell found with 3 rows", c && c->nrows == 3);
	nv = c ? results_cell_values(&res, c, "iops", vals) : 0;
	check("ok numeric values only", nv == 2 && vals[0] == 100 && vals[1] == 120);
	check("no such cell", !results_cell_find(cells, n, "t/x"));

	/* rows 0 and 1 differ only in engine; row 4 also in sqpoll */
	k0 = results_cell_key(&res, 0, "engine");
	k1 = results_cell_key(&res, 1, "engine");
	k2 = results_cell_key(&res, 4, "engine");
	check("keys without engine match", k0 && k1 && !strcmp(k0, k1));
	check("sqpoll still tells apart", k2 && strcmp(k0, k2));
	free(k0);
	free(k1);
	free(k2);
	k0 = results_cell_key(&res, 0, "sqpoll");
	k2 = results_cell_key(&res, 4, "sqpoll");
	check("keys without sqpoll match", k0 && k2 && !strcmp(k0, k2));
	free(k0);
	free(k2);
	check("differ once", results_cells_differ_once("a/b/c", "a/x/c"));
	check("differ twice", !results_cells_differ_once("a/b/c", "a/x/y"));
	check("same is not once", !results_cells_differ_once("a/b/c", "a/b/c"));
	check("length differs", !results_cells_differ_once("a/b", "a/b/c"));
	results_cells_free(cells, n);
	results_free(&res);
}

static void test_bad(const char *dir)
{
	struct results res;

	check("write bad", !write_file(dir, "cell,status,iops\na,ok,1\nb,ok\n"));
	check("short line refused", results_read(dir, &res) == -EINVAL);
	check("message names the line", strstr(res.err, "results.csv line 3: 2 fields, the header has 3") != NULL);

	check("write headless", !write_file(dir, ""));
	check("empty refused", results_read(dir, &res) == -EINVAL && strstr(res.err, "empty"));

	check("write no status", !write_file(dir, "cell,iops\na,1\n"));
	check("status required", results_read(dir, &res) == -EINVAL &&
	      strstr(res.err, "no column 'status'"));

	check("missing dir", results_read("/nonexistent-dir", &res) == -ENOENT &&
	      strstr(res.err, "cannot open /nonexistent-dir/results.csv"));
}

int main(void)
{
	char dir[] = "/tmp/fioring-results-read.XXXXXX";
	char path[64];

	if (!mkdtemp(dir)) {
		printf("SKIP: cannot make a temporary directory\n");
		return 77;
	}
	test_good(dir);
	test_bad(dir);
	snprintf(path, sizeof(path), "%s/results.csv", dir);
	unlink(path);
	rmdir(dir);
	if (failures) {
		printf("%d check(s) failed\n", failures);
		return 1;
	}
	printf("results_read: all checks passed\n");
	return 0;
}
