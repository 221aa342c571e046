// SPDX-License-Identifier: GPL-2.0
/*
 * results_read.c: the reader side of the results contract.  Columns are
 * found by name so that the harness can add columns without breaking
 * report or gate; a malformed file is refused with the line that is wrong
 * rather than read half-way.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "results/knob_cols.h"
#include "results/results_read.h"

static void set_err(struct results *res, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(res->err, sizeof(res->err), fmt, ap);
	va_end(ap);
}

/* Splits line in place at commas; fields point into line. */
static int split_fields(char *line, char ***fields, size_t *n)
{
	size_t cap = 16, cnt = 0;
	char **f = malloc(cap * sizeof(*f)), *p = line;

	if (!f)
		return -ENOMEM;
	for (;;) {
		char *comma = strchr(p, ',');

		if (cnt == cap) {
			char **nf = realloc(f, 2 * cap * sizeof(*f));

			if (!nf) {
				free(f);
				return -ENOMEM;
			}
			f = nf;
			cap *= 2;
		}
		f[cnt++] = p;
		if (!comma)
			break;
		*comma = '\0';
		p = comma + 1;
	}
	*fields = f;
	*n = cnt;
	return 0;
}

static void chomp(char *line)
{
	size_t len = strlen(line);

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
}

/* Each row is one allocation: the line, then its field pointers live apart. */
static int add_row(struct results *res, char *line, size_t lineno)
{
	char **fields, ***rows;
	size_t n;
	int ret;

	ret = split_fields(line, &fields, &n);
	if (ret)
		return ret;
	if (n != res->ncols) {
		set_err(res, "%s line %zu: %zu fields, the header has %zu",
			res->path, lineno, n, res->ncols);
		free(fields);
		return -EINVAL;
	}
	rows = realloc(res->rows, (res->nrows + 1) * sizeof(*rows));
	if (!rows) {
		free(fields);
		return -ENOMEM;
	}
	res->rows = rows;
	res->rows[res->nrows++] = fields;
	return 0;
}

int results_read(const char *dir, struct results *res)
{
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	ssize_t len;
	FILE *f;
	int ret = 0;

	memset(res, 0, sizeof(*res));
	if (asprintf(&res->path, "%s/results.csv", dir) < 0) {
		res->path = NULL;
		set_err(res, "out of memory");
		return -ENOMEM;
	}
	f = fopen(res->path, "r");
	if (!f) {
		ret = -errno;
		set_err(res, "cannot open %s: %s", res->path, strerror(errno));
		results_free(res);
		return ret;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		chomp(line);
		if (!*line)
			continue;
		if (!res->cols) {
			ret = split_fields(line, &res->cols, &res->ncols);
		} else {
			ret = add_row(res, line, lineno);
		}
		if (ret)
			goto err;
		/* the fields point into the line: keep it, get a new buffer */
		line = NULL;
		cap = 0;
	}
	if (ferror(f)) {
		ret = -EIO;
		set_err(res, "error reading %s", res->path);
		goto err;
	}
	if (!res->cols) {
		ret = -EINVAL;
		set_err(res, "%s is empty: no header line", res->path);
		goto err;
	}
	ret = results_require(res, (const char *const[]){ "cell", "status", NULL });
	if (ret)
		goto err;
	free(line);	/* getline's buffer from the call that hit EOF */
	fclose(f);
	return 0;
err:
	if (ret == -ENOMEM)
		set_err(res, "out of memory reading %s", res->path);
	free(line);
	fclose(f);
	results_free(res);
	return ret;
}

void results_free(struct results *res)
{
	size_t r;

	/* a row's first field is the start of its line */
	for (r = 0; r < res->nrows; r++) {
		free(res->rows[r][0]);
		free(res->rows[r]);
	}
	free(res->rows);
	if (res->cols)
		free(res->cols[0]);
	free(res->cols);
	free(res->path);
	res->rows = NULL;
	res->cols = NULL;
	res->path = NULL;
	res->nrows = res->ncols = 0;
}

int results_col(const struct results *res, const char *name)
{
	size_t c;

	for (c = 0; c < res->ncols; c++)
		if (!strcmp(res->cols[c], name))
			return (int)c;
	return -1;
}

const char *results_get(const struct results *res, size_t row, const char *col)
{
	int c = results_col(res, col);

	return c < 0 || row >= res->nrows ? "" : res->rows[row][c];
}

int results_num(const struct results *res, size_t row, const char *col,
		double *val)
{
	const char *s = results_get(res, row, col);
	char *end;

	if (!*s)
		return -ENODATA;
	errno = 0;
	*val = strtod(s, &end);
	if (errno || *end)
		return -EINVAL;
	return 0;
}

int results_row_ok(const struct results *res, size_t row)
{
	return !strcmp(results_get(res, row, "status"), "ok");
}

int results_require(struct results *res, const char *const *names)
{
	for (; *names; names++) {
		if (results_col(res, *names) < 0) {
			set_err(res, "%s has no column '%s'", res->path, *names);
			return -EINVAL;
		}
	}
	return 0;
}

