// SPDX-License-Identifier: GPL-2.0
/*
 * report_comparisons.c: the report's "Comparisons" section, a table per
 * comparison group (report_groups()) of the cell pairs behind its
 * findings, so a reader can see which pair moved a ratio.
 */
#include <stdio.h>

#include "lib/interval_text.h"
#include "report/report.h"
#include "report/report_doc.h"
#include "report/report_groups.h"
#include "results/flag_list.h"

/* the pairs behind a group's findings: IOPS, or clat p50 where latency is its question */
static int compare_table(const struct report *rep, struct report_doc *doc,
			 const struct report_group *g)
{
	const char *metric = g->latency ? REPORT_CLAT_P50 : "iops";
	static const char *const heads[] = {
		"setting", "base median", "new median", "ratio", "95% CI",
		"U test p", "runs", "flags"
	};
	struct report_cmp cmp;
	char b[6][64], lab[256], flags[512];
	size_t i;
	int ret;

	ret = report_compare(rep, g->col, g->base, g->cand, metric, NULL, NULL, &cmp);
	if (ret || !cmp.npairs) {
		report_cmp_free(&cmp);
		return ret;
	}
	snprintf(lab, sizeof(lab), "%.63s (%s)", g->question,
		 g->latency ? "clat p50, us" : "IOPS");
	doc_heading(doc, 3, lab);
	doc_table(doc, 8, heads);
	for (i = 0; i < cmp.npairs; i++) {
		const struct report_pair *p = &cmp.pairs[i];
		const char *row[8];

		report_label(rep, p->cand, g->col, lab, sizeof(lab));
		if (p->ok) {
			doc_num(b[0], sizeof(b[0]), p->cmp.med_base >= 1000 ? "%.0f" : "%.4g",
			    p->cmp.med_base);
			doc_num(b[1], sizeof(b[1]), p->cmp.med_cand >= 1000 ? "%.0f" : "%.4g",
			    p->cmp.med_cand);
			snprintf(b[2], sizeof(b[2]), "%.4g", p->cmp.ratio);
			interval_text(b[3], sizeof(b[3]), p->cmp.lo, p->cmp.hi, 1, 4, true);
			snprintf(b[4], sizeof(b[4]), "%.2g", p->cmp.p);
		} else {
			for (int k = 0; k < 5; k++)
				snprintf(b[k], sizeof(b[k]), "-");
		}
		snprintf(b[5], sizeof(b[5]), "%zu/%zu", p->base->nok, p->cand->nok);
		/* a ratio of figures fio or the kernel got wrong says so */
		snprintf(flags, sizeof(flags), "%s", p->base->flags);
		flags_merge(flags, sizeof(flags), p->cand->flags);
		row[0] = lab;
		for (int k = 0; k < 6; k++)
			row[k + 1] = b[k];
		row[7] = flags;
		doc_row(doc, p->base->nfailed + p->cand->nfailed > 0, row);
	}
	doc_table_end(doc);
	report_cmp_free(&cmp);
	return 0;
}

int report_comparisons(const struct report *rep, struct report_doc *doc)
{
	struct report_group groups[REPORT_GROUPS_MAX];
	size_t i, n;
	int ret;

	doc_heading(doc, 2, "Comparisons");
	n = report_groups(rep, groups, REPORT_GROUPS_MAX);
	for (i = 0; i < n; i++) {
		ret = compare_table(rep, doc, &groups[i]);
		if (ret)
			return ret;
	}
	return 0;
}
