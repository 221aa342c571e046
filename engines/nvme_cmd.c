// SPDX-License-Identifier: GPL-2.0
/*
 * nvme_cmd.c: NVMe passthrough (IORING_OP_URING_CMD) for the fioring engine.
 *
 * On an NVMe generic char device there is no block layer to split, align or
 * translate I/O: each io_u becomes exactly one NVMe command of whole LBAs,
 * so the namespace's format decides what a job may ask for.  The format in
 * use comes from Identify Namespace (libnvme), with the format index taken
 * from all FLBAS bits so namespaces with more than 16 formats are read
 * right.  With metadata interleaved (extended LBA) an LBA takes data plus
 * metadata bytes of the buffer and of fio's offsets, as in fio's own
 * io_uring_cmd; separate metadata travels in md_per_io_size bytes per io_u.
 * Job geometry that is not a whole number of LBAs is refused at setup, so
 * no I/O fails for it.  The options keep the names and meanings of fio
 * 3.41's io_uring_cmd engine.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <libnvme.h>

#include "fio.h"
#include "verify.h"
#include "fioring_options.h"
#include "nvme_cmd.h"

/* enough to see the pattern; continue_on_error runs could fail millions */
#define NVME_CMD_ERRORS_LOGGED	8

/* trims per Dataset Management command: num_range= where this fio has it */
static unsigned int nvme_cmd_num_range(struct thread_data *td)
{
#ifdef FIO_HAS_MULTI_RANGE_TRIM
	if (td->o.num_range > 1)
		return td->o.num_range;
#endif
	(void)td;
	return 1;
}

/* Options only a passthrough job can honour: refused on block devices. */
static int nvme_cmd_only_options(struct thread_data *td)
{
	struct fioring_options *o = td->eo;
	const char *what = NULL;

	if (o->md_per_io_size)
		what = "md_per_io_size";
	else if (o->pi_chk)
		what = "pi_chk";
	else if (o->write_mode != NVME_CMD_WMODE_WRITE)
		what = "write_mode";
	else if (o->verify_mode != NVME_CMD_VMODE_READ)
		what = "verify_mode";
	else if (o->readfua || o->writefua)
		what = o->readfua ? "readfua" : "writefua";
	else if (o->deac)
		what = "deac";
	if (what) {
		log_err("fioring: %s applies to NVMe generic devices (/dev/ngXnY) only\n", what);
		return -EINVAL;
	}
	if (td_trim(td) && nvme_cmd_num_range(td) > 1) {
		log_err("fioring: num_range=%u: trims of more than one range need NVMe generic "
			"devices (Dataset Management)\n", nvme_cmd_num_range(td));
		return -EOPNOTSUPP;
	}
	return 0;
}

static int nvme_cmd_check_options(struct thread_data *td)
{
	struct fioring_options *o = td->eo;
	__u32 prchk;

	if (o->write_mode != NVME_CMD_WMODE_WRITE && !td_write(td)) {
		log_err("fioring: write_mode applies to writes, and rw=%s has none\n",
			td->o.td_ddir & TD_DDIR_TRIM ? "trim" : "read");
		return -EINVAL;
	}
	if (o->deac && o->write_mode != NVME_CMD_WMODE_ZEROES) {
		log_err("fioring: deac=1 applies to write_mode=zeroes only (Write Zeroes' DEAC bit)\n");
		return -EINVAL;
	}
#ifndef FIO_HAS_VERIFY_IN_DEV
	if (o->verify_mode == NVME_CMD_VMODE_COMPARE) {
		log_err("fioring: verify_mode=compare needs a fio that lets the device verify "
			"(3.40 or newer; this is %s)\n", FIORING_FIO_VERSION);
		return -EOPNOTSUPP;
	}
#endif
	if (o->apptag > 0xffff || o->apptag_mask > 0xffff) {
		log_err("fioring: apptag=0x%x, apptag_mask=0x%x: both are 16 bits\n",
			o->apptag, o->apptag_mask);
		return -EINVAL;
	}
	if (nvme_cmd_pi_parse(o->pi_chk, &prchk))
		return -EINVAL;
	if (td->o.sync_file_range) {
		log_err("fioring: sync_file_range does not apply to NVMe generic devices "
			"(use fsync=, sent as NVMe Flush)\n");
		return -EOPNOTSUPP;
	}
	if (o->nowait) {
		log_err("fioring: nowait does not apply to NVMe passthrough\n");
		return -EOPNOTSUPP;
	}
	return 0;
}

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
		return nvme_cmd_only_options(td);
	if (other) {
		log_err("fioring: %s: a job's files must be all NVMe generic devices or none\n",
			other->file_name);
		return -EINVAL;
	}
	if (nvme_cmd_check_options(td))
		return -EINVAL;
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

