/* SPDX-License-Identifier: GPL-2.0 */
/*
 * journal.h: the state file behind every change the harness makes to the
 * machine.  Each change is described by a typed record, appended and
 * fsync'ed before the change is made, so that exit, a signal, or a later
 * `restore` after SIGKILL can undo it.  The journal only keeps and replays
 * records: what a kind means, and how to undo it, belongs to the subsystem
 * that writes it, which hands restore an undo table (as git's tempfile and
 * sigchain registries run what their callers registered).
 */
#ifndef FIORING_JOURNAL_H
#define FIORING_JOURNAL_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "lib/strlist.h"

#define JOURNAL_DEFAULT "/run/fioring/journal"

/* fields of a record after its kind */
#define JOURNAL_FIELDS_MAX 4

struct journal {
	char path[PATH_MAX];
	int fd;
	struct strlist keys;	/* "kind<TAB>first field" added since the last replay */
};

/* One record: its kind and fields, pointing into the line it was read from. */
struct journal_rec {
	const char *kind;
	char *f[JOURNAL_FIELDS_MAX];
	int n;
};

/*
 * How to undo one kind of record.  undo() returns 0 when what the record
 * describes is undone (or gone by itself), -errno when it is still in
 * place; either way it says in @what what it did, or what was left as
 * what, in words for the user.  A record with another number of fields
 * than @nfields is not of this kind.
 */
struct journal_undo {
	const char *kind;
	int nfields;
	int (*undo)(const struct journal_rec *r, char *what, size_t len);
};

const char *journal_default_path(void);
int journal_open(struct journal *j, const char *path);
int journal_pending(struct journal *j);
/* appends a record: the kind, then up to JOURNAL_FIELDS_MAX fields, NULL */
__attribute__((sentinel))
int journal_add(struct journal *j, const char *kind, ...);
/* did this process add a record of @kind whose first field is @key? */
bool journal_holds(const struct journal *j, const char *kind, const char *key);
/*
 * Undoes the records newest first through @table (ended by a NULL kind).
 * What was undone is told to @log, what was not to @err (either may be
 * NULL); the records that could not be undone stay in the file, the rest
 * go.  A file removed while held is made again at its path to keep them.
 * Returns the number of those left, or -errno.
 */
int journal_restore(struct journal *j, const struct journal_undo *table,
		    FILE *log, FILE *err);
void journal_close(struct journal *j);

/*
 * Splits @line (modified in place) into @r; returns 1 for a record, 0
 * for an empty line.  @r->n counts every field, also those beyond
 * JOURNAL_FIELDS_MAX (which no kind has).  Pure: the fuzz target calls
 * it on damaged state files without touching the machine.
 */
int journal_parse_line(char *line, struct journal_rec *r);
/* @table's entry for @r, or NULL: damaged or from a newer harness */
const struct journal_undo *journal_undo_find(const struct journal_undo *table,
					     const struct journal_rec *r);

#endif
