// SPDX-License-Identifier: GPL-2.0
/*
 * remote_job.c: the job files a --client sweep sends to fio servers.  The
 * harness cannot touch a remote kernel, so each host's job file carries
 * the cell's settings as shell run by the fio server: exec_prerun journals
 * the old value in the server's own /run/fioring, writes the new one and
 * reads it back (refusing to run when the kernel kept another value),
 * exec_postrun puts everything back.  Several fio servers may share one
 * kernel (loopback tests do), so each host leaves a token while its job
 * runs and the last one out restores.  Before a host's first run a probe
 * job claims the device for the sweep: a detached process holds its BSD
 * flock until the teardown (or `restore`) stops it, and a writing sweep
 * finds nobody else with the device open.  A restore job is only an
 * exec_prerun that replays the server's journal and stops the holder.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fileio.h"
#include "results/dims.h"
#include "sweep/fio_opts.h"
#include "sweep/job_guard.h"
#include "sweep/remote_job.h"
#include "sweep/run_env.h"
#include "sweep/run_tools.h"
#include "sweep/sweep.h"
#include "kernel/target.h"

/* the shell of one exec_prerun/exec_postrun, before base64 (fio reads 8 KiB lines) */
#define REMOTE_SCRIPT_MAX	5800

/*
 * The shell every remote script starts with: where the server keeps its
 * journal of disk d, the token of this host, a lock so that servers
 * sharing one kernel take turns, and the replay of the journal.  The
 * sweep's holder of the device's flock is named in $hf ("PID SWEEP"),
 * found in /proc/locks by the device node's inode; live() reads it into
 * p and id when that pid still holds the lock, and it is ours when id is
 * this sweep's i.
 */
static const char script_head[] =
	"s=/run/fioring; j=$s/remote-$d.journal; u=$s/remote-$d.users\n"
	"hf=$s/remote-$d.holder; vf=$s/remote-$d.verdict-$t\n"
	"mkdir -p $u || exit 1\n"
	"exec 9>>$s/remote.lock; flock 9\n"
	"tab=$(printf '\\t')\n"
	"sel() { sed 's/.*\\[\\(.*\\)\\].*/\\1/' \"$1\"; }\n"
	"replay() {\n"
	"  [ -f $j ] || return 0\n"
	"  tac $j | while IFS=$tab read -r k f v; do echo \"$v\" > \"$f\"; done\n"
	"  rm -f $j\n"
	"}\n"
	"lk=$(printf '%02x:%02x:%s' $(stat -L -c '%Hd %Ld %i' /dev/$d))\n"
	"lockpid() { awk -v k=$lk '$2 == \"FLOCK\" && $6 == k { print $5; exit }' /proc/locks; }\n"
	"who() { echo \"pid $1 ($(cat /proc/$1/comm 2>/dev/null || echo gone))\"; }\n"
	"live() { [ -f $hf ] && read -r p id < $hf && [ \"$(lockpid)\" = \"$p\" ]; }\n"
	"ours() { live && [ \"$id\" = \"$i\" ]; }\n"
	"release() {\n"
	"  [ -f $hf ] && read -r p id < $hf && [ \"$id\" = \"$i\" ] || return 0\n"
	"  [ \"$(lockpid)\" = \"$p\" ] && kill -- -$p\n"
	"  rm -f $hf\n"
	"}\n";

/* set_knob ATTR VALUE: journaled once, written, read back */
static const char script_set[] =
	"set_knob() {\n"
	"  f=/sys/block/$d/queue/$1\n"
	"  [ -e $f ] || { echo \"no $f\"; return 1; }\n"
	"  grep -q \"$tab$f$tab\" $j 2>/dev/null ||\n"
	"    printf 'knob\\t%s\\t%s\\n' $f \"$(sel $f)\" >> $j\n"
	"  echo $2 > $f\n"
	"  e=$(sel $f)\n"
	"  [ \"$e\" = \"$2\" ] || { echo \"$f: the kernel kept $e, not $2\"; return 1; }\n"
	"}\n"
	"touch $u/$t\n";

/*
 * guard W: what every job checks on its host before it runs: the sweep's
 * holder still has the device's flock, and when the sweep writes (W=1)
 * nothing is stacked on it, it has no partitions and is not mounted.
 */
static const char script_guard[] =
	"guard() {\n"
	"  ours || { echo \"/dev/$d: this sweep no longer holds its lock\"; return 1; }\n"
	"  [ \"$1\" = 1 ] || return 0\n"
	"  h=$(ls /sys/block/$d/holders); [ -z \"$h\" ] || { echo \"/dev/$d is held by the kernel for $h\"; return 1; }\n"
	"  ls -d /sys/block/$d/$d* >/dev/null 2>&1 && { echo \"/dev/$d has partitions\"; return 1; }\n"
	"  grep -q \"^[0-9]* [0-9]* $(cat /sys/block/$d/dev) \" /proc/self/mountinfo &&\n"
	"    { echo \"/dev/$d is mounted\"; return 1; }\n"
	"  return 0\n"
	"}\n";

