// SPDX-License-Identifier: GPL-2.0
/*
 * store_ack.c: acknowledged change points.  An ack is kept apart from the
 * sweeps it names: it changes what `history detect` exits with, never
 * what the sweeps hold, and dropping it brings the failure back.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store.h"
#include "store/store_db.h"

int store_ack_add(struct store *st, long long sweep_id, const char *cell,
		  const char *metrics, double max_change, const char *why,
		  long long *id)
{
	char made[32];
	sqlite3_stmt *s;
	int ret;

	store_now_iso(made, sizeof(made));
	ret = store_prepare(st, "INSERT INTO acks (sweep_id, cell, metrics, "
			    "max_change, why, made) SELECT id, ?, ?, ?, ?, ? "
			    "FROM sweeps WHERE id = ?", &s);
	if (ret)
		return ret;
	sqlite3_bind_text(s, 1, cell, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, metrics, -1, SQLITE_STATIC);
	sqlite3_bind_double(s, 3, max_change);
	sqlite3_bind_text(s, 4, why, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 5, made, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 6, sweep_id);
	if (sqlite3_step(s) != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot add the ack");
	else if (!sqlite3_changes(st->db))
		ret = store_fail(st, -ENOENT, "%s: no sweep %lld", st->path, sweep_id);
	else
		*id = sqlite3_last_insert_rowid(st->db);
	sqlite3_finalize(s);
	return ret;
}

static int ack_row(struct store *st, sqlite3_stmt *s, struct store_ack *a)
{
	memset(a, 0, sizeof(*a));
	a->id = sqlite3_column_int64(s, 0);
	a->sweep_id = sqlite3_column_int64(s, 1);
	a->cell = strdup(store_col_text(s, 2));
	a->metrics = strdup(store_col_text(s, 3));
	a->max_change = sqlite3_column_double(s, 4);
	a->why = strdup(store_col_text(s, 5));
	snprintf(a->made, sizeof(a->made), "%s", store_col_text(s, 6));
	return a->cell && a->metrics && a->why ? 0 : store_nomem(st);
}

int store_acks(struct store *st, struct store_ack **out, size_t *n)
{
	struct store_ack *v = NULL, *nv;
	sqlite3_stmt *s;
	size_t cnt = 0;
	int rc, ret;

	ret = store_prepare(st, "SELECT id, sweep_id, cell, metrics, max_change, why, made "
			    "FROM acks ORDER BY id", &s);
	if (ret)
		return ret;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		nv = realloc(v, (cnt + 1) * sizeof(*v));
		if (!nv) {
			ret = store_nomem(st);
			break;
		}
		v = nv;
		ret = ack_row(st, s, &v[cnt++]);
		if (ret)
			break;
	}
	if (!ret && rc != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot read the acks");
	sqlite3_finalize(s);
	if (ret) {
		store_acks_free(v, cnt);
		return ret;
	}
	*out = v;
	*n = cnt;
	return 0;
}

void store_acks_free(struct store_ack *a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(a[i].cell);
		free(a[i].metrics);
		free(a[i].why);
	}
	free(a);
}

int store_ack_drop(struct store *st, long long id)
{
	sqlite3_stmt *s;
	int ret = store_prepare(st, "DELETE FROM acks WHERE id = ?", &s);

	if (ret)
		return ret;
	sqlite3_bind_int64(s, 1, id);
	if (sqlite3_step(s) != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot drop the ack");
	else if (!sqlite3_changes(st->db))
		ret = store_fail(st, -ENOENT, "%s: no ack %lld", st->path, id);
	sqlite3_finalize(s);
	return ret;
}

int store_has_column(struct store *st, const char *col)
{
	sqlite3_stmt *s;
	int ret = store_prepare(st, "SELECT 1 FROM sweeps WHERE instr(',' || "
				"columns || ',', ',' || ? || ',') LIMIT 1", &s);

	if (ret)
		return ret;
	sqlite3_bind_text(s, 1, col, -1, SQLITE_STATIC);
	ret = store_step_one(st, s, "cannot read the sweeps' columns");
	sqlite3_finalize(s);
	return ret;
}
