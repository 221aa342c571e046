// SPDX-License-Identifier: GPL-2.0
/*
 * fioring.c: the fioring fio ioengine, io_uring through liburing.
 *
 * Loaded with --ioengine=external:libfioring.so, it takes the option names
 * and meanings of fio's own io_uring engine, so a job file moves over by
 * changing ioengine= alone.  Where it differs is time: fio 3.33 never
 * stamps issue time under SQPOLL (fio issue #1484), so its clat there is the
 * age of a stale stamp.  Here every io_u of a committed batch gets one issue
 * time, read once per batch: under SQPOLL before the SQ tail is published
 * (the SQ thread may pick entries up at once, so stamping after could only
 * under-count), without SQPOLL when io_uring_enter() has taken the batch,
 * which keeps fio's slat/clat split.  Under SQPOLL there is no submission
 * step the application can time, so slat is not reported.
 */
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "fio.h"
#include "optgroup.h"
#include "fioring.h"
#include "nvme_cmd.h"
#include "mpath_user.h"
#include "mpath_kernel.h"
#include "oslib/blkzoned.h"

#define ENGINE "fioring"

#ifndef RWF_DONTCACHE
#define RWF_DONTCACHE	0x00000080
#endif

static int fioring_err(struct thread_data *td, int err, const char *what)
{
	log_err(ENGINE ": %s: %s\n", what, strerror(err));
	td_verror(td, err, what);
	return 1;
}

/*
 * An NVMe generic char device belongs to the nvme-generic class; any other
 * char device cannot take block I/O.  The class shows in the device's
 * subsystem link, not in its path (under the controller, or under the
 * subsystem with native multipath).
 */
static bool chrdev_is_nvme_generic(dev_t rdev)
{
	char path[64], link[256];
	const char *class;
	ssize_t len;

	snprintf(path, sizeof(path), "/sys/dev/char/%u:%u/subsystem", major(rdev),
		 minor(rdev));
	len = readlink(path, link, sizeof(link) - 1);
	if (len < 0)
		return false;
	link[len] = '\0';
	class = strrchr(link, '/');
	return class && !strcmp(class + 1, "nvme-generic");
}

/*
 * fio lays out missing regular files, which is what users want, but a
 * missing /dev node is a typo that would otherwise become a file in devtmpfs.
 */
static int fioring_check_file(struct thread_data *td, struct fio_file *f)
{
	struct stat st;
	int ret;

	if (stat(f->file_name, &st)) {
		if (errno == ENOENT && strncmp(f->file_name, "/dev/", 5))
			return 0;
		ret = errno;
		log_err(ENGINE ": %s: %s\n", f->file_name, strerror(ret));
		/* fio would take ENOENT as "lay the file out" */
		return ret == ENOENT ? -ENODEV : -ret;
	}
	if (!S_ISCHR(st.st_mode))
		return 0;
	if (!chrdev_is_nvme_generic(st.st_rdev)) {
		log_err(ENGINE ": %s: character device is not an NVMe generic (ng) device\n",
			f->file_name);
		return -ENODEV;
	}
	return 0;
}

static int fioring_check_options(struct thread_data *td)
{
	struct fioring_options *o = td->eo;
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);

	/* without sqthread_poll, sqthread_poll_cpu is ignored, as fio does */
	if (o->sqpoll_thread && o->sqpoll_set && o->sqpoll_cpu >= ncpu) {
		log_err(ENGINE ": sqthread_poll_cpu=%u is out of range: CPUs are 0-%ld\n",
			o->sqpoll_cpu, ncpu - 1);
		return -EINVAL;
	}
	if (o->registerfiles && td->o.nr_files != td->o.open_files) {
		log_err(ENGINE ": registerfiles needs open_files (%u) equal to nr_files (%u)\n",
			td->o.open_files, td->o.nr_files);
		return -EINVAL;
	}
	if (o->nonvectored < -1 || o->nonvectored > 1) {
		log_err(ENGINE ": nonvectored=%d is out of range: -1, 0 or 1\n", o->nonvectored);
		return -EINVAL;
	}
	return 0;
}

/*
 * The SQ thread busy-polls whatever CPU it runs on.  Where that is a CPU
 * the job is confined to, the two share it and SQPOLL runs at a fraction of
 * its rate (see fioring_sqpoll_wait()).  fio has set the job's affinity
 * (cpus_allowed, cpumask) before it calls init, and the SQ thread inherits
 * it unless sqthread_poll_cpu pins it.  Returns where the SQ thread runs;
 * when it shares a CPU of the job, *why says so for
 * fioring_sqpoll_shared(), which tells once the ring exists.
 */
static enum sqpoll_cpu fioring_sqpoll_check_cpu(struct thread_data *td,
						const char **why)
{
	struct fioring_options *o = td->eo;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t mine;

	*why = NULL;
	if (!o->sqpoll_thread || sched_getaffinity(0, sizeof(mine), &mine))
		return SQPOLL_CPU_ANY;
	if (online == 1)
		*why = "this machine has one CPU: the SQ thread and the job share it";
	else if (o->sqpoll_set && !CPU_ISSET(o->sqpoll_cpu, &mine))
		return SQPOLL_CPU_OWN;
	/* a job free to run anywhere is moved off a busy CPU by the scheduler */
	else if (CPU_COUNT(&mine) >= online)
		return SQPOLL_CPU_ANY;
	else if (o->sqpoll_set)
		*why = "sqthread_poll_cpu is one of this job's CPUs: the SQ thread "
		       "and the job share it";
	else if (CPU_COUNT(&mine) == 1)
		*why = "this job runs on one CPU and its SQ thread inherits it: "
		       "they share it";
	return *why ? SQPOLL_CPU_SHARED : SQPOLL_CPU_ANY;
}

/*
 * The kernel's struct sched_attr up to sched_period (its first version):
 * glibc 2.36 has neither it nor sched_[gs]etattr(), and
 * <linux/sched/types.h> clashes with <sched.h>.
 */
struct fioring_sched_attr {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
};

/* the shortest slice EEVDF gives a task (0.1 ms) */
#define FIORING_SHARED_SLICE_NS	100000ULL

/* gives task TID (0: the caller) the shortest slice; whether it took */
static bool fioring_short_slice(pid_t tid)
{
	struct fioring_sched_attr a = { .size = sizeof(a) };

	if (syscall(SYS_sched_getattr, tid, &a, sizeof(a), 0) ||
	    a.sched_policy != SCHED_OTHER)
		return false;
	a.sched_runtime = FIORING_SHARED_SLICE_NS;
	a.sched_flags = 0;
	/* a kernel without custom slices ignores a fair task's runtime */
	return !syscall(SYS_sched_setattr, tid, &a, 0) &&
	       !syscall(SYS_sched_getattr, tid, &a, sizeof(a), 0) &&
	       a.sched_runtime == FIORING_SHARED_SLICE_NS;
}

