/* SPDX-License-Identifier: GPL-2.0 */
/*
 * placement.h: which CPUs a sweep's fio jobs, their SQ threads and the
 * harness itself run on.  Left to the scheduler, placement is the largest
 * source of noise on a small machine (an io-wq worker woken on another CPU
 * costs ~20 us per I/O; an SQ thread sharing the submitter's CPU collapses
 * SQPOLL to a tick per I/O), so a sweep pins by default and says where.
 */
#ifndef FIORING_PLACEMENT_H
#define FIORING_PLACEMENT_H

#include <stdbool.h>

#include <json-c/json.h>

#include "lib/strlist.h"

struct journal;

/* the lock a sweep holds while it binds the unbound workqueues */
#define WQ_CPUMASK_LOCK "/run/fioring/workqueue-cpumask.lock"

struct placement {
	bool pinned;
	char job_cpus[64];	/* fio's cpus_allowed, "" when unpinned */
	int sq_cpu;		/* sqthread_poll_cpu of SQPOLL cells, -1: fio's */
	char harness_cpus[64];	/* the harness's own CPUs, "" when not moved */
	char worker_cpus[64];	/* where a loop target's kworkers run, "" when left */
	bool workers_on_sq;	/* they are bound to sq_cpu for an SQPOLL cell */
	int wq_lock_fd;		/* held while this sweep owns the global cpumask; -1 */
	char note[256];		/* what a reader of the results must know */
};

/*
 * Plans placement from --cpus (NULL: the default, the last CPU this
 * process may use) or --unpinned.  Prints what is wrong and returns
 * -EINVAL for a CPU list that is not a subset of the allowed CPUs.
 */
int placement_plan(const char *cpus, bool unpinned, struct placement *p);
/* moves the harness (and so the fio processes it starts) off the jobs' CPUs */
int placement_apply(const struct placement *p);
/*
 * A loop device does its I/O in kworkers of an unbound workqueue, which no
 * setting of the device places and the scheduler moves between runs, so
 * IOPS swing from run to run (docs/notes/2026-12-loop-workers.md).
 * Binds the unbound workqueues to the jobs' CPUs, where
 * the jobs' io-wq workers run too.  The cpumask is global, so it is
 * journaled and put back with the sweep's other settings, and one sweep
 * at a time owns it (an flock on WQ_CPUMASK_LOCK, held until the process
 * ends): a second sweep would journal the first one's mask as the value
 * to put back and leave it bound after both.  -EBUSY while another holds it.
 */
int placement_bind_workers(struct journal *j, struct placement *p);
/*
 * Then, per cell, the workers follow the submitter, as io-wq workers do:
 * the job, or under SQPOLL the SQ thread (on fio's CPU each SQPOLL I/O
 * crosses CPUs to reach the worker).
 */
int placement_workers_follow(struct journal *j, struct placement *p, bool sqpoll);
/*
 * A cell whose fio options (NAME=VALUE, fio_opts.h) start an SQ thread
 * gets it placed: sqthread_poll_cpu added to opts.  Returns that CPU, -1
 * where fio places it, or -ENOMEM.
 */
int placement_sq_opt(const struct placement *p, struct strlist *opts);
/* "cpus 1, SQ thread on 0, harness on 0" or "unpinned", for people */
void placement_describe(const struct placement *p, char *buf, size_t len);
json_object *placement_json(const struct placement *p);

#endif
