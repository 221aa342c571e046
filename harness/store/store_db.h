/* SPDX-License-Identifier: GPL-2.0 */
/*
 * store_db.h: what store.c, store_add.c and store_query.c share: the open
 * connection and small wrappers of SQLite's statement calls.  Not for use
 * outside harness/store/.
 */
#ifndef FIORING_STORE_DB_H
#define FIORING_STORE_DB_H

#include <sqlite3.h>
#include <stddef.h>

struct store {
	sqlite3 *db;
	char path[4096];
	char err[512];
};

__attribute__((format(printf, 3, 4)))
int store_fail(struct store *st, int ret, const char *fmt, ...);
/* -ENOMEM and st->err saying so */
int store_nomem(struct store *st);
/* now as ISO 8601 UTC, "2026-12-07T18:50:32Z" */
void store_now_iso(char *buf, size_t len);
/* -EIO and st->err naming what was being done and SQLite's message */
int store_sql_fail(struct store *st, const char *what);
/* prepares sql; 0 or store_sql_fail() */
int store_prepare(struct store *st, const char *sql, sqlite3_stmt **stmt);
/*
 * Steps s, a query of one row at most: 1 there is a row to read, 0 there
 * is none, else store_sql_fail(what).  s is the caller's to finalize.
 */
int store_step_one(struct store *st, sqlite3_stmt *s, const char *what);
/* runs sql (no rows); 0 or store_sql_fail() */
int store_exec(struct store *st, const char *sql);
/* column i of the current row as a string, "" for NULL */
const char *store_col_text(sqlite3_stmt *s, int i);

#endif
