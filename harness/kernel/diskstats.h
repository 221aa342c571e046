/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diskstats.h: /proc/diskstats records and snapshots of a set of disks (a
 * target, its hidden per-path NVMe disks and its slaves) taken right before
 * and after a fio run.
 */
#ifndef FIORING_DISKSTATS_H
#define FIORING_DISKSTATS_H

#include <stdint.h>
#include <stdio.h>

#define DISKSTATS_FIELDS	17
#define DISKSTATS_MAX_DISKS	32
#define DISK_NAME_LEN		32

/*
 * One line of /proc/diskstats.  f[0] is the kernel's field 1 (reads
 * completed), f[3] field 4 (ms reading), f[9] field 10 (io_ticks), f[10]
 * field 11 (time in queue); nfields counts the fields present (11, 15, 17
 * or 20 depending on the kernel).
 */
struct diskstats_rec {
	char name[DISK_NAME_LEN];
	unsigned int major, minor;
	uint64_t f[DISKSTATS_FIELDS];
	int nfields;
};

struct diskstats_snap {
	uint64_t mono_ns;	/* CLOCK_MONOTONIC when read */
	uint64_t boot_ns;	/* CLOCK_BOOTTIME, what /proc/uptime shows */
	int nr;
	struct diskstats_rec disk[DISKSTATS_MAX_DISKS];
};

int diskstats_parse_line(const char *line, struct diskstats_rec *rec);
int diskstats_take(const char *path, const char *const *names, int nr,
		   struct diskstats_snap *snap);
const struct diskstats_rec *diskstats_find(const struct diskstats_snap *snap,
					   const char *name);
/* reads and writes completed on every disk of the snapshot together */
uint64_t diskstats_ios(const struct diskstats_snap *snap);
void diskstats_write(FILE *f, const char *label,
		     const struct diskstats_snap *snap);
/* after - before of a counter; most are 32-bit in the kernel: one wrap */
uint64_t diskstats_delta(uint64_t before, uint64_t after);
int diskstats_paths_merge(const struct diskstats_snap *a,
			  const struct diskstats_snap *b,
			  const char *const *paths, int nr,
			  struct diskstats_rec *ra, struct diskstats_rec *rb);

#endif
