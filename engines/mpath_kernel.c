// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_kernel.c: per-path attribution under the kernel's native NVMe
 * multipath head (mode 2; see mpath_kernel.h).  The head nvmeXnY has hidden
 * path disks nvmeXcZnY in /sys/block (no /dev node), one per controller.
 * Block I/O is counted in their stat files, so the deltas over the job say
 * where the kernel sent it (I/O, bytes, mean time from the ms tick sums).
 * Passthrough is counted there only with queue/iostats_passthrough on
 * (6.13+); otherwise the nvme_setup_cmd and nvme_complete_rq tracepoints,
 * enabled in a tracefs instance of the engine's own (other tracing is left
 * alone) and read by a thread while the job runs, are paired on (controller,
 * queue, command id): per-I/O latency at the driver, microsecond resolution
 * (what the trace prints), into the same histograms as mode 1.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fio.h"
#include "fioring_options.h"
#include "mpath_user.h"
#include "mpath_kernel.h"
#include "mpath_kernel_trace.h"
#include "nvme_cmd.h"

#define ENGINE "fioring"

/* the /sys/block/DISK/stat fields used (0-based) */
enum { DS_RIOS, DS_RMERGE, DS_RSECT, DS_RTICKS, DS_WIOS, DS_WMERGE, DS_WSECT,
	DS_WTICKS, DS_NR };

enum nm_how { NM_DISKSTATS, NM_TRACE, NM_NONE };

/* an I/O seen at setup, waiting for its completion */
struct nm_pending {
	uint64_t ts_ns;
	uint32_t bytes;
	uint16_t path;		/* path index + 1; 0: slot free */
	uint8_t dir;
};

#define NM_MAX_CTRL	256
#define NM_MAX_QID	256

struct native_mpath {
	struct paths rep;	/* the paths and their stats, for paths_report */
	char head[64];
	enum nm_how how;
	unsigned long long base[64][DS_NR];
	unsigned int lba_size;

	/* tracepoints */
	char inst[256];
	int pipe_fd;
	pthread_t reader;
	bool reader_started;
	volatile bool stop;
	struct nm_pending **pending;	/* [ctrl * NM_MAX_QID + qid][cid] */
	uint64_t paired, unpaired, failed;
	char line[4096];
	size_t line_len;
};

static int nm_write(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

static int nm_read_stat(const char *disk, unsigned long long v[DS_NR])
{
	char path[128], buf[512];
	int ret;

	snprintf(path, sizeof(path), "/sys/block/%s/stat", disk);
	ret = paths_sysfs_read(path, buf, sizeof(buf));
	if (ret)
		return ret;
	if (sscanf(buf, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
		   &v[3], &v[4], &v[5], &v[6], &v[7]) != DS_NR)
		return -EINVAL;
	return 0;
}

static int nm_add_path(struct native_mpath *m, const char *disk)
{
	struct path_info *pi;
	struct path *np;
	char path[PATH_MAX], link[256], buf[64];
	ssize_t n;

	np = realloc(m->rep.path, (m->rep.nr + 1) * sizeof(*np));
	if (!np)
		return -ENOMEM;
	m->rep.path = np;
	memset(&np[m->rep.nr], 0, sizeof(*np));
	np[m->rep.nr].fd = -1;
	pi = &np[m->rep.nr].info;
	m->rep.nr++;
	pi->dev = strdup(disk);
	pi->numa_node = -1;
	snprintf(pi->transport, sizeof(pi->transport), "nvme");
	/* a path disk's device is its controller */
	snprintf(path, sizeof(path), "/sys/block/%s/device", disk);
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		pi->ctrl = strdup(strrchr(link, '/') ? strrchr(link, '/') + 1 : link);
		snprintf(path, sizeof(path), "/sys/class/nvme/%s/transport", pi->ctrl);
		if (!paths_sysfs_read(path, buf, sizeof(buf)) && buf[0])
			snprintf(pi->transport, sizeof(pi->transport), "%.15s", buf);
		snprintf(path, sizeof(path), "/sys/class/nvme/%s/numa_node", pi->ctrl);
		if (!paths_sysfs_read(path, buf, sizeof(buf)) && buf[0])
			pi->numa_node = atoi(buf);
	}
	snprintf(path, sizeof(path), "/sys/block/%s/ana_state", disk);
	if (!paths_sysfs_read(path, buf, sizeof(buf)))
		pi->ana = paths_ana_parse(buf);
	return pi->dev && (n <= 0 || pi->ctrl) ? 0 : -ENOMEM;
}

