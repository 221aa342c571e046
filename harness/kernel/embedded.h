/* SPDX-License-Identifier: GPL-2.0 */
/*
 * embedded.h: the device a sweep makes for itself when no --target is
 * given: a zram device hot-added through zram-control, or a loop device
 * over a file in a private tmpfs when zram is not there.  Both are
 * journaled before they exist, so `restore` can remove them after a kill.
 */
#ifndef FIORING_EMBEDDED_H
#define FIORING_EMBEDDED_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

struct journal;
struct journal_rec;

/*
 * journal records: zram <TAB> id; loop <TAB> /dev/loopN <TAB> file <TAB>
 * mount <TAB> added (the device was made for the sweep: removed too; a
 * record without it, from an older harness, only detaches)
 */
#define EMBEDDED_ZRAM_REC	"zram"
#define EMBEDDED_ZRAM_FIELDS	1
#define EMBEDDED_LOOP_REC	"loop"
#define EMBEDDED_LOOP_FIELDS	3
#define EMBEDDED_LOOP_ADDED_FIELDS	4
#define EMBEDDED_LOOP_ADDED	"added"

enum embedded_kind { EMB_AUTO, EMB_ZRAM, EMB_LOOP };

struct embedded_dev {
	enum embedded_kind kind;	/* EMB_ZRAM or EMB_LOOP once made */
	int zram_id;
	char dev[64];			/* /dev/zramN or /dev/loopN */
	char file[PATH_MAX];		/* loop: backing file */
	char mnt[PATH_MAX];		/* loop: tmpfs mount point */
};

int embedded_make(struct journal *j, enum embedded_kind kind, uint64_t size,
		  struct embedded_dev *d);
/* the undo of each record kind (struct journal_undo's undo) */
int embedded_zram_undo(const struct journal_rec *r, char *what, size_t len);
int embedded_loop_undo(const struct journal_rec *r, char *what, size_t len);
/*
 * A record's device number (a zram id, loopN's N): 0, or -EINVAL when
 * damaged, so that a damaged record never names another device.  Pure
 * (fuzzed).
 */
int embedded_dev_nr(const char *s, int *id);

#endif