/* what the ring's fdinfo says its SQ thread is; 0 if it does not say */
static pid_t fioring_fdinfo_sq_thread(int ring_fd)
{
	char path[64], line[128];
	int tid = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", ring_fd);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "SqThread: %d", &tid) == 1)
			break;
	fclose(f);
	return tid > 0 ? tid : 0;
}

/*
 * The ring's SQ thread; 0 if it cannot be named.  Until the new thread
 * first runs, fdinfo names the task that made the ring (6.18 keeps the
 * maker's pid for the thread's name and replaces it once the thread runs),
 * and on a CPU the job shares that is after the job sleeps: so sleep until
 * it does, for at most 100 ms.
 */
static pid_t fioring_sq_thread(int ring_fd)
{
	pid_t self = syscall(SYS_gettid), tid = 0;
	int i;

	for (i = 0; i < 1000; i++) {
		tid = fioring_fdinfo_sq_thread(ring_fd);
		if (tid != self)
			return tid;
		usleep(100);
	}
	return 0;
}

/*
 * A job woken by a completion waits for the SQ thread spinning on its CPU
 * to give it up.  EEVDF lets a woken task preempt at once when its slice is
 * shorter than the running task's (custom slices, 6.12+), but not on a
 * kernel that preempts lazily (PREEMPT_LAZY, the default of Debian's 7.3:
 * /sys/kernel/debug/sched/preempt reads "full (lazy)"): there a wakeup
 * only marks the running fair task, and the SQ thread, a kernel thread
 * that never returns to user space, runs on until its slice ends (HRTICK;
 * base_slice_ns 0.7 ms), so its slice must be short too (the trace and the
 * rates: docs/notes/2026-12-sqpoll-slices.md).  So once the ring exists
 * both take the shortest slice, the SQ thread first: a kernel without
 * custom slices ignores it (read back, it is not there) and the job's is
 * not asked.
 * Says the sharing in one line, with what was done and what to do.
 */
static void fioring_sqpoll_shared(struct thread_data *td, const char *why)
{
	struct fioring_data *ld = td->io_ops_data;
	pid_t sq = fioring_sq_thread(ld->ring.ring_fd);
	bool short_slice = sq && fioring_short_slice(sq) && fioring_short_slice(0);

	log_err(ENGINE ": warning: %s, and SQPOLL slows down%s; give the SQ "
		"thread a CPU outside the job's (sqthread_poll_cpu, cpus_allowed)\n",
		why, short_slice ? " (the job and its SQ thread now have 0.1 ms "
		"scheduler slices, so that the job's wakeups preempt the SQ thread)" : "");
}

static int fio_fioring_init(struct thread_data *td)
{
	struct fioring_options *o = td->eo;
	struct fioring_data *ld;
	enum sqpoll_cpu sq_cpu;
	const char *shared;
	bool nvme;
	int ret;

	if (!fioring_host_ok())
		return 1;
	if (fioring_check_options(td))
		return 1;
	if (nvme_cmd_check_job(td, &nvme))
		return 1;
	sq_cpu = fioring_sqpoll_check_cpu(td, &shared);

	ld = calloc(1, sizeof(*ld));
	if (!ld)
		return fioring_err(td, ENOMEM, "init");
	td->io_ops_data = ld;
	ld->depth = td->o.iodepth;
	ld->sqpoll = o->sqpoll_thread;
	ld->sq_shared = shared;
	sqpoll_wait_init(&ld->wait, sq_cpu);
	ld->nvme = nvme;
	/*
	 * What fio's io_uring_cmd declares: passthrough buffers go to the
	 * device as they are, so page-align them even without direct=1.  fio
	 * allocates them after init.
	 */
	if (nvme)
		td->flags |= (unsigned long long)(FIO_MEMALIGN | FIO_RAWIO) << TD_ENG_FLAG_SHIFT;
	ld->batch = calloc(ld->depth, sizeof(*ld->batch));
	ld->events = calloc(ld->depth, sizeof(*ld->events));
	ld->io_us = calloc(ld->depth, sizeof(*ld->io_us));
	ld->iovecs = calloc(ld->depth, sizeof(*ld->iovecs));
	ld->requeued = calloc(ld->depth, sizeof(*ld->requeued));
	if (!ld->batch || !ld->events || !ld->io_us || !ld->iovecs || !ld->requeued)
		return fioring_err(td, ENOMEM, "init");

	if (o->nowait)
		ld->rw_flags |= RWF_NOWAIT;
	/* fio 3.33 sends RWF_UNCACHED (0x40), never merged: RWF_ATOMIC today */
	if (o->uncached && !td->o.odirect)
		ld->rw_flags |= RWF_DONTCACHE;

	/* The SQ thread submits: no application-side submission to time. */
	if (ld->sqpoll)
		td->o.disable_slat = 1;
	/* what fio_fill_issue_time() says, asked once: it reads four options */
	ld->stamp = fio_fill_issue_time(td);

	if (nvme && nvme_cmd_init(td, &ld->ncmd))
		return fioring_err(td, ENOMEM, "init");

	ret = fio_cmdprio_init(td, &ld->cmdprio, &o->cmdprio_options);
	if (ret)
		return fioring_err(td, EINVAL, "cmdprio options");
	return 0;
}

/* Tells a refused SQPOLL ring from io_uring being off altogether. */
static bool fioring_plain_ring_works(void)
{
	struct io_uring ring;

	if (io_uring_queue_init(1, &ring, 0))
		return false;
	io_uring_queue_exit(&ring);
	return true;
}

