// SPDX-License-Identifier: GPL-2.0
/*
 * journal_file.c: libFuzzer target for the harness' state file
 * (harness/kernel/journal.c), which `restore` reads after a crash or SIGKILL and
 * which may therefore be cut anywhere.  Only the parsers run: restoring
 * would write to sysfs and remove devices.  The file is split into lines
 * the way journal_restore() does; a line the sweep's undo table accepts
 * must have every field its kind needs, and a zram id that parses must be
 * a device number.
 */
#include "fuzz.h"
#include "kernel/embedded.h"
#include "kernel/journal.h"
#include "sweep/undo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = fuzz_cstr(data, size), *line, *save = NULL;
	const struct journal_undo *u;
	struct journal_rec r;
	int i, id;

	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!journal_parse_line(line, &r))
			continue;
		if (!r.kind || r.n < 0)
			abort();
		u = journal_undo_find(sweep_undo, &r);
		if (!u)
			continue;
		if (r.n != u->nfields || r.n > JOURNAL_FIELDS_MAX)
			abort();
		for (i = 0; i < r.n; i++)
			if (!r.f[i] || !*r.f[i])
				abort();
		if (!strcmp(r.kind, EMBEDDED_ZRAM_REC) &&
		    !embedded_dev_nr(r.f[0], &id) && id < 0)
			abort();
	}
	free(buf);
	return 0;
}
