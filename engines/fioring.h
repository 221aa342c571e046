/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fioring.h: state shared by the files of the fioring engine.  The engine
 * core (fioring.c) owns the ring; the other files add what a kind of file
 * or a feature needs.
 */
#ifndef FIORING_ENGINE_H
#define FIORING_ENGINE_H

#include <stdbool.h>
#include <liburing.h>

#include "fioring_options.h"
#include "sqpoll_wait.h"

struct nvme_cmd_job;

struct fioring_data {
	struct io_uring ring;

	/*
	 * What every queue, commit and reap reads, together after the ring
	 * (which they read too).
	 */
	/* io_u of SQEs written but not yet handed to the kernel, in SQ order */
	struct io_u **batch;
	unsigned int nr_batch;
	/* I/O in the batch again after its path failed (requeued[] says which) */
	unsigned int nr_requeued;
	/* completions taken off the CQ ring, handed out by ->event() */
	struct io_u **events;
	/* io_uring_enter() of a commit: the ring's fd (or its registered index) and flags */
	unsigned int enter_fd;
	unsigned int enter_flags;
	/* nowait, uncached: the same in every read and write */
	int rw_flags;
	bool sqpoll;
	/* why the SQ thread shares a CPU of the job, NULL when it does not */
	const char *sq_shared;
	/* issue times are kept (fio_fill_issue_time()) */
	bool stamp;
	/* the files are NVMe generic devices: io_uring_cmd, see nvme_cmd.h */
	bool nvme;
	/* reads and writes have no per-I/O choice: fioring_is_plain() */
	bool plain;
	/* paths= is set: path choice, per-path stats, failover (mpath_user.h) */
	struct paths *paths;

	bool ring_ready;
	/* under SQPOLL: how long to poll before sleeping (sqpoll_wait.h) */
	struct sqpoll_wait wait;
	struct nvme_cmd_job *ncmd;
	/* by io_u index: in the batch again after its path failed */
	bool *requeued;

	struct iovec *iovecs;
	struct io_u **io_us;
	int *fds;
	unsigned int depth;
	unsigned int force_async_count;
	/* the kernel refused uncached= once: said, not again */
	bool uncached_refused;
	struct cmdprio cmdprio;
	/* the job's file is a native multipath head (mpath_kernel.h) */
	struct native_mpath *native;
};

bool fioring_host_ok(void);

#endif
