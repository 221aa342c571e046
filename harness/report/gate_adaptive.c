// SPDX-License-Identifier: GPL-2.0
/*
 * gate_adaptive.c: meta.json's "adaptive" as the gate's CANNOT lines need
 * it (gate_adaptive.h).
 */
#include <stdio.h>
#include <string.h>

#include "lib/json_put.h"
#include "report/gate_adaptive.h"
#include "results/meta.h"

static json_object *adaptive_of(const struct gate_adaptive *ga)
{
	json_object *a;

	return json_object_object_get_ex(ga->meta, "adaptive", &a) ? a : NULL;
}

void gate_adaptive_read(const char *dir, const char *vs_col, const char *vs_val,
			struct gate_adaptive *ga)
{
	char vs[160];
	json_object *a, *b;
	const char *got;

	memset(ga, 0, sizeof(*ga));
	ga->meta = results_meta_read(dir);
	a = adaptive_of(ga);
	got = a ? json_get_str(a, "vs") : "";
	snprintf(vs, sizeof(vs), "%s=%s", vs_col, vs_val);
	if (!strcmp(got, vs) && json_object_object_get_ex(a, "budget", &b))
		ga->budget = json_object_get_int(b);
}

bool gate_adaptive_futile(const struct gate_adaptive *ga, const char *cell)
{
	json_object *a = adaptive_of(ga), *cells;
	size_t i, n;

	if (!ga->budget || !a || !json_object_object_get_ex(a, "futile_cells", &cells))
		return false;
	n = json_object_array_length(cells);
	for (i = 0; i < n; i++) {
		const char *c = json_object_get_string(json_object_array_get_idx(cells, i));

		if (c && !strcmp(c, cell))
			return true;
	}
	return false;
}

void gate_adaptive_free(struct gate_adaptive *ga)
{
	json_object_put(ga->meta);
	ga->meta = NULL;
}
