// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_user.c: setting up the path set of a paths= job.  The job's own file is
 * path 0; paths= adds devices (or paths=auto finds the namespace's other
 * controllers).  Every path must reach the same data: for NVMe the same
 * subsystem NQN and NSID (libnvme), for any device the same size, and all
 * of one kind (NVMe generic, or block).  Each path gets an fd of its own,
 * opened with the flags fio uses for the job's file, so path 0 is not
 * special at I/O time.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/fs.h>

#include "fio.h"
#include "fioring_options.h"
#include "mpath_user.h"
#include "mpath_user_list.h"

#define ENGINE "fioring"

int paths_sysfs_read(const char *path, char *buf, size_t len)
{
	FILE *fp = fopen(path, "r");

	buf[0] = '\0';
	if (!fp)
		return -errno;
	if (!fgets(buf, len, fp))
		buf[0] = '\0';
	fclose(fp);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Block device: size, and what sysfs says of its disk. */
static int paths_block_info(const char *dev, const struct stat *st, struct path_info *pi)
{
	char sys[128], buf[64];
	uint64_t size;
	int fd;

	fd = open(dev, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ioctl(fd, BLKGETSIZE64, &size)) {
		int ret = -errno;

		close(fd);
		return ret;
	}
	close(fd);
	pi->size = size;
	pi->numa_node = -1;
	pi->ana = PATHS_ANA_UNKNOWN;
	snprintf(pi->transport, sizeof(pi->transport), "block");
	pi->ctrl = strdup(strrchr(dev, '/') ? strrchr(dev, '/') + 1 : dev);
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/device/numa_node",
		 major(st->st_rdev), minor(st->st_rdev));
	if (!paths_sysfs_read(sys, buf, sizeof(buf)) && buf[0])
		pi->numa_node = atoi(buf);
	return pi->ctrl ? 0 : -ENOMEM;
}

static int paths_info(const char *dev, struct path_info *pi, bool *nvme, bool *head)
{
	struct stat st;
	int ret;

	*head = false;
	if (stat(dev, &st))
		return -errno;
	pi->dev = strdup(dev);
	if (!pi->dev)
		return -ENOMEM;
	if (!S_ISBLK(st.st_mode) && !S_ISCHR(st.st_mode)) {
		log_err(ENGINE ": paths: %s is not a block or NVMe generic device\n", dev);
		return -EINVAL;
	}
	/* an NVMe block or generic device: identity from libnvme's topology */
	ret = paths_nvme_info(dev, pi, head);
	if (!ret) {
		*nvme = true;
		return 0;
	}
	*nvme = false;
	if (S_ISCHR(st.st_mode)) {
		log_err(ENGINE ": paths: %s: not an NVMe namespace known to libnvme\n", dev);
		return -ENODEV;
	}
	return paths_block_info(dev, &st, pi);
}

/* Everything about a path that must match path 0, checked with one message. */
static int paths_same_data(const struct path_info *p0, const struct path_info *pi,
			   bool chr0, bool chr)
{
	if (chr0 != chr) {
		log_err(ENGINE ": paths: %s is %s but the job's file %s is %s: "
			"all paths must be of one kind\n", pi->dev,
			chr ? "an NVMe generic device" : "a block device", p0->dev,
			chr0 ? "an NVMe generic device" : "a block device");
		return -EINVAL;
	}
	if (p0->nqn[0] || pi->nqn[0]) {
		if (strcmp(p0->nqn, pi->nqn) || p0->nsid != pi->nsid) {
			log_err(ENGINE ": paths: %s is %s nsid %u, not the job's namespace "
				"%s nsid %u\n", pi->dev, pi->nqn[0] ? pi->nqn : "not NVMe",
				pi->nsid, p0->nqn[0] ? p0->nqn : "(not NVMe)", p0->nsid);
			return -EINVAL;
		}
	}
	if (p0->size != pi->size) {
		log_err(ENGINE ": paths: %s has %llu bytes but %s has %llu: "
			"not a path to the same data\n", pi->dev,
			(unsigned long long)pi->size, p0->dev,
			(unsigned long long)p0->size);
		return -EINVAL;
	}
	return 0;
}

static bool paths_is_chr(const char *dev)
{
	struct stat st;

	return !stat(dev, &st) && S_ISCHR(st.st_mode);
}

static int paths_add(struct thread_data *td, struct paths *p, const char *dev)
{
	struct path *np, *pa;
	bool nvme, head;
	unsigned int i;
	int ret;

	for (i = 0; i < p->nr; i++) {
		if (!strcmp(p->path[i].info.dev, dev)) {
			log_err(ENGINE ": paths: %s is named twice\n", dev);
			return -EINVAL;
		}
	}
	np = realloc(p->path, (p->nr + 1) * sizeof(*np));
	if (!np)
		return -ENOMEM;
	p->path = np;
	pa = &p->path[p->nr];
	memset(pa, 0, sizeof(*pa));
	pa->fd = -1;
	p->nr++;
	ret = paths_info(dev, &pa->info, &nvme, &head);
	if (ret) {
		if (ret != -EINVAL && ret != -ENODEV)
			log_err(ENGINE ": paths: %s: %s\n", dev, strerror(-ret));
		return ret;
	}
	if (head) {
		log_err(ENGINE ": paths: %s is a native multipath head (the kernel picks "
			"its path): name the controllers' devices (nvme_core.multipath=N)\n",
			dev);
		return -EINVAL;
	}
	if (p->nr == 1) {
		p->nvme = nvme;
		return 0;
	}
	return paths_same_data(&p->path[0].info, &pa->info,
			       paths_is_chr(p->path[0].info.dev), paths_is_chr(dev));
}

