// SPDX-License-Identifier: GPL-2.0
/*
 * nvme_cmd.c: NVMe passthrough (IORING_OP_URING_CMD) for the fioring engine.
 *
 * On an NVMe generic char device there is no block layer to split, align or
 * translate I/O: each io_u becomes exactly one NVMe Read or Write of whole
 * LBAs (syncs become a Flush), so the namespace's format decides what a job
 * may ask for.  The format in use comes from Identify Namespace (libnvme),
 * with the format index taken from all FLBAS bits so namespaces with more
 * than 16 formats are read right.  Data-only formats are served; metadata,
 * whether interleaved (extended LBA) or separate, and protection
 * information are refused at setup, because a command without a metadata
 * buffer would fail or write garbage metadata.  Job geometry that is not a
 * whole number of LBAs is refused at setup too, so no I/O fails for it.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <libnvme.h>

#include "fio.h"
#include "fioring.h"
#include "nvme_cmd.h"

/* enough to see the pattern; continue_on_error runs could fail millions */
#define NVME_CMD_ERRORS_LOGGED	8

/* What a job needs of its namespace, kept in fio_file->engine_data. */
struct nvme_cmd_ns {
	__u32 nsid;
	unsigned int lba_shift;
	__u64 nlba;
	unsigned int errors_logged;
};

int nvme_cmd_check_job(struct thread_data *td, bool *nvme)
{
	struct fioring_options *o = td->eo;
	struct cmdprio_options *cp = &o->cmdprio_options;
	struct fio_file *f, *other = NULL;
	unsigned int i, nchr = 0;

	for_each_file(td, f, i) {
		if (f->filetype == FIO_TYPE_CHAR)
			nchr++;
		else
			other = f;
	}
	*nvme = nchr > 0;
	if (!nchr)
		return 0;
	if (other) {
		log_err("fioring: %s: a job's files must be all NVMe generic devices or none\n",
			other->file_name);
		return -EINVAL;
	}
	if (td_trim(td)) {
		log_err("fioring: trim is not supported on NVMe generic devices\n");
		return -EOPNOTSUPP;
	}
	if (td->o.sync_file_range) {
		log_err("fioring: sync_file_range does not apply to NVMe generic devices "
			"(use fsync=, sent as NVMe Flush)\n");
		return -EOPNOTSUPP;
	}
	if (o->nowait) {
		log_err("fioring: nowait does not apply to NVMe passthrough\n");
		return -EOPNOTSUPP;
	}
	/*
	 * The kernel ignores sqe->ioprio for io_uring_cmd: per-priority
	 * figures would compare identical I/O.  Said once per job, not
	 * refused, so a priority sweep over mixed targets still runs; on
	 * stderr, since log_info would land inside fio's JSON output.
	 */
	if (cp->percentage[DDIR_READ] || cp->percentage[DDIR_WRITE] ||
	    cp->bssplit_str || fio_option_is_set(&td->o, ioprio) ||
	    fio_option_is_set(&td->o, ioprio_class))
		log_err("fioring: %s: io_uring_cmd carries no I/O priority; "
			"cmdprio/prioclass ignored\n", td->files[0]->file_name);
	return 0;
}

static const char *nvme_cmd_status(int status)
{
	return nvme_status_to_string(status, false);
}

static int nvme_cmd_identify(struct fio_file *f, struct nvme_cmd_ns *ns)
{
	struct nvme_id_ns id;
	struct nvme_lbaf *lbaf;
	unsigned int ms, pi;
	__u32 nsid;
	__u8 fmt;
	int fd, ret;

	fd = open(f->file_name, O_RDONLY);
	if (fd < 0) {
		ret = -errno;
		log_err("fioring: %s: %s\n", f->file_name, strerror(-ret));
		return ret;
	}
	if (nvme_get_nsid(fd, &nsid)) {
		ret = -errno;
		log_err("fioring: %s: cannot get its namespace id: %s\n",
			f->file_name, strerror(-ret));
		goto out;
	}
	ret = nvme_identify_ns(fd, nsid, &id);
	if (ret < 0) {
		ret = -errno;
		log_err("fioring: %s: identify namespace %u: %s\n", f->file_name, nsid,
			strerror(-ret));
		goto out;
	}
	if (ret > 0) {
		log_err("fioring: %s: identify namespace %u: NVMe status 0x%x: %s\n",
			f->file_name, nsid, ret, nvme_cmd_status(ret));
		ret = -EIO;
		goto out;
	}

	nvme_id_ns_flbas_to_lbaf_inuse(id.flbas, &fmt);
	if (fmt > id.nlbaf) {
		log_err("fioring: %s: namespace %u uses LBA format %u but has only %u\n",
			f->file_name, nsid, fmt, id.nlbaf + 1);
		ret = -EINVAL;
		goto out;
	}
	lbaf = &id.lbaf[fmt];
	ms = le16_to_cpu((uint16_t)lbaf->ms);
	pi = id.dps & NVME_NS_DPS_PI_MASK;
	if (ms || pi) {
		log_err("fioring: %s: namespace %u format %u has %u bytes of %s metadata per LBA%s%.0u: "
			"not supported, format it without metadata\n",
			f->file_name, nsid, fmt, ms,
			(id.flbas & NVME_NS_FLBAS_META_EXT) ? "interleaved (extended LBA)" : "separate",
			pi ? " and protection information type " : "", pi);
		ret = -EOPNOTSUPP;
		goto out;
	}
	if (lbaf->ds < 9 || lbaf->ds > 20) {
		log_err("fioring: %s: namespace %u reports an LBA size of 2^%u bytes\n",
			f->file_name, nsid, lbaf->ds);
		ret = -EINVAL;
		goto out;
	}
	ns->nsid = nsid;
	ns->lba_shift = lbaf->ds;
	ns->nlba = le64_to_cpu((uint64_t)id.nsze);
	ret = 0;
out:
	close(fd);
	return ret;
}