static int fioring_ring_setup(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;
	struct fioring_options *o = td->eo;
	struct io_uring_params p;
	int ret;

	memset(&p, 0, sizeof(p));
	if (o->hipri)
		p.flags |= IORING_SETUP_IOPOLL;
	if (o->sqpoll_thread) {
		p.flags |= IORING_SETUP_SQPOLL;
		if (o->sqpoll_set) {
			p.flags |= IORING_SETUP_SQ_AFF;
			p.sq_thread_cpu = o->sqpoll_cpu;
		}
	} else {
		/*
		 * One task submits and reaps: completions can wait for our
		 * next io_uring_enter() instead of interrupting us.  Deferring
		 * them to the reap, as fio's engine does, is the default; it
		 * costs where a kernel thread on our CPU completes the I/O
		 * (HOWTO.md, defer_taskrun).
		 */
		p.flags |= IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER;
		if (o->defer_taskrun)
			p.flags |= IORING_SETUP_DEFER_TASKRUN;
	}
	/* never more completions outstanding than io_u */
	p.flags |= IORING_SETUP_CQSIZE;
	p.cq_entries = ld->depth;
	if (ld->nvme)
		p.flags |= NVME_CMD_RING_FLAGS;

	for (;;) {
		ret = io_uring_queue_init_params(ld->depth, &ld->ring, &p);
		if (ret != -EINVAL)
			break;
		/* older kernels: drop the optional flags one at a time */
		if (p.flags & IORING_SETUP_DEFER_TASKRUN)
			p.flags &= ~(IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER);
		else if (p.flags & IORING_SETUP_COOP_TASKRUN)
			p.flags &= ~IORING_SETUP_COOP_TASKRUN;
		else if (p.flags & IORING_SETUP_CQSIZE)
			p.flags &= ~IORING_SETUP_CQSIZE;
		else
			break;
	}
	if (ret == -EPERM && o->sqpoll_thread && fioring_plain_ring_works()) {
		log_err(ENGINE ": sqthread_poll=1: the kernel refused an SQPOLL ring (%s); "
			"it needs CAP_SYS_NICE or kernel 5.11+\n", strerror(-ret));
		td_verror(td, -ret, "io_uring_queue_init");
		return 1;
	}
	if (ret == -ENOSYS || ret == -EPERM) {
		log_err(ENGINE ": io_uring is not available: %s "
			"(kernel.io_uring_disabled, seccomp, or a pre-5.1 kernel)\n",
			strerror(-ret));
		td_verror(td, -ret, "io_uring_queue_init");
		return 1;
	}
	if (ret)
		return fioring_err(td, -ret, "io_uring_queue_init");
	/*
	 * Every io_uring_enter() then skips the file table lookup of the ring
	 * fd; kernels before 5.18 refuse, which costs nothing but that.
	 * liburing's own calls know; fioring_enter() is told here.
	 */
	ld->enter_fd = ld->ring.ring_fd;
	ld->enter_flags = IORING_ENTER_GETEVENTS;
	if (io_uring_register_ring_fd(&ld->ring) == 1) {
		ld->enter_fd = ld->ring.enter_ring_fd;
		ld->enter_flags |= IORING_ENTER_REGISTERED_RING;
	}
	ld->ring_ready = true;
	return 0;
}

/* nonvectored=-1 (the default) means: plain READ/WRITE where the kernel has them */
static void fioring_probe_nonvectored(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;
	struct fioring_options *o = td->eo;
	struct io_uring_probe *probe;

	if (o->nonvectored != -1)
		return;
	o->nonvectored = 0;
	probe = io_uring_get_probe_ring(&ld->ring);
	if (!probe)
		return;
	if (io_uring_opcode_supported(probe, IORING_OP_READ) &&
	    io_uring_opcode_supported(probe, IORING_OP_WRITE))
		o->nonvectored = 1;
	io_uring_free_probe(probe);
}

static int fioring_register_buffers(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;
	struct rlimit rl;
	int ret;

	ret = io_uring_register_buffers(&ld->ring, ld->iovecs, ld->depth);
	if (!ret)
		return 0;
	if (ret == -ENOMEM && !getrlimit(RLIMIT_MEMLOCK, &rl)) {
		log_err(ENGINE ": fixedbufs: cannot pin %u buffers of %llu bytes: %s "
			"(RLIMIT_MEMLOCK is %llu bytes)\n", ld->depth,
			(unsigned long long)td_max_bs(td), strerror(-ret),
			(unsigned long long)rl.rlim_cur);
		td_verror(td, -ret, "io_uring_register_buffers");
		return 1;
	}
	return fioring_err(td, -ret, "fixedbufs: io_uring_register_buffers");
}

/*
 * Registered files are opened once here and stay open for the job; the
 * open/close hooks then only hand out the registered descriptor.
 */
static int fioring_register_files(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;
	unsigned int nfds = td->o.nr_files + (ld->paths ? ld->paths->nr : 0);
	struct fio_file *f;
	unsigned int i;
	int ret;

	ld->fds = calloc(nfds, sizeof(*ld->fds));
	if (!ld->fds)
		return fioring_err(td, ENOMEM, "registerfiles");
	for_each_file(td, f, i) {
		ret = generic_open_file(td, f);
		if (ret)
			goto err;
		ld->fds[i] = f->fd;
		f->engine_pos = i;
	}
	/* then the paths' own fds, each I/O naming its path's slot */
	if (ld->paths)
		paths_register(ld->paths, ld->fds + td->o.nr_files, td->o.nr_files);
	ret = io_uring_register_files(&ld->ring, ld->fds, nfds);
	if (ret) {
		fioring_err(td, -ret, "registerfiles: io_uring_register_files");
		goto err;
	}
	for_each_file(td, f, i)
		f->fd = -1;
	return 0;
err:
	for_each_file(td, f, i) {
		/* already failing: a close error adds nothing to act on */
		int fio_unused cret;

		if (f->fd != -1)
			cret = generic_close_file(td, f);
	}
	free(ld->fds);
	ld->fds = NULL;
	return 1;
}

/*
 * Whether this job's reads and writes have none of the per-I/O choices of
 * fioring_prep() (paths, passthrough, registered files or buffers,
 * vectored I/O, force_async, cmdprio): then fioring_prep_plain() writes
 * them, one test instead of eight for every I/O.  Asked once the paths are
 * set up and nonvectored=-1 is resolved.
 */
static bool fioring_is_plain(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;
	struct fioring_options *o = td->eo;

	return !ld->paths && !ld->nvme && !o->registerfiles && !o->fixedbufs &&
	       o->nonvectored == 1 && !o->force_async &&
	       ld->cmdprio.mode == CMDPRIO_MODE_NONE;
}

static int fio_fioring_post_init(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;
	struct fioring_options *o = td->eo;
	unsigned int i;
	int ret;

	for (i = 0; i < ld->depth; i++) {
		ld->iovecs[i].iov_base = ld->io_us[i]->buf;
		ld->iovecs[i].iov_len = td_max_bs(td);
	}
	if (fioring_ring_setup(td))
		return 1;
	if (ld->sq_shared)
		fioring_sqpoll_shared(td, ld->sq_shared);
	fioring_probe_nonvectored(td);
	if (o->fixedbufs && fioring_register_buffers(td))
		return 1;
	/* a native multipath head: the kernel picks, the engine watches */
	ret = native_mpath_setup(td, &ld->native);
	if (!ret && !ld->native)
		ret = paths_setup(td, &ld->paths);
	if (ret) {
		td_verror(td, -ret, "paths");
		return 1;
	}
	/* after paths_setup(): registered files include the paths */
	if (o->registerfiles && fioring_register_files(td))
		return 1;
	ld->plain = fioring_is_plain(td);
	return 0;
}

static int fio_fioring_io_u_init(struct thread_data *td, struct io_u *io_u)
{
	struct fioring_data *ld = td->io_ops_data;

	ld->io_us[io_u->index] = io_u;
	return 0;
}

