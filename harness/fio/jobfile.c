// SPDX-License-Identifier: GPL-2.0
/*
 * jobfile.c: what the harness needs to know of a fio job file: its name,
 * whether it is one of the default jobs, and a copy of it for the results
 * directory.  What a job does is fio's to say (fio/job_resolve.c).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio/jobfile.h"

void job_name(const char *path, char *buf, size_t len)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	snprintf(buf, len, "%s", base);
	n = strlen(buf);
	if (n > 4 && !strcmp(buf + n - 4, ".fio"))
		buf[n - 4] = '\0';
	/* cell names use '/' as separator and the CSV ',' */
	for (char *p = buf; *p; p++)
		if (*p == '/' || *p == ',' || isspace((unsigned char)*p))
			*p = '_';
}

/* "direct=1", " direct = 1", "buffered=0": asks for O_DIRECT */
static int asks_direct(const char *line)
{
	const char *p = line;

	while (isspace((unsigned char)*p))
		p++;
	if (!strncmp(p, "direct", 6))
		p += 6;
	else if (!strncmp(p, "buffered", 8))
		p += 8;
	else
		return 0;
	while (isspace((unsigned char)*p))
		p++;
	return *p == '=';
}

/*
 * Copies a job file into the results directory, so the results carry the
 * jobs exactly as run.  For an NVMe generic char device, which cannot be
 * opened O_DIRECT, direct=/buffered= lines are commented out.
 */
int job_copy(const char *src, const char *dst, bool for_char_dev)
{
	char line[4096];
	FILE *in, *out;
	int ret = 0;

	in = fopen(src, "re");
	if (!in)
		return -errno;
	out = fopen(dst, "we");
	if (!out) {
		ret = -errno;
		fclose(in);
		return ret;
	}
	while (fgets(line, sizeof(line), in)) {
		if (for_char_dev && asks_direct(line))
			fputs("; fioring-bench: a char device has no O_DIRECT: ", out);
		fputs(line, out);
	}
	if (ferror(in))
		ret = -EIO;
	fclose(in);
	if (fclose(out) && !ret)
		ret = -errno;
	return ret;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the *.fio files of dir that carry the default mark, sorted */
int jobs_default(const char *dir, struct strlist *out)
{
	char path[PATH_MAX], line[256];
	struct dirent *de;
	size_t n;
	DIR *d;
	FILE *f;
	int ret = 0;

	d = opendir(dir);
	if (!d)
		return -errno;
	while (!ret && (de = readdir(d))) {
		n = strlen(de->d_name);
		if (n < 5 || strcmp(de->d_name + n - 4, ".fio"))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >=
		    (int)sizeof(path))
			continue;
		f = fopen(path, "re");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f)) {
			if (!strncmp(line, JOB_DEFAULT_MARK, strlen(JOB_DEFAULT_MARK))) {
				ret = strlist_add(out, path);
				break;
			}
		}
		fclose(f);
	}
	closedir(d);
	if (out->nr > 1)
		qsort(out->v, out->nr, sizeof(*out->v), name_cmp);
	return ret;
}
