// SPDX-License-Identifier: GPL-2.0
/*
 * store_query.c: what the history commands, the detector and the gate
 * read back: the sweeps in order, the cells, one cell's series of one
 * metric, a sweep by label, and a stored sweep as the results reader
 * would have read its directory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store.h"
#include "store/store_db.h"
#include "store/store_results.h"

static int sweep_labels(struct store *st, struct store_sweep *sw)
{
	sqlite3_stmt *s;
	int rc, ret = store_prepare(st, "SELECT key || '=' || value FROM "
				    "sweep_labels WHERE sweep_id = ? ORDER BY key", &s);

	if (ret)
		return ret;
	sqlite3_bind_int64(s, 1, sw->id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		char **l = realloc(sw->labels, (sw->nlabels + 1) * sizeof(*l));

		if (!l || !(l[sw->nlabels] = strdup(store_col_text(s, 0)))) {
			if (l)
				sw->labels = l;
			ret = store_nomem(st);
			break;
		}
		sw->labels = l;
		sw->nlabels++;
	}
	if (!ret && rc != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot read labels");
	sqlite3_finalize(s);
	return ret;
}

int store_sweeps(struct store *st, struct store_sweep **out, size_t *n)
{
	struct store_sweep *v = NULL, *sw;
	sqlite3_stmt *s;
	size_t cnt = 0;
	int rc, ret;

	ret = store_prepare(st, "SELECT s.id, s.started, s.setup, s.host, "
			    "s.kernel_release || ' ' || s.kernel_version, "
			    "s.fio_version || ' ' || s.fio_build_id, s.targets, "
			    "(SELECT count(*) FROM runs r WHERE r.sweep_id = s.id) "
			    "FROM sweeps s ORDER BY s.started, s.id", &s);
	if (ret)
		return ret;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		sw = realloc(v, (cnt + 1) * sizeof(*v));
		if (!sw) {
			ret = store_nomem(st);
			break;
		}
		v = sw;
		sw = &v[cnt++];
		memset(sw, 0, sizeof(*sw));
		sw->id = sqlite3_column_int64(s, 0);
		snprintf(sw->when, sizeof(sw->when), "%s", store_col_text(s, 1));
		sw->setup = strdup(store_col_text(s, 2));
		sw->host = strdup(store_col_text(s, 3));
		sw->kernel = strdup(store_col_text(s, 4));
		sw->fio = strdup(store_col_text(s, 5));
		sw->target = strdup(store_col_text(s, 6));
		sw->nruns = sqlite3_column_int64(s, 7);
		if (!sw->setup || !sw->host || !sw->kernel || !sw->fio || !sw->target) {
			ret = store_nomem(st);
			break;
		}
	}
	if (!ret && rc != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot read the sweeps");
	sqlite3_finalize(s);
	for (size_t i = 0; !ret && i < cnt; i++)
		ret = sweep_labels(st, &v[i]);
	if (ret) {
		store_sweeps_free(v, cnt);
		return ret;
	}
	*out = v;
	*n = cnt;
	return 0;
}

void store_sweeps_free(struct store_sweep *sw, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		free(sw[i].setup);
		free(sw[i].host);
		free(sw[i].kernel);
		free(sw[i].fio);
		free(sw[i].target);
		for (k = 0; k < sw[i].nlabels; k++)
			free(sw[i].labels[k]);
		free(sw[i].labels);
	}
	free(sw);
}

int store_cells(struct store *st, char ***keys, size_t *n)
{
	char **v = NULL, **nv;
	sqlite3_stmt *s;
	size_t cnt = 0;
	int rc, ret;

	ret = store_prepare(st, "SELECT DISTINCT cell_key FROM runs ORDER BY cell_key",
			    &s);
	if (ret)
		return ret;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		nv = realloc(v, (cnt + 1) * sizeof(*v));
		if (!nv || !(nv[cnt] = strdup(store_col_text(s, 0)))) {
			if (nv)
				v = nv;
			ret = store_nomem(st);
			break;
		}
		v = nv;
		cnt++;
	}
	if (!ret && rc != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot read the cells");
	sqlite3_finalize(s);
	if (ret) {
		store_cells_free(v, cnt);
		return ret;
	}
	*keys = v;
	*n = cnt;
	return 0;
}

void store_cells_free(char **keys, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
}

/* a sweep's index in store_sweeps()'s order: the same ORDER BY */
static int sweep_order(struct store *st, long long **ids, size_t *n)
{
	long long *v = NULL, *nv;
	sqlite3_stmt *s;
	size_t cnt = 0;
	int rc, ret;

	ret = store_prepare(st, "SELECT id FROM sweeps ORDER BY started, id", &s);
	if (ret)
		return ret;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		nv = realloc(v, (cnt + 1) * sizeof(*v));
		if (!nv) {
			ret = store_nomem(st);
			break;
		}
		v = nv;
		v[cnt++] = sqlite3_column_int64(s, 0);
	}
	if (!ret && rc != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot read the sweeps");
	sqlite3_finalize(s);
	if (ret) {
		free(v);
		return ret;
	}
	*ids = v;
	*n = cnt;
	return 0;
}

