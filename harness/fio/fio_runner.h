/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio_runner.h: runs one fio process for one cell of a sweep, with its JSON
 * on stdout into a file and its messages into another, under a deadline,
 * and stops it cleanly when the harness is interrupted.
 */
#ifndef FIORING_FIO_RUNNER_H
#define FIORING_FIO_RUNNER_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/fileio.h"
#include "lib/strlist.h"

struct fio_cmd {
	const char *fio;
	const char *job;
	const char *filename;
	const char *ioengine;	/* io_uring, io_uring_cmd, external:PATH, ... */
	bool char_dev;		/* NVMe generic char device: cmd_type=nvme */
	const char *path_stats;	/* fioring engine option, or NULL */
	/*
	 * NAME=VALUE: what the cell's settings ask of fio (sweep/fio_opts.h),
	 * engine options among them, so they follow --ioengine; or NULL
	 */
	const struct strlist *opts;
	const char *cpus;	/* cpus_allowed, or NULL */
	int runtime;		/* 0: the job's own */
	char **argv;		/* NULL-ended; replaces the command line built */
	const struct strlist *extra;
	const char *json_path;
	const char *err_path;
	/*
	 * --aux-path: where fio writes the files it makes of its own accord
	 * (verify state, verify dumps), which otherwise land in the cwd
	 */
	const char *aux_path;
	int timeout_s;		/* past runtime; 0: none */
	/*
	 * Called while fio runs; returns how soon (ns) to be called again,
	 * 0 for never.  Lets the caller watch diskstats during start-up.
	 */
	uint64_t (*tick)(void *arg);
	void *tick_arg;
};

struct fio_exit {
	int code;		/* exit status, -1 when killed */
	int signal;		/* what killed it, 0 if it exited */
	bool timed_out;
	bool interrupted;	/* the harness asked it to stop */
	uint64_t wall_ns;	/* fork to reap */
};

#define FIO_ARGV_MAX	256
#define FIO_ARGV_BUFS	16

/* fio's argv, and room for the words the harness formats */
struct fio_argv {
	char *argv[FIO_ARGV_MAX];
	char buf[FIO_ARGV_BUFS][PATH_BUF];
};

/* set from a signal handler: stop the running fio and the sweep */
extern volatile sig_atomic_t fio_stop_requested;

int fio_build_argv(const struct fio_cmd *c, struct fio_argv *a);
int fio_run(const struct fio_cmd *c, struct fio_exit *ex, bool verbose);
int run_capture(char *const argv[], char *buf, size_t len);
/*
 * why fio failed: its stderr (err_path), lines joined with "; "; when that
 * is empty, the lines of its stdout (out_path, NULL: none) outside the JSON
 * document, where fio writes its errors under --output-format=json
 */
void fio_err_message(const char *err_path, const char *out_path, char *buf,
		     size_t len);

#endif
