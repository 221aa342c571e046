// SPDX-License-Identifier: GPL-2.0
/*
 * store.c: checks the history store on small sweeps written here: a sweep
 * added twice is one sweep with its labels merged; the embedded loop
 * device is one cell key whether it was loop0 or loop1; results
 * directories whose columns differ both go in; a series gives each
 * sweep's ok values in the sweeps' order; a sweep is found by label and
 * read back as the results reader reads a directory; a version 1 file is
 * brought up to version 2; acks are added, listed and dropped, and the id
 * of a dropped one is not given again; a file of a newer schema is
 * refused with a line naming both versions.  Target identities:
 * by serial, by size and disk without one, by kind for an old meta.json,
 * in characters a cell key can hold; labels must be KEY=VALUE.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check.h"
#include "store/store_results.h"

static char tmp[] = "/tmp/store-unit-XXXXXX";

static void put(const char *dir, const char *name, const char *text)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	fputs(text, f);
	fclose(f);
}

static const char *sweep_dir(const char *name, const char *disk, const char *started,
			     double iops1, double iops2, int extra_col)
{
	static char dir[512];
	char csv[2048], meta[1024];

	snprintf(dir, sizeof(dir), "%s/%s", tmp, name);
	mkdir(dir, 0755);
	snprintf(csv, sizeof(csv),
		 "run,cell,repeat,status,target,engine,job,sqpoll,iodepth,"
		 "iostats_req,iops%s\n"
		 "1,%s/io_uring/randread/sq0/iostats1,1,ok,%s,io_uring,randread,0,32,1,%g%s\n"
		 "2,%s/io_uring/randread/sq0/iostats1,2,ok,%s,io_uring,randread,0,32,1,%g%s\n"
		 "3,%s/io_uring/randread/sq0/iostats1,3,failed,%s,io_uring,randread,0,32,1,%s\n",
		 extra_col ? ",cpu_per_io_us" : "",
		 disk, disk, iops1, extra_col ? ",1.5" : "",
		 disk, disk, iops2, extra_col ? ",1.6" : "",
		 disk, disk, extra_col ? "," : "");
	put(dir, "results.csv", csv);
	snprintf(meta, sizeof(meta),
		 "{ \"started\": \"%s\", \"host\": \"h\", \"kernel\": \"6.1.0\","
		 " \"kernel_version\": \"#1 SMP Debian\", \"fio\": { \"version\":"
		 " \"fio-3.33\", \"build_id\": \"ab\" }, \"engine_version\": \"\","
		 " \"embedded\": \"/dev/%s\", \"placement\": { \"pinned\": true,"
		 " \"job_cpus\": \"1\" }, \"devices\": [ { \"disk\": \"%s\","
		 " \"embedded\": \"loop\", \"model\": \"loop\", \"serial\": \"\","
		 " \"firmware\": \"\", \"size_bytes\": 268435456, \"queue\":"
		 " { \"scheduler\": \"none\", \"odd\": \"a|b;c,d=e:f g\" } } ] }\n",
		 started, disk, disk);
	put(dir, "meta.json", meta);
	return dir;
}

/* what a newer fioring-bench would leave: its own schema version */
static int set_version(const char *path, int v)
{
	char sql[64];
	sqlite3 *db;
	int rc;

	if (sqlite3_open(path, &db) != SQLITE_OK)
		return -1;
	snprintf(sql, sizeof(sql), "PRAGMA user_version=%d", v);
	rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc == SQLITE_OK ? 0 : -1;
}

/* what a fioring-bench of schema version 1 left: no acks table */
static int make_v1(const char *path)
{
	sqlite3 *db;
	int rc;

	if (sqlite3_open(path, &db) != SQLITE_OK)
		return -1;
	rc = sqlite3_exec(db, "DROP TABLE acks; PRAGMA user_version=1", NULL, NULL, NULL);
	sqlite3_close(db);
	return rc == SQLITE_OK ? 0 : -1;
}

