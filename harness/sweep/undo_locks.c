// SPDX-License-Identifier: GPL-2.0
/*
 * undo_locks.c: which disks a journal's replay touches, read from its
 * records as sweep/undo.c knows them: a knob record's sysfs path under
 * /sys/block/DISK/ names a disk to lock; the devices the journal made
 * (zram, loop) are not locked, since the replay removes them and a lock
 * would hold them open.  Hidden NVMe path disks have no node: their head's
 * knobs are in the same journal and its lock covers them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/embedded.h"
#include "kernel/journal.h"
#include "kernel/knob.h"
#include "lib/fileio.h"
#include "lib/strlist.h"
#include "sweep/undo_locks.h"

/* "/sys/block/DISK/..." -> DISK; 0 when the path is not a disk's */
static int sysfs_disk(const char *path, char *disk, size_t len)
{
	const char *p = path + strlen("/sys/block/"), *slash;

	if (strncmp(path, "/sys/block/", 11))
		return 0;
	slash = strchr(p, '/');
	if (!slash || slash == p || (size_t)(slash - p) >= len)
		return 0;
	snprintf(disk, len, "%.*s", (int)(slash - p), p);
	return 1;
}

static int note_rec(const struct journal_rec *r, struct strlist *disks,
		    struct strlist *made)
{
	char disk[256];
	const char *base;

	if (!strcmp(r->kind, KNOB_REC) && r->n == KNOB_FIELDS) {
		if (sysfs_disk(r->f[0], disk, sizeof(disk)) &&
		    !strlist_has(disks, disk))
			return strlist_add(disks, disk);
	} else if (!strcmp(r->kind, EMBEDDED_ZRAM_REC) &&
		   r->n == EMBEDDED_ZRAM_FIELDS) {
		snprintf(disk, sizeof(disk), "zram%s", r->f[0]);
		return strlist_add(made, disk);
	} else if (!strcmp(r->kind, EMBEDDED_LOOP_REC) &&
		   (r->n == EMBEDDED_LOOP_FIELDS ||
		    r->n == EMBEDDED_LOOP_ADDED_FIELDS)) {
		base = strrchr(r->f[0], '/');
		return strlist_add(made, base ? base + 1 : r->f[0]);
	}
	return 0;
}

int undo_lock_disks(struct devlocks *l, const char *journal_path, char *why,
		    size_t len)
{
	struct strlist disks = { 0 }, made = { 0 };
	char *buf, *line, *save, node[300];
	struct journal_rec r;
	size_t n;
	int i, ret;

	ret = file_read_all(journal_path, &buf, &n);
	if (ret)
		return ret == -ENOENT ? 0 : ret;
	for (line = strtok_r(buf, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save))
		if (journal_parse_line(line, &r) == 1)
			ret = note_rec(&r, &disks, &made);
	for (i = 0; !ret && i < disks.nr; i++) {
		if (strlist_has(&made, disks.v[i]))
			continue;
		snprintf(node, sizeof(node), "/dev/%s", disks.v[i]);
		if (access(node, F_OK))
			continue;
		ret = devlock_take(l, node, why, len);
	}
	if (ret == -ENOMEM)
		snprintf(why, len, "%s", strerror(ENOMEM));
	strlist_free(&disks);
	strlist_free(&made);
	free(buf);
	return ret;
}
