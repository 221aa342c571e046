/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nvme_cmd.h: NVMe passthrough for the fioring engine.  When a job's files
 * are NVMe generic char devices (/dev/ngXnY) the engine core runs a ring of
 * 128-byte SQEs and 32-byte CQEs and hands each I/O to this module, which
 * turns it into one NVMe command sent with IORING_OP_URING_CMD: Read
 * (or Compare), Write (or Write Uncorrectable, Write Zeroes, Verify),
 * Dataset Management for trims, Flush for syncs; with metadata and
 * protection information where the namespace has them (nvme_cmd_pi.c), a
 * data placement directive where fio chose one (FDP), and the zone hooks
 * of zonemode=zbd (nvme_cmd_zns.c).  The namespace's geometry comes from
 * Identify Namespace through libnvme; what the engine cannot serve is
 * refused at setup, and a failed command is reported with its NVMe status.
 */
#ifndef FIORING_NVME_CMD_H
#define FIORING_NVME_CMD_H

#include <stdbool.h>
#include <liburing.h>
#include <libnvme.h>

#include "fio.h"
#include "zbd_types.h"

/* The ring flags a passthrough job needs on top of the core's. */
#define NVME_CMD_RING_FLAGS	(IORING_SETUP_SQE128 | IORING_SETUP_CQE32)

/* bytes of protection information per LBA with a 16-bit guard */
#define NVME_CMD_PI_SIZE	8

/* cmd_type=: the one command set fio knows */
#define NVME_CMD_TYPE_NVME	1

/* write_mode=: what a write becomes */
enum nvme_cmd_write_mode {
	NVME_CMD_WMODE_WRITE = 1,
	NVME_CMD_WMODE_UNCOR,
	NVME_CMD_WMODE_ZEROES,
	NVME_CMD_WMODE_VERIFY,
};

/* verify_mode=: what a verify read becomes */
enum nvme_cmd_verify_mode {
	NVME_CMD_VMODE_READ = 1,
	NVME_CMD_VMODE_COMPARE,
};

/* What a job needs of its namespace, kept in fio_file->engine_data. */
struct nvme_cmd_ns {
	__u32 nsid;
	/* data bytes of an LBA, as a shift */
	unsigned int lba_shift;
	/* bytes an LBA takes in the data buffer: data, + metadata if extended */
	unsigned int lba_size;
	/* metadata bytes per LBA that travel with a command (0 under pi_act with PI-only metadata) */
	unsigned int ms;
	bool ext;
	/* protection information: type 0-3; first or last 8 bytes of metadata */
	unsigned int pi_type;
	bool pi_first;
	__u64 nlba;
	/* zoned namespace: zone size in LBAs, 0 otherwise */
	__u64 zone_lbas;
	unsigned int max_open_zones;
	unsigned int errors_logged;
};

/* Per job: what every command of this job carries, from its options. */
struct nvme_cmd_job {
	__u8 write_opcode;
	__u32 cdw12[DDIR_RWDIR_CNT];
	/* PRINFO bits (PRACT, PRCHK) for cdw12 of reads and writes */
	__u32 prinfo;
	/* per io_u: separate metadata, md_per_io_size bytes each */
	unsigned char *md_buf;
	size_t md_len;
	/* per io_u: num_range Dataset Management ranges */
	struct nvme_dsm_range *dsm;
	unsigned int nr_range;
};

/*
 * nvme_cmd_check_job() - at init: tell whether the job drives NVMe generic
 * devices (*nvme) and refuse what passthrough cannot do (mixing them with
 * other files, sync_file_range, nowait, an unknown cmd_type, options only
 * passthrough has on a block device).  -errno, message printed.
 */
int nvme_cmd_check_job(struct thread_data *td, bool *nvme);

/*
 * nvme_cmd_init() - the job's command settings and buffers (*job, freed by
 * nvme_cmd_cleanup()).  -errno, message printed.
 */
int nvme_cmd_init(struct thread_data *td, struct nvme_cmd_job **job);

