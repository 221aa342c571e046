// SPDX-License-Identifier: GPL-2.0
/*
 * placement.c: plans and applies where a sweep runs (see placement.h).
 * The fio jobs get cpus_allowed; their io-wq workers and an SQ thread
 * without an affinity of its own inherit that mask.  SQPOLL cells get
 * sqthread_poll_cpu on a CPU outside the jobs' set, since an SQ thread
 * that shares its submitter's CPU busy-polls until preempted.  The harness
 * moves to the CPUs left over, where there are any, so its diskstats
 * polling never takes the jobs' CPU.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "kernel/knob.h"
#include "lib/fileio.h"
#include "lib/json_put.h"
#include "sweep/placement.h"

/* "0-2,5" from a mask */
static void mask_text(const cpu_set_t *m, char *buf, size_t len)
{
	size_t used = 0;
	int c, end;

	buf[0] = '\0';
	for (c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, m))
			continue;
		for (end = c; end + 1 < CPU_SETSIZE && CPU_ISSET(end + 1, m); end++)
			;
		if (used < len)
			used += snprintf(buf + used, len - used, "%s%d", used ? "," : "", c);
		if (end > c && used < len)
			used += snprintf(buf + used, len - used, "-%d", end);
		c = end;
	}
}

/* "1", "0-3", "1,3": a CPU list as fio's cpus_allowed takes it */
static int mask_parse(const char *s, cpu_set_t *m)
{
	char *end;
	long a, b;

	CPU_ZERO(m);
	while (*s) {
		a = strtol(s, &end, 10);
		if (end == s || a < 0 || a >= CPU_SETSIZE)
			return -EINVAL;
		b = a;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || b < a || b >= CPU_SETSIZE)
				return -EINVAL;
		}
		for (; a <= b; a++)
			CPU_SET(a, m);
		if (*end == ',' && end[1])
			end++;
		else if (*end)
			return -EINVAL;
		s = end;
	}
	return CPU_COUNT(m) ? 0 : -EINVAL;
}

int placement_plan(const char *cpus, bool unpinned, struct placement *p)
{
	cpu_set_t allowed, job, rest;
	char list[64];
	int c;

	memset(p, 0, sizeof(*p));
	p->sq_cpu = -1;
	p->wq_lock_fd = -1;
	if (unpinned) {
		snprintf(p->note, sizeof(p->note), "unpinned: the scheduler's "
			 "placement of fio, its io-wq workers and SQ threads is "
			 "part of every figure");
		return 0;
	}
	if (sched_getaffinity(0, sizeof(allowed), &allowed) < 0)
		return -errno;
	mask_text(&allowed, list, sizeof(list));
	if (cpus) {
		if (mask_parse(cpus, &job)) {
			fprintf(stderr, "fioring-bench run: bad --cpus value '%s': "
				"a CPU list such as 1, 2-3 or 1,3\n", cpus);
			return -EINVAL;
		}
		CPU_AND(&rest, &job, &allowed);
		if (!CPU_EQUAL(&rest, &job)) {
			fprintf(stderr, "fioring-bench run: --cpus %s: not all of "
				"them are CPUs this process may use (%s)\n", cpus, list);
			return -EINVAL;
		}
	} else {
		/* the last allowed CPU: CPU 0 takes most interrupts */
		CPU_ZERO(&job);
		for (c = CPU_SETSIZE - 1; c >= 0 && !CPU_ISSET(c, &allowed); c--)
			;
		CPU_SET(c, &job);
	}
	p->pinned = true;
	mask_text(&job, p->job_cpus, sizeof(p->job_cpus));
	CPU_XOR(&rest, &allowed, &job);
	if (!CPU_COUNT(&rest)) {
		snprintf(p->note, sizeof(p->note), "one CPU (%s) for everything: "
			 "an SQ thread shares it with its submitter, and SQPOLL "
			 "may collapse to about one I/O per tick", list);
		return 0;
	}
	mask_text(&rest, p->harness_cpus, sizeof(p->harness_cpus));
	for (c = 0; !CPU_ISSET(c, &rest); c++)
		;
	p->sq_cpu = c;
	return 0;
}

/* the mask every unbound workqueue without a mask of its own runs on */
#define WQ_UNBOUND_CPUMASK "/sys/devices/virtual/workqueue/cpumask"