/*
 * claim W, the probe's: take the device's flock for the sweep in a
 * process of its own session (the fio server may be killed and restarted
 * meanwhile), with none of the server's descriptors (dash cannot close
 * those above 9, bash can); a lock held by someone else for under a second,
 * as udev does while it probes, is waited out.  Then the guard, and for a
 * writing sweep no other process with the device open (any node of it:
 * a superset of O_EXCL openers in user space) and no signature.
 */
static const char script_claim[] =
	"claim() {\n"
	"  ours && return 0\n"
	"  for n in 1 2 3 4 5 6 7 8 9 10; do q=$(lockpid); [ -z \"$q\" ] && break; sleep 0.1; done\n"
	"  [ -z \"$q\" ] || { echo \"/dev/$d is locked by $(who $q)\"; return 1; }\n"
	"  command -v bash >/dev/null || { echo \"no bash here to hold the lock of /dev/$d\"; return 1; }\n"
	"  setsid bash -c 'for f in /proc/$$/fd/*; do n=${f##*/}; [ $n -gt 2 ] && eval \"exec $n>&-\"; done 2>/dev/null;"
	" exec flock -x -n \"$0\" sleep 2147483647' /dev/$d </dev/null >/dev/null 2>&1 &\n"
	"  p=$!\n"
	"  for n in 1 2 3 4 5 6 7 8 9 10; do [ \"$(lockpid)\" = $p ] && break; sleep 0.1; done\n"
	"  if [ \"$(lockpid)\" != $p ]; then\n"
	"    kill -- -$p 2>/dev/null; q=$(lockpid)\n"
	"    echo \"/dev/$d is locked by ${q:+$(who $q)}${q:-another process}\"; return 1\n"
	"  fi\n"
	"  echo \"$p $i\" > $hf\n"
	"  guard $1 || return 1\n"
	"  [ \"$1\" = 1 ] || return 0\n"
	"  k=$(stat -L -c '%t:%T' /dev/$d); x=\" $p $(cat /proc/$p/task/$p/children 2>/dev/null) \"\n"
	"  o=$(stat -L -c '%t:%T:%f %n' /proc/[0-9]*/fd/* 2>/dev/null | awk -v k=$k -v x=\"$x\" \\\n"
	"    'index($1, k \":6\") == 1 { split($2, a, \"/\"); if (index(x, \" \" a[3] \" \") == 0) { print a[3]; exit } }')\n"
	"  [ -z \"$o\" ] || { echo \"/dev/$d is open by $(who $o)\"; return 1; }\n"
	"  blkid -p /dev/$d >/dev/null 2>&1; r=$?\n"
	"  [ $r = 2 ] || { echo \"/dev/$d holds data (blkid -p exit $r)\"; return 1; }\n"
	"}\n";

/*
 * The probe's verdict: fio passes nothing of an exec_prerun back to the
 * client, so a refusal is also left as a one-line read_iolog, which a
 * second job reads and fio's iolog parser prints back in its text.
 */
static const char script_probe[] =
	"rm -f $vf\n"
	"if m=$(claim %d 2>&1); then echo ok; exit 0; fi\n"
	"m=$(echo \"$m\" | tail -n 1)\n"
	"release\n"
	"printf 'fio version 2 iolog\\n" REMOTE_VERDICT " 1 %%s\\n' \"$m\" > $vf\n"
	"echo \"$m\"; exit 1\n";

static const char script_fail[] =
	"then :; else rm -f $u/$t; [ -n \"$(ls -A $u)\" ] || replay; exit 1; fi\n";

static const char script_post[] =
	"rm -f $u/$t; [ -n \"$(ls -A $u)\" ] || replay\n";

/* what another sweep holds the device for is that sweep's to put back */
static const char script_restore[] =
	"if live && [ \"$id\" != \"$i\" ]; then\n"
	"  echo \"/dev/$d is another sweep's (pid $p): left to it\"; exit 0\n"
	"fi\n"
	"rm -f $u/*; replay; release; rm -f $s/remote-$d.verdict-*\n";

static void b64(const char *in, char *out, size_t len)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t n = strlen(in), i, o = 0;
	unsigned int v;

	for (i = 0; i < n && o + 5 < len; i += 3) {
		v = (unsigned char)in[i] << 16;
		if (i + 1 < n)
			v |= (unsigned char)in[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)in[i + 2];
		out[o++] = tab[v >> 18 & 63];
		out[o++] = tab[v >> 12 & 63];
		out[o++] = i + 1 < n ? tab[v >> 6 & 63] : '=';
		out[o++] = i + 2 < n ? tab[v & 63] : '=';
	}
	out[o] = '\0';
}

/*
 * An exec_prerun/exec_postrun line running script on the server.  fio
 * appends its own output redirection, so the script travels base64-encoded
 * into one sh, whatever quotes or newlines it has.  @sweep names the
 * sweep whose lock holder the script may recognise or stop.
 */