static void check_acks(const char *db, long long sweep)
{
	struct store_ack *a;
	long long id1, id2, id3;
	struct store *st;
	char err[512];
	size_t n;

	CHECK(!make_v1(db));
	CHECK(!store_open(db, 0, &st, err, sizeof(err)));
	if (!st)
		return;
	CHECK(!store_ack_add(st, sweep, "", "iops", 10, "kernel 6.5 costs this", &id1));
	CHECK(!store_ack_add(st, sweep, "job=randread", "", 2.5, "second", &id2));
	CHECK(store_ack_add(st, 999, "", "", 1, "no such sweep", &id3) == -ENOENT);
	CHECK(!store_ack_drop(st, id2));
	CHECK(store_ack_drop(st, id2) == -ENOENT);
	CHECK(!store_ack_add(st, sweep, "", "", 5, "third", &id3));
	CHECK(id1 < id2 && id2 < id3);
	CHECK(!store_acks(st, &a, &n) && n == 2);
	if (n == 2) {
		CHECK(a[0].id == id1 && a[0].sweep_id == sweep && !*a[0].cell);
		CHECK(!strcmp(a[0].metrics, "iops") && near(a[0].max_change, 10));
		CHECK(!strcmp(a[0].why, "kernel 6.5 costs this") && strlen(a[0].made) == 20);
		CHECK(a[1].id == id3 && !strcmp(a[1].why, "third"));
	}
	store_acks_free(a, n);
	CHECK(store_has_column(st, "iops") == 1);
	CHECK(store_has_column(st, "cpu_per_io_us") == 1);
	CHECK(store_has_column(st, "iop") == 0);
	CHECK(store_has_column(st, "nosuch") == 0);
	store_close(st);
}

static void check_series(struct store *st)
{
	struct store_point *p;
	char **keys;
	size_t n, nk;

	CHECK(!store_cells(st, &keys, &nk));
	CHECK(nk == 1);
	if (nk == 1)
		CHECK(!strcmp(keys[0], "target=embedded-loop-256MiB,engine=io_uring,"
			      "job=randread,sqpoll=0,iodepth=32,iostats_req=1"));
	CHECK(!store_series(st, keys[0], "iops", &p, &n));
	CHECK(n == 2);
	if (n == 2) {
		/* sweep b started first: it comes first whatever its id */
		CHECK(p[0].sweep == 0 && p[1].sweep == 1);
		CHECK(p[0].nv == 2 && near(p[0].v[0], 200) && near(p[0].v[1], 210));
		CHECK(p[1].nv == 2 && near(p[1].v[0], 100) && near(p[1].v[1], 110));
	}
	store_points_free(p, n);
	CHECK(!store_series(st, keys[0], "cpu_per_io_us", &p, &n));
	CHECK(n == 2 && p[0].nv == 2 && p[1].nv == 0);
	store_points_free(p, n);
	store_cells_free(keys, nk);
}

static void check_readback(struct store *st, long long id)
{
	struct results res;
	struct results_idents ids;
	double v;

	CHECK(!store_sweep_results(st, id, &res, &ids));
	CHECK(res.nrows == 3 && res.ncols == 11);
	CHECK(results_col(&res, "iops") == 10);
	CHECK(!strcmp(results_get(&res, 2, "status"), "failed"));
	CHECK(!results_num(&res, 1, "iops", &v) && near(v, 110));
	CHECK(results_num(&res, 2, "iops", &v) == -ENODATA);
	CHECK(!strcmp(results_ident_of(&ids, "loop0"), "embedded-loop-256MiB"));
	results_idents_free(&ids);
	results_free(&res);
	CHECK(store_sweep_results(st, 999, &res, &ids) == -ENOENT);
}

static void check_idents(void)
{
	struct results_idents ids;
	json_object *meta;
	char buf[128];

	results_ident_make("", "Samsung SSD 980", "S6 4X,1", 0, "nvme0n1",
			   buf, sizeof(buf));
	CHECK(!strcmp(buf, "Samsung_SSD_980-S6_4X_1"));
	results_ident_make("", "loop", "", 512ull << 20, "loop7", buf, sizeof(buf));
	CHECK(!strcmp(buf, "loop-512MiB-loop7"));
	results_ident_make("zram", "zram", "", 1ull << 30, "zram3", buf, sizeof(buf));
	CHECK(!strcmp(buf, "embedded-zram-1024MiB"));
	/* a meta.json from before "devices": the embedded device by kind */
	meta = json_tokener_parse("{ \"embedded\": \"/dev/loop12\" }");
	CHECK(!results_idents_from_meta(meta, &ids) && ids.n == 1);
	CHECK(!strcmp(results_ident_of(&ids, "loop12"), "embedded-loop"));
	CHECK(!strcmp(results_ident_of(&ids, "sda"), "sda"));
	results_idents_free(&ids);
	json_object_put(meta);
	CHECK(!results_idents_from_meta(NULL, &ids) && ids.n == 0);

	CHECK(store_label_valid("commit=abc123"));
	CHECK(store_label_valid("k.v-x_1="));
	CHECK(!store_label_valid("=x"));
	CHECK(!store_label_valid("nokey"));
	CHECK(!store_label_valid("a b=c"));
	CHECK(!store_label_valid("a=b\nc"));
}