/* "2", "1,00000000": a mask as sysfs cpumask files take it */
static void mask_hex(const cpu_set_t *m, char *buf, size_t len)
{
	size_t used = 0;
	unsigned int v;
	int top, w, c;

	for (top = CPU_SETSIZE - 1; top > 0 && !CPU_ISSET(top, m); top--)
		;
	for (w = top / 32; w >= 0 && used < len; w--) {
		for (v = 0, c = 0; c < 32; c++)
			if (CPU_ISSET(w * 32 + c, m))
				v |= 1u << c;
		used += snprintf(buf + used, len - used, used ? ",%08x" : "%x", v);
	}
}

/* -EBUSY while another sweep owns the global cpumask */
static int lock_wq_cpumask(struct placement *p)
{
	int fd, ret;

	ret = mkdir_p("/run/fioring", 0755);
	if (ret)
		return ret;
	fd = open(WQ_CPUMASK_LOCK, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		ret = errno == EWOULDBLOCK ? -EBUSY : -errno;
		close(fd);
		return ret;
	}
	p->wq_lock_fd = fd;
	return 0;
}

/* binds the unbound workqueues to the SQ thread's CPU, or to the jobs' */
static int bind_workers(struct journal *j, struct placement *p, bool on_sq)
{
	char hex[160];
	cpu_set_t m;
	int ret;

	CPU_ZERO(&m);
	if (on_sq)
		CPU_SET(p->sq_cpu, &m);
	else if (mask_parse(p->job_cpus, &m))
		return -EINVAL;
	mask_hex(&m, hex, sizeof(hex));
	ret = knob_set(j, WQ_UNBOUND_CPUMASK, hex, NULL, 0);
	if (!ret)
		p->workers_on_sq = on_sq;
	return ret;
}

int placement_bind_workers(struct journal *j, struct placement *p)
{
	int ret;

	if (!p->pinned)
		return 0;
	ret = lock_wq_cpumask(p);
	if (ret)
		return ret;
	ret = bind_workers(j, p, false);
	if (!ret)
		snprintf(p->worker_cpus, sizeof(p->worker_cpus), "%s", p->job_cpus);
	return ret;
}

int placement_workers_follow(struct journal *j, struct placement *p, bool sqpoll)
{
	bool on_sq = sqpoll && p->sq_cpu >= 0;

	if (!p->worker_cpus[0] || on_sq == p->workers_on_sq)
		return 0;
	return bind_workers(j, p, on_sq);
}

int placement_sq_opt(const struct placement *p, struct strlist *opts)
{
	char o[40];
	int ret;

	if (p->sq_cpu < 0 || !strlist_has(opts, "sqthread_poll=1"))
		return -1;
	snprintf(o, sizeof(o), "sqthread_poll_cpu=%d", p->sq_cpu);
	ret = strlist_add(opts, o);
	return ret ?: p->sq_cpu;
}

int placement_apply(const struct placement *p)
{
	cpu_set_t m;

	if (!p->harness_cpus[0])
		return 0;
	if (mask_parse(p->harness_cpus, &m))
		return -EINVAL;
	return sched_setaffinity(0, sizeof(m), &m) < 0 ? -errno : 0;
}

void placement_describe(const struct placement *p, char *buf, size_t len)
{
	char sq[32] = "";
	char wk[160] = "";

	if (!p->pinned) {
		snprintf(buf, len, "unpinned");
		return;
	}
	if (p->sq_cpu >= 0)
		snprintf(sq, sizeof(sq), ", SQ threads on CPU %d", p->sq_cpu);
	if (p->worker_cpus[0])
		snprintf(wk, sizeof(wk), ", loop workers on CPU %s%s", p->worker_cpus,
			 p->sq_cpu >= 0 ? " (under SQPOLL on the SQ thread's)" : "");
	snprintf(buf, len, "fio jobs on CPU %s%s%s%s%s", p->job_cpus, wk, sq,
		 p->harness_cpus[0] ? ", harness on " : "", p->harness_cpus);
}

json_object *placement_json(const struct placement *p)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "pinned", json_object_new_boolean(p->pinned));
	json_put_str(o, "job_cpus", p->job_cpus);
	json_object_object_add(o, "sq_cpu", p->sq_cpu >= 0 ?
			       json_object_new_int(p->sq_cpu) : NULL);
	json_put_str(o, "harness_cpus", p->harness_cpus);
	json_put_str(o, "worker_cpus", p->worker_cpus);
	json_put_str(o, "note", p->note);
	return o;
}