static int exec_line(FILE *f, const char *opt, const char *disk,
		     const char *tag, const char *sweep, const char *body)
{
	char script[REMOTE_SCRIPT_MAX], enc[REMOTE_SCRIPT_MAX / 3 * 4 + 5];

	if (snprintf(script, sizeof(script), "d=%s; t=%s; i=%s\n%s%s", disk, tag,
		     sweep, script_head, body) >= (int)sizeof(script))
		return -E2BIG;
	b64(script, enc, sizeof(enc));
	fprintf(f, "%s=echo %s | base64 -d | sh\n", opt, enc);
	return 0;
}

/* what the sweep owns in every job section: engine, file, runtime, ... */
static void cell_opts(FILE *f, const struct run_env *env,
		      const struct run_tools *tl, const struct sweep_cell *c,
		      const struct target *t, const struct strlist *opts)
{
	char ioengine[PATH_BUF];
	int i;

	/* the engine clients.c holds the host's row to (no char devices) */
	cell_ioengine(tl->engine_lib, sweep_val(c, DIM_ENGINE), false, ioengine,
		      sizeof(ioengine));
	fprintf(f, "ioengine=%s\n", ioengine);
	fprintf(f, "filename=%s\n", t->dev);
	if (env->runtime > 0)
		fprintf(f, "runtime=%d\ntime_based\n", env->runtime);
	for (i = 0; i < opts->nr; i++)
		fprintf(f, "%s\n", opts->v[i]);
	for (i = 0; i < env->fio_args.nr; i++) {
		const char *a = env->fio_args.v[i];

		fprintf(f, "%s\n", strncmp(a, "--", 2) ? a : a + 2);
	}
}

/* is line a section header other than [global]? */
static int job_section(const char *line, size_t len)
{
	while (len && (*line == ' ' || *line == '\t')) {
		line++;
		len--;
	}
	return len && *line == '[' && memchr(line, ']', len) &&
	       strncmp(line, "[global]", 8);
}

/*
 * The job text with the cell's options at the top of each job section: a
 * server's global options reach the client merged with every other
 * host's, its job options per host, and those are what the row is held to.
 */
static void jobs_with_opts(FILE *f, const char *text, size_t len,
			   const struct run_env *env, const struct run_tools *tl,
			   const struct sweep_cell *c, const struct target *t,
			   const struct strlist *opts)
{
	const char *p = text, *end = text + len, *nl;
	size_t n;

	while (p < end) {
		nl = memchr(p, '\n', end - p);
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		fwrite(p, 1, n, f);
		fputc('\n', f);
		if (job_section(p, n))
			cell_opts(f, env, tl, c, t, opts);
		p += n + 1;
	}
}

int remote_job_write(const struct run_env *env, const struct run_tools *tl,
		     const struct sweep_cell *c, const struct target *t,
		     const char *tag, const char *path)
{
	char jobcopy[PATH_BUF], body[2048], *text = NULL;
	struct strlist opts = { 0 };
	size_t len, used;
	FILE *f;
	int ret, d;

	snprintf(jobcopy, sizeof(jobcopy), "%s/jobs/%s.fio", tl->out, c->job_name);
	ret = cell_fio_opts(c->val, &opts);
	if (!ret)
		ret = file_read_all(jobcopy, &text, &len);
	if (ret)
		goto out;
	f = fopen(path, "we");
	if (!f) {
		ret = -errno;
		goto out;
	}
	fprintf(f, "; fioring-bench run --client: cell %s on %s\n[global]\n",
		c->name, tag);
	used = snprintf(body, sizeof(body), "%s%sif guard %d", script_guard,
			script_set, tl->writes && !env->force);
	for (d = 0; d < NR_DIMS; d++)
		if (dims[d].where == DIM_QUEUE_ATTR && c->val[d])
			used += snprintf(body + used, sizeof(body) - used,
					 " && set_knob %s %s", dims[d].attr,
					 c->val[d]);
	snprintf(body + used, sizeof(body) - used, "; %s", script_fail);
	ret = exec_line(f, "exec_prerun", t->disk, tag, tl->sweep_id, body) ?:
	      exec_line(f, "exec_postrun", t->disk, tag, tl->sweep_id, script_post);
	jobs_with_opts(f, text, len, env, tl, c, t, &opts);
	if (!ret && ferror(f))
		ret = -EIO;
	if (fclose(f) && !ret)
		ret = -errno;
out:
	free(text);
	strlist_free(&opts);
	return ret;
}

int remote_probe_job(FILE *f, const char *disk, const char *tag,
		     const char *sweep, bool writes)
{
	char body[REMOTE_SCRIPT_MAX];

	snprintf(body, sizeof(body), "%s%s", script_guard, script_claim);
	snprintf(body + strlen(body), sizeof(body) - strlen(body), script_probe,
		 writes);
	return exec_line(f, "exec_prerun", disk, tag, sweep, body);
}

void remote_verdict_job(FILE *f, const char *disk, const char *tag)
{
	fprintf(f, "read_iolog=/run/fioring/remote-%s.verdict-%s\n", disk, tag);
}

int remote_restore_job(FILE *f, const char *disk, const char *tag,
		       const char *sweep)
{
	return exec_line(f, "exec_prerun", disk, tag, sweep, script_restore);
}
