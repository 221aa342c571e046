// SPDX-License-Identifier: GPL-2.0
/*
 * ioprio_mix.c: reads a --ioprio item.  Two shapes exist because fio has
 * two ways to give I/O a priority: the job's own class for all of its I/O
 * ("be/4", one ioprio_set() and every SQE), and a share of the I/O sent at
 * another class ("rt:10"), which is what shows a scheduler's priority
 * handling: two classes competing for one queue in one run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/ioprio_mix.h"

static const char *const class_names[] = { "none", "rt", "be", "idle" };

const char *ioprio_class_name(int cls)
{
	return cls >= 0 && cls <= 3 ? class_names[cls] : "?";
}

/* a whole number in [min, max] up to the end or the stop character */
static int num_until(const char *s, char stop, int min, int max, int *out,
		     const char **end)
{
	char *e;
	long v;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtol(s, &e, 10);
	if (errno || v < min || v > max || (*e && *e != stop))
		return -EINVAL;
	*out = (int)v;
	*end = e;
	return 0;
}

int ioprio_parse(const char *s, struct ioprio_mix *m)
{
	size_t n = strcspn(s, "/:");
	const char *p;
	int cls;

	memset(m, 0, sizeof(*m));
	if (!strcmp(s, "none"))
		return 0;
	for (cls = 1; cls <= 3; cls++)
		if (strlen(class_names[cls]) == n && !strncmp(s, class_names[cls], n))
			break;
	if (cls > 3 || !s[n])
		return -EINVAL;
	m->cls = cls;
	p = s + n + 1;
	if (s[n] == '/')
		return num_until(p, '\0', 0, 7, &m->level, &p);
	if (num_until(p, ':', 1, 100, &m->pct, &p))
		return -EINVAL;
	if (!*p)
		return 0;
	return num_until(p + 1, '\0', 0, 7, &m->level, &p);
}

int ioprio_fio_opts(const char *s, struct strlist *opts)
{
	struct ioprio_mix m;
	char o[3][40];
	int i, n = 0, ret;

	if (ioprio_parse(s, &m))
		return -EINVAL;
	if (m.pct) {
		snprintf(o[n++], sizeof(o[0]), "cmdprio_percentage=%d", m.pct);
		snprintf(o[n++], sizeof(o[0]), "cmdprio_class=%d", m.cls);
		snprintf(o[n++], sizeof(o[0]), "cmdprio=%d", m.level);
	} else if (m.cls) {
		snprintf(o[n++], sizeof(o[0]), "prioclass=%d", m.cls);
		snprintf(o[n++], sizeof(o[0]), "prio=%d", m.level);
	}
	for (i = 0; i < n; i++) {
		ret = strlist_add(opts, o[i]);
		if (ret)
			return ret;
	}
	return 0;
}