static int paths_open(struct thread_data *td, struct path *pa)
{
	int flags = O_CLOEXEC;

	/* what fio's generic_open_file() asks for the job's file */
	flags |= td_write(td) ? O_RDWR : O_RDONLY;
	if (td->o.odirect && !paths_is_chr(pa->info.dev))
		flags |= O_DIRECT;
	if (td->o.sync_io)
		flags |= O_SYNC;
	pa->fd = open(pa->info.dev, flags);
	if (pa->fd < 0) {
		int ret = -errno;

		log_err(ENGINE ": paths: cannot open %s: %s\n", pa->info.dev, strerror(-ret));
		return ret;
	}
	pa->sqe_fd = pa->fd;
	return 0;
}

void paths_register(struct paths *p, int *fds, unsigned int base)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++) {
		fds[i] = p->path[i].fd;
		p->path[i].sqe_fd = base + i;
	}
}

static int paths_home_node(void)
{
	unsigned int cpu, node;

	if (getcpu(&cpu, &node))
		return -1;
	return node;
}

static int paths_parse(struct thread_data *td, struct paths *p, const char *list)
{
	struct paths_list pl;
	unsigned int i;
	int ret;

	ret = paths_list_split(list, &pl);
	for (i = 0; i < pl.nr && !ret; i++)
		ret = paths_add(td, p, pl.dev[i]);
	paths_list_free(&pl);
	return ret;
}

static int paths_check_job(struct thread_data *td)
{
	if (td->o.nr_files != 1) {
		log_err(ENGINE ": paths= needs a job with one file (it has %u): the "
			"paths are other ways to that file's data\n", td->o.nr_files);
		return -EINVAL;
	}
	if (td_trim(td)) {
		log_err(ENGINE ": paths= with trim is not supported (trims are "
			"synchronous on the job's file)\n");
		return -EOPNOTSUPP;
	}
	return 0;
}

int paths_setup(struct thread_data *td, struct paths **out)
{
	struct fioring_options *o = td->eo;
	struct paths *p;
	char *auto_list = NULL;
	unsigned int i;
	int ret;

	*out = NULL;
	if (!o->paths && o->path_stats) {
		log_err(ENGINE ": path_stats= needs paths= (or a native multipath head "
			"as the job's file)\n");
		return -EINVAL;
	}
	if (!o->paths)
		return 0;
	ret = paths_check_job(td);
	if (ret)
		return ret;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->policy = o->path_policy ? o->path_policy : PATHS_ROUND_ROBIN;
	p->decay = o->path_decay;
	p->home_node = paths_home_node();
	p->method = "engine";
	p->hist = true;
	ret = paths_add(td, p, td->files[0]->file_name);
	if (ret)
		goto err;
	/* each block device has a page cache of its own: paths would disagree */
	if (!td->o.odirect && !paths_is_chr(td->files[0]->file_name)) {
		log_err(ENGINE ": paths= on block devices needs direct=1: each path has "
			"its own page cache, so buffered I/O would read stale data\n");
		ret = -EINVAL;
		goto err;
	}
	if (!strcmp(o->paths, "auto")) {
		ret = paths_nvme_siblings(td->files[0]->file_name, &auto_list);
		if (ret) {
			log_err(ENGINE ": paths=auto: %s is not an NVMe namespace libnvme "
				"knows (%s): name the paths instead\n",
				td->files[0]->file_name, strerror(-ret));
			goto err;
		}
		if (!auto_list[0])
			log_err(ENGINE ": paths=auto: no other controller reaches %s "
				"(%s nsid %u): one path\n", td->files[0]->file_name,
				p->path[0].info.nqn, p->path[0].info.nsid);
		ret = paths_parse(td, p, auto_list);
	} else {
		ret = paths_parse(td, p, o->paths);
	}
	if (ret)
		goto err;
	if (p->nr > UINT16_MAX) {
		ret = -E2BIG;
		goto err;
	}
	for (i = 0; i < p->nr; i++) {
		ret = paths_open(td, &p->path[i]);
		if (ret)
			goto err;
	}
	p->usable = calloc(p->nr, sizeof(*p->usable));
	p->io_path = calloc(td->o.iodepth, sizeof(*p->io_path));
	if (!p->usable || !p->io_path) {
		ret = -ENOMEM;
		goto err;
	}
	if (o->path_stats) {
		p->stats_file = strdup(o->path_stats);
		if (!p->stats_file) {
			ret = -ENOMEM;
			goto err;
		}
	}
	paths_update_usable(p);
	if (!p->nr_usable) {
		log_err(ENGINE ": paths: no path is usable (all ANA inaccessible)\n");
		ret = -ENODEV;
		goto err;
	}
	free(auto_list);
	*out = p;
	return 0;
err:
	free(auto_list);
	paths_release(p);
	return ret;
}

void paths_release_report(struct paths *p)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++) {
		if (p->path[i].fd >= 0)
			close(p->path[i].fd);
		free(p->path[i].info.dev);
		free(p->path[i].info.ctrl);
	}
	free(p->path);
	free(p->usable);
	free(p->io_path);
	free(p->stats_file);
	free(p->policy_name);
}

void paths_release(struct paths *p)
{
	if (!p)
		return;
	paths_release_report(p);
	free(p);
}

void paths_free(struct thread_data *td, struct paths *p)
{
	if (!p)
		return;
	paths_report_print(td, p);
	if (p->stats_file)
		paths_report_json(td, p, p->stats_file);
	paths_release(p);
}