/*
 * The separate metadata buffer, in pages of the job's own.  Kernels that
 * map a passthrough command's metadata straight from user memory (6.12,
 * unlike 6.1's bounce copy) hand a Read's metadata pages to the device
 * as they are mapped: a page never written is still the shared zero page,
 * and the device then writes PI into the zero page of every process of
 * the machine (seen as fio crashing on its first .bss read).  Writing every
 * page first makes it private; no huge pages, which a split could map back
 * to the zero page where they hold zeroes.
 */
static int nvme_cmd_md_alloc(struct nvme_cmd_job *job, size_t len)
{
	long page = sysconf(_SC_PAGESIZE);
	void *buf;

	job->md_len = (len + page - 1) / page * page;
	buf = mmap(NULL, job->md_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED)
		return -ENOMEM;
	madvise(buf, job->md_len, MADV_NOHUGEPAGE);
	memset(buf, 0, job->md_len);
	job->md_buf = buf;
	return 0;
}

static void nvme_cmd_md_free(struct nvme_cmd_job *job)
{
	if (job->md_buf)
		munmap(job->md_buf, job->md_len);
}

int nvme_cmd_init(struct thread_data *td, struct nvme_cmd_job **jobp)
{
	struct fioring_options *o = td->eo;
	struct nvme_cmd_job *job;
	__u32 prchk;

	job = calloc(1, sizeof(*job));
	if (!job)
		return -ENOMEM;
	switch (o->write_mode) {
	case NVME_CMD_WMODE_UNCOR:
		job->write_opcode = nvme_cmd_write_uncor;
		break;
	case NVME_CMD_WMODE_ZEROES:
		job->write_opcode = nvme_cmd_write_zeroes;
		if (o->deac)
			job->cdw12[DDIR_WRITE] |= NVME_IO_DEAC << 16;
		break;
	case NVME_CMD_WMODE_VERIFY:
		job->write_opcode = nvme_cmd_verify;
		break;
	default:
		job->write_opcode = nvme_cmd_write;
		break;
	}
	if (o->readfua)
		job->cdw12[DDIR_READ] |= NVME_IO_FUA << 16;
	if (o->writefua)
		job->cdw12[DDIR_WRITE] |= NVME_IO_FUA << 16;
	nvme_cmd_pi_parse(o->pi_chk, &prchk);
	job->prinfo = prchk << 16;
	if (o->pi_act)
		job->prinfo |= NVME_IO_PRINFO_PRACT << 16;

	if (o->md_per_io_size &&
	    nvme_cmd_md_alloc(job, (size_t)td->o.iodepth * o->md_per_io_size))
		goto err;
	if (td_trim(td) && td->o.zone_mode != ZONE_MODE_ZBD) {
		job->nr_range = nvme_cmd_num_range(td);
		job->dsm = calloc((size_t)td->o.iodepth * job->nr_range, sizeof(*job->dsm));
		if (!job->dsm)
			goto err;
	}
	*jobp = job;
	return 0;
err:
	nvme_cmd_md_free(job);
	free(job);
	return -ENOMEM;
}

static const char *nvme_cmd_status(int status)
{
	return nvme_status_to_string(status, false);
}

/*
 * The protection information format of format @fmt: only the 16-bit
 * guard (PIF 0) without storage tags is served.  Controllers without
 * extended LBA formats (CTRATT.ELBAS) have no other.
 */
