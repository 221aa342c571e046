/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fileio.h: small file helpers the harness uses everywhere: read a one-line
 * sysfs attribute, write one, read a whole file, make a directory path, find
 * a program in the PATH.
 * All return -errno on failure.
 */
#ifndef FIORING_FILEIO_H
#define FIORING_FILEIO_H

#include <dirent.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A path the harness builds from one it was given (PATH_MAX at most) and
 * words of its own: a file in a results directory, a device's sysfs
 * attribute, an option naming a file.
 */
#define PATH_BUF (PATH_MAX + 256)

int file_read_line(const char *path, char *buf, size_t len);
int file_write_str(const char *path, const char *val);
int file_read_all(const char *path, char **buf, size_t *len);
/* the whole file open at fd, from its start (fd's offset is left as it was) */
int file_read_fd(int fd, char **buf, size_t *len);
int mkdir_p(const char *path, unsigned int mode);
int path_search(const char *name, char *buf, size_t len);
/*
 * The entries of @dir but the hidden ones ("." and ".." among them), by
 * name, as scandir(3) gives them (the caller frees each and the array);
 * how many, or -1 with errno set.
 */
int dir_names(const char *dir, struct dirent ***names);

#endif