int main(void)
{
	const char *one[] = { "commit=abc", "branch=main", NULL };
	const char *two[] = { "commit=def", NULL };
	struct store_sweep *sw;
	struct store *st;
	long long a, a2, b, id;
	char db[256], err[512];
	size_t n;
	int was_new;

	check_idents();
	if (!mkdtemp(tmp)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(db, sizeof(db), "%s/h.db", tmp);
	CHECK(store_open(db, 0, &st, err, sizeof(err)) == -ENOENT);
	CHECK(!store_open(db, 1, &st, err, sizeof(err)));

	CHECK(!store_add_sweep(st, sweep_dir("a", "loop0", "2026-01-02T00:00:00Z",
					     100, 110, 0), one, &a, &was_new));
	CHECK(was_new == 1);
	/* again, with one label changed: the same sweep */
	CHECK(!store_add_sweep(st, sweep_dir("a", "loop0", "2026-01-02T00:00:00Z",
					     100, 110, 0), two, &a2, &was_new));
	CHECK(was_new == 0 && a2 == a);
	/* on loop1, a day earlier, and with one more column */
	CHECK(!store_add_sweep(st, sweep_dir("b", "loop1", "2026-01-01T00:00:00Z",
					     200, 210, 1), two, &b, &was_new));
	CHECK(was_new == 1 && b != a);

	CHECK(!store_sweeps(st, &sw, &n));
	CHECK(n == 2);
	if (n == 2) {
		CHECK(sw[0].id == b && sw[1].id == a);
		CHECK(sw[1].nruns == 3);
		CHECK(sw[1].nlabels == 2 && !strcmp(sw[1].labels[0], "branch=main") &&
		      !strcmp(sw[1].labels[1], "commit=def"));
		CHECK(!strcmp(sw[0].kernel, "6.1.0 #1 SMP Debian"));
		CHECK(!strcmp(sw[0].target, "embedded-loop-256MiB"));
		CHECK(strstr(sw[0].setup, "kernel=6.1.0 #1 SMP Debian|fio=fio-3.33 ab|") != NULL);
		/* queue/ as found, by identity; a value cannot break the parts */
		CHECK(strstr(sw[0].setup, "|queue=embedded-loop-256MiB:scheduler=none,"
			     "odd=a_b_c_d_e_f g") != NULL);
		/* the same setup, whatever the loop device's number */
		CHECK(!strcmp(sw[0].setup, sw[1].setup));
	}
	store_sweeps_free(sw, n);
	check_series(st);

	/* newest with the label: a started after b */
	CHECK(!store_find_sweep(st, "commit=def", &id) && id == a);
	CHECK(!store_find_sweep(st, "branch=main", &id) && id == a);
	CHECK(store_find_sweep(st, "commit=zzz", &id) == -ENOENT);
	CHECK(!store_find_sweep(st, "1", &id) && id == 1);
	CHECK(store_find_sweep(st, "x1", &id) == -EINVAL);
	check_readback(st, a);

	/* a label that is not KEY=VALUE: refused, nothing stored */
	CHECK(store_add_sweep(st, sweep_dir("c", "loop2", "2026-01-03T00:00:00Z",
					    1, 2, 0), (const char *[]){ "bad", NULL },
			      &id, &was_new) == -EINVAL);
	CHECK(strstr(store_error(st), "'bad'") != NULL);
	CHECK(!store_sweeps(st, &sw, &n) && n == 2);
	store_sweeps_free(sw, n);
	store_close(st);
	check_acks(db, a);

	/* a file from a newer fioring-bench */
	CHECK(!store_open(db, 0, &st, err, sizeof(err)));
	store_close(st);
	CHECK(!set_version(db, 99));
	CHECK(store_open(db, 0, &st, err, sizeof(err)) == -EPROTO);
	CHECK(strstr(err, "schema version 99") && strstr(err, "version 2 only"));
	CHECK(!strchr(err, '\n'));

	if (!check_failures) {
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
		if (system(cmd))
			return 1;
	}
	return check_done("store");
}
