// SPDX-License-Identifier: GPL-2.0
/*
 * fio_runner.c: forks and execs fio for one run.  fio gets its own process
 * group so a timeout can kill it and the job processes it forked in one go;
 * an interrupt of the harness is passed on as SIGINT, on which fio stops
 * and still writes its JSON.  The harness waits on SIGCHLD, so it notices
 * fio's exit at once without polling.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "lib/str.h"
#include "lib/clock.h"
#include "fio/fio_runner.h"

volatile sig_atomic_t fio_stop_requested;

/* seconds fio gets to wind down after SIGINT before it is killed */
#define FIO_STOP_GRACE_S 10

/*
 * Options on fio's command line before the job file are global defaults
 * the job file may override.  Engine options must follow --ioengine.
 * Formatted words live in a->buf; returns argc.
 */
int fio_build_argv(const struct fio_cmd *c, struct fio_argv *a)
{
	int n = 0, nb = 0, i;

#define ADD(s) do { if (n >= FIO_ARGV_MAX - 1) return -E2BIG; \
		     a->argv[n++] = (char *)(s); } while (0)
#define ADDF(...) do { if (nb >= FIO_ARGV_BUFS) return -E2BIG; \
		       if (snprintf(a->buf[nb], sizeof(a->buf[nb]), __VA_ARGS__) >= \
			   (int)sizeof(a->buf[nb])) return -ENAMETOOLONG; \
		       ADD(a->buf[nb++]); } while (0)
	ADD(c->fio);
	ADD("--output-format=json+");
	ADDF("--ioengine=%s", c->ioengine);
	if (c->char_dev && !strcmp(c->ioengine, "io_uring_cmd"))
		ADD("--cmd_type=nvme");
	for (i = 0; c->opts && i < c->opts->nr; i++)
		ADDF("--%s", c->opts->v[i]);
	if (c->cpus)
		ADDF("--cpus_allowed=%s", c->cpus);
	if (c->path_stats)
		ADDF("--path_stats=%s", c->path_stats);
	if (c->aux_path)
		ADDF("--aux-path=%s", c->aux_path);
	ADDF("--filename=%s", c->filename);
	if (c->runtime > 0) {
		ADDF("--runtime=%d", c->runtime);
		ADD("--time_based");
	}
	for (i = 0; c->extra && i < c->extra->nr; i++)
		ADD(c->extra->v[i]);
	ADD(c->job);
	a->argv[n] = NULL;
	return n;
#undef ADD
#undef ADDF
}

static pid_t fio_pid;

/* the harness died (PDEATHSIG): fio and every job process fio forked go */
static void guard_orphaned(int sig __attribute__((unused)))
{
	kill(0, SIGKILL);
}

/* the harness's stop request, for fio alone: it stops and writes its JSON */
static void guard_forward(int sig)
{
	if (fio_pid > 0)
		kill(fio_pid, sig);
}

static void fio_exec(char **argv, const char *out, const char *err,
		     const sigset_t *mask)
{
	int fd;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGUSR1, SIG_DFL);
	sigprocmask(SIG_SETMASK, mask, NULL);
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || dup2(fd, 1) < 0)
		_exit(126);
	fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || dup2(fd, 2) < 0)
		_exit(126);
	execvp(argv[0], argv);
	fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/*
 * The harness's child: it leads fio's process group and outlives a
 * SIGKILLed harness just long enough to kill that whole group.  fio's own
 * PDEATHSIG is not enough: it kills fio's main process, and a job process
 * fio forked is left waiting for it forever when the harness dies while
 * fio starts (seen with fio 3.33: the job process blocked in a futex,
 * holding the device open, minutes after the sweep was killed).  Only
 * async-signal-safe calls here: the harness may have other threads.
 */
static void child_guard(char **argv, const char *out, const char *err,
			const sigset_t *mask, pid_t harness)
{
	struct sigaction sa = { 0 };
	sigset_t none;
	int st;

	/* the journal's and the device's locks are the harness's: a
	 * restore after a SIGKILL must not find them held by this process */
	close_range(3, ~0U, 0);
	setpgid(0, 0);
	sa.sa_handler = guard_orphaned;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_handler = guard_forward;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	prctl(PR_SET_PDEATHSIG, SIGUSR1);
	/* the harness may already be gone: then no PDEATHSIG comes */
	if (getppid() != harness)
		kill(0, SIGKILL);
	fio_pid = fork();
	if (fio_pid < 0)
		_exit(126);
	if (!fio_pid)
		fio_exec(argv, out, err, mask);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	while (waitpid(fio_pid, &st, 0) < 0)
		if (errno != EINTR)
			_exit(126);
	if (WIFEXITED(st))
		_exit(WEXITSTATUS(st));
	/* fio's death by a signal reaches the harness as such */
	signal(WTERMSIG(st), SIG_DFL);
	kill(getpid(), WTERMSIG(st));
	_exit(128 + WTERMSIG(st));
}