/*
 * nvme_cmd_get_file_size() - identify the namespace behind @f, refuse a
 * format or job geometry the engine cannot serve, and set the file's size.
 * -errno, message printed.
 */
int nvme_cmd_get_file_size(struct thread_data *td, struct fio_file *f);

/*
 * nvme_cmd_check_io() - -EINVAL (logged) for an I/O that is not 1-65536 whole
 * LBAs at an LBA boundary, which setup should have made impossible.
 */
int nvme_cmd_check_io(const struct io_u *io_u);

/*
 * nvme_cmd_prep() - fill @sqe with the NVMe command for @io_u, checked by
 * nvme_cmd_check_io(), on @fd (a registered file index with registerfiles);
 * @iov is the engine's iovec of @io_u, which a vectored command points at.
 */
void nvme_cmd_prep(struct thread_data *td, struct nvme_cmd_job *job,
		   struct io_u *io_u, struct io_uring_sqe *sqe, int fd,
		   struct iovec *iov);

/*
 * nvme_cmd_complete() - set @io_u's outcome from @res: 0 on success (then
 * the host's protection information check under pi_act=0), an NVMe status
 * (> 0, logged decoded) or -errno.
 */
void nvme_cmd_complete(struct thread_data *td, struct nvme_cmd_job *job,
		       struct io_u *io_u, int res);

/*
 * nvme_cmd_errdetails() - fio's errdetails hook: the NVMe status of a failed
 * I/O, split as fio's io_uring_cmd prints it, decoded; NULL for an errno.
 */
char *nvme_cmd_errdetails(struct thread_data *td, struct io_u *io_u);

/*
 * nvme_cmd_disk_name() - the block disk nvmeXnY of the namespace whose
 * device is named (last component of @dev) nvmeXnY or ngXnY; false for any
 * other name.
 */
bool nvme_cmd_disk_name(const char *dev, char *disk, size_t len);

/* nvme_cmd_fetch_ruhs() - fio's fdp_fetch_ruhs hook (I/O Management Receive). */
struct fio_ruhs_info;
int nvme_cmd_fetch_ruhs(struct thread_data *td, struct fio_file *f,
			struct fio_ruhs_info *info);

/* nvme_cmd_cleanup() - free what the job and its files kept. */
void nvme_cmd_cleanup(struct thread_data *td, struct nvme_cmd_job *job);

/* nvme_cmd_pi.c: protection information the host makes and checks (pi_act=0) */

/* nvme_cmd_pi_parse() - PRCHK bits of pi_chk=, -EINVAL (logged) for a bad word */
int nvme_cmd_pi_parse(const char *pi_chk, __u32 *prchk);

/* nvme_cmd_pi_fill() - tags for @cmd, and PI of each LBA of a write's buffers */
void nvme_cmd_pi_fill(struct thread_data *td, struct nvme_cmd_job *job,
		      struct io_u *io_u, struct nvme_uring_cmd *cmd, void *md);

/* nvme_cmd_pi_verify() - 0, or -EILSEQ (logged) for a read whose PI is wrong */
int nvme_cmd_pi_verify(struct thread_data *td, struct nvme_cmd_job *job,
		       struct io_u *io_u, const void *md);

/* nvme_cmd_zns.c: the zone hooks of zonemode=zbd, on a zoned namespace */
int nvme_cmd_zns_identify(int fd, struct nvme_cmd_ns *ns, __u8 fmt);
int nvme_cmd_get_zoned_model(struct thread_data *td, struct fio_file *f,
			     enum zbd_zoned_model *model);
int nvme_cmd_report_zones(struct thread_data *td, struct fio_file *f,
			  uint64_t offset, struct zbd_zone *zones,
			  unsigned int nr_zones);
int nvme_cmd_reset_wp(struct thread_data *td, struct fio_file *f,
		      uint64_t offset, uint64_t length);
int nvme_cmd_get_max_open_zones(struct thread_data *td, struct fio_file *f,
				unsigned int *max_open_zones);

#endif
