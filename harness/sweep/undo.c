// SPDX-License-Identifier: GPL-2.0
/*
 * undo.c: the undo table of a sweep.  Each subsystem that journals a change
 * writes its own record kind and undoes it; this table is the one place
 * that lists them, above all of them, so that the journal below never
 * needs to know what a kind means.
 */
#include "kernel/embedded.h"
#include "kernel/knob.h"
#include "sweep/clients.h"
#include "sweep/undo.h"

const struct journal_undo sweep_undo[] = {
	{ KNOB_REC, KNOB_FIELDS, knob_undo },
	{ EMBEDDED_ZRAM_REC, EMBEDDED_ZRAM_FIELDS, embedded_zram_undo },
	{ EMBEDDED_LOOP_REC, EMBEDDED_LOOP_FIELDS, embedded_loop_undo },
	{ EMBEDDED_LOOP_REC, EMBEDDED_LOOP_ADDED_FIELDS, embedded_loop_undo },
	{ CLIENTS_REC, CLIENTS_FIELDS, clients_undo },
	{ NULL, 0, NULL },
};
