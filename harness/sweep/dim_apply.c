// SPDX-License-Identifier: GPL-2.0
/*
 * dim_apply.c: a cell's kernel settings, by the dims table (dim_apply.h).
 * A row's `where` says how it is applied; what a setting brings along
 * beyond its own file is its follower below, the one place a row is named.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/knob.h"
#include "kernel/queue_attr.h"
#include "lib/fileio.h"
#include "sweep/dim_apply.h"

int dim_path(const struct target *t, const struct dim *d, char *path,
	     size_t len)
{
	if (d->where == DIM_QUEUE_ATTR)
		return queue_attr_path(t, d->attr, path, len);
	if (d->where != DIM_NVME_SUBSYS || !t->subsys[0])
		return -ENOENT;
	if (snprintf(path, len, "%s/%s", t->subsys, d->attr) >= (int)len)
		return -ENAMETOOLONG;
	return access(path, W_OK) ? -errno : 0;
}

int dim_now(const struct target *t, const struct dim *d, char *buf,
	    size_t len)
{
	char path[PATH_BUF], raw[256];
	int ret = dim_path(t, d, path, sizeof(path)) ?:
		  file_read_line(path, raw, sizeof(raw));

	if (!ret)
		sysfs_selected(raw, buf, len);
	return ret;
}

/*
 * path (found: 0, or why it was not) set to val (journaled), what the
 * kernel kept into eff
 */
static int set_path(const struct dim_apply *a, int found, const char *path,
		    const char *name, const char *val, const char *disk,
		    char *eff, size_t len, struct result_row *r)
{
	int ret = found ?: knob_set(a->journal, path, val, eff, len);

	if (ret)
		row_fail(r, "cannot set %s=%s on %s: %s", name, val, disk,
			 strerror(-ret));
	return ret;
}

/* queue/attr of t set to val where it lives (queue_attr.h), kept into eff */
static int set_queue(const struct dim_apply *a, const struct target *t,
		     const char *attr, const char *val, char *eff, size_t len,
		     struct result_row *r)
{
	const char *where = t->disk;
	int ret = queue_attr_set(a->journal, t, attr, val, eff, len, &where);

	if (ret)
		row_fail(r, "cannot set %s=%s on %s: %s", attr, val, where,
			 strerror(-ret));
	return ret;
}

/*
 * iostats: passthrough I/O on the char device counts only with
 * iostats_passthrough (6.13+)
 */
static int iostats_follows(const struct dim_apply *a, const struct target *t,
			   const char *val, struct result_row *r)
{
	char path[PATH_BUF];

	if (!t->is_char || queue_attr_path(t, "iostats_passthrough", path,
					   sizeof(path)))
		return 0;
	return set_queue(a, t, "iostats_passthrough", strcmp(val, "0") ? "1" : "0",
			 r->iostats_passthrough_eff,
			 sizeof(r->iostats_passthrough_eff), r);
}

/* sqpoll: the loop workers follow the submitter (placement.h) */
static int sqpoll_follows(const struct dim_apply *a, const struct target *t,
			  const char *val, struct result_row *r)
{
	bool sq = val && atoi(val);
	int ret = placement_workers_follow(a->journal, a->place, sq);

	if (ret)
		row_fail(r, "cannot bind %s's workers to the %s CPU: %s", t->disk,
			 sq ? "SQ thread's" : "jobs'", strerror(-ret));
	return ret;
}

static int (*const follows[NR_DIMS])(const struct dim_apply *a,
				     const struct target *t, const char *val,
				     struct result_row *r) = {
	[DIM_SQPOLL] = sqpoll_follows,
	[DIM_IOSTATS] = iostats_follows,
};

/* row d of the table on t: set to the cell's value, or read as it is */
static int apply_row(const struct dim_apply *a, const struct target *t,
		     const struct dim *d, const char *val, struct result_row *r)
{
	char path[PATH_BUF], now[256] = "";
	int ret;

	if (val) {
		ret = d->where == DIM_QUEUE_ATTR ?
		      set_queue(a, t, d->attr, val, now, sizeof(now), r) :
		      set_path(a, dim_path(t, d, path, sizeof(path)), path,
			       d->name, val, t->disk, now, sizeof(now), r);
		if (ret)
			return ret;
	} else if (dim_now(t, d, now, sizeof(now)) == -ENOENT && d->absent) {
		snprintf(now, sizeof(now), "%s", d->absent);
	}
	if (d->eff_col)
		result_row_put(r, d->eff_col, now);
	return 0;
}

int dims_apply(const struct dim_apply *a, const struct target *t,
	       const struct sweep_cell *c, struct result_row *r)
{
	const struct dim *d;
	int ret, i;

	for (i = 0; i < NR_DIMS; i++) {
		d = &dims[i];
		ret = dim_in_kernel(d) ? apply_row(a, t, d, c->val[i], r) : 0;
		if (!ret && follows[i])
			ret = follows[i](a, t, c->val[i], r);
		if (ret)
			return ret;
	}
	/* --knob: after the table's, whose scheduler resets some of them */
	for (i = 0; i < a->nr_knobs; i++) {
		ret = set_queue(a, t, a->knobs[i].attr, c->val[NR_DIMS + i],
				r->knob_eff[i], sizeof(r->knob_eff[i]), r);
		if (ret)
			return ret;
	}
	return 0;
}

/* mainline knows iostats on and off: 2 reads back 1, and is recorded so */
static bool same_setting(const struct dim *d, const char *asked,
			 const char *kept)
{
	if (d->on_off)
		return !strcmp(asked, "0") == !strcmp(kept, "0");
	return !strcmp(asked, kept);
}

int dims_kept(const struct sweep_cell *c, struct result_row *r)
{
	const struct dim *d;
	const char *kept;
	int i;

	for (i = 0; i < NR_DIMS; i++) {
		d = &dims[i];
		if (!c->val[i] || !d->eff_col || !dim_in_kernel(d))
			continue;
		kept = result_row_text(r, d->eff_col) ?: "";
		if (!same_setting(d, c->val[i], kept)) {
			row_fail(r, "the kernel kept %s=%s, not %s", d->name,
				 kept, c->val[i]);
			return -EIO;
		}
	}
	return 0;
}
