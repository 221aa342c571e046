// SPDX-License-Identifier: GPL-2.0
/*
 * fileio.c: the harness' file helpers.  sysfs attributes are read and
 * written whole with one system call each, as the kernel expects, and
 * trailing newlines are trimmed so values compare as plain strings.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "lib/str.h"

int file_read_line(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd, ret = 0;

	if (!len)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	if (n < 0) {
		ret = -errno;
		n = 0;
	}
	buf[n] = '\0';
	/* only the first line: sysfs attributes are one line */
	buf[strcspn(buf, "\n")] = '\0';
	str_trim(buf);
	close(fd);
	return ret;
}

int file_write_str(const char *path, const char *val)
{
	size_t len = strlen(val);
	ssize_t n;
	int fd, ret = 0;

	/* O_TRUNC as the shell's > does: harmless on sysfs, right on files */
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, val, len);
	if (n < 0)
		ret = -errno;
	else if ((size_t)n != len)
		ret = -EIO;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	return ret;
}

int file_read_fd(int fd, char **bufp, size_t *lenp)
{
	size_t cap = 65536, len = 0;
	char *buf, *nbuf;
	ssize_t n;
	int ret = 0;

	buf = malloc(cap + 1);
	if (!buf)
		return -ENOMEM;
	for (;;) {
		if (len == cap) {
			nbuf = realloc(buf, 2 * cap + 1);
			if (!nbuf) {
				ret = -ENOMEM;
				goto err;
			}
			buf = nbuf;
			cap *= 2;
		}
		n = pread(fd, buf + len, cap - len, (off_t)len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			goto err;
		}
		if (!n)
			break;
		len += n;
	}
	buf[len] = '\0';
	*bufp = buf;
	if (lenp)
		*lenp = len;
	return 0;
err:
	free(buf);
	return ret;
}

int file_read_all(const char *path, char **bufp, size_t *lenp)
{
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = file_read_fd(fd, bufp, lenp);
	close(fd);
	return ret;
}

int mkdir_p(const char *path, unsigned int mode)
{
	char tmp[PATH_MAX];
	char *p;

	if (snprintf(tmp, sizeof(tmp), "%s", path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	for (p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, mode) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, mode) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

static bool is_exec(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

/*
 * The program NAME as execvp() would run it: NAME itself when it has a
 * slash, else the first executable NAME in the directories of $PATH.
 */
int path_search(const char *name, char *buf, size_t len)
{
	const char *path = getenv("PATH");
	int n;

	if (strchr(name, '/')) {
		str_copy(buf, len, name);
		return is_exec(name) ? 0 : -ENOENT;
	}
	while (path && *path) {
		size_t dlen = strcspn(path, ":");

		n = snprintf(buf, len, "%.*s/%s", (int)dlen, dlen ? path : ".", name);
		if (n > 0 && (size_t)n < len && is_exec(buf))
			return 0;
		path += dlen + (path[dlen] == ':');
	}
	return -ENOENT;
}

static int not_hidden(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

int dir_names(const char *dir, struct dirent ***names)
{
	return scandir(dir, names, not_hidden, alphasort);
}