/*
 * the hidden path disks nvmeXcZnY of head nvmeXnY (fioring-bench has its
 * own scan, harness/kernel/target.c: engine and harness share no code)
 */
static int nm_find_paths(struct native_mpath *m)
{
	unsigned int x, y, px, pc, py;
	struct dirent *de;
	DIR *d;
	char tail;
	int ret = 0;

	sscanf(m->head, "nvme%un%u", &x, &y);
	d = opendir("/sys/block");
	if (!d)
		return -errno;
	while (!ret && (de = readdir(d))) {
		if (sscanf(de->d_name, "nvme%uc%un%u%c", &px, &pc, &py, &tail) == 3 &&
		    px == x && py == y && m->rep.nr < 64)
			ret = nm_add_path(m, de->d_name);
	}
	closedir(d);
	return ret;
}

static bool nm_passthru_stats_on(struct native_mpath *m)
{
	char path[256], buf[16];
	unsigned int i;

	for (i = 0; i < m->rep.nr; i++) {
		snprintf(path, sizeof(path), "/sys/block/%s/queue/iostats_passthrough",
			 m->rep.path[i].info.dev);
		if (paths_sysfs_read(path, buf, sizeof(buf)) || strcmp(buf, "1"))
			return false;
	}
	return true;
}

static const char *nm_tracefs(void)
{
	static const char *const dirs[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	char path[128];
	unsigned int i;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/instances", dirs[i]);
		if (!access(path, W_OK))
			return dirs[i];
	}
	return NULL;
}

static int nm_path_of(const struct native_mpath *m, const char *disk, size_t len)
{
	unsigned int i;

	for (i = 0; i < m->rep.nr; i++)
		if (strlen(m->rep.path[i].info.dev) == len &&
		    !strncmp(m->rep.path[i].info.dev, disk, len))
			return i;
	return -1;
}

/* One trace line: pair a completion with its setup on (ctrl, qid, cid). */
static void nm_trace_line(struct native_mpath *m, const char *s)
{
	struct nm_trace_event ev;
	struct nm_pending *slot, **q;
	int path;

	if (!nm_trace_parse(s, &ev) || ev.ctrl >= NM_MAX_CTRL || ev.qid >= NM_MAX_QID)
		return;
	path = nm_path_of(m, ev.disk, ev.disk_len);
	if (path < 0)
		return;
	q = &m->pending[ev.ctrl * NM_MAX_QID + ev.qid];
	if (!*q) {
		*q = calloc(0x10000, sizeof(**q));
		if (!*q)
			return;
	}
	slot = &(*q)[ev.cid];
	if (ev.setup) {
		slot->ts_ns = ev.ts_ns;
		slot->path = path + 1;
		slot->dir = ev.dir;
		slot->bytes = ev.blocks * m->lba_size;
		return;
	}
	if (slot->path != path + 1) {
		m->unpaired++;
		return;
	}
	slot->path = 0;
	m->paired++;
	if (ev.status) {
		m->rep.path[path].st.dir[slot->dir].errors++;
		m->failed++;
		return;
	}
	pathstats_record(&m->rep.path[path].st.dir[slot->dir], slot->bytes,
			 ev.ts_ns > slot->ts_ns ? ev.ts_ns - slot->ts_ns : 0);
}

/* whatever the pipe has now; false at end of data or on error */
static bool nm_drain(struct native_mpath *m)
{
	char *nl, *start;
	ssize_t n;

	n = read(m->pipe_fd, m->line + m->line_len, sizeof(m->line) - 1 - m->line_len);
	if (n <= 0)
		return false;
	m->line_len += n;
	m->line[m->line_len] = '\0';
	start = m->line;
	while ((nl = strchr(start, '\n'))) {
		*nl = '\0';
		nm_trace_line(m, start);
		start = nl + 1;
	}
	m->line_len -= start - m->line;
	memmove(m->line, start, m->line_len);
	/* a line longer than the buffer is not one of ours */
	if (m->line_len == sizeof(m->line) - 1)
		m->line_len = 0;
	return true;
}

