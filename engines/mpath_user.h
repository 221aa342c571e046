/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mpath_user.h: user-space multipath for the fioring engine (paths=).  A job's
 * file and the devices named in paths= (or found by paths=auto) are paths
 * to the same data; the engine picks one per I/O by path_policy=, keeps
 * per-path statistics (mpath_stats.h), and when a path fails marks it down
 * and sends the failed I/O again on another path, so a job fails only when
 * no path is left.  With no paths= none of this runs: the core tests one
 * pointer per I/O.
 */
#ifndef FIORING_PATHS_H
#define FIORING_PATHS_H

#include "fio.h"
#include "mpath_user_types.h"

/*
 * paths_setup() - at post_init: resolve paths= (a list or auto), check that
 * every path reaches the job's data, open them, and set *@out (NULL when
 * the job has no paths=).  -errno, message printed.
 */
int paths_setup(struct thread_data *td, struct paths **out);

/* paths_free() - print and write the per-path results, close, free. */
void paths_free(struct thread_data *td, struct paths *p);

/* paths_release() - close and free without reporting (setup failures) */
void paths_release(struct paths *p);

/* paths_release_report() - free what @p holds, not @p itself */
void paths_release_report(struct paths *p);

/*
 * paths_register() - with registerfiles: put the paths' fds in @fds, which
 * the core registers from slot @base on, and send I/O by slot from then on.
 */
void paths_register(struct paths *p, int *fds, unsigned int base);

/* paths_pick() - choose the path of @io_u and return its fd. */
int paths_pick(struct paths *p, struct io_u *io_u);

/* paths_reap_begin() - a reap batch starts: the next completion reads the clock */
static inline void paths_reap_begin(struct paths *p)
{
	p->now_read = false;
}

/*
 * paths_complete() - account the completion of @io_u with result @res on
 * its path.  True when it failed with a path error and another path is
 * usable: the caller must send it again (paths_pick() then avoids the
 * failed path) instead of completing it.
 */
bool paths_complete(struct thread_data *td, struct paths *p, struct io_u *io_u,
		    int res);

/* in mpath_user_nvme.c: the NVMe side, through libnvme's topology */

/*
 * paths_nvme_info() - fill @pi for the NVMe device @dev (ngXnY or nvmeXnY):
 * controller, transport, NQN, NSID, size, NUMA node, ANA state.  -ENODEV
 * when @dev is not an NVMe namespace; *@head set when it is a native
 * multipath head (the kernel picks its path).
 */
int paths_nvme_info(const char *dev, struct path_info *pi, bool *head);

/*
 * paths_nvme_siblings() - the /dev nodes of the same namespace (NQN, NSID)
 * on the other controllers of its subsystem, of the same kind as @dev (ng
 * or block), into a malloc'ed ':'-separated list in *@list ("" if none).
 */
int paths_nvme_siblings(const char *dev, char **list);

/* in mpath_user_report.c: the end-of-job output */

/* paths_report_print() - per-path results in fio's style through log_info */
void paths_report_print(struct thread_data *td, const struct paths *p);

/* paths_report_json() - write the per-path JSON document to @file */
int paths_report_json(struct thread_data *td, const struct paths *p, const char *file);

/*
 * paths_sysfs_read() - a one-line sysfs attribute, its newline cut ("" when
 * empty); 0, or -errno when it cannot be opened (@buf is then "")
 */
int paths_sysfs_read(const char *path, char *buf, size_t len);

const char *paths_policy_name(enum paths_policy policy);
const char *paths_ana_name(enum paths_ana ana);
/* paths_ana_parse() - an ana_state attribute's text as an enum paths_ana */
enum paths_ana paths_ana_parse(const char *state);

#endif
