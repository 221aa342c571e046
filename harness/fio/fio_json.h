/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio_json.h: the figures the harness takes from fio's json+ output, summed
 * over all jobs of a run.
 */
#ifndef FIORING_FIO_JSON_H
#define FIORING_FIO_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/fileio.h"

struct fio_dir_figs {
	uint64_t ios;
	double iops;
	double bw_kib;			/* KiB/s */
	double clat_mean_us;
	double clat_p50_us, clat_p99_us, clat_p999_us;
	double lat_mean_us;
	double slat_mean_us;
	double runtime_ms;
};

/*
 * One I/O priority of fio's prios[] (which fio writes only when two or
 * more priorities had I/O), summed over all jobs and both directions.
 */
struct fio_prio_figs {
	int cls, level;		/* the kernel's class (0 none) and level */
	uint64_t ios;
	double clat_p50_us, clat_p99_us;
};

#define FIO_PRIOS_MAX	8

/* fio's own reading of a disk's diskstats (its disk_util), over its whole run */
struct fio_disk_util {
	char name[32];
	uint64_t ios;		/* read_ios + write_ios */
	double util_pct;
};

#define FIO_DISKS_MAX	8

#define FIO_RAN_OPTS	128

/* an option as the first job ran it; mixed: another job ran another value */
struct fio_ran_opt {
	char name[32];
	char val[64];
	bool mixed;
};

/*
 * What ran, as fio says: each job's "job options" over the "global
 * options" (the command line and [global]).  The first job's values;
 * mixed names the first of the engine, file and runtime another job ran
 * with another value.  opts: every option a job or the globals set (the
 * first FIO_RAN_OPTS), for fio_ran_opt().
 */
struct fio_ran {
	char ioengine[PATH_BUF];
	char filename[PATH_BUF];
	char runtime[32];
	char mixed[32];
	int nopts;
	struct fio_ran_opt opts[FIO_RAN_OPTS];
};

struct fio_result {
	char version[32];
	struct fio_ran ran;
	int njobs;
	int iodepth;		/* of the first job, 0 if fio did not say */
	int job_error;		/* first non-zero "error" of a job */
	/* CPU time of the jobs (fio's usr_cpu + sys_cpu over job_runtime), ms */
	double cpu_ms;
	/* of that, user time, and the time the jobs were to sleep in thinktime */
	double usr_ms, think_sleep_ms;
	struct fio_dir_figs rd, wr;
	int nprios;
	struct fio_prio_figs prios[FIO_PRIOS_MAX];
	int ndisks;
	struct fio_disk_util disks[FIO_DISKS_MAX];
};

struct json_object;

/* fio's output parsed: its JSON document, or NULL with err saying why */
struct json_object *fio_json_load(const char *buf, size_t len, char *err,
				  size_t errlen);
/*
 * The figures of @jobs (NULL: the document's "jobs"), fio's job objects;
 * @root, which may be NULL, gives fio's version and global options.
 */
int fio_json_read(struct json_object *root, struct json_object *jobs,
		  struct fio_result *res, char *err, size_t errlen);
/* fio_json_load() and fio_json_read() of its jobs */
int fio_json_parse(const char *buf, size_t len, struct fio_result *res,
		   char *err, size_t errlen);
/*
 * A --client run: the figures of host's entries of client_stats (NULL:
 * every host's), -ENODATA when it has none; njobs gets how many.
 */
int fio_json_client_read(struct json_object *root, const char *host,
			 struct fio_result *res, int *njobs);

/* a disk's disk_util entries of one or more hosts, summed */
struct fio_disk_sum {
	double r_ios, w_ios;
	double r_ticks, w_ticks;	/* ms */
	double in_queue;		/* ms */
	double util_sum;		/* percent, summed over entries */
	int n;				/* entries: hosts */
};

/* the disk's entries of host (NULL: every host); -ENODATA when none */
int fio_json_disk_sum(struct json_object *root, const char *host,
		      const char *disk, struct fio_disk_sum *du);
struct fio_hist;
/*
 * Adds the clat bins of direction dir ("read", "write") of every job of a
 * json+ document to h (unsorted); 0, -ENODATA when there are none, -ENOMEM.
 */
int fio_json_clat_hist(struct json_object *root, const char *dir,
		       struct fio_hist *h);
/* option name as fio ran it, NULL where no job set it */
const struct fio_ran_opt *fio_ran_opt(const struct fio_ran *ran,
				      const char *name);
int fio_prios_extremes(const struct fio_result *res,
			const struct fio_prio_figs **hi,
			const struct fio_prio_figs **lo);

#endif