static int nvme_cmd_check_pif(int fd, struct fio_file *f, __u32 nsid, __u8 fmt)
{
	struct nvme_nvm_id_ns nvm;
	struct nvme_id_ctrl ctrl;
	__u32 elbaf;

	if (nvme_identify_ctrl(fd, &ctrl) ||
	    !(le32_to_cpu(ctrl.ctratt) & NVME_CTRL_CTRATT_ELBAS))
		return 0;
	if (nvme_identify_ns_csi(fd, nsid, 0, NVME_CSI_NVM, &nvm))
		return 0;
	elbaf = le32_to_cpu(nvm.elbaf[fmt]);
	if (elbaf & (NVME_NVM_ELBAF_STS_MASK | NVME_NVM_ELBAF_PIF_MASK)) {
		log_err("fioring: %s: namespace %u format %u has protection information with "
			"%s: not supported (16-bit guard, no storage tag only)\n", f->file_name,
			nsid, fmt, elbaf & NVME_NVM_ELBAF_STS_MASK ? "a storage tag" :
			"a 32- or 64-bit guard");
		return -EOPNOTSUPP;
	}
	return 0;
}

static int nvme_cmd_identify(struct thread_data *td, struct fio_file *f,
			     struct nvme_cmd_ns *ns)
{
	struct fioring_options *o = td->eo;
	struct nvme_id_ns id;
	struct nvme_lbaf *lbaf;
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
	if (lbaf->ds < 9 || lbaf->ds > 20) {
		log_err("fioring: %s: namespace %u reports an LBA size of 2^%u bytes\n",
			f->file_name, nsid, lbaf->ds);
		ret = -EINVAL;
		goto out;
	}
	ns->nsid = nsid;
	ns->lba_shift = lbaf->ds;
	ns->nlba = le64_to_cpu((uint64_t)id.nsze);
	ns->ms = le16_to_cpu((uint16_t)lbaf->ms);
	ns->pi_type = ns->ms ? id.dps & NVME_NS_DPS_PI_MASK : 0;
	ns->pi_first = id.dps & NVME_NS_DPS_PI_FIRST;
	if (ns->pi_type) {
		ret = nvme_cmd_check_pif(fd, f, nsid, fmt);
		if (ret)
			goto out;
		/*
		 * With PRACT the controller inserts and strips PI: when PI is
		 * all the metadata there is, none travels with the command.
		 */
		if (o->pi_act && ns->ms == NVME_CMD_PI_SIZE)
			ns->ms = 0;
		/* the controller would fail every command: Invalid Protection Information */
		if (ns->pi_type == NVME_NS_DPS_PI_TYPE3 && o->pi_chk && strstr(o->pi_chk, "REFTAG")) {
			log_err("fioring: %s: namespace %u has PI type 3, which has no reference "
				"tag: pi_chk=%s cannot check REFTAG\n", f->file_name, nsid, o->pi_chk);
			ret = -EINVAL;
			goto out;
		}
	}
	ns->ext = ns->ms && (id.flbas & NVME_NS_FLBAS_META_EXT);
	ns->lba_size = (1U << ns->lba_shift) + (ns->ext ? ns->ms : 0);
	ret = nvme_cmd_zns_identify(fd, ns, fmt);
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
 * must every I/O the job can make.  With an extended LBA, offsets and
 * sizes count data and metadata bytes.
 */
static int nvme_cmd_check_geometry(struct thread_data *td, struct fio_file *f,
				   const struct nvme_cmd_ns *ns)
{
	struct fioring_options *eo = td->eo;
	struct thread_options *o = &td->o;
	unsigned int lba = ns->lba_size;
	unsigned long long max = nvme_cmd_max_transfer(f);
	unsigned int i;
	int d;

	for (d = DDIR_READ; d <= DDIR_TRIM; d++) {
		if ((d == DDIR_READ && !td_read(td)) || (d == DDIR_WRITE && !td_write(td)) ||
		    (d == DDIR_TRIM && !td_trim(td)))
			continue;
		/* a trim is a range list: no data moves */
		if (d != DDIR_TRIM && max && o->max_bs[d] / lba << ns->lba_shift > max) {
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
		if (d != DDIR_TRIM && ns->ms && !ns->ext &&
		    eo->md_per_io_size < o->max_bs[d] / lba * ns->ms) {
			log_err("fioring: %s: md_per_io_size=%u is too small: bs=%llu needs %llu "
				"bytes of separate metadata (%u per LBA)\n", f->file_name,
				eo->md_per_io_size, o->max_bs[d],
				o->max_bs[d] / lba * ns->ms, ns->ms);
			return -EINVAL;
		}
	}
	if (o->start_offset % lba)
		return nvme_cmd_misaligned(f, "offset", o->start_offset, lba);
	if (o->offset_increment % lba)
		return nvme_cmd_misaligned(f, "offset_increment", o->offset_increment, lba);
	if (o->start_offset_align % lba)
		return nvme_cmd_misaligned(f, "offset_align", o->start_offset_align, lba);
	/* the PI fio cannot see sits inside the blocks it would verify */
	if (ns->ext && ns->pi_type && o->verify != VERIFY_NONE) {
		log_err("fioring: %s: verify= cannot check an extended LBA with protection "
			"information (the PI bytes are part of each block)\n", f->file_name);
		return -EINVAL;
	}
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
		ret = nvme_cmd_identify(td, f, ns);
		if (ret) {
			free(ns);
			return ret;
		}
		f->engine_data = ns;
	}
	ret = nvme_cmd_check_geometry(td, f, ns);
	if (ret)
		return ret;
	f->real_file_size = ns->nlba * ns->lba_size;
	fio_file_set_size_known(f);
	return 0;
}

static inline __u64 nvme_cmd_lba(const struct nvme_cmd_ns *ns, unsigned long long bytes)
{
	return ns->ext ? bytes / ns->lba_size : bytes >> ns->lba_shift;
}

int nvme_cmd_check_io(const struct io_u *io_u)
{
	const struct nvme_cmd_ns *ns = io_u->file->engine_data;
	unsigned long long nlb = nvme_cmd_lba(ns, io_u->xfer_buflen);

	/* a trim's ranges were checked against the LBA size at setup */
	if (!ddir_rw(io_u->ddir))
		return 0;
	if (!(io_u->offset % ns->lba_size) && !(io_u->xfer_buflen % ns->lba_size) &&
	    nlb && nlb <= 0x10000)
		return 0;
	log_err("fioring: %s: I/O of %llu bytes at offset %llu is not 1-65536 whole LBAs of %u bytes\n",
		io_u->file->file_name, io_u->xfer_buflen, io_u->offset, ns->lba_size);
	return -EINVAL;
}

static void nvme_cmd_range(struct nvme_dsm_range *r, const struct nvme_cmd_ns *ns,
			   unsigned long long start, unsigned long long len)
{
	r->cattr = 0;
	r->slba = cpu_to_le64((uint64_t)nvme_cmd_lba(ns, start));
	r->nlb = cpu_to_le32((uint32_t)nvme_cmd_lba(ns, len));
}

/*
 * Dataset Management, deallocate: one range per trim, or the num_range
 * ranges fio put in the io_u's buffer.  The range list is the command's
 * data, a plain buffer of the engine's own.
 */
static void nvme_cmd_prep_dsm(struct nvme_cmd_job *job, struct io_u *io_u,
			      struct nvme_uring_cmd *cmd)
{
	const struct nvme_cmd_ns *ns = io_u->file->engine_data;
	struct nvme_dsm_range *r = job->dsm + (size_t)io_u->index * job->nr_range;
	unsigned int n = 1;

#ifdef FIO_HAS_MULTI_RANGE_TRIM
	if (job->nr_range > 1) {
		const struct trim_range *t = (const struct trim_range *)io_u->xfer_buf;

		for (n = 0; n < io_u->number_trim; n++)
			nvme_cmd_range(&r[n], ns, t[n].start, t[n].len);
	}
#endif
	if (job->nr_range == 1)
		nvme_cmd_range(r, ns, io_u->offset, io_u->xfer_buflen);
	cmd->opcode = nvme_cmd_dsm;
	cmd->addr = (__u64)(uintptr_t)r;
	cmd->data_len = n * sizeof(*r);
	/* 0's based number of ranges */
	cmd->cdw10 = n - 1;
	cmd->cdw11 = NVME_DSMGMT_AD;
}

/* The buffer of a read or write, as the submission options say. */
static void nvme_cmd_prep_data(struct thread_data *td, struct io_u *io_u,
			       struct io_uring_sqe *sqe, struct nvme_uring_cmd *cmd,
			       struct iovec *iov)
{
	struct fioring_options *o = td->eo;

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
		iov->iov_base = io_u->xfer_buf;
		iov->iov_len = io_u->xfer_buflen;
		cmd->addr = (__u64)(uintptr_t)iov;
		cmd->data_len = 1;
		sqe->cmd_op = NVME_URING_CMD_IO_VEC;
	}
}