static void fioring_prep_rw(struct thread_data *td, struct io_u *io_u,
			    struct io_uring_sqe *sqe, int fd)
{
	struct fioring_data *ld = td->io_ops_data;
	struct fioring_options *o = td->eo;
	bool rd = io_u->ddir == DDIR_READ;

	if (o->fixedbufs) {
		if (rd)
			io_uring_prep_read_fixed(sqe, fd, io_u->xfer_buf, io_u->xfer_buflen,
						 io_u->offset, io_u->index);
		else
			io_uring_prep_write_fixed(sqe, fd, io_u->xfer_buf, io_u->xfer_buflen,
						  io_u->offset, io_u->index);
	} else if (o->nonvectored) {
		if (rd)
			io_uring_prep_read(sqe, fd, io_u->xfer_buf, io_u->xfer_buflen,
					   io_u->offset);
		else
			io_uring_prep_write(sqe, fd, io_u->xfer_buf, io_u->xfer_buflen,
					    io_u->offset);
	} else {
		/* a requeued short I/O moved xfer_buf: the iovec follows it */
		struct iovec *iov = &ld->iovecs[io_u->index];

		iov->iov_base = io_u->xfer_buf;
		iov->iov_len = io_u->xfer_buflen;
		if (rd)
			io_uring_prep_readv(sqe, fd, iov, 1, io_u->offset);
		else
			io_uring_prep_writev(sqe, fd, iov, 1, io_u->offset);
	}
	sqe->rw_flags |= ld->rw_flags;

	/*
	 * The SQ thread does not inherit the job's ioprio_set(), so the
	 * priority travels in every SQE; cmdprio may override it per I/O.
	 */
	if (ld->cmdprio.mode != CMDPRIO_MODE_NONE)
		fio_cmdprio_set_ioprio(td, &ld->cmdprio, io_u);
	sqe->ioprio = io_u->ioprio;
}

static void fioring_prep_sync(struct thread_data *td, struct io_u *io_u,
			      struct io_uring_sqe *sqe, int fd)
{
	struct fio_file *f = io_u->file;

	if (io_u->ddir == DDIR_SYNC_FILE_RANGE) {
		io_uring_prep_rw(IORING_OP_SYNC_FILE_RANGE, sqe, fd, NULL,
				 f->last_write - f->first_write, f->first_write);
		sqe->sync_range_flags = td->o.sync_file_range;
	} else {
		io_uring_prep_fsync(sqe, fd, io_u->ddir == DDIR_DATASYNC ?
					     IORING_FSYNC_DATASYNC : 0);
	}
}

/* The SQE of @io_u is written: it goes out with the next submit. */
static inline __attribute__((always_inline))
void fioring_batch_add(struct fioring_data *ld, struct io_u *io_u, struct io_uring_sqe *sqe)
{
	io_uring_sqe_set_data(sqe, io_u);
	ld->batch[ld->nr_batch++] = io_u;
}

/* Write the SQE of @io_u and add it to the batch the next submit sends. */
static void fioring_prep(struct thread_data *td, struct io_u *io_u,
			 struct io_uring_sqe *sqe)
{
	struct fioring_data *ld = td->io_ops_data;
	struct fioring_options *o = td->eo;
	int fd;

	if (ld->paths)
		fd = paths_pick(ld->paths, io_u);
	else
		fd = o->registerfiles ? (int)io_u->file->engine_pos : io_u->file->fd;
	if (ld->nvme)
		nvme_cmd_prep(td, ld->ncmd, io_u, sqe, fd,
			      &ld->iovecs[io_u->index]);
	else if (ddir_rw(io_u->ddir))
		fioring_prep_rw(td, io_u, sqe, fd);
	else
		fioring_prep_sync(td, io_u, sqe, fd);
	if (o->registerfiles)
		sqe->flags |= IOSQE_FIXED_FILE;
	if (o->force_async && ++ld->force_async_count == o->force_async) {
		ld->force_async_count = 0;
		sqe->flags |= IOSQE_ASYNC;
	}
	fioring_batch_add(ld, io_u, sqe);
}

/* fioring_prep() of a read or write of a plain job: its nonvectored case */
static inline __attribute__((always_inline))
void fioring_prep_plain(struct fioring_data *ld, struct io_u *io_u,
			struct io_uring_sqe *sqe)
{
	io_uring_prep_rw(io_u->ddir == DDIR_READ ? IORING_OP_READ : IORING_OP_WRITE, sqe,
			 io_u->file->fd, io_u->xfer_buf, io_u->xfer_buflen, io_u->offset);
	sqe->rw_flags = ld->rw_flags;
	sqe->ioprio = io_u->ioprio;
	fioring_batch_add(ld, io_u, sqe);
}

/* ->queue() of all but a plain job's reads and writes */
static __attribute__((noinline))
enum fio_q_status fioring_queue_any(struct thread_data *td, struct io_u *io_u)
{
	struct fioring_data *ld = td->io_ops_data;
	struct io_uring_sqe *sqe;

	/*
	 * Block devices and zone resets (zonemode=zbd): trims are synchronous,
	 * after the ring drained, as in fio's io_uring; on NVMe otherwise a
	 * Dataset Management command like any other.
	 */
	if (io_u->ddir == DDIR_TRIM && (!ld->nvme || td->o.zone_mode == ZONE_MODE_ZBD)) {
		if (ld->nr_batch || io_uring_sq_ready(&ld->ring))
			return FIO_Q_BUSY;
		do_io_u_trim(td, io_u);
		io_u_mark_submit(td, 1);
		io_u_mark_complete(td, 1);
		return FIO_Q_COMPLETED;
	}

	/*
	 * fio 3.41 asks for a sync_file_range once writes were issued, even
	 * when none completed since the last sync (3.33 waited for one): the
	 * range is then first_write = last_write = -1, which the kernel
	 * refuses with EINVAL.  There is nothing to sync, as fio's own
	 * sync_file_range(2) path (do_sync_file_range) decides too.
	 */
	if (io_u->ddir == DDIR_SYNC_FILE_RANGE &&
	    io_u->file->last_write == io_u->file->first_write) {
		io_u->error = 0;
		io_u_mark_submit(td, 1);
		io_u_mark_complete(td, 1);
		return FIO_Q_COMPLETED;
	}

	if (ld->nvme && nvme_cmd_check_io(io_u)) {
		io_u->error = EINVAL;
		return FIO_Q_COMPLETED;
	}

	sqe = io_uring_get_sqe(&ld->ring);
	if (!sqe)
		return FIO_Q_BUSY;
	fioring_prep(td, io_u, sqe);
	return FIO_Q_QUEUED;
}

/*
 * A plain job's read or write calls nothing: no register to save, the rest
 * is a tail call.
 */
static enum fio_q_status fio_fioring_queue(struct thread_data *td, struct io_u *io_u)
{
	struct fioring_data *ld = td->io_ops_data;
	/* not ddir_rw(), which counts trims in */
	bool rw = io_u->ddir == DDIR_READ || io_u->ddir == DDIR_WRITE;
	struct io_uring_sqe *sqe;

