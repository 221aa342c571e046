// SPDX-License-Identifier: GPL-2.0
/*
 * nvme_cmd_zns.c: zonemode=zbd on an NVMe generic device.  There is no
 * block layer under /dev/ngXnY to ask for zones, so fio's zone hooks are
 * answered by the namespace itself through libnvme: the ZNS Identify
 * Namespace gives the zone size and the open-zone limit, Zone Management
 * Receive reports zones (write pointer, capacity, state) and Zone
 * Management Send resets them.  fio then keeps its writes at the write
 * pointers, as on a zoned block device.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libnvme.h>

#include "fio.h"
#include "fioring_options.h"
#include "nvme_cmd.h"

/* zone descriptors fetched per Zone Management Receive */
#define NVME_CMD_ZONES_PER_REPORT	256

int nvme_cmd_zns_identify(int fd, struct nvme_cmd_ns *ns, __u8 fmt)
{
	struct nvme_zns_id_ns zid;
	__u32 mor;

	/* a namespace of another command set does not answer: not zoned */
	if (nvme_zns_identify_ns(fd, ns->nsid, &zid))
		return 0;
	ns->zone_lbas = le64_to_cpu((uint64_t)zid.lbafe[fmt].zsze);
	/* 0's based, all ones for no limit */
	mor = le32_to_cpu(zid.mor);
	ns->max_open_zones = mor == 0xffffffff ? 0 : mor + 1;
	return 0;
}

static struct nvme_cmd_ns *nvme_cmd_zoned_ns(struct fio_file *f)
{
	struct nvme_cmd_ns *ns = f->engine_data;

	return f->filetype == FIO_TYPE_CHAR && ns && ns->zone_lbas ? ns : NULL;
}

int nvme_cmd_get_zoned_model(struct thread_data *td, struct fio_file *f,
			     enum zbd_zoned_model *model)
{
	(void)td;
	if (f->filetype != FIO_TYPE_CHAR)
		return -EINVAL;
	*model = nvme_cmd_zoned_ns(f) ? ZBD_HOST_MANAGED : ZBD_NONE;
	return 0;
}

static enum zbd_zone_cond nvme_cmd_zone_cond(__u8 zs)
{
	switch (zs >> 4) {
	case NVME_ZNS_ZS_EMPTY:
		return ZBD_ZONE_COND_EMPTY;
	case NVME_ZNS_ZS_IMPL_OPEN:
		return ZBD_ZONE_COND_IMP_OPEN;
	case NVME_ZNS_ZS_EXPL_OPEN:
		return ZBD_ZONE_COND_EXP_OPEN;
	case NVME_ZNS_ZS_CLOSED:
		return ZBD_ZONE_COND_CLOSED;
	case NVME_ZNS_ZS_FULL:
		return ZBD_ZONE_COND_FULL;
	case NVME_ZNS_ZS_READ_ONLY:
		return ZBD_ZONE_COND_READONLY;
	default:
		return ZBD_ZONE_COND_OFFLINE;
	}
}

/* Zones from @offset on, at most @nr_zones of them: their number or -errno. */
int nvme_cmd_report_zones(struct thread_data *td, struct fio_file *f,
			  uint64_t offset, struct zbd_zone *zones,
			  unsigned int nr_zones)
{
	struct nvme_cmd_ns *ns = nvme_cmd_zoned_ns(f);
	size_t len = sizeof(struct nvme_zone_report) +
		     NVME_CMD_ZONES_PER_REPORT * sizeof(struct nvme_zns_desc);
	struct nvme_zone_report *rep;
	__u64 slba, n, i;
	unsigned int got = 0;
	int fd, ret = 0;

	(void)td;
	if (!ns)
		return -EINVAL;
	rep = malloc(len);
	if (!rep)
		return -ENOMEM;
	fd = open(f->file_name, O_RDONLY);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	slba = offset / ns->lba_size;
	while (got < nr_zones && slba < ns->nlba) {
		memset(rep, 0, len);
		ret = nvme_zns_report_zones(fd, ns->nsid, slba, NVME_ZNS_ZRAS_REPORT_ALL,
					    false, true, len, rep,
					    NVME_DEFAULT_IOCTL_TIMEOUT, NULL);
		if (ret) {
			int err = ret > 0 ? EIO : errno;

			log_err("fioring: %s: report zones at LBA %llu: %s\n", f->file_name,
				(unsigned long long)slba,
				ret > 0 ? nvme_status_to_string(ret, false) : strerror(err));
			ret = -err;
			goto out;
		}
		n = le64_to_cpu((uint64_t)rep->nr_zones);
		if (!n)
			break;
		for (i = 0; i < n && i < NVME_CMD_ZONES_PER_REPORT && got < nr_zones; i++) {
			const struct nvme_zns_desc *d = &rep->entries[i];
			struct zbd_zone *z = &zones[got++];

			z->start = le64_to_cpu((uint64_t)d->zslba) * ns->lba_size;
			z->len = ns->zone_lbas * ns->lba_size;
			z->capacity = le64_to_cpu((uint64_t)d->zcap) * ns->lba_size;
			z->wp = le64_to_cpu((uint64_t)d->wp) * ns->lba_size;
			z->type = (d->zt & 0xf) == NVME_ZONE_TYPE_SEQWRITE_REQ ?
				  ZBD_ZONE_TYPE_SWR : ZBD_ZONE_TYPE_CNV;
			z->cond = nvme_cmd_zone_cond(d->zs);
			slba = le64_to_cpu((uint64_t)d->zslba) + ns->zone_lbas;
		}
	}
	ret = got;
out:
	if (fd >= 0)
		close(fd);
	free(rep);
	return ret;
}

/* Reset the write pointer of every zone in [@offset, @offset + @length). */
int nvme_cmd_reset_wp(struct thread_data *td, struct fio_file *f,
		      uint64_t offset, uint64_t length)
{
	struct nvme_cmd_ns *ns = nvme_cmd_zoned_ns(f);
	__u64 zone = ns ? ns->zone_lbas * ns->lba_size : 0;
	uint64_t end = offset + length;
	int fd, ret = 0;

	(void)td;
	if (!ns)
		return -EINVAL;
	fd = open(f->file_name, O_RDWR);
	if (fd < 0)
		return -errno;
	for (; offset < end; offset += zone) {
		struct nvme_zns_mgmt_send_args args = {
			.args_size	= sizeof(args),
			.fd		= fd,
			.timeout	= NVME_DEFAULT_IOCTL_TIMEOUT,
			.nsid		= ns->nsid,
			.slba		= offset / ns->lba_size,
			.zsa		= NVME_ZNS_ZSA_RESET,
		};

		ret = nvme_zns_mgmt_send(&args);
		if (ret) {
			int err = ret > 0 ? EIO : errno;

			log_err("fioring: %s: reset zone at offset %llu: %s\n", f->file_name,
				(unsigned long long)offset,
				ret > 0 ? nvme_status_to_string(ret, false) : strerror(err));
			ret = -err;
			break;
		}
	}
	close(fd);
	return ret;
}

int nvme_cmd_get_max_open_zones(struct thread_data *td, struct fio_file *f,
				unsigned int *max_open_zones)
{
	struct nvme_cmd_ns *ns = nvme_cmd_zoned_ns(f);

	(void)td;
	if (!ns)
		return -EINVAL;
	*max_open_zones = ns->max_open_zones;
	return 0;
}
