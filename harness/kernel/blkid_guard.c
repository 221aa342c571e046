// SPDX-License-Identifier: GPL-2.0
/*
 * blkid_guard.c: the check that stands between a typo in --target and a
 * lost disk.  It answers "would writing here destroy something?" with the
 * kernel's own view (mounts, swaps, holders, partitions) and libblkid's
 * signature probe, and says in one line what it found.
 */
#include <blkid/blkid.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "kernel/blkid_guard.h"

/* is the disk, or one of its partitions, mounted? */
static int mounted(const struct target *t, char *why, size_t len)
{
	char line[8192], src[PATH_MAX], path[PATH_MAX], real[PATH_MAX];
	unsigned int maj, min;
	const char *base;
	char needle[DISK_NAME_LEN + 2];
	FILE *f;
	int hit = 0;

	snprintf(needle, sizeof(needle), "/%s/", t->disk);
	f = fopen("/proc/self/mountinfo", "re");
	if (!f)
		return 0;
	while (!hit && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*d %*d %u:%u", &maj, &min) != 2)
			continue;
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u", maj, min);
		if (!realpath(path, real))
			continue;
		base = strrchr(real, '/') + 1;
		/* the disk itself, or a partition: .../block/DISK/DISKpN */
		if (!strcmp(base, t->disk) || strstr(real, needle)) {
			if (sscanf(line, "%*d %*d %*s %*s %4095s", src) != 1)
				src[0] = '\0';
			snprintf(why, len, "%s is mounted on %s", base, src);
			hit = 1;
		}
	}
	fclose(f);
	return hit;
}

static int swapped(const struct target *t, char *why, size_t len)
{
	char line[4096], name[4096];
	const char *base;
	FILE *f;
	int hit = 0;

	f = fopen("/proc/swaps", "re");
	if (!f)
		return 0;
	while (!hit && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%4095s", name) != 1 || name[0] != '/')
			continue;
		base = strrchr(name, '/') + 1;
		if (!strncmp(base, t->disk, strlen(t->disk))) {
			snprintf(why, len, "%s is in use as swap", name);
			hit = 1;
		}
	}
	fclose(f);
	return hit;
}

/* holders: dm, md or bcache built on top of it; partitions: subdirs */
static int sysfs_children(const struct target *t, char *why, size_t len)
{
	char path[PATH_MAX];
	struct dirent *de;
	DIR *dir;
	int hit = 0;

	snprintf(path, sizeof(path), "/sys/block/%s/holders", t->disk);
	dir = opendir(path);
	if (dir) {
		while (!hit && (de = readdir(dir))) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(why, len, "%s is held by %s", t->disk, de->d_name);
			hit = 1;
		}
		closedir(dir);
	}
	if (hit || strcmp(t->disk, t->stat_name))
		return hit;
	snprintf(path, sizeof(path), "/sys/block/%s", t->disk);
	dir = opendir(path);
	if (!dir)
		return 0;
	while (!hit && (de = readdir(dir))) {
		if (strncmp(de->d_name, t->disk, strlen(t->disk)))
			continue;
		snprintf(why, len, "%s has partitions (%s)", t->disk, de->d_name);
		hit = 1;
	}
	closedir(dir);
	return hit;
}

static int signature(const struct target *t, char *why, size_t len)
{
	const char *type = NULL, *usage = NULL, *pttype = NULL;
	char dev[PATH_MAX];
	blkid_probe pr;
	int ret, hit = 0;

	/* the char device has no blkid view; probe its head disk */
	if (t->is_char)
		snprintf(dev, sizeof(dev), "/dev/%s", t->disk);
	else
		snprintf(dev, sizeof(dev), "%s", t->dev);
	pr = blkid_new_probe_from_filename(dev);
	if (!pr) {
		snprintf(why, len, "cannot probe %s for signatures: %s", dev,
			 strerror(errno ? errno : EIO));
		return -1;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE |
					  BLKID_SUBLKS_USAGE);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_ENTRY_DETAILS);
	ret = blkid_do_safeprobe(pr);
	if (ret == -2) {
		snprintf(why, len, "%s carries ambivalent signatures", dev);
		hit = 1;
	} else if (ret == 0) {
		blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
		blkid_probe_lookup_value(pr, "USAGE", &usage, NULL);
		blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
		if (pttype)
			snprintf(why, len, "%s has a %s partition table", dev, pttype);
		else
			snprintf(why, len, "%s carries a %s signature (%s)", dev,
				 usage ?: "data", type ?: "unknown type");
		hit = 1;
	} else if (ret < 0) {
		snprintf(why, len, "probing %s for signatures failed", dev);
		hit = -1;
	}
	blkid_free_probe(pr);
	return hit;
}

/*
 * 0 when writing looks safe; -EBUSY (in use) or -EEXIST (holds data) with
 * the reason in why; -EIO when the device could not be checked, which is
 * refused too: safety is not assumed.
 */
int blkid_guard_check(const struct target *t, char *why, size_t len)
{
	int ret;

	if (mounted(t, why, len) || swapped(t, why, len))
		return -EBUSY;
	if (sysfs_children(t, why, len))
		return -EBUSY;
	ret = signature(t, why, len);
	if (ret < 0)
		return -EIO;
	return ret ? -EEXIST : 0;
}
