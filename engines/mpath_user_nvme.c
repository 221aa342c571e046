// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_user_nvme.c: what paths= needs to know of NVMe namespaces, read from
 * libnvme's view of sysfs.  A namespace device (block nvmeXnY or generic
 * ngXnY) is identified by its subsystem NQN and NSID, which is what makes
 * two devices paths to the same data; with nvme_core.multipath=N each
 * controller of the subsystem has its own devices for a shared namespace,
 * which is where paths=auto finds the siblings.  With native multipath the
 * namespace hangs off the subsystem (the head) and has no per-controller
 * devices user space could pick.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libnvme.h>

#include "fio.h"
#include "mpath_user.h"

static const char *paths_nvme_base(const char *dev)
{
	const char *s = strrchr(dev, '/');

	return s ? s + 1 : dev;
}

static bool paths_nvme_ns_is(nvme_ns_t n, const char *base)
{
	const char *gen = nvme_ns_get_generic_name(n);

	return !strcmp(nvme_ns_get_name(n), base) || (gen && !strcmp(gen, base));
}

/* a sysfs attribute of one line, or "" */
static void paths_nvme_attr(const char *dir, const char *attr, char *buf, size_t len)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	paths_sysfs_read(path, buf, len);
}

struct paths_nvme_found {
	nvme_subsystem_t s;
	nvme_ctrl_t c;		/* NULL for a native multipath head */
	nvme_ns_t n;
};

static bool paths_nvme_find(nvme_root_t r, const char *base, struct paths_nvme_found *f)
{
	nvme_host_t h;
	nvme_subsystem_t s;
	nvme_ctrl_t c;
	nvme_ns_t n;

	nvme_for_each_host(r, h) {
		nvme_for_each_subsystem(h, s) {
			nvme_subsystem_for_each_ns(s, n) {
				if (paths_nvme_ns_is(n, base)) {
					*f = (struct paths_nvme_found){ s, NULL, n };
					return true;
				}
			}
			nvme_subsystem_for_each_ctrl(s, c) {
				nvme_ctrl_for_each_ns(c, n) {
					if (paths_nvme_ns_is(n, base)) {
						*f = (struct paths_nvme_found){ s, c, n };
						return true;
					}
				}
			}
		}
	}
	return false;
}

int paths_nvme_info(const char *dev, struct path_info *pi, bool *head)
{
	struct paths_nvme_found f;
	const char *numa, *tr;
	char ana[32];
	nvme_root_t r;
	int ret = 0;

	r = nvme_scan(NULL);
	if (!r)
		return -ENODEV;
	if (!paths_nvme_find(r, paths_nvme_base(dev), &f)) {
		ret = -ENODEV;
		goto out;
	}
	*head = !f.c;
	snprintf(pi->nqn, sizeof(pi->nqn), "%s", nvme_subsystem_get_nqn(f.s));
	pi->nsid = nvme_ns_get_nsid(f.n);
	pi->size = nvme_ns_get_lba_count(f.n) * (uint64_t)nvme_ns_get_lba_size(f.n);
	pi->numa_node = -1;
	pi->ana = PATHS_ANA_UNKNOWN;
	if (f.c) {
		tr = nvme_ctrl_get_transport(f.c);
		numa = nvme_ctrl_get_numa_node(f.c);
		snprintf(pi->transport, sizeof(pi->transport), "%s", tr ? tr : "nvme");
		if (numa)
			pi->numa_node = atoi(numa);
		pi->ctrl = strdup(nvme_ctrl_get_name(f.c));
		/* per-path ANA state is an attribute of the controller's ns disk */
		paths_nvme_attr(nvme_ns_get_sysfs_dir(f.n), "ana_state", ana, sizeof(ana));
		pi->ana = paths_ana_parse(ana);
	} else {
		snprintf(pi->transport, sizeof(pi->transport), "nvme");
		pi->ctrl = strdup(nvme_subsystem_get_name(f.s));
	}
	if (!pi->ctrl)
		ret = -ENOMEM;
out:
	nvme_free_tree(r);
	return ret;
}

int paths_nvme_siblings(const char *dev, char **list)
{
	const char *base = paths_nvme_base(dev), *name;
	struct paths_nvme_found f;
	bool generic = !strncmp(base, "ng", 2);
	size_t len = 1, used = 0;
	unsigned int nsid;
	nvme_root_t r;
	nvme_ctrl_t c;
	nvme_ns_t n;
	char *s;
	int ret = 0;

	*list = NULL;
	r = nvme_scan(NULL);
	if (!r)
		return -ENODEV;
	if (!paths_nvme_find(r, base, &f)) {
		ret = -ENODEV;
		goto out;
	}
	nsid = nvme_ns_get_nsid(f.n);
	*list = calloc(1, len);
	if (!*list) {
		ret = -ENOMEM;
		goto out;
	}
	nvme_subsystem_for_each_ctrl(f.s, c) {
		if (c == f.c)
			continue;
		nvme_ctrl_for_each_ns(c, n) {
			if (nvme_ns_get_nsid(n) != nsid)
				continue;
			name = generic ? nvme_ns_get_generic_name(n) : nvme_ns_get_name(n);
			if (!name)
				continue;
			len += strlen(name) + 6;
			s = realloc(*list, len);
			if (!s) {
				ret = -ENOMEM;
				goto out;
			}
			*list = s;
			used += sprintf(*list + used, "%s/dev/%s", used ? ":" : "", name);
		}
	}
out:
	if (ret) {
		free(*list);
		*list = NULL;
	}
	nvme_free_tree(r);
	return ret;
}
