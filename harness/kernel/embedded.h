/* SPDX-License-Identifier: GPL-2.0 */
/*
 * embedded.h: the device a sweep makes for itself when no --target is
 * given: a zram device hot-added through zram-control, or a loop device
 * over a file in a private tmpfs when zram is not there.  Both are
 * journaled before they exist, so `restore` can remove them after a kill.
 */
#ifndef FIORING_EMBEDDED_H
#define FIORING_EMBEDDED_H

#include <stdint.h>

struct journal;

enum embedded_kind { EMB_AUTO, EMB_ZRAM, EMB_LOOP };

struct embedded_dev {
	enum embedded_kind kind;	/* EMB_ZRAM or EMB_LOOP once made */
	int zram_id;
	char dev[64];			/* /dev/zramN or /dev/loopN */
	char file[4096];		/* loop: backing file */
	char mnt[4096];			/* loop: tmpfs mount point */
};

int embedded_make(struct journal *j, enum embedded_kind kind, uint64_t size,
		  struct embedded_dev *d);
int embedded_remove(struct embedded_dev *d);
int embedded_zram_remove(int id);
int embedded_loop_remove(const char *dev, const char *file, const char *mnt);

#endif