int fio_run(const struct fio_cmd *c, struct fio_exit *ex, bool verbose)
{
	uint64_t start, deadline = 0, stop_deadline = 0;
	uint64_t slice_ns = 200 * 1000 * 1000, next_tick = 1;
	struct timespec slice;
	sigset_t chld, old;
	static struct fio_argv a;
	char **argv = a.argv;
	int argc = 0, st, i;
	pid_t pid, r, self;

	memset(ex, 0, sizeof(*ex));
	if (c->argv) {
		argv = c->argv;
		while (argv[argc])
			argc++;
	} else {
		argc = fio_build_argv(c, &a);
	}
	if (argc < 0)
		return argc;
	if (verbose) {
		fprintf(stderr, "  fio:");
		for (i = 0; i < argc; i++)
			fprintf(stderr, " %s", argv[i]);
		fputc('\n', stderr);
	}
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old);
	start = now_ns();
	self = getpid();
	pid = fork();
	if (pid < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return -errno;
	}
	if (!pid)
		child_guard(argv, c->json_path, c->err_path, &old, self);
	setpgid(pid, pid);
	if (c->runtime > 0 && c->timeout_s > 0)
		deadline = start + (uint64_t)(c->runtime + c->timeout_s) * 1000000000ull;
	for (;;) {
		r = waitpid(pid, &st, WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			sigprocmask(SIG_SETMASK, &old, NULL);
			return -errno;
		}
		if (fio_stop_requested && !ex->interrupted) {
			ex->interrupted = true;
			kill(pid, SIGINT);
			stop_deadline = now_ns() + FIO_STOP_GRACE_S * 1000000000ull;
		}
		if ((deadline && now_ns() > deadline) ||
		    (stop_deadline && now_ns() > stop_deadline)) {
			if (!stop_deadline)
				ex->timed_out = true;
			kill(-pid, SIGKILL);
			deadline = stop_deadline = 0;
		}
		slice_ns = 200 * 1000 * 1000;
		if (c->tick && next_tick) {
			next_tick = c->tick(c->tick_arg);
			if (next_tick && next_tick < slice_ns)
				slice_ns = next_tick;
		}
		slice.tv_sec = slice_ns / 1000000000ull;
		slice.tv_nsec = slice_ns % 1000000000ull;
		sigtimedwait(&chld, NULL, &slice);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	ex->wall_ns = now_ns() - start;
	if (WIFEXITED(st)) {
		ex->code = WEXITSTATUS(st);
	} else {
		ex->code = -1;
		ex->signal = WTERMSIG(st);
	}
	/* job processes fio forked must not outlive a killed fio */
	if (ex->signal)
		kill(-pid, SIGKILL);
	return 0;
}

/*
 * Appends the non-empty lines of the file at path to buf, "; " between
 * them.  With skip_json, the lines from a "{" to a "}" in column 0 (fio's
 * JSON document) are left out.
 */
static size_t add_lines(const char *path, bool skip_json, char *buf,
			size_t used, size_t len)
{
	char *all, *line, *save;
	bool in_json = false;
	size_t n;

	if (!path || file_read_all(path, &all, &n))
		return used;
	for (line = strtok_r(all, "\n", &save); line && used + 1 < len;
	     line = strtok_r(NULL, "\n", &save)) {
		if (skip_json && (in_json || !strcmp(line, "{"))) {
			in_json = strcmp(line, "}");
			continue;
		}
		str_trim(line);
		if (!*line)
			continue;
		used += snprintf(buf + used, len - used, "%s%s", used ? "; " : "",
				 line);
	}
	free(all);
	return used;
}

/*
 * The cause comes first ("failed parsing rw=..."), the consequence last
 * ("job dropped").  fio writes some failures only to its stdout, such as
 * an engine's init error under --output-format=json, with stderr empty.
 */
void fio_err_message(const char *err_path, const char *out_path, char *buf,
		     size_t len)
{
	buf[0] = '\0';
	if (!add_lines(err_path, false, buf, 0, len))
		add_lines(out_path, true, buf, 0, len);
}

/* runs argv, its stdout (first len-1 bytes) into buf; returns exit status */
int run_capture(char *const argv[], char *buf, size_t len)
{
	int fds[2], st, fd;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		dup2(fds[1], 1);
		fd = open("/dev/null", O_WRONLY);
		if (fd >= 0)
			dup2(fd, 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	while (got + 1 < len &&
	       (n = read(fds[0], buf + got, len - 1 - got)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		got += n;
	}
	buf[got] = '\0';
	close(fds[0]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -EINTR;
}
