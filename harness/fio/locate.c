// SPDX-License-Identifier: GPL-2.0
/*
 * locate.c: the search order for each thing a run needs is: the option,
 * then the environment variable `make check` sets, then the build tree or
 * install prefix next to the fioring-bench binary, then the plain name (the
 * PATH, or the dynamic linker's search for a bare library name).  The
 * engine's version is its GNU build-id: an engine build is only known to
 * match the fio it was built against, and the build-id says which build it
 * is.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fio/fio_runner.h"
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

int locate_fio(const char *opt, char *buf, size_t len)
{
	char dir[PATH_MAX], pat[PATH_BUF];
	const char *env = getenv("FIO");
	glob_t g;
	int ret = -ENOENT;

	if (opt)
		return set(buf, len, opt);
	if (env && *env)
		return set(buf, len, env);
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
	const char *env = getenv("FIORING_ENGINE");
	char dir[PATH_MAX], path[PATH_BUF];

	if (opt)
		return access(opt, R_OK) ? -errno : set(buf, len, opt);
	if (env && *env)
		return access(env, R_OK) ? -errno : set(buf, len, env);
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
	const char *env = getenv("FIORING_JOBS");
	char dir[PATH_MAX], path[PATH_BUF];
	struct stat st;

	if (opt)
		return set(buf, len, opt);
	if (env && *env)
		return set(buf, len, env);
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

int fio_version_of(const char *fio, char *buf, size_t len)
{
	char *argv[] = { (char *)fio, "--version", NULL };
	int ret;

	ret = run_capture(argv, buf, len);
	buf[strcspn(buf, "\n")] = '\0';
	if (ret)
		return ret < 0 ? ret : -ENOEXEC;
	return buf[0] ? 0 : -ENOEXEC;
}

/* the NT_GNU_BUILD_ID note of a 64-bit ELF file, as hex */
int elf_build_id(const char *path, char *buf, size_t len)
{
	const Elf64_Ehdr *eh;
	const Elf64_Phdr *ph;
	const Elf64_Nhdr *nh;
	const unsigned char *p, *end, *desc;
	struct stat st;
	void *map;
	int fd, i, ret = -ENOENT;
	size_t off = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || st.st_size < (off_t)sizeof(*eh)) {
		close(fd);
		return -ENOEXEC;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -errno;
	eh = map;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(*ph) > (uint64_t)st.st_size) {
		ret = -ENOEXEC;
		goto out;
	}
	for (i = 0; i < eh->e_phnum && ret; i++) {
		ph = (const Elf64_Phdr *)((const char *)map + eh->e_phoff) + i;
		if (ph->p_type != PT_NOTE ||
		    ph->p_offset + ph->p_filesz > (uint64_t)st.st_size)
			continue;
		p = (const unsigned char *)map + ph->p_offset;
		end = p + ph->p_filesz;
		while (p + sizeof(*nh) <= end) {
			nh = (const Elf64_Nhdr *)p;
			desc = p + sizeof(*nh) + ((nh->n_namesz + 3) & ~3u);
			if (desc + nh->n_descsz > end)
				break;
			if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
			    !memcmp(p + sizeof(*nh), "GNU", 4)) {
				for (off = 0; off < nh->n_descsz && 2 * off + 2 < len; off++)
					sprintf(buf + 2 * off, "%02x", desc[off]);
				ret = 0;
				break;
			}
			p = desc + ((nh->n_descsz + 3) & ~3u);
		}
	}
out:
	munmap(map, st.st_size);
	return ret;
}
