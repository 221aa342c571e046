// SPDX-License-Identifier: GPL-2.0
/*
 * store_add.c: a sweep's results directory into the store, in one
 * transaction.  Every column of results.csv is kept (run_values), by name,
 * so results directories of older and newer harnesses, whose columns
 * differ, go in alike; the sweep's facts come from meta.json, or from the
 * first row where a directory has none.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "lib/json_put.h"
#include "results/meta.h"
#include "store/store.h"
#include "store/store_db.h"
#include "store/store_results.h"

struct sweep_facts {
	char uid[160];
	char hash[32];
	char started[32];
	char added[32];
	const char *host, *kernel_release, *kernel_version, *fio_version,
		*fio_build_id, *engine_version, *command;
	char *targets;		/* identities, space-separated */
	char *placement;
	char *setup;
	char *columns;		/* results.csv's header */
	const char *meta_text;
};

static json_object *jobj(json_object *o, const char *key)
{
	json_object *v;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

/* a member of any type as JSON writes it (true, 3), "" when absent or null */
static const char *jtext(json_object *o, const char *key)
{
	json_object *v = jobj(o, key);

	return v ? json_object_get_string(v) : "";
}

/*
 * FNV-1a over both files: what tells one sweep from another when its
 * meta.json has no id of its own (results written by hand or by an older
 * harness).  An identity, not a defence against forgery.
 */
static uint64_t fnv1a(uint64_t h, const char *p, size_t n)
{
	while (n--) {
		h ^= (unsigned char)*p++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static char *strjoin_free(char *a, const char *sep, const char *b)
{
	char *s;

	if (asprintf(&s, "%s%s%s", a ? a : "", a && *a ? sep : "", b) < 0)
		s = NULL;
	free(a);
	return s;
}

static int read_facts(const struct results *res,
		      json_object *meta, const struct results_idents *ids,
		      const char *csv, size_t csvlen, const char *metatext,
		      size_t metalen, struct sweep_facts *f)
{
	json_object *fio = jobj(meta, "fio"), *pl = jobj(meta, "placement");
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	h = fnv1a(h, csv, csvlen);
	h = fnv1a(h, metatext, metalen);
	snprintf(f->hash, sizeof(f->hash), "%016llx", (unsigned long long)h);
	if (*json_get_str(meta, "id"))
		snprintf(f->uid, sizeof(f->uid), "id:%s", json_get_str(meta, "id"));
	else
		snprintf(f->uid, sizeof(f->uid), "fnv:%s", f->hash);
	store_now_iso(f->added, sizeof(f->added));
	snprintf(f->started, sizeof(f->started), "%s",
		 *json_get_str(meta, "started") ? json_get_str(meta, "started") : f->added);
	/* without meta.json, what every row repeats */
	f->host = *json_get_str(meta, "host") ? json_get_str(meta, "host") : "";
	f->kernel_release = meta ? json_get_str(meta, "kernel") : results_get(res, 0, "kernel");
	f->kernel_version = json_get_str(meta, "kernel_version");
	f->fio_version = fio ? json_get_str(fio, "version") : results_get(res, 0, "fio_version");
	f->fio_build_id = json_get_str(fio, "build_id");
	f->engine_version = meta ? json_get_str(meta, "engine_version") :
			    results_get(res, 0, "engine_version");
	f->command = json_get_str(meta, "command");
	f->meta_text = metatext;
	if (asprintf(&f->placement, "pinned=%s job_cpus=%s sq_cpu=%s",
		     jtext(pl, "pinned"), json_get_str(pl, "job_cpus"),
		     jtext(pl, "sq_cpu")) < 0)
		f->placement = NULL;
	/* the targets: meta.json's, else every `target` of the rows */
	f->targets = strdup("");
	for (i = 0; f->targets && i < ids->n; i++)
		f->targets = strjoin_free(f->targets, " ", ids->v[i].ident);
	for (i = 0; f->targets && !ids->n && i < res->nrows; i++) {
		const char *t = results_get(res, i, "target");

		if (!strstr(f->targets, t))
			f->targets = strjoin_free(f->targets, " ", t);
	}
	f->columns = strdup("");
	for (i = 0; f->columns && i < res->ncols; i++)
		f->columns = strjoin_free(f->columns, ",", res->cols[i]);
	f->setup = NULL;
	if (f->targets && f->placement) {
		char *tfw = strdup(""), *settings = results_idents_settings(ids);

		for (i = 0; tfw && i < ids->n; i++) {
			char one[640];

			snprintf(one, sizeof(one), "%s%s%s", ids->v[i].ident,
				 *ids->v[i].firmware ? "@" : "", ids->v[i].firmware);
			tfw = strjoin_free(tfw, " ", one);
		}
		/* no settings part without a record: not "every setting unset" */
		if (tfw && settings &&
		    asprintf(&f->setup, "kernel=%s %s|fio=%s %s|engine=%s|"
			     "target=%s|placement=%s%s%s", f->kernel_release,
			     f->kernel_version, f->fio_version,
			     f->fio_build_id, f->engine_version,
			     ids->n ? tfw : f->targets, f->placement,
			     *settings ? "|" : "", settings) < 0)
			f->setup = NULL;
		free(tfw);
		free(settings);
	}
	return f->targets && f->placement && f->columns && f->setup ? 0 : -ENOMEM;
}

static void facts_free(struct sweep_facts *f)
{
	free(f->targets);
	free(f->placement);
	free(f->setup);
	free(f->columns);
}

static int bind_texts(sqlite3_stmt *s, const char *const *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (sqlite3_bind_text(s, i + 1, v[i], -1, SQLITE_TRANSIENT) != SQLITE_OK)
			return -ENOMEM;
	return 0;
}

/* runs sql with texts bound; 0 or store_sql_fail() */
static int exec_bound(struct store *st, const char *sql, const char *const *v,
		      int n)
{
	sqlite3_stmt *s;
	int ret = store_prepare(st, sql, &s);

	if (ret)
		return ret;
	if (bind_texts(s, v, n) || sqlite3_step(s) != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot write");
	sqlite3_finalize(s);
	return ret;
}

/* the stored sweep of that uid: 1 and its id and hash, or 0 */
static int find_uid(struct store *st, const char *uid, long long *id,
		    char *hash, size_t len)
{
	sqlite3_stmt *s;
	int ret = store_prepare(st, "SELECT id, content_hash FROM sweeps "
				"WHERE uid = ?", &s);

	if (ret)
		return ret;
	sqlite3_bind_text(s, 1, uid, -1, SQLITE_STATIC);
	ret = store_step_one(st, s, "cannot look the sweep up");
	if (ret == 1) {
		*id = sqlite3_column_int64(s, 0);
		snprintf(hash, len, "%s", store_col_text(s, 1));
	}
	sqlite3_finalize(s);
	return ret;
}

static int put_sweep(struct store *st, const char *dir,
		     const struct sweep_facts *f, long long *id, int update)
{
	char idbuf[32];
	int ret;

	/* a NULL id makes a new one; the same id replaces the sweep's row */
	snprintf(idbuf, sizeof(idbuf), "%lld", *id);
	ret = exec_bound(st, "INSERT OR REPLACE INTO sweeps (uid, content_hash, "
			 "dir, added, started, host, kernel_release, "
			 "kernel_version, fio_version, fio_build_id, "
			 "engine_version, targets, placement, command, setup, "
			 "columns, meta, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
			 "?, ?, ?, ?, ?, ?, ?, ?, ?)",
			 (const char *const[]){ f->uid, f->hash, dir, f->added,
			 f->started, f->host, f->kernel_release,
			 f->kernel_version, f->fio_version, f->fio_build_id,
			 f->engine_version, f->targets, f->placement,
			 f->command, f->setup, f->columns, f->meta_text,
			 update ? idbuf : NULL }, 18);
	if (ret)
		return ret;
	if (!update)
		*id = sqlite3_last_insert_rowid(st->db);
	return 0;
}

/* what an earlier ingest of the same sweep stored of it, but its labels */
static int drop_runs(struct store *st, long long id)
{
	static const char *const sql[] = {
		"DELETE FROM run_values WHERE run_id IN (SELECT id FROM runs WHERE sweep_id = ?)",
		"DELETE FROM runs WHERE sweep_id = ?",
		"DELETE FROM sweep_targets WHERE sweep_id = ?",
	};
	char idbuf[32];
	size_t i;
	int ret = 0;

	snprintf(idbuf, sizeof(idbuf), "%lld", id);
	for (i = 0; !ret && i < sizeof(sql) / sizeof(sql[0]); i++)
		ret = exec_bound(st, sql[i], (const char *const[]){ idbuf }, 1);
	return ret;
}

static int put_targets(struct store *st, long long id, json_object *meta,
		       const struct results_idents *ids)
{
	json_object *devs = jobj(meta, "devices");
	char idbuf[32], size[32];
	size_t i;
	int ret = 0;

	snprintf(idbuf, sizeof(idbuf), "%lld", id);
	for (i = 0; !ret && i < ids->n; i++) {
		json_object *d = devs && json_object_is_type(devs, json_type_array) &&
				 i < json_object_array_length(devs) ?
				 json_object_array_get_idx(devs, i) : NULL;

		snprintf(size, sizeof(size), "%lld",
			 (long long)json_object_get_int64(jobj(d, "size_bytes")));
		ret = exec_bound(st, "INSERT OR REPLACE INTO sweep_targets (sweep_id, "
				 "disk, ident, embedded, model, serial, firmware, "
				 "size_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
				 (const char *const[]){ idbuf, ids->v[i].disk,
				 ids->v[i].ident, json_get_str(d, "embedded"),
				 json_get_str(d, "model"), json_get_str(d, "serial"),
				 ids->v[i].firmware, size }, 8);
	}
	return ret;
}

static int put_runs(struct store *st, long long id, const struct results *res,
		    const struct results_idents *ids)
{
	sqlite3_stmt *run = NULL, *val = NULL;
	size_t r, c;
	int ret;

	ret = store_prepare(st, "INSERT INTO runs (sweep_id, run, cell, cell_key, "
			    "status) VALUES (?, ?, ?, ?, ?)", &run) ?:
	      store_prepare(st, "INSERT INTO run_values (run_id, col, value) "
			    "VALUES (?, ?, ?)", &val);
	for (r = 0; !ret && r < res->nrows; r++) {
		const char *disk = results_get(res, r, "target");
		char *key = results_stable_key(res, r, results_ident_of(ids, disk));
		long long run_id;

		if (!key) {
			ret = store_fail(st, -ENOMEM, "out of memory");
			break;
		}
		sqlite3_reset(run);
		sqlite3_bind_int64(run, 1, id);
		sqlite3_bind_int64(run, 2, atoll(results_get(res, r, "run")));
		sqlite3_bind_text(run, 3, results_get(res, r, "cell"), -1, SQLITE_STATIC);
		sqlite3_bind_text(run, 4, key, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(run, 5, results_get(res, r, "status"), -1,
				  SQLITE_STATIC);
		free(key);
		if (sqlite3_step(run) != SQLITE_DONE) {
			ret = store_sql_fail(st, "cannot write a run");
			break;
		}
		run_id = sqlite3_last_insert_rowid(st->db);
		/* an empty value is what a missing one reads as: not kept */
		for (c = 0; !ret && c < res->ncols; c++) {
			if (!*res->rows[r][c])
				continue;
			sqlite3_reset(val);
			sqlite3_bind_int64(val, 1, run_id);
			sqlite3_bind_text(val, 2, res->cols[c], -1, SQLITE_STATIC);
			sqlite3_bind_text(val, 3, res->rows[r][c], -1, SQLITE_STATIC);
			if (sqlite3_step(val) != SQLITE_DONE)
				ret = store_sql_fail(st, "cannot write a value");
		}
	}
	sqlite3_finalize(run);
	sqlite3_finalize(val);
	return ret;
}

static int put_labels(struct store *st, long long id, const char *const *labels)
{
	char idbuf[32], key[256];
	int ret = 0;

	snprintf(idbuf, sizeof(idbuf), "%lld", id);
	for (; !ret && labels && *labels; labels++) {
		const char *eq = strchr(*labels, '=');

		if (!store_label_valid(*labels) || (size_t)(eq - *labels) >= sizeof(key))
			return store_fail(st, -EINVAL, "label '%s' is not KEY=VALUE",
					  *labels);
		snprintf(key, sizeof(key), "%.*s", (int)(eq - *labels), *labels);
		ret = exec_bound(st, "INSERT OR REPLACE INTO sweep_labels (sweep_id, "
				 "key, value) VALUES (?, ?, ?)",
				 (const char *const[]){ idbuf, key, eq + 1 }, 3);
	}
	return ret;
}

/*
 * FIORING_STORE_TEST_STALL=SECONDS: wait that long inside the transaction,
 * before it commits, so that a test can kill an ingest half-way.
 */
static void test_stall(void)
{
	const char *s = getenv("FIORING_STORE_TEST_STALL");

	if (!s || atoi(s) <= 0)
		return;
	fprintf(stderr, "store: FIORING_STORE_TEST_STALL: %d s before the "
		"commit\n", atoi(s));
	sleep(atoi(s));
}

static int add_in_tx(struct store *st, const char *dir, const struct results *res,
		     json_object *meta, const struct results_idents *ids,
		     const struct sweep_facts *f, const char *const *labels,
		     long long *id, int *was_new)
{
	char hash[32];
	int found, ret;

	*id = 0;
	found = find_uid(st, f->uid, id, hash, sizeof(hash));
	if (found < 0)
		return found;
	*was_new = !found;
	if (!found || strcmp(hash, f->hash)) {
		ret = (found ? drop_runs(st, *id) : 0) ?:
		      put_sweep(st, dir, f, id, found) ?:
		      put_targets(st, *id, meta, ids) ?:
		      put_runs(st, *id, res, ids);
		if (ret)
			return ret;
	}
	ret = put_labels(st, *id, labels);
	if (!ret)
		test_stall();
	return ret;
}

int store_add_sweep(struct store *st, const char *dir,
		    const char *const *labels, long long *sweep_id,
		    int *was_new)
{
	struct sweep_facts f = { 0 };
	struct results_idents ids = { 0 };
	struct results res;
	json_object *meta = NULL;
	char path[4096], *csv = NULL, *metatext = NULL;
	size_t csvlen = 0, metalen = 0;
	int ret;

	ret = results_read(dir, &res);
	if (ret)
		return store_fail(st, ret, "%s", res.err);
	snprintf(path, sizeof(path), "%s/results.csv", dir);
	ret = file_read_all(path, &csv, &csvlen);
	if (ret) {
		store_fail(st, ret, "cannot read %s: %s", path, strerror(-ret));
		goto out;
	}
	results_meta_path(dir, path, sizeof(path));
	if (!access(path, F_OK)) {
		ret = file_read_all(path, &metatext, &metalen);
		meta = ret ? NULL : json_tokener_parse(metatext);
		if (!meta) {
			store_fail(st, ret ?: -EINVAL, "%s: %s", path, ret ?
				   strerror(-ret) : "not JSON");
			ret = ret ?: -EINVAL;
			goto out;
		}
	}
	ret = results_idents_from_meta(meta, &ids) ?:
	      read_facts(&res, meta, &ids, csv, csvlen, metatext ?: "",
			 metalen, &f);
	if (ret) {
		store_fail(st, ret, "out of memory");
		goto out;
	}
	ret = store_exec(st, "BEGIN IMMEDIATE");
	if (ret)
		goto out;
	ret = add_in_tx(st, dir, &res, meta, &ids, &f, labels, sweep_id, was_new);
	if (!ret)
		ret = store_exec(st, "COMMIT");
	if (ret)
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
out:
	facts_free(&f);
	results_idents_free(&ids);
	json_object_put(meta);
	free(metatext);
	free(csv);
	results_free(&res);
	return ret;
}

int store_label_valid(const char *kv)
{
	const char *p = kv;

	for (; *p && *p != '='; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_' || *p == '.' || *p == '-'))
			return 0;
	return p != kv && *p == '=' && !strpbrk(p, "\n\r");
}