/* Read, or Compare when fio verifies and verify_mode=compare asks the device to. */
static __u8 nvme_cmd_read_opcode(struct thread_data *td, struct io_u *io_u)
{
#ifdef FIO_HAS_VERIFY_IN_DEV
	struct fioring_options *o = td->eo;

	if (o->verify_mode == NVME_CMD_VMODE_COMPARE && (io_u->flags & IO_U_F_VER_LIST)) {
		/* the buffer then holds what the device compares against */
		populate_verify_io_u(td, io_u);
		io_u_set(td, io_u, IO_U_F_VER_IN_DEV);
		return nvme_cmd_compare;
	}
#endif
	(void)td;
	(void)io_u;
	return nvme_cmd_read;
}

void nvme_cmd_prep(struct thread_data *td, struct nvme_cmd_job *job,
		   struct io_u *io_u, struct io_uring_sqe *sqe, int fd,
		   struct iovec *iov)
{
	struct fioring_options *o = td->eo;
	const struct nvme_cmd_ns *ns = io_u->file->engine_data;
	struct nvme_uring_cmd *cmd;
	__u64 slba = nvme_cmd_lba(ns, io_u->offset);
	__u32 nlb;
	void *md;

	io_uring_prep_rw(IORING_OP_URING_CMD, sqe, fd, NULL, 0, 0);
	sqe->cmd_op = NVME_URING_CMD_IO;
	cmd = (struct nvme_uring_cmd *)sqe->cmd;
	memset(cmd, 0, sizeof(*cmd));
	cmd->nsid = ns->nsid;

