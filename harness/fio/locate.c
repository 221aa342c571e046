// SPDX-License-Identifier: GPL-2.0
/*
 * locate.c: the search order for each thing a run needs is: the option,
 * then the environment variable `make check` sets, then the build tree or
 * install prefix next to the fioring-bench binary (for fio: the fio this
 * build's engine was compiled against), then the plain name (the PATH, or
 * the dynamic linker's search for a bare library name).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fio/locate.h"
#include "lib/build_id.h"
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

/*
 * The default fio is the one this build's engine was compiled against
 * (FIORING_FIO_BINARY, from scripts/fio-host.sh), not the first fio of the
 * PATH: any other fio refuses the engine.  An installed fioring-bench finds
 * it installed beside itself (make install copies a fio it built itself),
 * known by its build-id; with neither there (a copy of the programs, as in
 * the NVMe testbed's guest), the PATH's.
 */
int locate_fio(const char *opt, char *buf, size_t len)
{
	const char *want = given(opt, "FIO");
	char dir[PATH_MAX], path[PATH_BUF], id[2 * 64 + 1];

	if (want)
		return set(buf, len, want);
	if (!exe_dir(dir, sizeof(dir))) {
		snprintf(path, sizeof(path), "%s/fio", dir);
		if (!access(path, X_OK) && !elf_build_id(path, id, sizeof(id)) &&
		    !strcmp(id, FIORING_FIO_BUILD_ID))
			return set(buf, len, path);
	}
	if (!access(FIORING_FIO_BINARY, X_OK))
		return set(buf, len, FIORING_FIO_BINARY);
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

/*
 * 0 when ID is the build-id of the fio this build's engine is compiled
 * against; else -ESRCH, with that fio's path and build-id in buf
 */
int locate_engine_fio_check(const char *id, char *buf, size_t len)
{
	snprintf(buf, len, "%s (build-id %.12s)", FIORING_FIO_BINARY, FIORING_FIO_BUILD_ID);
	return strcmp(id, FIORING_FIO_BUILD_ID) ? -ESRCH : 0;
}
