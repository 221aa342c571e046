/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_doc.h: writes one document twice, as report.md and as a
 * self-contained report.html (styles inline, plots embedded as base64
 * PNG), so the two never say different things.
 */
#ifndef FIORING_REPORT_DOC_H
#define FIORING_REPORT_DOC_H

#include <stdio.h>

struct report_doc {
	FILE *md, *html;
	const char *dir;
	unsigned int ncols;	/* of the open table */
};

int doc_open(struct report_doc *doc, const char *dir, const char *title);
/* Closes both files; 0 or -errno (e.g. a full disk). */
int doc_close(struct report_doc *doc);

void doc_heading(struct report_doc *doc, int level, const char *text);
void doc_para(struct report_doc *doc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * The verdict a headline line states (its worst, e.g. DISAGREE, INVALID,
 * CANNOT JUDGE, DIFFER, VALID, N/A, else MEASURED) and in *cls (may be
 * NULL) its badge class: bad, warn, note, good, na, info.
 */
const char *doc_verdict(const char *text, const char **cls);
/*
 * A headline line: a bold bullet in Markdown; in HTML a row of question,
 * verdict badge (doc_verdict()) and the rest of the line.
 */
void doc_headline(struct report_doc *doc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* v in printf format f into a table cell, "-" where v is NAN (not measured) */
void doc_num(char *buf, size_t len, const char *f, double v);
void doc_table(struct report_doc *doc, unsigned int ncols, const char *const *heads);
/* A row of ncols cells; mark = 1 shows it as a failure. */
void doc_row(struct report_doc *doc, int mark, const char *const *cells);
void doc_table_end(struct report_doc *doc);
/* Embeds DIR/plots/NAME.png, links NAME.svg; 0 or -errno. */
int doc_image(struct report_doc *doc, const char *name, const char *caption);

#endif
