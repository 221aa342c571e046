/* SPDX-License-Identifier: GPL-2.0 */
/*
 * knob.h: the sysfs settings a sweep changes (the target's queue/
 * attributes, its NVMe subsystem's), each journaled with its old value
 * before the first write and read back after every write.
 */
#ifndef FIORING_KNOB_H
#define FIORING_KNOB_H

#include <stddef.h>

struct journal;
struct journal_rec;

/* the journal record: knob <TAB> sysfs path <TAB> value to write back */
#define KNOB_REC	"knob"
#define KNOB_FIELDS	2

/*
 * Sets a sysfs attribute, journaling its old value first (once per
 * attribute), and reads back what the kernel made of the write: eff gets
 * the effective value, which may differ from val.
 */
int knob_set(struct journal *j, const char *path, const char *val,
	     char *eff, size_t efflen);
/* undoes a KNOB_REC record (struct journal_undo's undo) */
int knob_undo(const struct journal_rec *r, char *what, size_t len);
/* "[none] mq-deadline" -> "none"; plain values unchanged */
void sysfs_selected(const char *val, char *out, size_t len);

#endif
