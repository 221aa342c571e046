// SPDX-License-Identifier: GPL-2.0
/*
 * embedded.c: makes and removes the sweep's own device.  zram is the
 * fastest real block device on a machine without NVMe; a loop device with
 * direct I/O over a tmpfs file is the fallback.  Each is journaled as soon
 * as it has a name, before it is sized or used.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/loop.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/embedded.h"
#include "lib/fileio.h"
#include "kernel/journal.h"

#define ZRAM_CONTROL "/sys/class/zram-control"

static int zram_remove(int id)
{
	char buf[32];
	int i, ret = 0;

	snprintf(buf, sizeof(buf), "%d", id);
	/* the last close may still be in flight right after fio exits */
	for (i = 0; i < 50; i++) {
		ret = file_write_str(ZRAM_CONTROL "/hot_remove", buf);
		if (ret != -EBUSY)
			break;
		usleep(100000);
	}
	if (ret == -ENODEV || ret == -ENOENT)
		ret = 0;
	return ret;
}

static int zram_make(struct journal *j, uint64_t size, struct embedded_dev *d)
{
	char buf[64], path[PATH_MAX], id[16];
	int ret;

	if (access(ZRAM_CONTROL "/hot_add", R_OK) < 0) {
		/* the module may just not be loaded yet */
		if (system("modprobe zram num_devices=0 >/dev/null 2>&1") != 0 ||
		    access(ZRAM_CONTROL "/hot_add", R_OK) < 0)
			return -ENODEV;
	}
	/*
	 * reading hot_add makes a device even on a read-only sysfs, where
	 * it could then be neither sized nor removed
	 */
	if (access(ZRAM_CONTROL "/hot_remove", W_OK) < 0)
		return -errno;
	ret = file_read_line(ZRAM_CONTROL "/hot_add", buf, sizeof(buf));
	if (ret)
		return ret;
	d->kind = EMB_ZRAM;
	d->zram_id = atoi(buf);
	snprintf(d->dev, sizeof(d->dev), "/dev/zram%d", d->zram_id);
	snprintf(id, sizeof(id), "%d", d->zram_id);
	ret = journal_add(j, EMBEDDED_ZRAM_REC, id, NULL);
	if (ret) {
		zram_remove(d->zram_id);
		return ret;
	}
	snprintf(path, sizeof(path), "/sys/block/zram%d/disksize", d->zram_id);
	snprintf(buf, sizeof(buf), "%" PRIu64, size);
	ret = file_write_str(path, buf);
	if (ret)
		return ret;
	/* udev may take a moment to make the node */
	for (int i = 0; i < 200 && access(d->dev, F_OK) < 0; i++)
		usleep(10000);
	return access(d->dev, F_OK) < 0 ? -ENOENT : 0;
}

/*
 * Writes every page of the loop device's file once, so that a sweep's
 * first write runs cost what its later ones do.  Allocating is not enough:
 * on a VM that hands freed memory back to its host (virtio-balloon free
 * page reporting here) a page's first touch faults in the host, and
 * fallocate allocates without touching (the measurements:
 * docs/notes/2026-12-embedded-loop-file.md).
 */