	fio_ro_check(td, io_u);

	if (!__builtin_expect(ld->plain && rw, 1))
		return fioring_queue_any(td, io_u);
	sqe = io_uring_get_sqe(&ld->ring);
	if (!sqe)
		return FIO_Q_BUSY;
	fioring_prep_plain(ld, io_u, sqe);
	return FIO_Q_QUEUED;
}

/*
 * paths_complete() found the path of @io_u dead: write its SQE again, on the
 * path paths_pick() now chooses, to go out with the next submit.  -EBUSY
 * when no SQE is free; the I/O then completes with its error.
 */
static int fioring_requeue(struct thread_data *td, struct io_u *io_u)
{
	struct fioring_data *ld = td->io_ops_data;
	struct io_uring_sqe *sqe = io_uring_get_sqe(&ld->ring);

	if (!sqe)
		return -EBUSY;
	fioring_prep(td, io_u, sqe);
	ld->requeued[io_u->index] = true;
	ld->nr_requeued++;
	return 0;
}

/*
 * One clock read for the first @nr I/O of the batch, as the block layer's
 * plug does.  An I/O requeued after its path failed keeps the issue time
 * (and slat) of its first submission: its latency is what the application
 * waited, the failed attempt included, and fio counts it as submitted once.
 * Returns how many of the @nr are first submissions.
 */
static inline __attribute__((always_inline))
unsigned int fioring_stamp(struct thread_data *td, struct fioring_data *ld, unsigned int nr,
			   bool slat)
{
	struct io_u **batch = ld->batch;
	bool stamp = ld->stamp;
	unsigned int i, fresh = nr;
	struct timespec now;

	if (stamp)
		fio_gettime(&now, NULL);
	for (i = 0; i < nr; i++) {
		struct io_u *io_u = batch[i];

		if (fio_unlikely(ld->nr_requeued) && ld->requeued[io_u->index]) {
			ld->requeued[io_u->index] = false;
			ld->nr_requeued--;
			fresh--;
			continue;
		}
		if (!stamp)
			continue;
		io_u->issue_time = now;
		if (slat)
			io_u_queued(td, io_u);
	}
	if (stamp && td->o.read_iolog_file)
		td->last_issue = now;
	return fresh;
}

/*
 * Hands the kernel the @nr SQEs of the batch and runs deferred completions
 * in the same io_uring_enter(), so ->getevents() usually finds them without
 * another syscall.  The engine knows how many SQEs it wrote, so it publishes
 * the SQ tail (the kernel ABI's one store) and enters directly: liburing
 * 2.3's io_uring_submit_and_get_events() counts them again and works out
 * the flags on every call, 39 instructions per commit under callgrind
 * against 5 for io_uring_enter().  Without SQPOLL only: there the SQ
 * thread's wakeup rule is liburing's, kept by io_uring_submit().
 */
static inline __attribute__((always_inline))
int fioring_enter(struct fioring_data *ld, unsigned int nr)
{
	io_uring_smp_store_release(ld->ring.sq.ktail, ld->ring.sq.sqe_tail);
	return io_uring_enter(ld->enter_fd, nr, 0, ld->enter_flags, NULL);
}

/*
 * Sends the batch; without SQPOLL, stamps what the kernel took.  Returns 0,
 * or -errno once said (td->error set).  Out of line: the empty commit
 * returns before any register is saved.
 */
static __attribute__((noinline))
int fioring_submit(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;
	unsigned int fresh;
	int ret;

	if (ld->sqpoll) {
		/*
		 * Stamp before io_uring_submit() publishes the tail; it also
		 * wakes the SQ thread when it flagged IORING_SQ_NEED_WAKEUP.
		 */
		fresh = fioring_stamp(td, ld, ld->nr_batch, false);
		ret = io_uring_submit(&ld->ring);
		if (ret < 0)
			goto err;
		if (fresh)
			io_u_mark_submit(td, fresh);
		ld->nr_batch = 0;
		return 0;
	}

	while (ld->nr_batch) {
		ret = fioring_enter(ld, ld->nr_batch);
		if (fio_unlikely(ret <= 0)) {
			if (ret == -EINTR)
				continue;
			/* CQ or memory pressure: reaping in ->getevents() makes room */
			if (!ret || ret == -EAGAIN || ret == -EBUSY)
				return 0;
			goto err;
		}
		fresh = fioring_stamp(td, ld, ret, true);
		if (fresh)
			io_u_mark_submit(td, fresh);
		ld->nr_batch -= ret;
		if (fio_unlikely(ld->nr_batch))
			memmove(ld->batch, ld->batch + ret, ld->nr_batch * sizeof(*ld->batch));
	}
	return 0;
err:
	fioring_err(td, -ret, "io_uring_submit");
	return ret;
}

static int fio_fioring_commit(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;

	/* fio commits after every queue and again before it reaps */
	if (!ld->nr_batch)
		return 0;
	return fioring_submit(td);
}

static void fioring_complete(struct thread_data *td, struct io_u *io_u, int res)
{
	struct fioring_data *ld = td->io_ops_data;
	struct fioring_options *o = td->eo;

	if (res < 0) {
		io_u->error = -res;
		if (res == -EOPNOTSUPP && o->uncached && !ld->uncached_refused) {
			log_err(ENGINE ": uncached=1: the kernel refused RWF_DONTCACHE on %s "
				"(it needs Linux 6.14+ and a file system that has it)\n",
				io_u->file->file_name);
			ld->uncached_refused = true;
		}
		return;
	}
	io_u->error = 0;
	if (ddir_rw(io_u->ddir) && (unsigned long long)res != io_u->xfer_buflen)
		io_u->resid = io_u->xfer_buflen - res;
}

/*
 * Takes what the CQ ring holds, up to @max events in all.  Inlined in the
 * waits and bounded by one read of the tail: this runs once per I/O or so.
 */
static inline __attribute__((always_inline))
unsigned int fioring_reap(struct thread_data *td, unsigned int events, unsigned int max)
{
	struct fioring_data *ld = td->io_ops_data;
	struct io_uring *ring = &ld->ring;
	unsigned int i, ready, head, n = 0, resent = 0;

	ready = io_uring_cq_ready(ring);
	if (ready > max - events)
		ready = max - events;
	if (!ready)
		return 0;
	if (ld->paths)
		paths_reap_begin(ld->paths);

	head = *ring->cq.khead;
	for (i = 0; i < ready; i++) {
		struct io_uring_cqe *cqe = &ring->cq.cqes[io_uring_cqe_index(ring, head + i,
									   ring->cq.ring_mask)];
		struct io_u *io_u = io_uring_cqe_get_data(cqe);

		if (ld->paths && paths_complete(td, ld->paths, io_u, cqe->res) &&
		    !fioring_requeue(td, io_u)) {
			resent++;
			continue;
		}
		if (ld->nvme)
			nvme_cmd_complete(td, ld->ncmd, io_u, cqe->res);
		else
			fioring_complete(td, io_u, cqe->res);
		ld->events[events + n++] = io_u;
	}
	io_uring_cq_advance(ring, n + resent);
	return n;
}

