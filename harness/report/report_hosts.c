// SPDX-License-Identifier: GPL-2.0
/*
 * report_hosts.c: the hosts of a sweep run on fio servers (`run
 * --client`): a table with a row per host, in the order the sweep named
 * them, saying how many of its runs worked, its median IOPS over them,
 * and the first failure, so that a host that went down mid-sweep stands
 * out before its cells are read one by one.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_doc.h"

void report_hosts_table(const struct report *rep, struct report_doc *doc)
{
	static const char *const heads[] = {
		"host", "runs ok", "runs failed", "median IOPS of its ok runs",
		"first failure",
	};
	const struct results *res = &rep->res;
	const char *hosts[64], *first;
	double *iops = calloc(res->nrows + 1, sizeof(*iops)), v;
	char ok[16], failed[16], med[32];
	size_t nh = 0, h, r, nok, nfail, niops;

	if (!iops)
		return;
	for (r = 0; r < res->nrows && nh < 64; r++) {
		const char *host = results_get(res, r, "host");

		for (h = 0; h < nh && strcmp(hosts[h], host); h++)
			;
		if (*host && h == nh)
			hosts[nh++] = host;
	}
	if (nh) {
		doc_heading(doc, 2, "Hosts");
		doc_table(doc, 5, heads);
	}
	for (h = 0; h < nh; h++) {
		const char *cells[5];

		nok = nfail = niops = 0;
		first = "";
		for (r = 0; r < res->nrows; r++) {
			if (strcmp(results_get(res, r, "host"), hosts[h]))
				continue;
			if (!results_row_ok(res, r)) {
				if (!nfail++)
					first = results_get(res, r, "error");
				continue;
			}
			nok++;
			if (!results_num(res, r, "iops", &v))
				iops[niops++] = v;
		}
		snprintf(ok, sizeof(ok), "%zu", nok);
		snprintf(failed, sizeof(failed), "%zu", nfail);
		snprintf(med, sizeof(med), "%.0f", stats_median(iops, niops));
		cells[0] = hosts[h];
		cells[1] = ok;
		cells[2] = failed;
		cells[3] = niops ? med : "-";
		cells[4] = *first ? first : "-";
		doc_row(doc, nfail > 0, cells);
	}
	if (nh)
		doc_table_end(doc);
	free(iops);
}
