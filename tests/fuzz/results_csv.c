// SPDX-License-Identifier: GPL-2.0
/*
 * results_csv.c: libFuzzer target for the reader of a sweep's results.csv
 * (harness/results/results_read.c), the file report and gate trust.  It may come
 * from an older harness, be cut by a full disk, or be edited by hand.  The
 * input is written as DIR/results.csv and read back; every row is then
 * grouped and looked up the way report and gate do.
 */
#include "fuzz.h"
#include "results/results_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = fuzz_file("results.csv", data, size);
	struct results_cell *cells = NULL;
	struct results res;
	size_t ncells = 0, r, c;
	double v;

	if (results_read(dir, &res)) {
		if (!res.err[0])
			abort();
		results_free(&res);
		return 0;
	}
	for (r = 0; r < res.nrows; r++) {
		for (c = 0; c < res.ncols; c++) {
			results_get(&res, r, res.cols[c]);
			results_num(&res, r, res.cols[c], &v);
		}
		results_row_ok(&res, r);
		free(results_cell_key(&res, r, "engine"));
	}
	if (!results_cells(&res, &cells, &ncells)) {
		for (c = 0; c < ncells; c++) {
			double *vals = calloc(cells[c].nrows + 1, sizeof(*vals));

			if (!vals)
				abort();
			if (results_cell_values(&res, &cells[c], "iops", vals) >
			    cells[c].nrows)
				abort();
			free(vals);
			if (c)
				results_cells_differ_once(cells[c - 1].name,
							  cells[c].name);
		}
		results_cells_free(cells, ncells);
	}
	results_free(&res);
	return 0;
}