static int nvme_cmd_misaligned(struct fio_file *f, const char *what,
			       unsigned long long val, unsigned int lba)
{
	log_err("fioring: %s: %s=%llu is not a multiple of the namespace's LBA size (%u)\n",
		f->file_name, what, val, lba);
	return -EINVAL;
}

bool nvme_cmd_disk_name(const char *dev, char *disk, size_t len)
{
	const char *base = strrchr(dev, '/') ? strrchr(dev, '/') + 1 : dev;
	unsigned int x, y;
	char tail;

	if (sscanf(base, "nvme%un%u%c", &x, &y, &tail) == 2 ||
	    sscanf(base, "ng%un%u%c", &x, &y, &tail) == 2) {
		snprintf(disk, len, "nvme%un%u", x, y);
		return true;
	}
	return false;
}

/*
 * The largest transfer the namespace's queue takes, in bytes, from its
 * block disk, named after the device node's sysfs name (the path the job
 * gave may be a link); 0 when it cannot be read.  A larger command fails in
 * the kernel with EINVAL, I/O after I/O, instead of being split as block
 * I/O is.
 */
static unsigned long long nvme_cmd_max_transfer(struct fio_file *f)
{
	char path[PATH_MAX], dev[64], disk[64];
	unsigned long long kb = 0;
	struct stat st;
	FILE *fp;

	if (stat(f->file_name, &st) || !S_ISCHR(st.st_mode))
		return 0;
	snprintf(dev, sizeof(dev), "/sys/dev/char/%u:%u", major(st.st_rdev),
		 minor(st.st_rdev));
	if (!realpath(dev, path) || !nvme_cmd_disk_name(path, disk, sizeof(disk)))
		return 0;
	snprintf(path, sizeof(path), "/sys/block/%s/queue/max_hw_sectors_kb", disk);
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	if (fscanf(fp, "%llu", &kb) != 1)
		kb = 0;
	fclose(fp);
	return kb * 1024;
}

/*
 * Each NVMe command moves whole LBAs, and no more than the queue takes: so
 * must every I/O the job can make.
 */
static int nvme_cmd_check_geometry(struct thread_data *td, struct fio_file *f,
				   const struct nvme_cmd_ns *ns)
{
	struct thread_options *o = &td->o;
	unsigned int lba = 1U << ns->lba_shift;
	unsigned long long max = nvme_cmd_max_transfer(f);
	unsigned int i;
	int d;

	for (d = DDIR_READ; d <= DDIR_WRITE; d++) {
		if ((d == DDIR_READ && !td_read(td)) || (d == DDIR_WRITE && !td_write(td)))
			continue;
		if (max && o->max_bs[d] > max) {
			log_err("fioring: %s: bs=%llu is larger than the largest transfer the "
				"namespace takes (%llu bytes, queue/max_hw_sectors_kb)\n",
				f->file_name, o->max_bs[d], max);
			return -EINVAL;
		}
		if (o->min_bs[d] % lba)
			return nvme_cmd_misaligned(f, "bs", o->min_bs[d], lba);
		if (o->max_bs[d] % lba)
			return nvme_cmd_misaligned(f, "bs", o->max_bs[d], lba);
		if (o->ba[d] % lba)
			return nvme_cmd_misaligned(f, "blockalign", o->ba[d], lba);
		for (i = 0; i < o->bssplit_nr[d]; i++)
			if (o->bssplit[d][i].bs % lba)
				return nvme_cmd_misaligned(f, "bssplit", o->bssplit[d][i].bs, lba);
	}
	if (o->start_offset % lba)
		return nvme_cmd_misaligned(f, "offset", o->start_offset, lba);
	if (o->offset_increment % lba)
		return nvme_cmd_misaligned(f, "offset_increment", o->offset_increment, lba);
	if (o->start_offset_align % lba)
		return nvme_cmd_misaligned(f, "offset_align", o->start_offset_align, lba);
	return 0;
}

