// SPDX-License-Identifier: GPL-2.0
/*
 * diskstats.c: reads /proc/diskstats for the disks a run cares about.  The
 * whole file is read at once, before any parsing, so every disk of a
 * snapshot is taken at (nearly) the same instant, right after the clocks.
 * Counters are subtracted here too, and a multipath head's hidden path
 * disks merged into the head's figures where the head counted nothing.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/diskstats.h"
#include "lib/fileio.h"
#include "lib/clock.h"

int diskstats_parse_line(const char *line, struct diskstats_rec *rec)
{
	const char *p = line;
	char *end;
	int n;

	memset(rec, 0, sizeof(*rec));
	if (sscanf(p, "%u %u %31s%n", &rec->major, &rec->minor, rec->name, &n) != 3)
		return -EINVAL;
	p += n;
	while (rec->nfields < DISKSTATS_FIELDS) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '\n')
			break;
		rec->f[rec->nfields] = strtoull(p, &end, 10);
		if (end == p)
			return -EINVAL;
		p = end;
		rec->nfields++;
	}
	/* the oldest kernels print 11 stat fields; fewer is not diskstats */
	if (rec->nfields < 11)
		return -EINVAL;
	return 0;
}

int diskstats_take(const char *path, const char *const *names, int nr,
		   struct diskstats_snap *snap)
{
	static char buf[1 << 18];
	struct diskstats_rec rec;
	char *line, *save;
	ssize_t len, n;
	int fd, i, ret = 0;

	if (nr > DISKSTATS_MAX_DISKS)
		return -E2BIG;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	snap->mono_ns = now_ns();
	snap->boot_ns = boottime_ns();
	/* procfs hands out whole lines per read; a big machine needs several */
	for (len = 0; (size_t)len < sizeof(buf) - 1; len += n) {
		n = read(fd, buf + len, sizeof(buf) - 1 - len);
		if (n < 0) {
			ret = -errno;
			goto out;
		}
		if (!n)
			break;
	}
	buf[len] = '\0';
	snap->nr = 0;
	for (i = 0; i < nr; i++) {
		memset(&snap->disk[i], 0, sizeof(snap->disk[i]));
		snprintf(snap->disk[i].name, DISK_NAME_LEN, "%s", names[i]);
		snap->disk[i].nfields = -1;	/* not found yet */
	}
	snap->nr = nr;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (diskstats_parse_line(line, &rec))
			continue;
		for (i = 0; i < nr; i++)
			if (!strcmp(rec.name, names[i]))
				snap->disk[i] = rec;
	}
	for (i = 0; i < nr; i++)
		if (snap->disk[i].nfields < 0)
			ret = -ENOENT;
out:
	close(fd);
	return ret;
}

const struct diskstats_rec *diskstats_find(const struct diskstats_snap *snap,
					   const char *name)
{
	int i;

	for (i = 0; i < snap->nr; i++)
		if (!strcmp(snap->disk[i].name, name))
			return &snap->disk[i];
	return NULL;
}

uint64_t diskstats_ios(const struct diskstats_snap *snap)
{
	uint64_t ios = 0;
	int i;

	for (i = 0; i < snap->nr; i++)
		if (snap->disk[i].nfields > 0)
			ios += snap->disk[i].f[0] + snap->disk[i].f[4];
	return ios;
}

/*
 * The snapshot as /proc/diskstats lines after a header line carrying both
 * clocks, so a reader (or sysstat's iostat, in the tests) can replay it.
 */
void diskstats_write(FILE *f, const char *label,
		     const struct diskstats_snap *snap)
{
	const struct diskstats_rec *r;
	int i, j;

	fprintf(f, "# %s mono_ns=%" PRIu64 " boot_ns=%" PRIu64 "\n", label,
		snap->mono_ns, snap->boot_ns);
	for (i = 0; i < snap->nr; i++) {
		r = &snap->disk[i];
		if (r->nfields < 0)
			continue;
		fprintf(f, "%4u %7u %s", r->major, r->minor, r->name);
		for (j = 0; j < r->nfields; j++)
			fprintf(f, " %" PRIu64, r->f[j]);
		fputc('\n', f);
	}
}

uint64_t diskstats_delta(uint64_t before, uint64_t after)
{
	if (after >= before)
		return after - before;
	if (before <= UINT32_MAX)
		return after + (1ull << 32) - before;
	return 0;
}

/*
 * Kernels before ~6.3 account NVMe multipath I/O on the hidden path disks
 * only, never on the head.  The head's figures are then those of its paths
 * together: counts and times summed over the paths, io_ticks the busiest
 * path's (the head was busy at least that long; a sum could pass 100%).
 * The result is a pair of records whose delta is the merged one.  Returns
 * -ENOENT when no path did any I/O.
 */
int diskstats_paths_merge(const struct diskstats_snap *a,
			  const struct diskstats_snap *b,
			  const char *const *paths, int nr,
			  struct diskstats_rec *ra, struct diskstats_rec *rb)
{
	const struct diskstats_rec *pa, *pb;
	uint64_t d, ios = 0;
	int i, k;

	memset(ra, 0, sizeof(*ra));
	memset(rb, 0, sizeof(*rb));
	ra->nfields = rb->nfields = 11;
	for (i = 0; i < nr; i++) {
		pa = diskstats_find(a, paths[i]);
		pb = diskstats_find(b, paths[i]);
		if (!pa || !pb || pa->nfields < 11 || pb->nfields < 11)
			continue;
		for (k = 0; k < 11; k++) {
			d = diskstats_delta(pa->f[k], pb->f[k]);
			if (k == 9)
				rb->f[k] = d > rb->f[k] ? d : rb->f[k];
			else
				rb->f[k] += d;
		}
		ios += diskstats_delta(pa->f[0], pb->f[0]) +
		       diskstats_delta(pa->f[4], pb->f[4]);
	}
	return ios ? 0 : -ENOENT;
}