static int fill(int fd, uint64_t size)
{
	static const char zero[1 << 16];
	uint64_t off = 0;
	ssize_t n;

	while (off < size) {
		n = pwrite(fd, zero, size - off < sizeof(zero) ? size - off :
			   sizeof(zero), off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -ENOSPC;
		off += n;
	}
	return 0;
}

/* loop minors run to 2^20 >> part_shift; a sweep never looks that far */
#define LOOP_ADD_TRIES	4096

/*
 * A loop device the kernel makes now, at the first number that has none.
 * The one LOOP_CTL_GET_FREE hands back may be an idle device whose last
 * user left queue/ settings on it (nomerges and read_ahead_kb, for two,
 * outlive LOOP_CLR_FD), and the sweep would measure them as the
 * driver's defaults.  Its number, or -errno.
 */
static int loop_add_new(int ctl)
{
	char path[64];
	int nr, ret;

	for (nr = 0; nr < LOOP_ADD_TRIES; nr++) {
		snprintf(path, sizeof(path), "/sys/block/loop%d", nr);
		if (!access(path, F_OK))
			continue;
		ret = ioctl(ctl, LOOP_CTL_ADD, nr);
		if (ret >= 0)
			return ret;
		if (errno != EEXIST)
			return -errno;
	}
	return -ENOSPC;
}

static int loop_make(struct journal *j, uint64_t size, struct embedded_dev *d)
{
	struct loop_config cfg;
	char opts[64];
	int ctl = -1, lfd = -1, ffd = -1, nr, ret;

	snprintf(d->mnt, sizeof(d->mnt), "/run/fioring/tmpfs.%d", (int)getpid());
	if (snprintf(d->file, sizeof(d->file), "%s/backing", d->mnt) >=
	    (int)sizeof(d->file))
		return -ENAMETOOLONG;
	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0)
		return -errno;
	nr = loop_add_new(ctl);
	if (nr < 0) {
		ret = nr;
		goto out;
	}
	d->kind = EMB_LOOP;
	snprintf(d->dev, sizeof(d->dev), "/dev/loop%d", nr);
	ret = journal_add(j, EMBEDDED_LOOP_REC, d->dev, d->file, d->mnt,
			  EMBEDDED_LOOP_ADDED, NULL);
	if (ret)
		goto out;
	ret = mkdir_p(d->mnt, 0700);
	if (ret)
		goto out;
	snprintf(opts, sizeof(opts), "size=%" PRIu64 ",mode=0700", size + (1 << 20));
	if (mount("fioring", d->mnt, "tmpfs", MS_NOSUID | MS_NODEV, opts) < 0) {
		ret = -errno;
		goto out;
	}
	ffd = open(d->file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (ffd < 0) {
		ret = -errno;
		goto out;
	}
	ret = fill(ffd, size);
	if (ret)
		goto out;
	lfd = open(d->dev, O_RDWR | O_CLOEXEC);
	if (lfd < 0) {
		ret = -errno;
		goto out;
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.fd = ffd;
	cfg.info.lo_flags = LO_FLAGS_DIRECT_IO;
	if (ioctl(lfd, LOOP_CONFIGURE, &cfg) < 0) {
		/* tmpfs has no O_DIRECT on older kernels: buffered then */
		cfg.info.lo_flags &= ~LO_FLAGS_DIRECT_IO;
		if (ioctl(lfd, LOOP_CONFIGURE, &cfg) < 0) {
			ret = -errno;
			goto out;
		}
	}
	ret = 0;
out:
	if (lfd >= 0)
		close(lfd);
	if (ffd >= 0)
		close(ffd);
	close(ctl);
	return ret;
}

static int loop_remove(const char *dev, const char *file, const char *mnt)
{
	int fd, ret = 0;

	fd = open(dev, O_RDWR | O_CLOEXEC);
	if (fd >= 0) {
		/* ENXIO: not bound (any more) */
		if (ioctl(fd, LOOP_CLR_FD, 0) < 0 && errno != ENXIO)
			ret = -errno;
		close(fd);
	}
	unlink(file);
	if (umount2(mnt, MNT_DETACH) < 0 && errno != EINVAL && errno != ENOENT &&
	    !ret)
		ret = -errno;
	if (rmdir(mnt) < 0 && errno != ENOENT && !ret)
		ret = -errno;
	return ret;
}

int embedded_make(struct journal *j, enum embedded_kind kind, uint64_t size,
		  struct embedded_dev *d)
{
	int ret = -ENODEV;

	memset(d, 0, sizeof(*d));
	d->zram_id = -1;
	if (kind == EMB_AUTO || kind == EMB_ZRAM) {
		ret = zram_make(j, size, d);
		if (!ret || kind == EMB_ZRAM)
			return ret;
		if (d->kind == EMB_ZRAM)
			zram_remove(d->zram_id);
		memset(d, 0, sizeof(*d));
		d->zram_id = -1;
	}
	return loop_make(j, size, d);
}

int embedded_dev_nr(const char *s, int *id)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0 || v > INT_MAX)
		return -EINVAL;
	*id = v;
	return 0;
}

int embedded_zram_undo(const struct journal_rec *r, char *what, size_t len)
{
	int id, ret;

	/* a damaged id must not remove some other zram device */
	if (embedded_dev_nr(r->f[0], &id)) {
		snprintf(what, len, "ignoring a zram line with a damaged id: %s",
			 r->f[0]);
		return 0;
	}
	ret = zram_remove(id);
	if (ret)
		snprintf(what, len, "zram%d left in place, not removed: %s", id,
			 strerror(-ret));
	else
		snprintf(what, len, "removed zram%d", id);
	return ret;
}

/*
 * The device itself, once unbound.  udev opens it to look at it after the
 * detach, and the kernel refuses to remove an open device: wait that out.
 */
static int loop_delete(int nr)
{
	int ctl, tries, ret = 0;

	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0)
		return -errno;
	for (tries = 0; tries < 100; tries++) {
		ret = ioctl(ctl, LOOP_CTL_REMOVE, nr) < 0 ? -errno : 0;
		if (ret != -EBUSY)
			break;
		usleep(20000);
	}
	close(ctl);
	return ret == -ENODEV || ret == -ENXIO ? 0 : ret;
}

int embedded_loop_undo(const struct journal_rec *r, char *what, size_t len)
{
	int ret = loop_remove(r->f[0], r->f[1], r->f[2]), nr;

	/* a record from before loop_add_new() names a device it did not add */
	if (!ret && r->n > EMBEDDED_LOOP_FIELDS &&
	    !strcmp(r->f[3], EMBEDDED_LOOP_ADDED) &&
	    !strncmp(r->f[0], "/dev/loop", 9) && !embedded_dev_nr(r->f[0] + 9, &nr))
		ret = loop_delete(nr);
	if (ret)
		snprintf(what, len, "%s (over %s, tmpfs %s) left in place, not "
			 "removed: %s", r->f[0], r->f[1], r->f[2], strerror(-ret));
	else
		snprintf(what, len, "removed %s", r->f[0]);
	return ret;
}