	if (io_u->ddir == DDIR_TRIM) {
		nvme_cmd_prep_dsm(job, io_u, cmd);
		return;
	}
	if (!ddir_rw(io_u->ddir)) {
		cmd->opcode = nvme_cmd_flush;
		return;
	}
	nlb = nvme_cmd_lba(ns, io_u->xfer_buflen);
	cmd->opcode = io_u->ddir == DDIR_READ ? nvme_cmd_read_opcode(td, io_u) :
						job->write_opcode;
	cmd->cdw10 = slba & 0xffffffff;
	cmd->cdw11 = slba >> 32;
	/* 0's based number of LBAs */
	cmd->cdw12 = (nlb - 1) | job->cdw12[io_u->ddir];
#ifdef FIO_HAS_DATAPLACEMENT
	/* the placement fio chose for this write (fdp=1, dataplacement=) */
	cmd->cdw12 |= io_u->dtype << 20;
	cmd->cdw13 = io_u->dspec << 16;
#endif
	/* Write Zeroes, Write Uncorrectable and Verify move no data */
	if (io_u->ddir == DDIR_READ || cmd->opcode == nvme_cmd_write)
		nvme_cmd_prep_data(td, io_u, sqe, cmd, iov);
	md = job->md_buf ? job->md_buf + (size_t)io_u->index * o->md_per_io_size : NULL;
	if (ns->ms && !ns->ext && cmd->data_len) {
		cmd->metadata = (__u64)(uintptr_t)md;
		cmd->metadata_len = nlb * ns->ms;
	}
	if (ns->pi_type)
		nvme_cmd_pi_fill(td, job, io_u, cmd, md);
}

static void nvme_cmd_log_status(struct io_u *io_u, int status)
{
	struct nvme_cmd_ns *ns = io_u->file->engine_data;
	static const char *const names[] = {
		[DDIR_READ] = "Read", [DDIR_WRITE] = "Write", [DDIR_TRIM] = "Dataset Management",
	};
	const char *op = io_u->ddir <= DDIR_TRIM ? names[io_u->ddir] : "Flush";

	if (ns->errors_logged > NVME_CMD_ERRORS_LOGGED)
		return;
	if (ns->errors_logged++ == NVME_CMD_ERRORS_LOGGED) {
		log_err("fioring: %s: more NVMe errors, not logged\n", io_u->file->file_name);
		return;
	}
	log_err("fioring: %s: NVMe %s of %llu bytes at offset %llu failed: status 0x%x: %s\n",
		io_u->file->file_name, op, io_u->xfer_buflen, io_u->offset, status,
		nvme_cmd_status(status));
}

