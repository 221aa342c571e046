// SPDX-License-Identifier: GPL-2.0
/*
 * remote_job.c: the job files a --client sweep sends to fio servers.  The
 * harness cannot touch a remote kernel, so each host's job file carries
 * the cell's settings as shell run by the fio server: exec_prerun journals
 * the old value in the server's own /run/fioring, writes the new one and
 * reads it back (refusing to run when the kernel kept another value),
 * exec_postrun puts everything back.  Several fio servers may share one
 * kernel (loopback tests do), so each host leaves a token while its job
 * runs and the last one out restores.  A restore job is only an
 * exec_prerun that replays the server's journal.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fileio.h"
#include "fio/ioprio_mix.h"
#include "sweep/remote_job.h"
#include "sweep/run.h"

/* the shell of one exec_prerun/exec_postrun, before base64 */
#define REMOTE_SCRIPT_MAX	4096

/*
 * The shell every remote script starts with: where the server keeps its
 * journal of disk d, the token of this host, a lock so that servers
 * sharing one kernel take turns, and the replay of the journal.
 */
static const char script_head[] =
	"s=/run/fioring; j=$s/remote-$d.journal; u=$s/remote-$d.users\n"
	"mkdir -p $u || exit 1\n"
	"exec 9>>$s/remote.lock; flock 9\n"
	"tab=$(printf '\\t')\n"
	"sel() { sed 's/.*\\[\\(.*\\)\\].*/\\1/' \"$1\"; }\n"
	"replay() {\n"
	"  [ -f $j ] || return 0\n"
	"  tac $j | while IFS=$tab read -r k f v; do echo \"$v\" > \"$f\"; done\n"
	"  rm -f $j\n"
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
 * guard W: the host's side of the safety guard, before every job: no
 * other process holds the device's flock (a sweep run on that host; one
 * held for under a second, as udev does while it probes, is waited out), and
 * when the sweep writes (W=1) nothing is stacked on it, mounted from it,
 * and blkid finds no signature or partition table on it.  O_EXCL cannot
 * be tried from sh.
 */
static const char script_guard[] =
	"guard() {\n"
	"  flock -w 1 -x /dev/$d true || { echo \"/dev/$d is locked by another process\"; return 1; }\n"
	"  [ \"$1\" = 1 ] || return 0\n"
	"  h=$(ls /sys/block/$d/holders); [ -z \"$h\" ] || { echo \"/dev/$d is held by $h\"; return 1; }\n"
	"  ls -d /sys/block/$d/$d* >/dev/null 2>&1 && { echo \"/dev/$d has partitions\"; return 1; }\n"
	"  grep -q \"^[0-9]* [0-9]* $(cat /sys/block/$d/dev) \" /proc/self/mountinfo &&\n"
	"    { echo \"/dev/$d is mounted\"; return 1; }\n"
	"  blkid -p /dev/$d >/dev/null 2>&1; r=$?\n"
	"  [ $r = 2 ] || { echo \"/dev/$d holds data (blkid -p exit $r)\"; return 1; }\n"
	"}\n";

static const char script_fail[] =
	"then :; else rm -f $u/$t; [ -n \"$(ls -A $u)\" ] || replay; exit 1; fi\n";

static const char script_post[] =
	"rm -f $u/$t; [ -n \"$(ls -A $u)\" ] || replay\n";

static const char script_restore[] = "rm -f $u/*; replay\n";

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
 * into one sh, whatever quotes or newlines it has.
 */
static void exec_line(FILE *f, const char *opt, const char *disk,
		      const char *tag, const char *body)
{
	char script[REMOTE_SCRIPT_MAX], enc[REMOTE_SCRIPT_MAX / 3 * 4 + 5];

	snprintf(script, sizeof(script), "d=%s; t=%s\n%s%s", disk, tag,
		 script_head, body);
	b64(script, enc, sizeof(enc));
	fprintf(f, "%s=echo %s | base64 -d | sh\n", opt, enc);
}

int remote_job_write(struct run_ctx *ctx, const struct sweep_cell *c,
		     const struct target *t, const char *tag, const char *path)
{
	char jobcopy[PATH_BUF], body[2048], *text = NULL;
	struct ioprio_mix prio;
	size_t len, used;
	FILE *f;
	int i, ret;

	snprintf(jobcopy, sizeof(jobcopy), "%s/jobs/%s.fio", ctx->out, c->job_name);
	ret = file_read_all(jobcopy, &text, &len);
	if (ret)
		return ret;
	f = fopen(path, "we");
	if (!f) {
		ret = -errno;
		free(text);
		return ret;
	}
	fprintf(f, "; fioring-bench run --client: cell %s on %s\n[global]\n",
		c->name, tag);
	if (!strcmp(c->engine, "fioring"))
		fprintf(f, "ioengine=external:%s\n", ctx->engine_lib);
	else
		fprintf(f, "ioengine=%s\n", c->engine);
	fprintf(f, "filename=%s\n", t->dev);
	if (ctx->env.runtime > 0)
		fprintf(f, "runtime=%d\ntime_based\n", ctx->env.runtime);
	if (c->sqpoll)
		fprintf(f, "sqthread_poll=1\n");
	if (!ioprio_parse(c->ioprio, &prio) && prio.pct)
		fprintf(f, "cmdprio_percentage=%d\ncmdprio_class=%d\ncmdprio=%d\n",
			prio.pct, prio.cls, prio.level);
	else if (prio.cls)
		fprintf(f, "prioclass=%d\nprio=%d\n", prio.cls, prio.level);
	for (i = 0; i < ctx->env.fio_args.nr; i++) {
		const char *a = ctx->env.fio_args.v[i];

		fprintf(f, "%s\n", strncmp(a, "--", 2) ? a : a + 2);
	}
	used = snprintf(body, sizeof(body), "%s%sif guard %d && set_knob iostats %s",
			script_guard, script_set,
			ctx->writes && !ctx->env.force, c->iostats);
	if (c->scheduler)
		used += snprintf(body + used, sizeof(body) - used,
				 " && set_knob scheduler %s", c->scheduler);
	snprintf(body + used, sizeof(body) - used, "; %s", script_fail);
	exec_line(f, "exec_prerun", t->disk, tag, body);
	exec_line(f, "exec_postrun", t->disk, tag, script_post);
	fwrite(text, 1, len, f);
	free(text);
	ret = ferror(f) ? -EIO : 0;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

void remote_restore_job(FILE *f, const char *disk, const char *tag)
{
	exec_line(f, "exec_prerun", disk, tag, script_restore);
}