static void *nm_reader(void *arg)
{
	struct native_mpath *m = arg;
	struct pollfd pfd = { .fd = m->pipe_fd, .events = POLLIN };

	while (!m->stop) {
		if (poll(&pfd, 1, 100) > 0)
			while (nm_drain(m))
				;
	}
	while (nm_drain(m))
		;
	return NULL;
}

static int nm_trace_start(struct native_mpath *m, const char *tracefs)
{
	static const char *const events[] = { "nvme_setup_cmd", "nvme_complete_rq" };
	char path[400];
	unsigned int i;
	int ret;

	snprintf(m->inst, sizeof(m->inst), "%s/instances/fioring-%d", tracefs, (int)getpid());
	if (mkdir(m->inst, 0700) && errno != EEXIST)
		return -errno;
	/* a few MiB per CPU; the reader keeps up while the job runs */
	snprintf(path, sizeof(path), "%s/buffer_size_kb", m->inst);
	nm_write(path, "4096");
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/events/nvme/%s/enable", m->inst, events[i]);
		ret = nm_write(path, "1");
		if (ret)
			return ret;
	}
	snprintf(path, sizeof(path), "%s/trace_pipe", m->inst);
	m->pipe_fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (m->pipe_fd < 0)
		return -errno;
	m->pending = calloc(NM_MAX_CTRL * NM_MAX_QID, sizeof(*m->pending));
	if (!m->pending)
		return -ENOMEM;
	ret = pthread_create(&m->reader, NULL, nm_reader, m);
	if (ret)
		return -ret;
	m->reader_started = true;
	return 0;
}

static void nm_trace_stop(struct native_mpath *m)
{
	char path[400];
	unsigned int i;

	if (!m->inst[0])
		return;
	snprintf(path, sizeof(path), "%s/events/nvme/enable", m->inst);
	nm_write(path, "0");
	if (m->reader_started) {
		m->stop = true;
		pthread_join(m->reader, NULL);
	}
	if (m->pipe_fd >= 0)
		close(m->pipe_fd);
	rmdir(m->inst);
	m->inst[0] = '\0';
	if (m->pending) {
		for (i = 0; i < NM_MAX_CTRL * NM_MAX_QID; i++)
			free(m->pending[i]);
		free(m->pending);
		m->pending = NULL;
	}
}

static void nm_diskstats_start(struct native_mpath *m)
{
	unsigned int i;

	for (i = 0; i < m->rep.nr; i++)
		nm_read_stat(m->rep.path[i].info.dev, m->base[i]);
}

static void nm_diskstats_end(struct native_mpath *m)
{
	unsigned long long now[DS_NR];
	unsigned int i;

	for (i = 0; i < m->rep.nr; i++) {
		struct pathstats *st = &m->rep.path[i].st;

		if (nm_read_stat(m->rep.path[i].info.dev, now))
			continue;
		st->dir[PATHSTATS_READ].ios = now[DS_RIOS] - m->base[i][DS_RIOS];
		st->dir[PATHSTATS_READ].bytes = (now[DS_RSECT] - m->base[i][DS_RSECT]) * 512;
		st->dir[PATHSTATS_READ].sum_ns = (now[DS_RTICKS] - m->base[i][DS_RTICKS]) * 1000000;
		st->dir[PATHSTATS_WRITE].ios = now[DS_WIOS] - m->base[i][DS_WIOS];
		st->dir[PATHSTATS_WRITE].bytes = (now[DS_WSECT] - m->base[i][DS_WSECT]) * 512;
		st->dir[PATHSTATS_WRITE].sum_ns = (now[DS_WTICKS] - m->base[i][DS_WTICKS]) * 1000000;
	}
}