/*
 * fio_fioring_getevents()'s common case: block I/O on one path, so no CQE
 * needs the multipath or passthrough code.  Takes the CQEs of I/O that
 * moved all their bytes, up to @max, and stops at the first that did not
 * (an error or a short transfer), leaving it in the ring for
 * fioring_reap().  Nothing here calls out, so the loop lives in registers
 * the caller need not save; the ring's fields are copied into locals
 * because the stores into each io_u could alias them as far as the
 * compiler knows.
 */
static inline __attribute__((always_inline))
unsigned int fioring_reap_plain(struct fioring_data *ld, unsigned int max)
{
	struct io_uring *ring = &ld->ring;
	struct io_uring_cqe *cqes = ring->cq.cqes;
	unsigned int mask = ring->cq.ring_mask, shift = io_uring_cqe_shift(ring);
	struct io_u **out = ld->events;
	unsigned int n, ready, head, end;

	ready = io_uring_cq_ready(ring);
	if (ready > max)
		ready = max;
	head = *ring->cq.khead;
	for (end = head + ready; head != end; head++) {
		/* io_uring_cqe_index() with the copies */
		struct io_uring_cqe *cqe = &cqes[(head & mask) << shift];
		struct io_u *io_u = io_uring_cqe_get_data(cqe);

		if (fio_unlikely((unsigned long long)cqe->res != io_u->xfer_buflen))
			break;
		io_u->error = 0;
		*out++ = io_u;
	}
	n = out - ld->events;
	io_uring_cq_advance(ring, n);
	return n;
}

/*
 * Waiting under SQPOLL.  A wait that polls (spin, or spin and
 * sched_yield()) collapses to about one I/O per scheduler tick when fio and
 * the SQ thread share a CPU: the SQ thread only gives up the CPU on
 * need_resched, and a CQE posted to a ring that nobody sleeps on wakes
 * nobody, so once fio yields the SQ thread spins in the kernel for the rest
 * of the tick with the completion already in the ring.  Yielding is what
 * hands over the tick, and a pure spin is worse (each side burns its slice).
 * What ends the turn at once is a sleeper: a task waiting in
 * io_uring_enter(GETEVENTS) is woken by the CQE and preempts the SQ thread.
 * The sched_switch trace and its figures: docs/notes/2026-11-sqpoll-wait.md.
 *
 * So: poll while completions come in within the budget sqpoll_wait.c sizes
 * from recent completion times (no syscall, the point of SQPOLL, when the
 * SQ thread has its own CPU), and otherwise sleep in the kernel; polls that
 * keep missing turn polling off but for rare probes.  Returns the number
 * of events reaped into ld->events[events...], or -errno.
 */
static int fioring_sqpoll_wait(struct thread_data *td, unsigned int events,
			       unsigned int min, unsigned int max)
{
	struct fioring_data *ld = td->io_ops_data;
	uint64_t budget = sqpoll_wait_budget(&ld->wait);
	enum sqpoll_wait_end how = SQPOLL_WAIT_SLEPT;
	struct timespec start, now;
	struct io_uring_cqe *cqe;
	unsigned int n = 0;
	int ret;

	fio_gettime(&start, NULL);
	if (budget) {
		do {
			n += fioring_reap(td, events + n, max);
			fio_gettime(&now, NULL);
			if (events + n >= min) {
				sqpoll_wait_end(&ld->wait, SQPOLL_WAIT_HIT,
						ntime_since(&start, &now));
				return n;
			}
			/* requeued on another path: the caller submits it first */
			if (ld->nr_batch)
				return n;
			nop;
		} while (ntime_since(&start, &now) < budget);
		how = SQPOLL_WAIT_MISS;
	}
	ret = io_uring_wait_cqe_nr(&ld->ring, &cqe, min - events - n);
	if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -ETIME)
		return ret;
	n += fioring_reap(td, events + n, max);
	fio_gettime(&now, NULL);
	sqpoll_wait_end(&ld->wait, how, ntime_since(&start, &now));
	return n;
}

/*
 * Everything but "completions are in the ring and no batch is pending":
 * submit what is pending, run deferred task work, wait.  Out of line so
 * the common case in fio_fioring_getevents() saves and restores nothing
 * it does not use.
 */
static __attribute__((noinline))
int fioring_getevents_wait(struct thread_data *td, unsigned int events,
			   unsigned int min, unsigned int max)
{
	struct fioring_data *ld = td->io_ops_data;
	struct io_uring_cqe *cqe;
	int ret;

	if (ld->nr_batch) {
		ret = fioring_submit(td);
		if (ret < 0)
			return ret;
	}
	events += fioring_reap(td, events, max);
	/* deferred task work only runs when we enter the kernel */
	if (!events && !min) {
		io_uring_get_events(&ld->ring);
		events = fioring_reap(td, 0, max);
	}
	while (events < min) {
		/* I/O that failed over to another path (fioring_requeue()) */
		if (ld->nr_batch) {
			ret = fioring_submit(td);
			if (ret < 0)
				return ret;
		}
		/* overflowed completions are only flushed by entering the kernel */
		if (ld->sqpoll && !io_uring_cq_has_overflow(&ld->ring)) {
			ret = fioring_sqpoll_wait(td, events, min, max);
			if (ret < 0)
				goto err;
			events += ret;
			continue;
		}
		ret = io_uring_wait_cqe_nr(&ld->ring, &cqe, min - events);
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -ETIME)
			goto err;
		events += fioring_reap(td, events, max);
	}
	return events;
err:
	/* not fioring_err()'s 1: fio would take that for one more event */
	fioring_err(td, -ret, "io_uring_wait_cqe");
	return ret;
}

static int fio_fioring_getevents(struct thread_data *td, unsigned int min,
				 unsigned int max, const struct timespec *t)
{
	struct fioring_data *ld = td->io_ops_data;
	unsigned int events;

	/* the common case: block I/O on one path, completions in the ring */
	if (ld->nr_batch || ld->paths || ld->nvme)
		return fioring_getevents_wait(td, 0, min, max);
	events = fioring_reap_plain(ld, max);
	if (events && events >= min)
		return events;
	return fioring_getevents_wait(td, events, min, max);
}

static struct io_u *fio_fioring_event(struct thread_data *td, int event)
{
	struct fioring_data *ld = td->io_ops_data;

	return ld->events[event];
}

