// SPDX-License-Identifier: GPL-2.0
/*
 * fio_version.c: the version of a fio binary, as that fio says it.
 */
#include <errno.h>
#include <string.h>

#include "fio/fio_runner.h"
#include "fio/fio_version.h"

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
