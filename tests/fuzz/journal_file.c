// SPDX-License-Identifier: GPL-2.0
/*
 * journal_file.c: libFuzzer target for the harness' state file
 * (harness/kernel/journal.c), which `restore` reads after a crash or SIGKILL and
 * which may therefore be cut anywhere.  Only the parser runs: restoring
 * would write to sysfs and remove devices.  The file is split into lines
 * the way journal_restore() does; an accepted line must have the fields
 * its kind needs.
 */
#include "fuzz.h"
#include "kernel/journal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = fuzz_cstr(data, size), *line, *save = NULL;
	struct journal_entry e;

	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		switch (journal_parse_line(line, &e)) {
		case JOURNAL_KNOB:
			if (e.n != 3 || !e.f[1] || !e.f[2])
				abort();
			break;
		case JOURNAL_LOOP:
			if (e.n != 4 || !e.f[3])
				abort();
			break;
		case JOURNAL_ZRAM:
			if (e.zram_id < 0)
				abort();
			break;
		default:
			break;
		}
	}
	free(buf);
	return 0;
}
