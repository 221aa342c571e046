// SPDX-License-Identifier: GPL-2.0
/*
 * journal.c: the state file behind every change the harness makes.  One
 * line per record, written and fsync'ed before the change it describes:
 *   kind <TAB> field <TAB> field ...
 * The kinds, and what undoing each means, belong to the subsystems that
 * write them (kernel/knob.c, kernel/embedded.c, sweep/clients.c); this
 * file only appends, splits and replays.  Restoring replays the lines
 * newest first, so each setting ends at the value it had before the first
 * change, and devices go after the settings made on them.  The running
 * harness holds an flock on the file; a `restore` that cannot take it
 * knows a live run still owns the state.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "kernel/journal.h"

/* a record longer than this is not one the harness writes */
#define JOURNAL_LINE_MAX (4 * PATH_MAX)

const char *journal_default_path(void)
{
	const char *env = getenv("FIORING_STATE");

	return env && *env ? env : JOURNAL_DEFAULT;
}

/* path's file, its directory made first, opened and locked: an fd or -errno */
static int journal_file(const char *path, int flags)
{
	char dir[PATH_MAX], *slash;
	int fd, ret;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		ret = mkdir_p(dir, 0755);
		if (ret)
			return ret;
	}
	fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | flags, 0644);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		ret = errno == EWOULDBLOCK ? -EBUSY : -errno;
		close(fd);
		return ret;
	}
	return fd;
}

int journal_open(struct journal *j, const char *path)
{
	int fd;

	memset(j, 0, sizeof(*j));
	j->fd = -1;
	if (snprintf(j->path, sizeof(j->path), "%s", path) >= (int)sizeof(j->path))
		return -ENAMETOOLONG;
	fd = journal_file(path, 0);
	if (fd < 0)
		return fd;
	j->fd = fd;
	return 0;
}

int journal_pending(struct journal *j)
{
	off_t end = lseek(j->fd, 0, SEEK_END);

	return end > 0;
}

static int journal_write(struct journal *j, const char *line, size_t len)
{
	ssize_t n;

	n = write(j->fd, line, len);
	if (n < 0)
		return -errno;
	if ((size_t)n != len)
		return -EIO;
	/* the line must be on disk before the change it describes */
	if (fdatasync(j->fd) < 0)
		return -errno;
	return 0;
}

static void key_of(const char *kind, const char *first, char *buf, size_t len)
{
	snprintf(buf, len, "%s\t%s", kind, first ?: "");
}

int journal_add(struct journal *j, const char *kind, ...)
{
	char line[JOURNAL_LINE_MAX], key[JOURNAL_LINE_MAX];
	const char *f, *first = NULL;
	size_t used;
	va_list ap;
	int n = 0, ret = 0;

	used = snprintf(line, sizeof(line), "%s", kind);
	va_start(ap, kind);
	while ((f = va_arg(ap, const char *))) {
		/* a field with a separator in it would read back as other fields */
		if (++n > JOURNAL_FIELDS_MAX || strpbrk(f, "\t\n")) {
			ret = -EINVAL;
			break;
		}
		first = first ?: f;
		used += snprintf(line + used, used < sizeof(line) ? sizeof(line) - used : 0,
				 "\t%s", f);
	}
	va_end(ap);
	if (ret)
		return ret;
	if (used + 1 >= sizeof(line))
		return -ENAMETOOLONG;
	line[used++] = '\n';
	line[used] = '\0';
	ret = journal_write(j, line, used);
	if (ret)
		return ret;
	key_of(kind, first, key, sizeof(key));
	return strlist_has(&j->keys, key) ? 0 : strlist_add(&j->keys, key);
}

bool journal_holds(const struct journal *j, const char *kind, const char *key)
{
	char k[JOURNAL_LINE_MAX];

	key_of(kind, key, k, sizeof(k));
	return strlist_has(&j->keys, k);
}

int journal_parse_line(char *line, struct journal_rec *r)
{
	char *save, *tok;

	memset(r, 0, sizeof(*r));
	tok = strtok_r(line, "\t", &save);
	if (!tok)
		return 0;
	r->kind = tok;
	for (tok = strtok_r(NULL, "\t", &save); tok;
	     tok = strtok_r(NULL, "\t", &save)) {
		if (r->n < JOURNAL_FIELDS_MAX)
			r->f[r->n] = tok;
		r->n++;
	}
	return 1;
}

