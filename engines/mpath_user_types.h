/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mpath_user_types.h: the state of the fioring engine's user-space multipath
 * (paths=, see mpath_user.h), and the choice of the paths I/O may go to.  This
 * file knows nothing of fio, so the unit tests can build that choice alone.
 */
#ifndef FIORING_PATHS_TYPES_H
#define FIORING_PATHS_TYPES_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "mpath_stats.h"

enum paths_policy {
	PATHS_ROUND_ROBIN = 1,
	PATHS_QUEUE_DEPTH,
	PATHS_NUMA,
	PATHS_LATENCY,
};

/* ANA state as the kernel shows it; unknown where there is no ANA */
enum paths_ana {
	PATHS_ANA_UNKNOWN,
	PATHS_ANA_OPTIMIZED,
	PATHS_ANA_NON_OPTIMIZED,
	PATHS_ANA_INACCESSIBLE,
};

/* the latency policy sends 1 pick in PATHS_PROBE_EVERY to another path */
#define PATHS_PROBE_EVERY	64

/* What is known of one path before it is opened (mpath_user_nvme.c, mpath_user.c). */
struct path_info {
	char *dev;		/* /dev node */
	char *ctrl;		/* NVMe controller (nvme1), or the disk name */
	char transport[16];	/* pcie, tcp, rdma, fc, loop; "block" otherwise */
	char nqn[256];		/* subsystem NQN, "" when not NVMe */
	unsigned int nsid;
	uint64_t size;
	int numa_node;		/* -1 when unknown */
	enum paths_ana ana;
};

struct path {
	struct path_info info;
	int fd;
	/* what an SQE names: fd, or its slot with registerfiles */
	int sqe_fd;
	bool down;
	unsigned int inflight;
	/* latency policy: moving average of clat, valid once sampled */
	int64_t ewma_ns;
	bool sampled;
	struct pathstats st;
};

struct paths {
	struct path *path;
	unsigned int nr;
	enum paths_policy policy;
	unsigned int decay;
	bool nvme;

	/*
	 * The paths I/O may go to now, rebuilt when one goes down: the
	 * optimized (or ANA-less) paths that are up, else the non-optimized.
	 */
	unsigned int *usable;
	unsigned int nr_usable;
	unsigned int rr;
	unsigned int picks;
	unsigned int numa_pick;
	int home_node;

	/* the path each io_u went to, by io_u->index */
	uint16_t *io_path;

	/* one completion clock read per reap batch */
	struct timespec now;
	bool now_read;

	uint64_t path_errors;
	char *stats_file;
	/* how I/O was attributed: "engine" here, a kernel method in mode 2 */
	const char *method;
	/* mode 2: the kernel's iopolicy, and why attribution is missing */
	char *policy_name;
	const char *reason;
	/* percentiles are known (not for diskstats deltas) */
	bool hist;
};

/*
 * paths_update_usable() - rebuild the list of paths I/O may go to: the
 * optimized (or ANA-less) paths that are up, else the non-optimized ones;
 * and the numa policy's pick among them.
 */
void paths_update_usable(struct paths *p);

#endif
