// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_user_policy.c: the per-I/O side of paths=: which path an I/O goes to
 * (path_policy=), what its completion adds to that path's statistics, and
 * failover.  A completion that says the path is gone (EIO, ENODEV, ENXIO,
 * ENOLINK, ETIMEDOUT, ..., an NVMe path-related status, or a block device
 * that shrank under the job: 0 bytes or ENOSPC) marks the path down and
 * asks the core to send the I/O again, as the kernel's native multipath
 * does with blk_path_error(); errors that are the data's (ENODATA: media,
 * EREMOTEIO: target, EILSEQ: protection) are not retried elsewhere.  A
 * passthrough command the driver cancelled (EINTR: a controller reset) is
 * sent again without marking its path down.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <libnvme.h>

#include "fio.h"
#include "mpath_user.h"

#define ENGINE "fioring"

static unsigned int paths_next_rr(struct paths *p)
{
	unsigned int i = p->usable[p->rr];

	if (++p->rr == p->nr_usable)
		p->rr = 0;
	return i;
}

/* fewest I/O in flight; ties go round the paths so none is favoured */
static unsigned int paths_pick_queue_depth(struct paths *p)
{
	unsigned int k, i, best = paths_next_rr(p);

	for (k = 0; k < p->nr_usable; k++) {
		i = p->usable[k];
		if (p->path[i].inflight < p->path[best].inflight)
			best = i;
	}
	return best;
}

/*
 * Lowest expected latency, a path never sampled first.  One pick in
 * PATHS_PROBE_EVERY goes to another path round-robin, so the average of a
 * path that got slow and recovered keeps being refreshed; only to a path
 * with nothing in flight, or a stalled path would collect probes and cap
 * the job at PATHS_PROBE_EVERY times its rate.
 */
static unsigned int paths_pick_latency(struct paths *p)
{
	unsigned int k, i, best = UINT_MAX;

	for (k = 0; k < p->nr_usable; k++) {
		i = p->usable[k];
		/* an unknown path gets one I/O to learn from, not a queue */
		if (!p->path[i].sampled) {
			if (!p->path[i].inflight)
				return i;
			continue;
		}
		if (best == UINT_MAX || p->path[i].ewma_ns < p->path[best].ewma_ns)
			best = i;
	}
	if (best == UINT_MAX)
		best = p->usable[0];
	if (p->nr_usable > 1 && ++p->picks >= PATHS_PROBE_EVERY) {
		/* one probe in flight per path: a stalled path gets no more */
		for (k = 0; k < p->nr_usable; k++) {
			i = paths_next_rr(p);
			if (i != best && !p->path[i].inflight) {
				p->picks = 0;
				return i;
			}
		}
	}
	return best;
}

int paths_pick(struct paths *p, struct io_u *io_u)
{
	unsigned int i;

	switch (p->policy) {
	case PATHS_QUEUE_DEPTH:
		i = paths_pick_queue_depth(p);
		break;
	case PATHS_NUMA:
		i = p->numa_pick;
		break;
	case PATHS_LATENCY:
		i = paths_pick_latency(p);
		break;
	default:
		i = paths_next_rr(p);
		break;
	}
	p->io_path[io_u->index] = i;
	p->path[i].inflight++;
	return p->path[i].sqe_fd;
}

/* errno values that say the path, not the data, failed */
static bool paths_errno_is_path(int err)
{
	switch (err) {
	case EIO:
	case ENODEV:
	case ENXIO:
	case ENOLINK:
	case ETIMEDOUT:
	case ENOTCONN:
	case ECONNRESET:
	case ECONNREFUSED:
	case EHOSTDOWN:
	case EHOSTUNREACH:
	case ESHUTDOWN:
	case ENOSPC:	/* a block device write past a capacity that shrank */
		return true;
	}
	return false;
}

static bool paths_res_is_path_error(const struct paths *p, const struct io_u *io_u, int res)
{
	if (res < 0)
		return paths_errno_is_path(-res);
	if (p->nvme)
		return res > 0 && ((res >> NVME_SCT_SHIFT) & NVME_SCT_MASK) == NVME_SCT_PATH;
	/* 0 bytes inside the job's range: the device's capacity went away */
	return res == 0 && ddir_rw(io_u->ddir) && io_u->xfer_buflen;
}

static enum pathstats_dir paths_dir(const struct io_u *io_u)
{
	if (io_u->ddir == DDIR_READ)
		return PATHSTATS_READ;
	if (io_u->ddir == DDIR_WRITE)
		return PATHSTATS_WRITE;
	return PATHSTATS_OTHER;
}

static void paths_mark_down(struct paths *p, struct path *pa, int res)
{
	pa->down = true;
	paths_update_usable(p);
	log_err(ENGINE ": path %s failed (%s): marked down, %u path%s left\n",
		pa->info.dev, res < 0 ? strerror(-res) : res ? "NVMe path status" :
		"device capacity gone", p->nr_usable, p->nr_usable == 1 ? "" : "s");
}

bool paths_complete(struct thread_data *td, struct paths *p, struct io_u *io_u, int res)
{
	struct path *pa = &p->path[p->io_path[io_u->index]];
	struct pathstats_dir_stats *d = &pa->st.dir[paths_dir(io_u)];
	int64_t ns;
	bool failed;

	pa->inflight--;
	failed = p->nvme ? res != 0 : res < 0;
	if (__builtin_expect(failed || !res, 0)) {
		/*
		 * The driver cancelled the command (a controller reset, e.g.
		 * after a timeout): send it again; the path stays up, and
		 * fails for good with ENODEV if it does not come back.
		 */
		if (p->nvme && res == -EINTR) {
			pa->st.path_errors++;
			p->path_errors++;
			return true;
		}
		if (paths_res_is_path_error(p, io_u, res)) {
			if (!pa->down)
				paths_mark_down(p, pa, res);
			pa->st.path_errors++;
			p->path_errors++;
			/* with no path left the I/O fails, and so does the job */
			if (p->nr_usable)
				return true;
		}
		if (failed) {
			d->errors++;
			return false;
		}
	}
	if (!fio_fill_issue_time(td)) {
		pathstats_record_untimed(d, io_u->xfer_buflen);
		return false;
	}
	if (!p->now_read) {
		fio_gettime(&p->now, NULL);
		p->now_read = true;
	}
	ns = (int64_t)(p->now.tv_sec - io_u->issue_time.tv_sec) * 1000000000LL +
	     (p->now.tv_nsec - io_u->issue_time.tv_nsec);
	if (ns < 0)
		ns = 0;
	pathstats_record(d, p->nvme || res < 0 ? io_u->xfer_buflen : (uint64_t)res, ns);
	if (p->policy == PATHS_LATENCY) {
		if (pa->sampled) {
			pa->ewma_ns += (ns - pa->ewma_ns) / (int64_t)p->decay;
		} else {
			pa->ewma_ns = ns;
			pa->sampled = true;
		}
	}
	return false;
}