static void nm_free(struct native_mpath *m)
{
	nm_trace_stop(m);
	m->rep.stats_file = NULL;
	paths_release_report(&m->rep);
	free(m);
}

/* The method this kernel allows for this job, or why none. */
static int nm_choose(struct thread_data *td, struct native_mpath *m, bool passthru)
{
	const char *tracefs;
	char path[256];
	int ret;

	if (!passthru) {
		m->how = NM_DISKSTATS;
		m->rep.method = "diskstats";
		return 0;
	}
	if (nm_passthru_stats_on(m)) {
		m->how = NM_DISKSTATS;
		m->rep.method = "iostats_passthrough";
		return 0;
	}
	m->how = NM_NONE;
	m->rep.method = "unavailable";
	tracefs = nm_tracefs();
	if (!tracefs) {
		m->rep.reason = "passthrough I/O is in no diskstats (queue/iostats_passthrough "
				"missing or off) and tracefs is not mounted at /sys/kernel/tracing";
		return 0;
	}
	snprintf(path, sizeof(path), "%s/events/nvme/nvme_setup_cmd", tracefs);
	if (access(path, F_OK)) {
		m->rep.reason = "passthrough I/O is in no diskstats (queue/iostats_passthrough "
				"missing or off) and this kernel has no nvme tracepoints";
		return 0;
	}
	ret = nm_trace_start(m, tracefs);
	if (ret) {
		nm_trace_stop(m);
		log_err(ENGINE ": native multipath: cannot trace nvme events in %s: %s\n",
			tracefs, strerror(-ret));
		m->rep.reason = "passthrough I/O is in no diskstats and the nvme tracepoints "
				"could not be enabled";
		return 0;
	}
	m->how = NM_TRACE;
	m->rep.method = "tracepoints";
	m->rep.hist = true;
	return 0;
}

int native_mpath_setup(struct thread_data *td, struct native_mpath **out)
{
	struct fioring_options *o = td->eo;
	struct native_mpath *m;
	const char *file;
	char path[256], buf[64];
	struct stat st;
	int ret;

	*out = NULL;
	if (!(o->paths && !strcmp(o->paths, "auto")) && !o->path_stats)
		return 0;
	if (td->o.nr_files != 1)
		return 0;
	file = td->files[0]->file_name;
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	m->pipe_fd = -1;
	if (!nvme_cmd_disk_name(file, m->head, sizeof(m->head)) || stat(file, &st)) {
		free(m);
		return 0;
	}
	/* a head has hidden path disks; a per-controller namespace has none */
	ret = nm_find_paths(m);
	if (ret || !m->rep.nr) {
		nm_free(m);
		return ret;
	}
	snprintf(path, sizeof(path), "/sys/block/%s/device/iopolicy", m->head);
	if (!paths_sysfs_read(path, buf, sizeof(buf)) && buf[0])
		m->rep.policy_name = strdup(buf);
	snprintf(path, sizeof(path), "/sys/block/%s/queue/logical_block_size", m->head);
	m->lba_size = paths_sysfs_read(path, buf, sizeof(buf)) ? 512 : atoi(buf);
	if (!m->lba_size)
		m->lba_size = 512;
	m->rep.stats_file = o->path_stats;
	ret = nm_choose(td, m, S_ISCHR(st.st_mode));
	if (ret) {
		nm_free(m);
		return ret;
	}
	if (m->how == NM_DISKSTATS)
		nm_diskstats_start(m);
	if (m->how == NM_NONE)
		log_err(ENGINE ": %s: per-path attribution unavailable: %s\n", file,
			m->rep.reason);
	*out = m;
	return 0;
}

void native_mpath_finish(struct thread_data *td, struct native_mpath *m)
{
	if (!m)
		return;
	if (m->how == NM_DISKSTATS)
		nm_diskstats_end(m);
	nm_trace_stop(m);
	if (m->how == NM_TRACE && m->unpaired)
		log_err(ENGINE ": native multipath: %llu completions without a traced setup\n",
			(unsigned long long)m->unpaired);
	paths_report_print(td, &m->rep);
	if (m->rep.stats_file)
		paths_report_json(td, &m->rep, m->rep.stats_file);
	nm_free(m);
}
