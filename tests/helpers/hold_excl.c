// SPDX-License-Identifier: GPL-2.0
/*
 * hold_excl.c: holds a block device open O_EXCL until killed, as a mount
 * or mkfs would, so tests can check that a writing sweep refuses a device
 * someone else has claimed.  Prints "ready" once it holds the device.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: hold-excl DEVICE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_EXCL);
	if (fd < 0) {
		fprintf(stderr, "hold-excl: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	pause();
	return 0;
}