int nvme_cmd_get_file_size(struct thread_data *td, struct fio_file *f)
{
	struct nvme_cmd_ns *ns = f->engine_data;
	int ret;

	if (!ns) {
		ns = calloc(1, sizeof(*ns));
		if (!ns)
			return -ENOMEM;
		ret = nvme_cmd_identify(f, ns);
		if (ret) {
			free(ns);
			return ret;
		}
		f->engine_data = ns;
	}
	ret = nvme_cmd_check_geometry(td, f, ns);
	if (ret)
		return ret;
	f->real_file_size = ns->nlba << ns->lba_shift;
	fio_file_set_size_known(f);
	return 0;
}

int nvme_cmd_check_io(const struct io_u *io_u)
{
	const struct nvme_cmd_ns *ns = io_u->file->engine_data;
	unsigned long long mask = (1ULL << ns->lba_shift) - 1;
	unsigned long long nlb = io_u->xfer_buflen >> ns->lba_shift;

	if (!ddir_rw(io_u->ddir))
		return 0;
	if (!(io_u->offset & mask) && !(io_u->xfer_buflen & mask) && nlb && nlb <= 0x10000)
		return 0;
	log_err("fioring: %s: I/O of %llu bytes at offset %llu is not 1-65536 whole LBAs of %llu bytes\n",
		io_u->file->file_name, io_u->xfer_buflen, io_u->offset, mask + 1);
	return -EINVAL;
}

void nvme_cmd_prep(struct thread_data *td, struct io_u *io_u,
		   struct io_uring_sqe *sqe, int fd)
{
	struct fioring_data *ld = td->io_ops_data;
	struct fioring_options *o = td->eo;
	const struct nvme_cmd_ns *ns = io_u->file->engine_data;
	struct nvme_uring_cmd *cmd;
	__u64 slba = io_u->offset >> ns->lba_shift;

	io_uring_prep_rw(IORING_OP_URING_CMD, sqe, fd, NULL, 0, 0);
	sqe->cmd_op = NVME_URING_CMD_IO;
	cmd = (struct nvme_uring_cmd *)sqe->cmd;
	memset(cmd, 0, sizeof(*cmd));
	cmd->nsid = ns->nsid;

	if (!ddir_rw(io_u->ddir)) {
		cmd->opcode = nvme_cmd_flush;
		return;
	}
	cmd->opcode = io_u->ddir == DDIR_READ ? nvme_cmd_read : nvme_cmd_write;
	cmd->cdw10 = slba & 0xffffffff;
	cmd->cdw11 = slba >> 32;
	/* 0's based number of LBAs */
	cmd->cdw12 = (io_u->xfer_buflen >> ns->lba_shift) - 1;

	if (o->fixedbufs) {
		cmd->addr = (__u64)(uintptr_t)io_u->xfer_buf;
		cmd->data_len = io_u->xfer_buflen;
		sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
		sqe->buf_index = io_u->index;
	} else if (o->nonvectored) {
		cmd->addr = (__u64)(uintptr_t)io_u->xfer_buf;
		cmd->data_len = io_u->xfer_buflen;
	} else {
		/* a requeued short I/O moved xfer_buf: the iovec follows it */
		struct iovec *iov = &ld->iovecs[io_u->index];

		iov->iov_base = io_u->xfer_buf;
		iov->iov_len = io_u->xfer_buflen;
		cmd->addr = (__u64)(uintptr_t)iov;
		cmd->data_len = 1;
		sqe->cmd_op = NVME_URING_CMD_IO_VEC;
	}
}

void nvme_cmd_complete(struct io_u *io_u, int res)
{
	struct nvme_cmd_ns *ns = io_u->file->engine_data;
	const char *op;

	if (res <= 0) {
		io_u->error = -res;
		return;
	}

	/* fio's error options (continue_on_error, ignore_error) speak errno */
	io_u->error = EIO;
	if (ns->errors_logged > NVME_CMD_ERRORS_LOGGED)
		return;
	if (ns->errors_logged++ == NVME_CMD_ERRORS_LOGGED) {
		log_err("fioring: %s: more NVMe errors, not logged\n", io_u->file->file_name);
		return;
	}
	op = io_u->ddir == DDIR_READ ? "Read" : io_u->ddir == DDIR_WRITE ? "Write" : "Flush";
	log_err("fioring: %s: NVMe %s of %llu bytes at offset %llu failed: status 0x%x: %s\n",
		io_u->file->file_name, op, io_u->xfer_buflen, io_u->offset, res,
		nvme_cmd_status(res));
}

void nvme_cmd_cleanup(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i) {
		free(f->engine_data);
		f->engine_data = NULL;
	}
}
