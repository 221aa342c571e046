/* SPDX-License-Identifier: GPL-2.0 */
/*
 * undo.h: how to undo each kind of record a sweep journals, for the sweep's
 * own teardown and for `restore`.
 */
#ifndef FIORING_UNDO_H
#define FIORING_UNDO_H

#include "kernel/journal.h"

extern const struct journal_undo sweep_undo[];

#endif