int results_cells(const struct results *res, struct results_cell **cellsp,
		  size_t *ncellsp)
{
	struct results_cell *cells = NULL;
	size_t ncells = 0, r, i;

	for (r = 0; r < res->nrows; r++) {
		const char *name = results_get(res, r, "cell");
		struct results_cell *c = NULL;
		size_t *rows;

		for (i = 0; i < ncells; i++)
			if (!strcmp(cells[i].name, name))
				c = &cells[i];
		if (!c) {
			struct results_cell *nc;

			nc = realloc(cells, (ncells + 1) * sizeof(*cells));
			if (!nc)
				goto nomem;
			cells = nc;
			c = &cells[ncells++];
			c->name = name;
			c->nrows = 0;
			c->rows = NULL;
		}
		rows = realloc(c->rows, (c->nrows + 1) * sizeof(*rows));
		if (!rows)
			goto nomem;
		c->rows = rows;
		c->rows[c->nrows++] = r;
	}
	*cellsp = cells;
	*ncellsp = ncells;
	return 0;
nomem:
	results_cells_free(cells, ncells);
	return -ENOMEM;
}

void results_cells_free(struct results_cell *cells, size_t ncells)
{
	size_t i;

	for (i = 0; i < ncells; i++)
		free(cells[i].rows);
	free(cells);
}

const struct results_cell *results_cell_find(const struct results_cell *cells,
					     size_t ncells, const char *name)
{
	size_t i;

	for (i = 0; i < ncells; i++)
		if (!strcmp(cells[i].name, name))
			return &cells[i];
	return NULL;
}

size_t results_cell_values_rounds(const struct results *res,
				  const struct results_cell *cell,
				  const char *col, double *vals, int *rounds)
{
	size_t i, n = 0;

	for (i = 0; i < cell->nrows; i++) {
		double v, r;

		if (!results_row_ok(res, cell->rows[i]) ||
		    results_num(res, cell->rows[i], col, &v))
			continue;
		if (rounds)
			rounds[n] = results_num(res, cell->rows[i], "repeat", &r) ?
				    -1 : (int)r;
		vals[n++] = v;
	}
	return n;
}

size_t results_cell_values(const struct results *res,
			   const struct results_cell *cell, const char *col,
			   double *vals)
{
	return results_cell_values_rounds(res, cell, col, vals, NULL);
}

double results_cell_median(const struct results *res,
			   const struct results_cell *cell, const char *col,
			   double *vals)
{
	return stats_median(vals, results_cell_values(res, cell, col, vals));
}

const char *results_setting_col(const struct results *res, size_t i)
{
	char attr[64];
	size_t c;

	if (i < NR_DIMS)
		return dims[i].req_col;
	i -= NR_DIMS;
	for (c = 0; c < res->ncols; c++)
		if (!knob_col_attr(res->cols[c], attr, sizeof(attr)) && !i--)
			return res->cols[c];
	return NULL;
}

static int is_except(const char *col, const char *const *except)
{
	for (; *except; except++)
		if (!strcmp(col, *except))
			return 1;
	return 0;
}

char *results_cell_key_except(const struct results *res, size_t row,
			      const char *const *except)
{
	const char *col;
	size_t len = 1, i;
	char *key;

	/* what is written: "*" stands for `except` even where it is empty */
	for (i = 0; (col = results_setting_col(res, i)); i++)
		len += strlen(!is_except(col, except) ? results_get(res, row, col) : "*") + 1;
	key = malloc(len);
	if (!key)
		return NULL;
	*key = '\0';
	for (i = 0; (col = results_setting_col(res, i)); i++) {
		/* a unit separator cannot occur in a CSV value we read */
		strcat(key, !is_except(col, except) ? results_get(res, row, col) : "*");
		strcat(key, "\x1f");
	}
	return key;
}

char *results_cell_key(const struct results *res, size_t row,
		       const char *except)
{
	return results_cell_key_except(res, row, (const char *const[]){ except, NULL });
}

int results_cells_differ_once(const char *a, const char *b)
{
	return results_cells_differ(a, b) == 1;
}

int results_cells_differ(const char *a, const char *b)
{
	int diff = 0;

	for (;;) {
		size_t la = strcspn(a, "/"), lb = strcspn(b, "/");

		if (la != lb || strncmp(a, b, la))
			diff++;
		a += la;
		b += lb;
		if (!*a || !*b)
			break;
		a++;
		b++;
	}
	return !*a && !*b ? diff : -1;
}

char *results_stable_key(const struct results *res, size_t row,
			 const char *target_ident)
{
	const char *col;
	size_t i, len = 1;
	char *key;

	/*
	 * "col=value" for each setting the row has, joined by ',' (no CSV
	 * value holds one): a setting column that an older results.csv
	 * lacks, or leaves empty, is left out, so adding a dimension later
	 * keeps the keys of the cells that do not use it.
	 */
	for (i = 0; (col = results_setting_col(res, i)); i++) {
		const char *v = strcmp(col, "target") ? results_get(res, row, col) :
				target_ident;

		if (*v)
			len += strlen(col) + strlen(v) + 2;
	}
	key = malloc(len);
	if (!key)
		return NULL;
	*key = '\0';
	for (i = 0; (col = results_setting_col(res, i)); i++) {
		const char *v = strcmp(col, "target") ? results_get(res, row, col) :
				target_ident;

		if (!*v)
			continue;
		if (*key)
			strcat(key, ",");
		strcat(key, col);
		strcat(key, "=");
		strcat(key, v);
	}
	return key;
}
