/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nvme_cmd.h: NVMe passthrough for the fioring engine.  When a job's files
 * are NVMe generic char devices (/dev/ngXnY) the engine core runs a ring of
 * 128-byte SQEs and 32-byte CQEs and hands each read, write and sync to this
 * module, which turns it into an NVMe Read, Write or Flush sent with
 * IORING_OP_URING_CMD.  The namespace's geometry comes from an Identify
 * Namespace through libnvme; formats the engine cannot serve are refused
 * at setup, and a failed command is reported with its NVMe status decoded.
 */
#ifndef FIORING_NVME_CMD_H
#define FIORING_NVME_CMD_H

#include <stdbool.h>
#include <liburing.h>

#include "fio.h"

/* The ring flags a passthrough job needs on top of the core's. */
#define NVME_CMD_RING_FLAGS	(IORING_SETUP_SQE128 | IORING_SETUP_CQE32)

/*
 * nvme_cmd_check_job() - at init: tell whether the job drives NVMe generic
 * devices (*nvme) and refuse what passthrough cannot do (mixing them with
 * other files, trim, sync_file_range, nowait, cmdprio).  -errno, message
 * printed.
 */
int nvme_cmd_check_job(struct thread_data *td, bool *nvme);

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
 * nvme_cmd_check_io(), on @fd (a registered file index with registerfiles).
 */
void nvme_cmd_prep(struct thread_data *td, struct io_u *io_u,
		   struct io_uring_sqe *sqe, int fd);

/*
 * nvme_cmd_complete() - set @io_u's outcome from @res: 0 on success, an
 * NVMe status (> 0, logged decoded; the I/O fails with EIO) or -errno.
 */
void nvme_cmd_complete(struct io_u *io_u, int res);

/*
 * nvme_cmd_disk_name() - the block disk nvmeXnY of the namespace whose
 * device is named (last component of @dev) nvmeXnY or ngXnY; false for any
 * other name.
 */
bool nvme_cmd_disk_name(const char *dev, char *disk, size_t len);

/* nvme_cmd_cleanup() - free what nvme_cmd_get_file_size() kept per file. */
void nvme_cmd_cleanup(struct thread_data *td);

#endif