static int add_value(struct store_point *p, double x)
{
	double *v = realloc(p->v, (p->nv + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	p->v = v;
	p->v[p->nv++] = x;
	return 0;
}

int store_series(struct store *st, const char *cell_key, const char *metric,
		 struct store_point **out, size_t *n)
{
	struct store_point *pts = NULL, *np;
	long long *order = NULL;
	size_t norder = 0, cnt = 0, i;
	sqlite3_stmt *s = NULL;
	int rc, ret;

	ret = sweep_order(st, &order, &norder);
	if (ret)
		return ret;
	/* every run of the cell, so that a sweep whose runs all failed is a point */
	ret = store_prepare(st, "SELECT r.sweep_id, r.status, v.value FROM runs r "
			    "LEFT JOIN run_values v ON v.run_id = r.id AND v.col = ? "
			    "WHERE r.cell_key = ? ORDER BY r.sweep_id, r.run, r.id", &s);
	if (ret)
		goto out;
	sqlite3_bind_text(s, 1, metric, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, cell_key, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		long long sid = sqlite3_column_int64(s, 0);
		const char *val = store_col_text(s, 2);
		char *end;
		double x;

		if (!cnt || pts[cnt - 1].sweep_id != sid) {
			np = realloc(pts, (cnt + 1) * sizeof(*pts));
			if (!np) {
				ret = store_nomem(st);
				break;
			}
			pts = np;
			memset(&pts[cnt], 0, sizeof(*pts));
			pts[cnt].sweep_id = sid;
			for (i = 0; i < norder && order[i] != sid; i++)
				;
			pts[cnt++].sweep = i;
		}
		if (strcmp(store_col_text(s, 1), "ok") || !*val)
			continue;
		x = strtod(val, &end);
		if (*end)
			continue;
		if (add_value(&pts[cnt - 1], x)) {
			ret = store_nomem(st);
			break;
		}
	}
	if (!ret && rc != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot read the series");
	if (ret)
		goto out;
	/* by sweep id above; in the sweeps' order (when, then id) here */
	for (i = 1; i < cnt; i++) {
		struct store_point p = pts[i];
		size_t k = i;

		for (; k > 0 && pts[k - 1].sweep > p.sweep; k--)
			pts[k] = pts[k - 1];
		pts[k] = p;
	}
	*out = pts;
	*n = cnt;
	pts = NULL;
	cnt = 0;
out:
	sqlite3_finalize(s);
	store_points_free(pts, cnt);
	free(order);
	return ret;
}

void store_points_free(struct store_point *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(p[i].v);
	free(p);
}

int store_find_sweep(struct store *st, const char *spec, long long *id)
{
	const char *eq = strchr(spec, '=');
	sqlite3_stmt *s;
	char *end;
	int ret;

	if (!eq) {
		*id = strtoll(spec, &end, 10);
		if (!*spec || *end)
			return store_fail(st, -EINVAL, "'%s' is neither a sweep id "
					  "nor KEY=VALUE", spec);
		ret = store_prepare(st, "SELECT id FROM sweeps WHERE id = ?", &s);
		if (ret)
			return ret;
		sqlite3_bind_int64(s, 1, *id);
	} else {
		ret = store_prepare(st, "SELECT s.id FROM sweeps s JOIN sweep_labels l "
				    "ON l.sweep_id = s.id WHERE l.key = ? AND "
				    "l.value = ? ORDER BY s.started DESC, s.id DESC "
				    "LIMIT 1", &s);
		if (ret)
			return ret;
		sqlite3_bind_text(s, 1, spec, (int)(eq - spec), SQLITE_STATIC);
		sqlite3_bind_text(s, 2, eq + 1, -1, SQLITE_STATIC);
	}
	ret = store_step_one(st, s, "cannot look the sweep up");
	if (ret == 1) {
		*id = sqlite3_column_int64(s, 0);
		ret = 0;
	} else if (!ret) {
		ret = store_fail(st, -ENOENT, "%s: no sweep %s%s", st->path,
				 eq ? "labelled " : "", spec);
	}
	sqlite3_finalize(s);
	return ret;
}

/*
 * Strings laid out as results_read() lays out a line: one allocation that
 * starts with the first field, so that results_free() frees them alike.
 */
static char **pack(char *const *v, size_t n)
{
	size_t len = 0, i;
	char **f = malloc((n ? n : 1) * sizeof(*f)), *buf, *p;

	for (i = 0; i < n; i++)
		len += strlen(v[i] ? v[i] : "") + 1;
	buf = malloc(len ? len : 1);
	if (!f || !buf) {
		free(f);
		free(buf);
		return NULL;
	}
	*buf = '\0';
	f[0] = buf;
	for (i = 0, p = buf; i < n; i++) {
		f[i] = p;
		p = stpcpy(p, v[i] ? v[i] : "") + 1;
	}
	return f;
}

/* the sweep's header line and meta.json text */
static int sweep_texts(struct store *st, long long id, char **columns,
		       char **meta)
{
	sqlite3_stmt *s;
	int ret = store_prepare(st, "SELECT columns, meta FROM sweeps WHERE id = ?",
				&s);

	if (ret)
		return ret;
	sqlite3_bind_int64(s, 1, id);
	ret = store_step_one(st, s, "cannot read the sweep");
	if (ret == 1) {
		*columns = strdup(store_col_text(s, 0));
		*meta = strdup(store_col_text(s, 1));
		ret = *columns && *meta ? 0 : store_nomem(st);
	} else if (!ret) {
		ret = store_fail(st, -ENOENT, "%s: no sweep %lld", st->path, id);
	}
	sqlite3_finalize(s);
	return ret;
}

static int add_row(struct results *res, char **vals)
{
	char ***rows = realloc(res->rows, (res->nrows + 1) * sizeof(*rows));

	if (!rows)
		return -ENOMEM;
	res->rows = rows;
	rows[res->nrows] = pack(vals, res->ncols);
	if (!rows[res->nrows])
		return -ENOMEM;
	res->nrows++;
	return 0;
}

static int read_rows(struct store *st, long long id, struct results *res)
{
	char **vals = calloc(res->ncols ? res->ncols : 1, sizeof(*vals));
	long long cur = -1;
	sqlite3_stmt *s;
	size_t c;
	int rc, ret;

	if (!vals)
		return store_nomem(st);
	ret = store_prepare(st, "SELECT r.id, v.col, v.value FROM runs r LEFT JOIN "
			    "run_values v ON v.run_id = r.id WHERE r.sweep_id = ? "
			    "ORDER BY r.id", &s);
	if (ret) {
		free(vals);
		return ret;
	}
	sqlite3_bind_int64(s, 1, id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		int col = results_col(res, store_col_text(s, 1));

		if (cur != sqlite3_column_int64(s, 0)) {
			if (cur >= 0 && add_row(res, vals)) {
				ret = store_nomem(st);
				break;
			}
			for (c = 0; c < res->ncols; c++) {
				free(vals[c]);
				vals[c] = NULL;
			}
			cur = sqlite3_column_int64(s, 0);
		}
		if (col >= 0 && !vals[col] &&
		    !(vals[col] = strdup(store_col_text(s, 2)))) {
			ret = store_nomem(st);
			break;
		}
	}
	if (!ret && rc != SQLITE_DONE)
		ret = store_sql_fail(st, "cannot read the runs");
	if (!ret && cur >= 0 && add_row(res, vals))
		ret = store_nomem(st);
	sqlite3_finalize(s);
	for (c = 0; c < res->ncols; c++)
		free(vals[c]);
	free(vals);
	return ret;
}

int store_sweep_results(struct store *st, long long id, struct results *res,
			struct results_idents *ids)
{
	char *columns = NULL, *meta = NULL, *p, **cols = NULL;
	json_object *mj = NULL;
	int ret;

	memset(res, 0, sizeof(*res));
	memset(ids, 0, sizeof(*ids));
	ret = sweep_texts(st, id, &columns, &meta);
	if (ret)
		goto out;
	/* the header, split as the reader splits it */
	for (p = columns; ; p++) {
		char **nc = realloc(cols, (res->ncols + 1) * sizeof(*cols));

		if (!nc) {
			ret = store_nomem(st);
			goto out;
		}
		cols = nc;
		cols[res->ncols++] = p;
		p = strchrnul(p, ',');
		if (!*p)
			break;
		*p = '\0';
	}
	res->cols = pack(cols, res->ncols);
	if (!res->cols || asprintf(&res->path, "db:%lld", id) < 0) {
		res->path = NULL;
		ret = store_nomem(st);
		goto out;
	}
	ret = read_rows(st, id, res);
	if (ret)
		goto out;
	mj = *meta ? json_tokener_parse(meta) : NULL;
	ret = results_idents_from_meta(mj, ids);
	if (ret)
		store_nomem(st);
out:
	if (ret)
		results_free(res);
	json_object_put(mj);
	free(cols);
	free(columns);
	free(meta);
	return ret;
}