static void fio_fioring_cleanup(struct thread_data *td)
{
	struct fioring_data *ld = td->io_ops_data;

	if (!ld)
		return;
	if (ld->ring_ready && !(td->flags & TD_F_CHILD))
		io_uring_queue_exit(&ld->ring);
	fio_cmdprio_cleanup(&ld->cmdprio);
	paths_free(td, ld->paths);
	native_mpath_finish(td, ld->native);
	if (ld->nvme)
		nvme_cmd_cleanup(td, ld->ncmd);
	free(ld->fds);
	free(ld->iovecs);
	free(ld->io_us);
	free(ld->events);
	free(ld->batch);
	free(ld->requeued);
	free(ld);
	td->io_ops_data = NULL;
}

static int fio_fioring_open_file(struct thread_data *td, struct fio_file *f)
{
	struct fioring_data *ld = td->io_ops_data;

	if (!ld || !ld->fds)
		return generic_open_file(td, f);
	f->fd = ld->fds[f->engine_pos];
	return 0;
}

static int fio_fioring_close_file(struct thread_data *td, struct fio_file *f)
{
	struct fioring_data *ld = td->io_ops_data;

	if (!ld || !ld->fds)
		return generic_close_file(td, f);
	f->fd = -1;
	return 0;
}

/*
 * The first hook fio calls, before it lays out files: refuse a foreign fio
 * before using its structs, and a bad file before fio creates it.
 */
static int fio_fioring_get_file_size(struct thread_data *td, struct fio_file *f)
{
	int ret;

	if (!fioring_host_ok())
		return 1;
	ret = fioring_check_file(td, f);
	if (ret) {
		td_verror(td, -ret, "file check");
		return 1;
	}
	if (f->filetype == FIO_TYPE_CHAR) {
		ret = nvme_cmd_get_file_size(td, f);
		if (ret) {
			td_verror(td, -ret, "NVMe namespace");
			return 1;
		}
		return 0;
	}
	return generic_get_file_size(td, f);
}

/*
 * zonemode=zbd: an NVMe generic device answers through Zone Management
 * commands (nvme_cmd_zns.c); a zoned block device through fio's own
 * blkzoned code, as it would without an engine hook.
 */
static int fio_fioring_get_zoned_model(struct thread_data *td, struct fio_file *f,
				       enum zbd_zoned_model *model)
{
	if (f->filetype == FIO_TYPE_CHAR)
		return nvme_cmd_get_zoned_model(td, f, model);
	return blkzoned_get_zoned_model(td, f, model);
}

static int fio_fioring_report_zones(struct thread_data *td, struct fio_file *f,
				    uint64_t offset, struct zbd_zone *zones,
				    unsigned int nr_zones)
{
	if (f->filetype == FIO_TYPE_CHAR)
		return nvme_cmd_report_zones(td, f, offset, zones, nr_zones);
	return blkzoned_report_zones(td, f, offset, zones, nr_zones);
}

static int fio_fioring_reset_wp(struct thread_data *td, struct fio_file *f,
				uint64_t offset, uint64_t length)
{
	if (f->filetype == FIO_TYPE_CHAR)
		return nvme_cmd_reset_wp(td, f, offset, length);
	return blkzoned_reset_wp(td, f, offset, length);
}

static int fio_fioring_get_max_open_zones(struct thread_data *td, struct fio_file *f,
					  unsigned int *max_open_zones)
{
	if (f->filetype == FIO_TYPE_CHAR)
		return nvme_cmd_get_max_open_zones(td, f, max_open_zones);
	return blkzoned_get_max_open_zones(td, f, max_open_zones);
}

static int fio_fioring_sqpoll_cb(void *data, unsigned long long *val)
{
	struct fioring_options *o = data;

	o->sqpoll_cpu = *val;
	o->sqpoll_set = 1;
	return 0;
}

