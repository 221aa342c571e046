// SPDX-License-Identifier: GPL-2.0
/*
 * applicability.c: probes a target once, before the sweep, for what it can
 * answer (see applicability.h).  The answers come from the kernel's own
 * behaviour, not from driver names: a few O_DIRECT reads with iostats 0
 * and then 1 show whether the knob changes what /proc/diskstats counts,
 * and the reading thread's voluntary context switches show whether the
 * driver completed them without the reader ever sleeping.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "lib/json_put.h"
#include "kernel/applicability.h"
#include "kernel/queue_attr.h"
#include "lib/fileio.h"
#include "lib/str.h"

#define PROBE_IOS	64
#define PROBE_BS	4096

/* iostats=val where the target's accounting lives (queue_attr.h) */
static int iostats_set(struct journal *j, const struct target *t,
		       const char *val, char *eff, size_t len)
{
	const char *where;

	return queue_attr_set(j, t, "iostats", val, eff, len, &where);
}

/*
 * Reads PROBE_IOS blocks from the start of the device; *ios gets what the
 * kernel counted meanwhile on the target, its paths and slaves, *sleeps
 * the voluntary context switches the reads took.
 */
static int probe_reads(const struct target *t, uint64_t *ios, long *sleeps)
{
	const char *names[DISKSTATS_MAX_DISKS];
	struct diskstats_snap *a = malloc(2 * sizeof(*a)), *b = a + 1;
	struct rusage ra, rb;
	void *buf = NULL;
	int fd = -1, nr, i, ret;

	if (!a)
		return -ENOMEM;
	nr = target_stat_names(t, names, DISKSTATS_MAX_DISKS);
	ret = posix_memalign(&buf, PROBE_BS, PROBE_BS) ? -ENOMEM : 0;
	if (!ret) {
		fd = open(t->dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
		if (fd < 0)
			ret = -errno;
	}
	if (!ret)
		ret = diskstats_take("/proc/diskstats", names, nr, a);
	if (ret)
		goto out;
	getrusage(RUSAGE_THREAD, &ra);
	for (i = 0; i < PROBE_IOS; i++)
		if (pread(fd, buf, PROBE_BS, (off_t)i * PROBE_BS) != PROBE_BS) {
			ret = errno ? -errno : -EIO;
			goto out;
		}
	getrusage(RUSAGE_THREAD, &rb);
	ret = diskstats_take("/proc/diskstats", names, nr, b);
	if (ret)
		goto out;
	*ios = diskstats_ios(b) - diskstats_ios(a);
	*sleeps = rb.ru_nvcsw - ra.ru_nvcsw;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	free(a);
	return ret;
}

/* passthrough is counted by its own knob, which exists from 6.13 on */
static void facts_char(const struct target *t, struct target_facts *f)
{
	char path[PATH_BUF];

	if (!queue_attr_path(t, "iostats_passthrough", path, sizeof(path))) {
		f->iostats_honoured = FACT_YES;
	} else {
		f->iostats_honoured = FACT_NO;
		snprintf(f->iostats_why, sizeof(f->iostats_why),
			 "passthrough I/O on %s is counted nowhere before kernel "
			 "6.13 (no queue/iostats_passthrough)", t->disk);
	}
	snprintf(f->sync_why, sizeof(f->sync_why),
		 "the probe reads through the block device, not passthrough");
}

/*
 * A setting the kernel refuses (a read-only sysfs, say) leaves the
 * questions open: the runs then fail on it, one by one, and say so.
 */
static int not_settable(const struct target *t, const char *val, int err,
			struct target_facts *f)
{
	snprintf(f->iostats_why, sizeof(f->iostats_why),
		 "cannot set iostats=%s on %s: %s", val, t->disk, strerror(-err));
	snprintf(f->sync_why, sizeof(f->sync_why), "%.127s", f->iostats_why);
	return 0;
}

static int facts_block(struct journal *j, const struct target *t,
		       struct target_facts *f)
{
	uint64_t off_ios = 0, on_ios = 0;
	long sleeps = 0;
	char eff[16];
	int ret;

	ret = iostats_set(j, t, "0", eff, sizeof(eff));
	if (ret)
		return not_settable(t, "0", ret, f);
	ret = probe_reads(t, &off_ios, &sleeps);
	if (!ret) {
		ret = iostats_set(j, t, "1", eff, sizeof(eff));
		if (ret)
			return not_settable(t, "1", ret, f);
		ret = probe_reads(t, &on_ios, &sleeps);
	}
	if (ret && ret != -ENOMEM) {
		/* no O_DIRECT here, or the device refuses reads: say so */
		snprintf(f->iostats_why, sizeof(f->iostats_why),
			 "the probe could not read %.64s: %s", t->dev,
			 strerror(-ret));
		snprintf(f->sync_why, sizeof(f->sync_why), "%.127s", f->iostats_why);
		return 0;
	}
	if (ret)
		return ret;
	if (!on_ios) {
		f->iostats_honoured = FACT_UNKNOWN;
		snprintf(f->iostats_why, sizeof(f->iostats_why),
			 "%s counted none of %d reads even with iostats=1",
			 t->disk, PROBE_IOS);
	} else if (off_ios >= PROBE_IOS / 2) {
		f->iostats_honoured = FACT_NO;
		snprintf(f->iostats_why, sizeof(f->iostats_why),
			 "%s counts its I/O whatever queue/iostats says (%s: "
			 "%llu of %d reads counted with iostats=0)", t->disk,
			 f->blk_mq ? "blk-mq" : "bio-based",
			 (unsigned long long)off_ios, PROBE_IOS);
	} else {
		f->iostats_honoured = FACT_YES;
	}
	/* a driver that completes in submit_bio never lets the reader sleep */
	f->sync_completion = sleeps < PROBE_IOS / 4 ? FACT_YES : FACT_NO;
	return 0;
}

int target_facts_probe(struct journal *j, const struct target *t,
		       const struct strlist *iostats, struct target_facts *f)
{
	char path[PATH_BUF], raw[256], eff[16], *p;
	int i, ret;

	memset(f, 0, sizeof(*f));
	str_copy(f->disk, sizeof(f->disk), t->disk);
	f->iostats_honoured = f->sync_completion = FACT_UNKNOWN;
	f->blk_mq = queue_attr_blk_mq(t);
	if (!queue_attr_path(t, "scheduler", path, sizeof(path)) &&
	    !file_read_line(path, raw, sizeof(raw))) {
		/* "[none] mq-deadline": the brackets only mark the current one */
		for (p = raw; *p; p++)
			if (*p == '[' || *p == ']')
				memmove(p, p + 1, strlen(p));
		if (strcmp(raw, "none"))
			str_copy(f->schedulers, sizeof(f->schedulers), raw);
	}
	for (i = 0; i < iostats->nr; i++) {
		ret = iostats_set(j, t, iostats->v[i], eff, sizeof(eff));
		if (ret)
			return not_settable(t, iostats->v[i], ret, f);
		strlist_add(&f->iostats_req, iostats->v[i]);
		strlist_add(&f->iostats_eff, eff);
	}
	if (t->is_char) {
		facts_char(t, f);
		return 0;
	}
	return facts_block(j, t, f);
}

const char *target_facts_iostats_eff(const struct target_facts *f,
				     const char *req)
{
	int i;

	for (i = 0; i < f->iostats_req.nr; i++)
		if (!strcmp(f->iostats_req.v[i], req))
			return f->iostats_eff.v[i];
	return NULL;
}

static json_object *fact_json(enum fact v)
{
	return v == FACT_UNKNOWN ? NULL : json_object_new_boolean(v == FACT_YES);
}

json_object *target_facts_json(const struct target_facts *f)
{
	json_object *o = json_object_new_object(), *m = json_object_new_object();
	int i;

	json_put_str(o, "disk", f->disk);
	json_object_object_add(o, "blk_mq", json_object_new_boolean(f->blk_mq));
	json_object_object_add(o, "iostats_honoured", fact_json(f->iostats_honoured));
	json_put_str(o, "iostats_why", f->iostats_why);
	for (i = 0; i < f->iostats_req.nr; i++)
		json_object_object_add(m, f->iostats_req.v[i],
				       json_object_new_string(f->iostats_eff.v[i]));
	json_object_object_add(o, "iostats_read_back", m);
	json_object_object_add(o, "sync_completion", fact_json(f->sync_completion));
	json_put_str(o, "sync_why", f->sync_why);
	json_put_str(o, "schedulers", f->schedulers);
	return o;
}

void target_facts_free(struct target_facts *f)
{
	strlist_free(&f->iostats_req);
	strlist_free(&f->iostats_eff);
}