const struct journal_undo *journal_undo_find(const struct journal_undo *table,
					     const struct journal_rec *r)
{
	for (; table->kind; table++)
		if (!strcmp(table->kind, r->kind) && r->n == table->nfields)
			return table;
	return NULL;
}

/* 0: undone or nothing to do; -errno: what it describes is still there */
static int restore_line(const char *line, const struct journal_undo *table,
			FILE *log, FILE *err)
{
	const struct journal_undo *u;
	char *copy = strdup(line), what[2 * JOURNAL_LINE_MAX];
	struct journal_rec r;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	if (!journal_parse_line(copy, &r))
		goto out;
	u = journal_undo_find(table, &r);
	if (!u) {
		if (log)
			fprintf(log, "restore: ignoring unknown journal line: %s\n", r.kind);
		goto out;
	}
	what[0] = '\0';
	ret = u->undo(&r, what, sizeof(what));
	if (ret && err)
		fprintf(err, "restore: %s\n", what);
	else if (!ret && log)
		fprintf(log, "restore: %s\n", what);
out:
	free(copy);
	return ret;
}

/*
 * The lines marked in @keep, in their order: what is still to undo.  Each
 * line ends where strtok_r() cut it, at a byte of the file's buffer (its
 * newline, or the terminator file_read_fd() adds).
 */
static int journal_rewrite(struct journal *j, char **lines, const bool *keep,
			   int nr)
{
	size_t len;
	int i, ret;

	if (ftruncate(j->fd, 0) < 0)
		return -errno;
	for (i = 0; i < nr; i++) {
		if (!keep[i])
			continue;
		len = strlen(lines[i]);
		lines[i][len] = '\n';
		ret = journal_write(j, lines[i], len + 1);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * The journal back at its path when its file was removed while held, so
 * that what is left to undo is where `restore` and the run's last line
 * look.  A path that names another file (another run's journal) is not
 * taken over.
 */
static int journal_relink(struct journal *j)
{
	struct stat held, at;
	int fd;

	if (fstat(j->fd, &held) < 0)
		return -errno;
	if (!stat(j->path, &at))
		return at.st_dev == held.st_dev && at.st_ino == held.st_ino ?
		       0 : -EEXIST;
	if (errno != ENOENT)
		return -errno;
	fd = journal_file(j->path, O_EXCL);
	if (fd < 0)
		return fd;
	close(j->fd);
	j->fd = fd;
	return 0;
}

int journal_restore(struct journal *j, const struct journal_undo *table,
		    FILE *log, FILE *err)
{
	char *buf, **lines = NULL, **nl, *line, *save;
	int nr = 0, i, failed = 0, ret;
	bool *keep = NULL;
	size_t len;

	/*
	 * Through the descriptor, not the path: a journal whose file was
	 * removed or replaced (a cleaner of /tmp, a script's trap) is still
	 * this process's record of what it changed.
	 */
	ret = file_read_fd(j->fd, &buf, &len);
	if (ret)
		return ret;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		nl = realloc(lines, (nr + 1) * sizeof(*nl));
		if (!nl) {
			ret = -ENOMEM;
			goto out;
		}
		lines = nl;
		lines[nr++] = line;
	}
	keep = calloc(nr ?: 1, sizeof(*keep));
	if (!keep) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = nr - 1; i >= 0; i--)
		if (restore_line(lines[i], table, log, err)) {
			keep[i] = true;
			failed++;
		}
	/* what could not be put back stays journaled for another try */
	if (failed) {
		ret = journal_relink(j);
		if (ret && err)
			fprintf(err, "restore: %s was removed meanwhile "
				"and cannot be made again: %s\n", j->path,
				ret == -EEXIST ? "another file is there now" :
				strerror(-ret));
	}
	ret = journal_rewrite(j, lines, keep, nr);
	strlist_free(&j->keys);
	if (!ret)
		ret = failed;
out:
	free(keep);
	free(lines);
	free(buf);
	return ret;
}

void journal_close(struct journal *j)
{
	strlist_free(&j->keys);
	if (j->fd >= 0)
		close(j->fd);
	j->fd = -1;
}
