// SPDX-License-Identifier: GPL-2.0
/*
 * devlock.c: exclusive use of a device for the length of a sweep.  The
 * lock is a BSD flock on the device node, the convention udev, systemd and
 * util-linux honour (udev skips events of a device locked LOCK_EX): every
 * fioring-bench takes it on the whole disk whose queue settings it
 * changes, whatever its state file, so two sweeps can no longer set one
 * disk's knobs under each other.  O_EXCL is the kernel's own claim (mounts,
 * md/dm, mkfs take it): holding it while writing keeps anyone from mounting
 * the device mid-sweep, and failing to get it means someone else's data.
 * When refused, the holder is named: the pid in /proc/locks for a flock,
 * a process that has the node open for O_EXCL (or "the kernel" when no
 * process does: a mount, swap or a stacked driver).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "kernel/devlock.h"
#include "lib/fileio.h"
#include "lib/str.h"

/* udev holds LOCK_SH for a moment while it probes: wait that out */
#define FLOCK_TRIES	10
#define FLOCK_WAIT_NS	(100 * 1000 * 1000L)

static void pid_name(pid_t pid, char *buf, size_t len)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	if (file_read_line(path, buf, len))
		snprintf(buf, len, "?");
}

/* the pid holding a flock on the inode of st, from /proc/locks; 0: none */
static pid_t flock_holder(const struct stat *st)
{
	char line[512], kind[16], mode[16], rw[16];
	unsigned int maj, min;
	unsigned long ino;
	pid_t found = 0;
	int pid, at;
	FILE *f;

	f = fopen("/proc/locks", "re");
	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		/* "1: FLOCK  ADVISORY  WRITE 123 00:05:321 0 EOF"; "->": waiters */
		at = -1;
		sscanf(line, "%*d: %n", &at);
		if (at < 0 || !strncmp(line + at, "->", 2))
			continue;
		if (sscanf(line + at, "%15s %15s %15s %d %x:%x:%lu", kind, mode, rw,
			   &pid, &maj, &min, &ino) != 7 || strcmp(kind, "FLOCK"))
			continue;
		if (maj == major(st->st_dev) && min == minor(st->st_dev) &&
		    ino == st->st_ino)
			found = pid;
	}
	fclose(f);
	return found;
}

/* the first other process with path open, for saying who claimed it */
static pid_t opener_of(const char *path)
{
	char fdpath[PATH_MAX], link[PATH_MAX];
	struct dirent *p, *d;
	DIR *proc, *fds;
	pid_t found = 0;
	ssize_t n;

	proc = opendir("/proc");
	if (!proc)
		return 0;
	while (!found && (p = readdir(proc))) {
		if (p->d_name[0] < '1' || p->d_name[0] > '9' ||
		    atoi(p->d_name) == getpid())
			continue;
		snprintf(fdpath, sizeof(fdpath), "/proc/%s/fd", p->d_name);
		fds = opendir(fdpath);
		if (!fds)
			continue;
		while (!found && (d = readdir(fds))) {
			snprintf(fdpath, sizeof(fdpath), "/proc/%s/fd/%s", p->d_name,
				 d->d_name);
			n = readlink(fdpath, link, sizeof(link) - 1);
			if (n <= 0)
				continue;
			link[n] = '\0';
			if (!strcmp(link, path))
				found = atoi(p->d_name);
		}
		closedir(fds);
	}
	closedir(proc);
	return found;
}

static int lock_node(struct devlock *dl, const char *node, char *why,
		     size_t len)
{
	struct timespec wait = { 0, FLOCK_WAIT_NS };
	char comm[64];
	struct stat st;
	pid_t pid;
	int i, ret;

	dl->fd = open(node, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (dl->fd < 0) {
		snprintf(why, len, "cannot open %s: %s", node, strerror(errno));
		return -errno;
	}
	for (i = 0; i < FLOCK_TRIES; i++) {
		if (!flock(dl->fd, LOCK_EX | LOCK_NB))
			return 0;
		if (errno != EWOULDBLOCK)
			break;
		nanosleep(&wait, NULL);
	}
	if (errno != EWOULDBLOCK) {
		ret = -errno;
		snprintf(why, len, "cannot lock %s: %s", node, strerror(errno));
		goto err;
	}
	ret = -EBUSY;
	pid = fstat(dl->fd, &st) ? 0 : flock_holder(&st);
	if (pid) {
		pid_name(pid, comm, sizeof(comm));
		snprintf(why, len, "%s is locked by pid %d (%s)", node, (int)pid,
			 comm);
	} else {
		snprintf(why, len, "%s is locked by another process", node);
	}
err:
	close(dl->fd);
	dl->fd = -1;
	return ret;
}

static int claim(struct devlock *dl, const char *dev, char *why, size_t len)
{
	char real[PATH_MAX], comm[64];
	pid_t pid;

	dl->excl_fd = open(dev, O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);
	if (dl->excl_fd >= 0)
		return 0;
	if (errno != EBUSY) {
		snprintf(why, len, "cannot open %s O_EXCL: %s", dev, strerror(errno));
		return -errno;
	}
	pid = realpath(dev, real) ? opener_of(real) : 0;
	if (pid) {
		pid_name(pid, comm, sizeof(comm));
		snprintf(why, len, "%s is claimed O_EXCL by another user (open by "
			 "pid %d (%s))", dev, (int)pid, comm);
	} else {
		snprintf(why, len, "%s is claimed O_EXCL by the kernel (a mount, "
			 "swap or a device stacked on it)", dev);
	}
	return -EBUSY;
}

int devlock_take(struct devlocks *l, const char *node, char *why, size_t len)
{
	struct devlock *n, *dl;
	int i, ret;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i].dev, node))
			return 0;
	n = realloc(l->v, (l->nr + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	l->v = n;
	dl = &n[l->nr];
	str_copy(dl->dev, sizeof(dl->dev), node);
	dl->excl_fd = -1;
	ret = lock_node(dl, node, why, len);
	if (!ret)
		l->nr++;
	return ret;
}

int devlock_claim(struct devlocks *l, const char *node, const char *dev,
		  char *why, size_t len)
{
	int i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i].dev, node))
			return l->v[i].excl_fd >= 0 ? 0 : claim(&l->v[i], dev, why, len);
	return -ENOLCK;
}

void devlocks_release(struct devlocks *l)
{
	int i;

	for (i = 0; i < l->nr; i++) {
		if (l->v[i].excl_fd >= 0)
			close(l->v[i].excl_fd);
		close(l->v[i].fd);
	}
	free(l->v);
	l->v = NULL;
	l->nr = 0;
}
