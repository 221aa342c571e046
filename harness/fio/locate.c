// SPDX-License-Identifier: GPL-2.0
/*
 * locate.c: the search order for each thing a run needs is: the option,
 * then the environment variable `make check` sets, then the build tree or
 * install prefix next to the fioring-bench binary, then the plain name (the
 * PATH, or the dynamic linker's search for a bare library name).
 */
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fio/locate.h"
#include "lib/fileio.h"

static int exe_dir(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	char *slash;

	if (n < 0)
		return -errno;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (slash)
		*slash = '\0';
	return 0;
}

static int set(char *buf, size_t len, const char *val)
{
	if (snprintf(buf, len, "%s", val) >= (int)len)
		return -ENAMETOOLONG;
	return 0;
}

/* the option, else the environment variable when set and not empty */
static const char *given(const char *opt, const char *var)
{
	const char *env = getenv(var);

	return opt ?: (env && *env ? env : NULL);
}

int locate_fio(const char *opt, char *buf, size_t len)
{
	const char *want = given(opt, "FIO");
	char dir[PATH_MAX], pat[PATH_BUF];
	glob_t g;
	int ret = -ENOENT;

	if (want)
		return set(buf, len, want);
	if (!exe_dir(dir, sizeof(dir))) {
		snprintf(pat, sizeof(pat), "%s/fio-src/*/fio", dir);
		if (!glob(pat, 0, NULL, &g)) {
			if (g.gl_pathc && !access(g.gl_pathv[0], X_OK))
				ret = set(buf, len, g.gl_pathv[0]);
			globfree(&g);
			if (!ret)
				return 0;
		}
	}
	return set(buf, len, "fio");
}

int locate_engine(const char *opt, char *buf, size_t len)
{
	const char *want = given(opt, "FIORING_ENGINE");
	char dir[PATH_MAX], path[PATH_BUF];

	if (want)
		return access(want, R_OK) ? -errno : set(buf, len, want);
	if (!exe_dir(dir, sizeof(dir))) {
		snprintf(path, sizeof(path), "%s/libfioring.so", dir);
		if (!access(path, R_OK))
			return set(buf, len, path);
		snprintf(path, sizeof(path), "%s/../lib/libfioring.so", dir);
		if (!access(path, R_OK))
			return set(buf, len, path);
	}
	snprintf(path, sizeof(path), "%s/lib/libfioring.so", FIORING_PREFIX);
	if (!access(path, R_OK))
		return set(buf, len, path);
	return -ENOENT;
}

int locate_jobs_dir(const char *opt, char *buf, size_t len)
{
	const char *want = given(opt, "FIORING_JOBS");
	char dir[PATH_MAX], path[PATH_BUF];
	struct stat st;

	if (want)
		return set(buf, len, want);
	if (!exe_dir(dir, sizeof(dir))) {
		snprintf(path, sizeof(path), "%s/../jobs", dir);
		if (!stat(path, &st) && S_ISDIR(st.st_mode))
			return set(buf, len, realpath(path, dir) ? dir : path);
	}
	snprintf(path, sizeof(path), "%s/share/fioring/jobs", FIORING_PREFIX);
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return set(buf, len, path);
	snprintf(path, sizeof(path), "%s/jobs", FIORING_SRCDIR);
	return set(buf, len, path);
}
