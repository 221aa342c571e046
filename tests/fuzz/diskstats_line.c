// SPDX-License-Identifier: GPL-2.0
/*
 * diskstats_line.c: libFuzzer target for the /proc/diskstats line parser
 * (harness/kernel/diskstats.c), which reads whatever the running kernel prints.
 * Beyond not crashing, a line it accepts must fit the record: a name that
 * is a C string in its buffer and between 11 and 17 fields.
 */
#include "fuzz.h"
#include "kernel/diskstats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diskstats_rec rec;
	char *line = fuzz_cstr(data, size);

	if (!diskstats_parse_line(line, &rec)) {
		if (rec.nfields < 11 || rec.nfields > DISKSTATS_FIELDS ||
		    strnlen(rec.name, sizeof(rec.name)) == sizeof(rec.name))
			abort();
	}
	free(line);
	return 0;
}
