/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fioring_options.h: the fioring engine's job options (td->eo), which the
 * engine core and each feature (multipath, NVMe passthrough) read.  Apart
 * from fioring.h, so that a feature reads its options without the
 * engine's state: the engine hands each feature its own.
 */
#ifndef FIORING_OPTIONS_H
#define FIORING_OPTIONS_H

#include "fio.h"
#include "engines/cmdprio.h"

struct fioring_options {
	/* fio treats an option at offset 0 as unset */
	void *pad;
	unsigned int hipri;
	struct cmdprio_options cmdprio_options;
	unsigned int fixedbufs;
	unsigned int registerfiles;
	unsigned int sqpoll_thread;
	unsigned int sqpoll_set;
	unsigned int sqpoll_cpu;
	int nonvectored;
	unsigned int uncached;
	unsigned int nowait;
	unsigned int force_async;
	unsigned int defer_taskrun;
	/* multipath, see mpath_user.h */
	char *paths;
	unsigned int path_policy;
	unsigned int path_decay;
	char *path_stats;
	/* NVMe passthrough, see nvme_cmd.h */
	unsigned int cmd_type;
	unsigned int readfua;
	unsigned int writefua;
	unsigned int write_mode;
	unsigned int verify_mode;
	unsigned int deac;
	unsigned int md_per_io_size;
	unsigned int pi_act;
	char *pi_chk;
	unsigned int apptag;
	unsigned int apptag_mask;
};

#endif
