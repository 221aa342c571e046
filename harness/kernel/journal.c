// SPDX-License-Identifier: GPL-2.0
/*
 * journal.c: the state file behind every kernel setting the harness makes.
 * One line per change, written and fsync'ed before the change is made:
 *   knob <TAB> sysfs path <TAB> value before the harness touched it
 *   zram <TAB> id                       (a zram device it hot-added)
 *   loop <TAB> /dev/loopN <TAB> backing file <TAB> tmpfs mount point
 *   remote <TAB> fio server <TAB> disk  (settings its jobs made there)
 * Restoring replays the lines newest first, so each setting ends at the
 * value it had before the first change, and devices go after the settings
 * made on them.  The running harness holds an flock on the file; a
 * `restore` that cannot take it knows a live run still owns the state.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "sweep/clients.h"
#include "kernel/embedded.h"
#include "lib/fileio.h"
#include "kernel/journal.h"

const char *journal_default_path(void)
{
	const char *env = getenv("FIORING_STATE");

	return env && *env ? env : JOURNAL_DEFAULT;
}

int journal_open(struct journal *j, const char *path)
{
	char dir[PATH_MAX], *slash;
	int ret;

	memset(j, 0, sizeof(*j));
	j->fd = -1;
	if (snprintf(j->path, sizeof(j->path), "%s", path) >= (int)sizeof(j->path))
		return -ENAMETOOLONG;
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		ret = mkdir_p(dir, 0755);
		if (ret)
			return ret;
	}
	j->fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (j->fd < 0)
		return -errno;
	if (flock(j->fd, LOCK_EX | LOCK_NB) < 0) {
		ret = errno == EWOULDBLOCK ? -EBUSY : -errno;
		close(j->fd);
		j->fd = -1;
		return ret;
	}
	return 0;
}

int journal_pending(struct journal *j)
{
	off_t end = lseek(j->fd, 0, SEEK_END);

	return end > 0;
}

static int journal_append(struct journal *j, const char *line)
{
	size_t len = strlen(line);
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

int journal_note(struct journal *j, const char *line)
{
	return journal_append(j, line);
}

/* "[none] mq-deadline" -> "none"; plain values unchanged */
void sysfs_selected(const char *val, char *out, size_t len)
{
	const char *open = strchr(val, '['), *close;

	if (open) {
		close = strchr(open, ']');
		if (close) {
			snprintf(out, len, "%.*s", (int)(close - open - 1), open + 1);
			return;
		}
	}
	snprintf(out, len, "%s", val);
}

/*
 * Sets a sysfs attribute, journaling its old value first (once per
 * attribute), and reads back what the kernel made of the write: eff gets
 * the effective value, which may differ from val.
 */
int journal_knob_set(struct journal *j, const char *path, const char *val,
		     char *eff, size_t efflen)
{
	char raw[4096], orig[4096], line[8192 + 16];
	int ret;

	if (!strlist_has(&j->knobs, path)) {
		ret = file_read_line(path, raw, sizeof(raw));
		if (ret)
			return ret;
		sysfs_selected(raw, orig, sizeof(orig));
		snprintf(line, sizeof(line), "knob\t%s\t%s\n", path, orig);
		ret = journal_append(j, line);
		if (ret)
			return ret;
		ret = strlist_add(&j->knobs, path);
		if (ret)
			return ret;
	}
	ret = file_write_str(path, val);
	if (ret)
		return ret;
	if (eff) {
		ret = file_read_line(path, raw, sizeof(raw));
		if (ret)
			return ret;
		sysfs_selected(raw, eff, efflen);
	}
	return 0;
}

int journal_parse_line(char *line, struct journal_entry *e)
{
	char *save, *tok, *end;
	long id;

	memset(e, 0, sizeof(*e));
	for (tok = strtok_r(line, "\t", &save); tok && e->n < 4;
	     tok = strtok_r(NULL, "\t", &save))
		e->f[e->n++] = tok;
	if (!e->n)
		return e->kind = JOURNAL_EMPTY;
	if (!strcmp(e->f[0], "knob") && e->n == 3)
		return e->kind = JOURNAL_KNOB;
	if (!strcmp(e->f[0], "loop") && e->n == 4)
		return e->kind = JOURNAL_LOOP;
	if (!strcmp(e->f[0], "remote") && e->n == 3)
		return e->kind = JOURNAL_REMOTE;
	if (!strcmp(e->f[0], "zram") && e->n == 2) {
		/* a damaged id must not remove some other zram device */
		errno = 0;
		id = strtol(e->f[1], &end, 10);
		if (!errno && end != e->f[1] && !*end && id >= 0 && id <= INT_MAX) {
			e->zram_id = id;
			return e->kind = JOURNAL_ZRAM;
		}
	}
	return e->kind = JOURNAL_UNKNOWN;
}

static int restore_line(char *line, FILE *log)
{
	struct journal_entry e;
	char cur[4096], sel[4096];
	char *const *f = e.f;
	int ret = 0;

	switch (journal_parse_line(line, &e)) {
	case JOURNAL_EMPTY:
		break;
	case JOURNAL_KNOB:
		/*
		 * a write that failed (read-only sysfs) changed nothing: a
		 * setting already at its value needs no write, which would
		 * fail the same way
		 */
		if (!file_read_line(f[1], cur, sizeof(cur))) {
			sysfs_selected(cur, sel, sizeof(sel));
			if (!strcmp(sel, f[2])) {
				if (log)
					fprintf(log, "restore: %s = %s (unchanged)\n", f[1], f[2]);
				break;
			}
		}
		ret = file_write_str(f[1], f[2]);
		/* the device went away, and the setting with it */
		if (ret == -ENOENT)
			ret = 0;
		if (log)
			fprintf(log, "restore: %s = %s%s%s\n", f[1], f[2],
				ret ? ": " : "", ret ? strerror(-ret) : "");
		break;
	case JOURNAL_ZRAM:
		ret = embedded_zram_remove(e.zram_id);
		if (log)
			fprintf(log, "restore: removed zram%d%s%s\n", e.zram_id,
				ret ? ": " : "", ret ? strerror(-ret) : "");
		break;
	case JOURNAL_LOOP:
		ret = embedded_loop_remove(f[1], f[2], f[3]);
		if (log)
			fprintf(log, "restore: removed %s%s%s\n", f[1],
				ret ? ": " : "", ret ? strerror(-ret) : "");
		break;
	case JOURNAL_REMOTE:
		ret = clients_restore_host(f[1], f[2], log);
		break;
	default:
		if (log)
			fprintf(log, "restore: ignoring unknown journal line: %s\n", f[0]);
		break;
	}
	return ret;
}

/* Replays the journal newest first; returns the number of failed lines. */
int journal_restore(struct journal *j, FILE *log)
{
	char *buf, **lines = NULL, **nl, *line, *save;
	int nr = 0, i, failed = 0, ret;
	size_t len;

	ret = file_read_all(j->path, &buf, &len);
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
	for (i = nr - 1; i >= 0; i--)
		if (restore_line(lines[i], log))
			failed++;
	/* what could not be put back stays journaled for another try */
	if (!failed && ftruncate(j->fd, 0) < 0)
		ret = -errno;
	strlist_free(&j->knobs);
	if (!ret)
		ret = failed;
out:
	free(lines);
	free(buf);
	return ret;
}

void journal_close(struct journal *j)
{
	strlist_free(&j->knobs);
	if (j->fd >= 0)
		close(j->fd);
	j->fd = -1;
}
