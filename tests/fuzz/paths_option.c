// SPDX-License-Identifier: GPL-2.0
/*
 * paths_option.c: libFuzzer target for the engine's paths= option value
 * (engines/mpath_user_list.c), split into device names before any is opened.
 * Every name must be non-empty and free of the ':' separator.
 * (path_policy= is a fio posval option: fio's own parser checks it against
 * the engine's table, no engine code reads the string.)
 */
#include "fuzz.h"
#include "mpath_user_list.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *list = fuzz_cstr(data, size);
	struct paths_list pl;
	unsigned int i;

	if (!paths_list_split(list, &pl)) {
		for (i = 0; i < pl.nr; i++)
			if (!pl.dev[i][0] || strchr(pl.dev[i], ':'))
				abort();
	}
	paths_list_free(&pl);
	free(list);
	return 0;
}
