// SPDX-License-Identifier: GPL-2.0
/*
 * queue_knob.c: parses and probes the queue/ attributes `--knob` sweeps.
 * Writability is read from the file's mode, not tried: root may open a
 * read-only sysfs file for writing only to have the write refused, and a
 * mode without a write bit is how sysfs says it has no store method.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/queue_attr.h"
#include "kernel/queue_knob.h"
#include "lib/fileio.h"

static int plain_name(const char *s, size_t n)
{
	size_t i;

	if (!n || n >= QUEUE_KNOB_NAME)
		return 0;
	for (i = 0; i < n; i++)
		if (!(s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= '0' && s[i] <= '9')))
			return 0;
	return 1;
}

int queue_knob_parse(const char *arg, struct queue_knob *k, char *why,
		     size_t len)
{
	const char *eq = strchr(arg, '=');
	int i, ret;

	memset(k, 0, sizeof(*k));
	if (!eq || !plain_name(arg, (size_t)(eq - arg))) {
		snprintf(why, len, "want ATTR=V1,V2,... with ATTR a queue/ "
			 "attribute name (a-z, 0-9, _)");
		return -EINVAL;
	}
	snprintf(k->attr, sizeof(k->attr), "%.*s", (int)(eq - arg), arg);
	ret = strlist_split(&k->vals, eq + 1);
	if (ret) {
		snprintf(why, len, "%s: a comma-separated list of values", k->attr);
		strlist_free(&k->vals);
		return ret;
	}
	for (i = 0; i < k->vals.nr; i++)
		if (!k->vals.v[i][0] || strlen(k->vals.v[i]) >= QUEUE_KNOB_VAL ||
		    strpbrk(k->vals.v[i], " \t/")) {
			snprintf(why, len, "%s: each value a word of at most %d "
				 "characters", k->attr, QUEUE_KNOB_VAL - 1);
			strlist_free(&k->vals);
			return -EINVAL;
		}
	return 0;
}

int queue_knob_probe(struct journal *j, const struct target *t,
		     const struct queue_knob *k, struct strlist *eff,
		     char *why, size_t len)
{
	char path[PATH_BUF], got[QUEUE_KNOB_VAL * 4];
	const char *where;
	struct stat st;
	int i, ret;

	ret = queue_attr_path(t, k->attr, path, sizeof(path));
	if (ret) {
		snprintf(why, len, "%s has no queue/%s", t->disk, k->attr);
		return ret;
	}
	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(why, len, "queue/%s of %s is not a settable file",
			 k->attr, t->disk);
		return -EINVAL;
	}
	if (!(st.st_mode & 0222)) {
		snprintf(why, len, "queue/%s of %s is read-only", k->attr, t->disk);
		return -EACCES;
	}
	for (i = 0; i < k->vals.nr; i++) {
		ret = queue_attr_set(j, t, k->attr, k->vals.v[i], got,
				     sizeof(got), &where);
		if (ret) {
			snprintf(why, len, "%s refuses queue/%s=%s: %s", where,
				 k->attr, k->vals.v[i], strerror(-ret));
			return ret;
		}
		ret = strlist_add(eff, got);
		if (ret)
			return ret;
	}
	return 0;
}
