/* SPDX-License-Identifier: GPL-2.0 */
/*
 * idents.h: each target of a sweep named by what it is rather than by the
 * disk name it had that day: "embedded-loop-256MiB" whether it was loop0 or
 * loop1, "MODEL-SERIAL" for a device with a serial number.  Read from the
 * sweep's meta.json ("devices", else the older "embedded"); a disk that
 * meta.json does not describe keeps its disk name.
 */
#ifndef FIORING_IDENTS_H
#define FIORING_IDENTS_H

#include <stddef.h>

#include <json-c/json.h>

struct results_ident {
	char *disk;		/* the results' `target` column */
	char *ident;		/* what it is, fit for a cell key */
	char *firmware;		/* "" when unknown */
	char *queue;		/* its queue/ as found, "ATTR=V,..."; "" unknown */
};

struct results_idents {
	size_t n;
	struct results_ident *v;
	/* meta.json's system (system_snap.h) as setup parts; NULL unknown */
	char *cmdline;		/* the parameters, space-separated */
	char *system;		/* "KEY=VALUE<tab>...", by key */
	char *kconfig;		/* "CONFIG_X=VALUE<tab>...", by name */
};

/*
 * The identities meta (a parsed meta.json, may be NULL) gives its
 * targets.  0 or -ENOMEM.
 */
int results_idents_from_meta(json_object *meta, struct results_idents *ids);
/* The same from DIR/meta.json; a missing or unreadable file gives none. */
int results_idents_read(const char *dir, struct results_idents *ids);
/* The identity of disk, or disk itself when meta.json said nothing of it. */
const char *results_ident_of(const struct results_idents *ids,
			     const char *disk);
void results_idents_free(struct results_idents *ids);
/*
 * The settings parts of a setup string (store_add.c, trend.h): the
 * targets' queue/ records, "queue=IDENT:ATTR=V,...;IDENT:...", then
 * "|cmdline=...", "|system=..." and "|kconfig=..."; a part meta.json has
 * no record of (an older harness, a kernel without its config) is left
 * out, "" for none.  NULL: no memory.
 */
char *results_idents_settings(const struct results_idents *ids);

/*
 * The identity of one device from what meta.json records of it: the kind
 * of embedded device ("loop", "zram" or ""), model, serial and size in
 * bytes (0: unknown).  Written into buf; letters, digits and "._-" only.
 */
void results_ident_make(const char *embedded, const char *model,
			const char *serial, unsigned long long size,
			const char *disk, char *buf, size_t len);

#endif