void nvme_cmd_complete(struct thread_data *td, struct nvme_cmd_job *job,
		       struct io_u *io_u, int res)
{
	struct fioring_options *o = td->eo;
	const struct nvme_cmd_ns *ns = io_u->file->engine_data;

#ifdef FIO_HAS_DEVICE_ERROR
	io_u_clear(td, io_u, IO_U_F_DEVICE_ERROR);
#endif
	if (res < 0) {
		io_u->error = -res;
		return;
	}
	if (res > 0) {
		nvme_cmd_log_status(io_u, res);
#ifdef FIO_HAS_DEVICE_ERROR
		/*
		 * As fio's io_uring_cmd: the NVMe status is the error, which
		 * ignore_error= then names as a number (0x4281 or 17025).
		 */
		io_u->error = res;
		io_u_set(td, io_u, IO_U_F_DEVICE_ERROR);
#else
		/* this fio's error options speak errno only */
		io_u->error = EIO;
#endif
		return;
	}
	io_u->error = 0;
	if (ns->pi_type && io_u->ddir == DDIR_READ && !o->pi_act &&
	    nvme_cmd_pi_verify(td, job, io_u, job->md_buf ?
			       job->md_buf + (size_t)io_u->index * o->md_per_io_size : NULL))
		io_u->error = EIO;
}

#if defined(FIO_HAS_ERRDETAILS) && defined(FIO_HAS_DEVICE_ERROR)
char *nvme_cmd_errdetails(struct thread_data *td, struct io_u *io_u)
{
	char *msg;

	(void)td;
	if (!(io_u->flags & IO_U_F_DEVICE_ERROR))
		return NULL;
	if (asprintf(&msg, "fioring: %s: NVMe status 0x%x (sct=0x%x, sc=0x%02x): %s",
		     io_u->file->file_name, io_u->error, (io_u->error >> 8) & 0x7,
		     io_u->error & 0xff, nvme_cmd_status(io_u->error)) < 0)
		return NULL;
	return msg;
}
#endif

#ifdef FIO_HAS_FDP_RUHS
/*
 * The placement handles fio may use (fdp=1): the namespace's Reclaim Unit
 * Handle Status, in descriptor order, as fio's own engine reports them.
 */
int nvme_cmd_fetch_ruhs(struct thread_data *td, struct fio_file *f,
			struct fio_ruhs_info *info)
{
	struct nvme_cmd_ns *ns = f->engine_data;
	struct nvme_fdp_ruh_status *st;
	unsigned int i, want = info->nr_ruhs;
	size_t len = sizeof(*st) + want * sizeof(st->ruhss[0]);
	int fd, ret, err;

	(void)td;
	if (f->filetype != FIO_TYPE_CHAR || !ns) {
		log_err("fioring: %s: fdp and dataplacement need an NVMe generic device\n",
			f->file_name);
		return -EINVAL;
	}
	st = calloc(1, len);
	if (!st)
		return -ENOMEM;
	fd = open(f->file_name, O_RDONLY);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	ret = nvme_fdp_reclaim_unit_handle_status(fd, ns->nsid, len, st);
	/* before close() and log_err() can change it */
	err = ret > 0 ? EIO : errno;
	close(fd);
	if (ret) {
		if (ret > 0)
			log_err("fioring: %s: FDP reclaim unit handle status: NVMe status 0x%x: %s "
				"(is FDP enabled on the subsystem's endurance group?)\n",
				f->file_name, ret, nvme_cmd_status(ret));
		else
			log_err("fioring: %s: FDP reclaim unit handle status: %s\n",
				f->file_name, strerror(err));
		ret = -err;
		goto out;
	}
	info->nr_ruhs = le16_to_cpu(st->nruhsd);
	for (i = 0; i < want && i < info->nr_ruhs; i++)
		info->plis[i] = le16_to_cpu(st->ruhss[i].pid);
out:
	free(st);
	return ret;
}
#endif

void nvme_cmd_cleanup(struct thread_data *td, struct nvme_cmd_job *job)
{
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i) {
		free(f->engine_data);
		f->engine_data = NULL;
	}
	if (job) {
		nvme_cmd_md_free(job);
		free(job->dsm);
		free(job);
	}
}
