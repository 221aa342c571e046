// SPDX-License-Identifier: GPL-2.0
/*
 * target.c: maps a device node to its sysfs disk.  A partition's queue is
 * its parent's; an NVMe generic char device ngXnY shares queue and stats
 * with the head disk nvmeXnY; a native multipath head has hidden per-path
 * disks nvmeXcZnY, and its "device" is its nvme-subsystem.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "lib/str.h"
#include "kernel/target.h"

/* names longer than the kernel's disk names are not disks: skip them */
static int disk_name_copy(char *dst, const char *src)
{
	size_t n = strlen(src);

	if (n >= DISK_NAME_LEN)
		return -ENAMETOOLONG;
	memcpy(dst, src, n + 1);
	return 0;
}

static void model_of(struct target *t)
{
	char path[PATH_MAX];
	int i;

	snprintf(path, sizeof(path), "/sys/block/%s/device/model", t->disk);
	if (!file_read_line(path, t->model, sizeof(t->model)) && t->model[0])
		goto out;
	/* zram, loop, dm: no device model, name the driver instead */
	snprintf(t->model, sizeof(t->model), "%s", t->disk);
	for (i = strlen(t->model); i > 0 && t->model[i - 1] >= '0' &&
	     t->model[i - 1] <= '9'; i--)
		t->model[i - 1] = '\0';
out:
	/* a CSV cell: no commas */
	for (char *p = t->model; *p; p++)
		if (*p == ',')
			*p = ';';
}

/*
 * nvmeXnY (head) -> hidden path disks nvmeXcZnY.  The engine has its own
 * scan (engines/mpath_kernel.c): the two are separate programs, the
 * engine built with fio's flags inside fio, and share no code.
 */
static void paths_of(struct target *t)
{
	unsigned int sub, ns, c, sub2, ns2;
	struct dirent *de;
	DIR *dir;

	if (sscanf(t->disk, "nvme%un%u", &sub, &ns) != 2)
		return;
	dir = opendir("/sys/block");
	if (!dir)
		return;
	while ((de = readdir(dir)) && t->nr_paths < TARGET_MAX_PATHS) {
		if (sscanf(de->d_name, "nvme%uc%un%u", &sub2, &c, &ns2) == 3 &&
		    sub2 == sub && ns2 == ns &&
		    !disk_name_copy(t->paths[t->nr_paths], de->d_name))
			t->nr_paths++;
	}
	closedir(dir);
}

static void slaves_of(struct target *t)
{
	char path[PATH_MAX];
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), "/sys/block/%s/slaves", t->disk);
	dir = opendir(path);
	if (!dir)
		return;
	while ((de = readdir(dir)) && t->nr_slaves < TARGET_MAX_SLAVES) {
		if (de->d_name[0] == '.')
			continue;
		if (!disk_name_copy(t->slaves[t->nr_slaves], de->d_name))
			t->nr_slaves++;
	}
	closedir(dir);
}

/* a native multipath head's "device" is its nvme-subsystem */
static void subsys_of(struct target *t)
{
	char link[PATH_MAX], real[PATH_MAX];

	snprintf(link, sizeof(link), "/sys/block/%s/device", t->disk);
	if (realpath(link, real) && strstr(real, "/nvme-subsystem/"))
		snprintf(t->subsys, sizeof(t->subsys), "%s", real);
}

int target_resolve(const char *dev, struct target *t)
{
	char link[PATH_MAX], real[PATH_MAX], *base;
	unsigned int a, b;
	struct stat st;

	memset(t, 0, sizeof(*t));
	if (snprintf(t->dev, sizeof(t->dev), "%s", dev) >= (int)sizeof(t->dev))
		return -ENAMETOOLONG;
	if (stat(dev, &st) < 0)
		return -errno;
	if (S_ISCHR(st.st_mode)) {
		base = strrchr(dev, '/');
		base = base ? base + 1 : (char *)dev;
		if (sscanf(base, "ng%un%u", &a, &b) != 2)
			return -ENOTBLK;
		t->is_char = true;
		snprintf(t->disk, sizeof(t->disk), "nvme%un%u", a, b);
		snprintf(t->stat_name, sizeof(t->stat_name), "%s", t->disk);
	} else if (S_ISBLK(st.st_mode)) {
		snprintf(link, sizeof(link), "/sys/dev/block/%u:%u",
			 major(st.st_rdev), minor(st.st_rdev));
		if (!realpath(link, real))
			return -errno;
		base = strrchr(real, '/');
		snprintf(t->stat_name, sizeof(t->stat_name), "%s", base + 1);
		if (snprintf(link, sizeof(link), "%s/partition", real) <
		    (int)sizeof(link) && !access(link, F_OK)) {
			*base = '\0';
			base = strrchr(real, '/');
		}
		snprintf(t->disk, sizeof(t->disk), "%s", base + 1);
	} else {
		return -ENOTBLK;
	}
	model_of(t);
	paths_of(t);
	slaves_of(t);
	subsys_of(t);
	return 0;
}

/* diskstats names to snapshot: the target first, then paths and slaves */
int target_stat_names(const struct target *t, const char **names, int max)
{
	int n = 0, i;

	names[n++] = t->stat_name;
	for (i = 0; i < t->nr_paths && n < max; i++)
		names[n++] = t->paths[i];
	for (i = 0; i < t->nr_slaves && n < max; i++)
		names[n++] = t->slaves[i];
	return n;
}

/* the first of the sysfs attributes of disk that reads as a non-empty line */
static void first_attr(const char *disk, const char *const *attrs, char *buf,
		       size_t len)
{
	char path[PATH_MAX];

	for (buf[0] = '\0'; *attrs && !buf[0]; attrs++) {
		snprintf(path, sizeof(path), "/sys/block/%s/%s", disk, *attrs);
		if (file_read_line(path, buf, len))
			buf[0] = '\0';
		str_trim(buf);
	}
}

void target_identity(const struct target *t, struct target_identity *id)
{
	char path[PATH_MAX], line[64];
	unsigned int ctrl, ns;
	size_t n;

	memset(id, 0, sizeof(*id));
	if (t->remote)
		return;
	/* NVMe: the controller's (or subsystem's); virtio: serial; SCSI: wwid */
	first_attr(t->disk, (const char *const[]){ "device/serial", "serial",
		   "device/wwid", "wwid", NULL }, id->serial, sizeof(id->serial));
	/* the namespaces of one NVMe controller share its serial */
	n = strlen(id->serial);
	if (n && sscanf(t->disk, "nvme%un%u", &ctrl, &ns) == 2)
		snprintf(id->serial + n, sizeof(id->serial) - n, "-n%u", ns);
	first_attr(t->disk, (const char *const[]){ "device/firmware_rev",
		   "device/rev", NULL }, id->firmware, sizeof(id->firmware));
	snprintf(path, sizeof(path), "/sys/block/%s/size", t->disk);
	if (!file_read_line(path, line, sizeof(line)))
		id->size_bytes = strtoull(line, NULL, 10) * 512;
}
