/* SPDX-License-Identifier: GPL-2.0 */
/*
 * flags.h: the flags a person reads on a run, sorted by whose figures are
 * in doubt.  fio_flags: fio's own figures are impossible, so nothing is
 * held against the kernel (or, fio_thinktime_spin, its CPU time is).  ks_flags: the kernel's accounting disagrees
 * with fio's, or I/O fio did not issue reached the device.  What is
 * constant about a target (a knob it ignores, a driver that completes in
 * the submitter's context) is not a run's flag: the applicability probe
 * says it once.  Outliers are found over a cell's runs, after the sweep.
 */
#ifndef FIORING_FLAGS_H
#define FIORING_FLAGS_H

#include <stdbool.h>
#include <stddef.h>

#include "results/flag_list.h"
#include "results/metrics.h"

/* what the target's probe established, so runs need not repeat it */
struct flag_facts {
	/* this run's iostats reads 0 on a target not known to ignore it */
	bool iostats_off;
	bool sync_completion;	/* %util cannot see time in flight */
	/*
	 * the run used SQPOLL: fio stamps an I/O before the SQ thread takes
	 * it, so its busy share by clat holds time the block layer had not
	 * begun, and bounds %util from below no more (a constant of the
	 * cell: the SQ thread's CPU, not the run)
	 */
	bool sqpoll;
};

/*
 * fio_thinktime_spin: fio spun through its think time instead of sleeping.
 * fio times ten nanosleep(1 us) calls at start-up and spins whenever what
 * is left of a think time is below the slowest of them, so one preempted
 * call makes every 1 ms think time a spin (usec_sleep and __fio_gettime top
 * a run's profile; docs/notes/2026-12-thinktime-spin.md).  The run's CPU
 * time per I/O is then fio's spin, not the engine's:
 * it is left out (empty), the rest of the run stands.  Flagged when user
 * time reaches this share of the time the jobs were to sleep.
 */
#define FLAGS_THINK_SPIN	"fio_thinktime_spin"
#define FLAGS_THINK_SPIN_FRAC	0.2
bool flags_think_spun(double usr_ms, double think_sleep_ms);

/* share of extra kernel-counted I/O beyond which another process's I/O is assumed */
#define FLAGS_FOREIGN_FRAC	0.005

/*
 * The flags of one run.  njobs scales the in-flight bound (iodepth per
 * job).  ks_flags is written anew; to fio_flags, which may already hold
 * flags of fio's CPU time, the in-flight flag is added.  Returns 1 when
 * the kernel's figures are reliable (no other I/O was counted with
 * fio's), 0 when not.
 */
int flags_for_run(const struct iostat_figs *ks, const struct fio_figs_brief *fio,
		  int njobs, const struct flag_facts *facts,
		  char *ks_flags, size_t ks_len, char *fio_flags, size_t fio_len);

/* a run far off its cell: below FLAGS_OUTLIER_FRAC of the cell's median */
#define FLAGS_OUTLIER_FRAC	0.2

/*
 * Marks out[i] = 1 for the values of one cell that are off the rest: the
 * sorted values split at their largest gap; when the gap is wider than
 * 1/FLAGS_OUTLIER_FRAC the smaller group is marked (a single run: an
 * outlier; two or more on each side: a bimodal cell, *bimodal set).
 * Returns how many were marked.
 */
size_t flags_outliers(const double *v, size_t n, int *out, bool *bimodal);

#endif
