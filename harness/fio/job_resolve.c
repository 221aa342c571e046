// SPDX-License-Identifier: GPL-2.0
/*
 * job_resolve.c: asks fio how it reads a job instead of reading the job
 * file ourselves.  `--parse-only` makes fio parse the command line and the
 * job file exactly as a run would, loading the engine to parse its
 * options, and exit before any file is opened; `--debug=parse` makes it log
 * each section it enters ("Parsing section [x]") and each option it sets
 * ("handle_option=rw, ptr=randwrite"), under the option's own name.  That
 * log, split at the section lines, is the job as fio will run it: include
 * files, ${VAR} expansion and aliases are fio's business, not ours.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio/fio_runner.h"
#include "fio/job_resolve.h"
#include "lib/fileio.h"
#include "lib/str.h"

/* a parse-only fio that takes longer than this is stuck */
#define RESOLVE_TIMEOUT_S	30

static int opt_add(struct job_section *s, const char *name, const char *val)
{
	struct job_opt *n = realloc(s->opts, (s->nr + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	s->opts = n;
	n[s->nr].name = strdup(name);
	n[s->nr].val = strdup(val);
	if (!n[s->nr].name || !n[s->nr].val) {
		free(n[s->nr].name);
		free(n[s->nr].val);
		return -ENOMEM;
	}
	s->nr++;
	return 0;
}

static int section_add(struct job_parse *p, const char *name)
{
	struct job_section *n = realloc(p->sec, (p->nr + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	p->sec = n;
	memset(&n[p->nr], 0, sizeof(*n));
	str_copy(n[p->nr].name, sizeof(n[p->nr].name), name);
	n[p->nr].global = !strcmp(name, "global");
	p->nr++;
	return 0;
}

/* where the options fio logs now belong */
struct log_state {
	struct job_section *cur;	/* NULL: not in a section */
	bool in_file;			/* past the command line */
};

/* One line of fio's parse log: "parse    PID   WHAT".  Returns 0 or -errno. */
static int log_line(struct job_parse *p, char *line, const char *marker,
		    struct log_state *st)
{
	struct job_section **cur = &st->cur;
	char *what, *comma, *end;

	if (strncmp(line, "parse", 5))
		return 0;
	what = line + 5;
	while (*what == ' ')
		what++;
	while (*what >= '0' && *what <= '9')
		what++;
	/* the pid is padded to 5 columns: "parse    812   handle_option=..." */
	if (*what != ' ')
		return 0;
	while (*what == ' ')
		what++;
	if (!strncmp(what, "Parsing ini file", 16)) {
		/* an include goes on with the section it is in */
		if (*cur == &p->cmdline || *cur == &p->args)
			*cur = NULL;
		st->in_file = true;
		return 0;
	}
	if (!strncmp(what, "Parsing section [", 17)) {
		end = strrchr(what, ']');
		if (!end)
			return 0;
		*end = '\0';
		if (section_add(p, what + 17))
			return -ENOMEM;
		*cur = &p->sec[p->nr - 1];
		return 0;
	}
	if (strncmp(what, "handle_option=", 14))
		return 0;
	what += 14;
	comma = strstr(what, ", ptr=");
	if (!comma)
		return 0;
	*comma = '\0';
	if (!*cur && st->in_file)
		return 0;
	if (!*cur)
		*cur = &p->cmdline;
	if (*cur == &p->cmdline && marker && !strcmp(comma + 6, marker)) {
		*cur = &p->args;
		return 0;
	}
	return opt_add(*cur, what, comma + 6);
}

/* "--description=X" given as the marker: fio logs only "X" */
static const char *marker_value(const char *marker)
{
	const char *eq = marker ? strchr(marker, '=') : NULL;

	return eq ? eq + 1 : marker;
}

int job_parse_log(char *log, const char *marker, struct job_parse *p)
{
	struct log_state st = { 0 };
	char *line, *save;
	int ret = 0;

	for (line = strtok_r(log, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save))
		ret = log_line(p, line, marker_value(marker), &st);
	return ret;
}

int job_resolve(char *const argv[], const char *marker, struct job_parse *p,
		char *err, size_t errlen)
{
	char dir[] = "/tmp/fioring-resolve.XXXXXX", out[64], errf[64];
	char **av = NULL, *buf = NULL;
	struct fio_exit ex;
	struct fio_cmd cmd;
	int n = 0, i, ret;
	size_t len;

	memset(p, 0, sizeof(*p));
	err[0] = '\0';
	while (argv[n])
		n++;
	av = calloc(n + 3, sizeof(*av));
	if (!av)
		return -ENOMEM;
	av[0] = argv[0];
	av[1] = (char *)"--parse-only";
	av[2] = (char *)"--debug=parse";
	for (i = 1; i < n; i++)
		av[i + 2] = argv[i];
	if (!mkdtemp(dir)) {
		free(av);
		return -errno;
	}
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(errf, sizeof(errf), "%s/err", dir);
	memset(&cmd, 0, sizeof(cmd));
	cmd.argv = av;
	cmd.json_path = out;
	cmd.err_path = errf;
	cmd.runtime = 1;
	cmd.timeout_s = RESOLVE_TIMEOUT_S;
	ret = fio_run(&cmd, &ex, false);
	if (ret)
		goto out;
	if (ex.interrupted || ex.timed_out || ex.signal) {
		snprintf(err, errlen, "fio --parse-only %s", ex.interrupted ?
			 "was interrupted" : ex.timed_out ? "did not finish" :
			 strsignal(ex.signal));
		ret = ex.interrupted ? -EINTR : -EIO;
		goto out;
	}
	if (ex.code) {
		fio_err_message(errf, NULL, err, errlen);
		if (!err[0])
			snprintf(err, errlen, "fio exited %d", ex.code);
		ret = -EINVAL;
		goto out;
	}
	ret = file_read_all(out, &buf, &len);
	if (ret)
		goto out;
	ret = job_parse_log(buf, marker, p);
	/* a fio built without its debug log cannot tell */
	if (!ret && !p->nr && !p->cmdline.nr) {
		fio_err_message(errf, NULL, err, errlen);
		snprintf(err + strlen(err), errlen - strlen(err), "%sfio printed "
			 "no parse log (--debug=parse; %zu bytes of output)",
			 err[0] ? "; " : "", len);
		ret = -ENOTSUP;
	}
out:
	if (ret && ret != -EINVAL && ret != -ENOTSUP && !err[0])
		snprintf(err, errlen, "cannot run fio --parse-only: %s",
			 strerror(-ret));
	if (ret)
		job_parse_free(p);
	free(buf);
	unlink(out);
	unlink(errf);
	rmdir(dir);
	free(av);
	return ret;
}

static const char *last_of(const struct job_section *s, const char *name)
{
	int i;

	for (i = s->nr - 1; i >= 0; i--)
		if (!strcmp(s->opts[i].name, name))
			return s->opts[i].val;
	return NULL;
}

/*
 * fio copies the options of every [global] above a job, over the command
 * line's, and the job's own over those: the latest one given wins.
 */
const char *job_effective(const struct job_parse *p, int i, const char *name)
{
	const char *v = last_of(&p->sec[i], name);
	int k;

	for (k = i - 1; !v && k >= 0; k--)
		if (p->sec[k].global)
			v = last_of(&p->sec[k], name);
	if (!v)
		v = last_of(&p->args, name);
	if (!v)
		v = last_of(&p->cmdline, name);
	return v;
}

const struct job_opt *job_section_find(const struct job_section *s,
				       const char *const *names)
{
	int i, k;

	for (i = 0; i < s->nr; i++)
		for (k = 0; names[k]; k++)
			if (!strcmp(s->opts[i].name, names[k]))
				return &s->opts[i];
	return NULL;
}

static void section_free(struct job_section *s)
{
	int i;

	for (i = 0; i < s->nr; i++) {
		free(s->opts[i].name);
		free(s->opts[i].val);
	}
	free(s->opts);
	s->opts = NULL;
	s->nr = 0;
}

void job_parse_free(struct job_parse *p)
{
	int i;

	section_free(&p->cmdline);
	section_free(&p->args);
	for (i = 0; i < p->nr; i++)
		section_free(&p->sec[i]);
	free(p->sec);
	p->sec = NULL;
	p->nr = 0;
}