static struct fio_option options[] = {
	{
		.name	= "hipri",
		.lname	= "High Priority",
		.type	= FIO_OPT_STR_SET,
		.off1	= offsetof(struct fioring_options, hipri),
		.help	= "Use polled IO completions",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "cmdprio_percentage",
		.lname	= "high priority percentage",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, cmdprio_options.percentage[DDIR_READ]),
		.off2	= offsetof(struct fioring_options, cmdprio_options.percentage[DDIR_WRITE]),
		.minval	= 0,
		.maxval	= 100,
		.help	= "Send high priority I/O this percentage of the time",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "cmdprio_class",
		.lname	= "Asynchronous I/O priority class",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, cmdprio_options.class[DDIR_READ]),
		.off2	= offsetof(struct fioring_options, cmdprio_options.class[DDIR_WRITE]),
		.minval	= IOPRIO_MIN_PRIO_CLASS + 1,
		.maxval	= IOPRIO_MAX_PRIO_CLASS,
		.interval = 1,
		.help	= "Set asynchronous IO priority class",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "cmdprio",
		.lname	= "Asynchronous I/O priority level",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, cmdprio_options.level[DDIR_READ]),
		.off2	= offsetof(struct fioring_options, cmdprio_options.level[DDIR_WRITE]),
		.minval	= IOPRIO_MIN_PRIO,
		.maxval	= IOPRIO_MAX_PRIO,
		.interval = 1,
		.help	= "Set asynchronous IO priority level",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "cmdprio_bssplit",
		.lname	= "Priority percentage block size split",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct fioring_options, cmdprio_options.bssplit_str),
		.help	= "Set priority percentages for different block sizes",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "fixedbufs",
		.lname	= "Fixed (pre-mapped) IO buffers",
		.type	= FIO_OPT_STR_SET,
		.off1	= offsetof(struct fioring_options, fixedbufs),
		.help	= "Pre map IO buffers",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "registerfiles",
		.lname	= "Register file set",
		.type	= FIO_OPT_STR_SET,
		.off1	= offsetof(struct fioring_options, registerfiles),
		.help	= "Pre-open/register files",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "sqthread_poll",
		.lname	= "Kernel SQ thread polling",
		.type	= FIO_OPT_STR_SET,
		.off1	= offsetof(struct fioring_options, sqpoll_thread),
		.help	= "Offload submission to a kernel thread (no slat; clat from commit)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "sqthread_poll_cpu",
		.lname	= "SQ Thread Poll CPU",
		.type	= FIO_OPT_INT,
		.cb	= fio_fioring_sqpoll_cb,
		.help	= "What CPU to run SQ thread polling on",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "nonvectored",
		.lname	= "Non-vectored",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, nonvectored),
		.def	= "-1",
		.help	= "Use non-vectored read/write commands (-1: when the kernel has them)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "uncached",
		.lname	= "Uncached",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, uncached),
		.help	= "Buffered I/O that drops its pages once done (RWF_DONTCACHE)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "nowait",
		.lname	= "RWF_NOWAIT",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct fioring_options, nowait),
		.help	= "Use RWF_NOWAIT for reads/writes",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "defer_taskrun",
		.lname	= "Defer task work",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct fioring_options, defer_taskrun),
		.help	= "Run completions only when reaping (IORING_SETUP_DEFER_TASKRUN; not under SQPOLL)",
		.def	= "1",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "force_async",
		.lname	= "Force async",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, force_async),
		.minval	= 0,
		.help	= "Set IOSQE_ASYNC every N requests",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "paths",
		.lname	= "Multipath: paths to the same data",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct fioring_options, paths),
		.help	= "Other devices reaching the job's data (DEV[:DEV...]), or auto (NVMe, same NQN and NSID)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "path_policy",
		.lname	= "Multipath: path selection policy",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct fioring_options, path_policy),
		.def	= "round-robin",
		.help	= "How paths= picks the path of each I/O",
		.posval = {
			  { .ival = "round-robin", .oval = PATHS_ROUND_ROBIN,
			    .help = "Each usable path in turn" },
			  { .ival = "queue-depth", .oval = PATHS_QUEUE_DEPTH,
			    .help = "The path with the fewest I/O in flight" },
			  { .ival = "numa", .oval = PATHS_NUMA,
			    .help = "The first usable path on the job's NUMA node" },
			  { .ival = "latency", .oval = PATHS_LATENCY,
			    .help = "Lowest moving-average clat, probing the others" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "path_decay",
		.lname	= "Multipath: latency average decay",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, path_decay),
		.def	= "8",
		.minval	= 1,
		.maxval	= 65536,
		.help	= "path_policy=latency: each clat moves its path's average 1/N of the way",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "path_stats",
		.lname	= "Multipath: per-path statistics file",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct fioring_options, path_stats),
		.help	= "Write per-path statistics as JSON to this file",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "cmd_type",
		.lname	= "Uring cmd type",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct fioring_options, cmd_type),
		.def	= "nvme",
		.help	= "Passthrough command set of NVMe generic devices (nvme only)",
		.posval = {
			  { .ival = "nvme", .oval = NVME_CMD_TYPE_NVME,
			    .help = "NVMe commands (NVME_URING_CMD_IO)" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "readfua",
		.lname	= "Read FUA",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct fioring_options, readfua),
		.def	= "0",
		.help	= "Set Force Unit Access on every NVMe Read",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "writefua",
		.lname	= "Write FUA",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct fioring_options, writefua),
		.def	= "0",
		.help	= "Set Force Unit Access on every NVMe Write",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "write_mode",
		.lname	= "NVMe command of a write",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct fioring_options, write_mode),
		.def	= "write",
		.help	= "What a write is sent as on NVMe generic devices",
		.posval = {
			  { .ival = "write", .oval = NVME_CMD_WMODE_WRITE,
			    .help = "Write" },
			  { .ival = "uncor", .oval = NVME_CMD_WMODE_UNCOR,
			    .help = "Write Uncorrectable" },
			  { .ival = "zeroes", .oval = NVME_CMD_WMODE_ZEROES,
			    .help = "Write Zeroes" },
			  { .ival = "verify", .oval = NVME_CMD_WMODE_VERIFY,
			    .help = "Verify" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "verify_mode",
		.lname	= "NVMe command of a verify read",
		.type	= FIO_OPT_STR,
		.off1	= offsetof(struct fioring_options, verify_mode),
		.def	= "read",
		.help	= "Verify by reading back (read) or by NVMe Compare in the device (compare)",
		.posval = {
			  { .ival = "read", .oval = NVME_CMD_VMODE_READ,
			    .help = "Read, fio compares" },
			  { .ival = "compare", .oval = NVME_CMD_VMODE_COMPARE,
			    .help = "Compare, the device compares" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "deac",
		.lname	= "Deallocate on Write Zeroes",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct fioring_options, deac),
		.def	= "0",
		.help	= "write_mode=zeroes: set DEAC, deallocating the zeroed LBAs",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "md_per_io_size",
		.lname	= "Separate metadata buffer size per I/O",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, md_per_io_size),
		.def	= "0",
		.help	= "Bytes of separate metadata buffer per I/O (namespaces with separate metadata)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "pi_act",
		.lname	= "Protection Information Action",
		.type	= FIO_OPT_BOOL,
		.off1	= offsetof(struct fioring_options, pi_act),
		.def	= "1",
		.help	= "PRACT: the controller makes and strips PI (1), or the host does (0)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "pi_chk",
		.lname	= "Protection Information Check",
		.type	= FIO_OPT_STR_STORE,
		.off1	= offsetof(struct fioring_options, pi_chk),
		.help	= "PI fields checked (PRCHK): GUARD,REFTAG,APPTAG in any combination",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "apptag",
		.lname	= "Application Tag",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, apptag),
		.def	= "0x1234",
		.help	= "Application tag of the PI (16 bits)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= "apptag_mask",
		.lname	= "Application Tag Mask",
		.type	= FIO_OPT_INT,
		.off1	= offsetof(struct fioring_options, apptag_mask),
		.def	= "0xffff",
		.help	= "Bits of the application tag checked (16 bits)",
		.category = FIO_OPT_C_ENGINE,
		.group	= FIO_OPT_G_IOURING,
	},
	{
		.name	= NULL,
	},
};

__attribute__((visibility("default")))
struct ioengine_ops ioengine = {
	.name			= ENGINE,
	.version		= FIO_IOOPS_VERSION,
	.flags			= FIO_ASYNCIO_SYNC_TRIM | FIO_NO_OFFLOAD |
				  FIO_ASYNCIO_SETS_ISSUE_TIME
#ifdef FIO_HAS_MULTI_RANGE_TRIM
				  | FIO_MULTI_RANGE_TRIM
#endif
				  ,
	.init			= fio_fioring_init,
	.post_init		= fio_fioring_post_init,
	.io_u_init		= fio_fioring_io_u_init,
	.queue			= fio_fioring_queue,
	.commit			= fio_fioring_commit,
	.getevents		= fio_fioring_getevents,
	.event			= fio_fioring_event,
	.cleanup		= fio_fioring_cleanup,
	.open_file		= fio_fioring_open_file,
	.close_file		= fio_fioring_close_file,
	.get_file_size		= fio_fioring_get_file_size,
	.get_zoned_model	= fio_fioring_get_zoned_model,
	.report_zones		= fio_fioring_report_zones,
	.reset_wp		= fio_fioring_reset_wp,
	.get_max_open_zones	= fio_fioring_get_max_open_zones,
#ifdef FIO_HAS_FDP_RUHS
	.fdp_fetch_ruhs		= nvme_cmd_fetch_ruhs,
#endif
#if defined(FIO_HAS_ERRDETAILS) && defined(FIO_HAS_DEVICE_ERROR)
	.errdetails		= nvme_cmd_errdetails,
#endif
	.options		= options,
	.option_struct_size	= sizeof(struct fioring_options),
};
