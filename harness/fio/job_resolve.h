/* SPDX-License-Identifier: GPL-2.0 */
/*
 * job_resolve.h: a job as fio itself reads it.  One `fio --parse-only
 * --debug=parse` of the very command line a run will use tells whether fio
 * takes it at all (syntax, option values, loadable engine) and, per
 * section, every option set, under fio's own option names (aliases such as
 * readwrite= or timeout= resolved by fio's parser).
 */
#ifndef FIORING_JOB_RESOLVE_H
#define FIORING_JOB_RESOLVE_H

#include <stdbool.h>
#include <stddef.h>

/* the value fio logs for an option given without one (time_based) */
#define JOB_OPT_NOVAL "(null)"

struct job_opt {
	char *name;		/* fio's name for it, never an alias */
	char *val;
};

struct job_section {
	char name[128];
	bool global;
	int nr;
	struct job_opt *opts;
};

struct job_parse {
	/* the command line before the marker (the caller's), and after it */
	struct job_section cmdline, args;
	int nr;
	struct job_section *sec;	/* the job file's, in its order */
};

/*
 * Parses argv (a fio command line, the job file last) as fio does.  The
 * argv element equal to marker separates JOB_CMDLINE from JOB_ARGS; it
 * must be a harmless option (it is given to fio).  Returns 0, -EINVAL when
 * fio refuses the command line (its words in err), or -errno.
 */
int job_resolve(char *const argv[], const char *marker, struct job_parse *p,
		char *err, size_t errlen);
/* the parse log itself (modified), into p, which starts zeroed */
int job_parse_log(char *log, const char *marker, struct job_parse *p);
/* the value of NAME that applies to job section i (NULL: fio's default) */
const char *job_effective(const struct job_parse *p, int i, const char *name);
/* the first option of s named in names (NULL-ended), or NULL */
const struct job_opt *job_section_find(const struct job_section *s,
				       const char *const *names);
void job_parse_free(struct job_parse *p);

#endif
