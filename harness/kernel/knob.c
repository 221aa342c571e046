// SPDX-License-Identifier: GPL-2.0
/*
 * knob.c: writes sysfs settings with their old value journaled first, and
 * puts them back from the journal.  A setting is journaled once per run,
 * so that replaying newest first ends at the value before the first write.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "kernel/journal.h"
#include "kernel/knob.h"
#include "lib/fileio.h"

/* a sysfs attribute's text: a page at most */
#define KNOB_VALUE_MAX 4096

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

int knob_set(struct journal *j, const char *path, const char *val,
	     char *eff, size_t efflen)
{
	char raw[KNOB_VALUE_MAX], orig[KNOB_VALUE_MAX];
	int ret;

	if (!journal_holds(j, KNOB_REC, path)) {
		ret = file_read_line(path, raw, sizeof(raw));
		if (ret)
			return ret;
		sysfs_selected(raw, orig, sizeof(orig));
		ret = journal_add(j, KNOB_REC, path, orig, NULL);
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

int knob_undo(const struct journal_rec *r, char *what, size_t len)
{
	char cur[KNOB_VALUE_MAX], sel[KNOB_VALUE_MAX];
	const char *path = r->f[0], *val = r->f[1];
	int ret;

	/*
	 * a write that failed (read-only sysfs) changed nothing: a setting
	 * already at its value needs no write, which would fail the same way
	 */
	if (!file_read_line(path, cur, sizeof(cur))) {
		sysfs_selected(cur, sel, sizeof(sel));
		if (!strcmp(sel, val)) {
			snprintf(what, len, "%s = %s (unchanged)", path, val);
			return 0;
		}
	}
	ret = file_write_str(path, val);
	/* the device went away, and the setting with it */
	if (ret == -ENOENT)
		ret = 0;
	if (!ret) {
		snprintf(what, len, "%s = %s", path, val);
		return 0;
	}
	if (file_read_line(path, cur, sizeof(cur)))
		snprintf(sel, sizeof(sel), "(unreadable)");
	else
		sysfs_selected(cur, sel, sizeof(sel));
	snprintf(what, len, "%s left at %s, not put back to %s: %s", path, sel,
		 val, strerror(-ret));
	return ret;
}
