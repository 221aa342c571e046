// SPDX-License-Identifier: GPL-2.0
/*
 * report_paths.c: libFuzzer target for the reader of the engine's per-path
 * JSON (harness/report/report_paths.c), which `report` opens for every multipath
 * run a sweep recorded.  That reader is static to its file, so the file is
 * included here (the Makefile links this target without its object).  A
 * file it refuses must come with a reason; the paths it keeps must fit.
 */
#include "../../harness/report/report_paths.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct path_acc acc[MAX_PATHS];
	const char *dir = fuzz_file("paths.json", data, size);
	char file[512], why[256] = "";
	size_t nacc = 0, k;

	snprintf(file, sizeof(file), "%s/paths.json", dir);
	if (add_file(file, acc, &nacc, why, sizeof(why))) {
		if (!why[0])
			abort();
		return 0;
	}
	if (nacc > MAX_PATHS)
		abort();
	for (k = 0; k < nacc; k++)
		if (acc[k].nmean > 256 || acc[k].np99 > 256 ||
		    strnlen(acc[k].name, sizeof(acc[k].name)) == sizeof(acc[k].name))
			abort();
	return 0;
}
