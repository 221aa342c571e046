/* SPDX-License-Identifier: GPL-2.0 */
/*
 * journal.h: every kernel setting the harness changes, and every device it
 * makes, is written to a state file before the change, so that exit, a
 * signal, or a later `restore` after SIGKILL can put the machine back.
 */
#ifndef FIORING_JOURNAL_H
#define FIORING_JOURNAL_H

#include <stddef.h>
#include <stdio.h>

#include "lib/strlist.h"

#define JOURNAL_DEFAULT "/run/fioring/journal"

struct journal {
	char path[4096];
	int fd;
	struct strlist knobs;	/* sysfs paths journaled by this process */
};

const char *journal_default_path(void);
int journal_open(struct journal *j, const char *path);
int journal_pending(struct journal *j);
int journal_restore(struct journal *j, FILE *log);
int journal_knob_set(struct journal *j, const char *path, const char *val,
		     char *eff, size_t efflen);
int journal_note(struct journal *j, const char *line);
void journal_close(struct journal *j);
void sysfs_selected(const char *val, char *out, size_t len);

/* What one journal line asks restore to undo. */
enum journal_kind {
	JOURNAL_EMPTY,
	JOURNAL_KNOB,		/* f[1] sysfs path, f[2] value to write back */
	JOURNAL_ZRAM,		/* zram_id */
	JOURNAL_LOOP,		/* f[1] loop device, f[2] backing file, f[3] mount */
	JOURNAL_REMOTE,		/* f[1] fio server, f[2] disk its jobs set knobs on */
	JOURNAL_UNKNOWN,	/* damaged or from a newer harness: left alone */
};

struct journal_entry {
	enum journal_kind kind;
	char *f[4];		/* tab-separated fields, pointing into the line */
	int n;
	int zram_id;
};

/*
 * Splits @line (modified in place) into @e and returns its kind.  Pure: the
 * fuzz target calls it on damaged state files without touching the machine.
 */
int journal_parse_line(char *line, struct journal_entry *e);

#endif
