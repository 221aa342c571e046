// SPDX-License-Identifier: GPL-2.0
/*
 * report_doc.c: the two renderings of a report.  The HTML must open from
 * disk with nothing beside it (a report is mailed and attached to CI runs),
 * so the style sheet is inline and each plot is a data: URI; the SVGs are
 * kept as files next to it for people who want to scale them.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_doc.h"

static const char style[] =
	"body{font-family:sans-serif;margin:2em;max-width:80em;color:#222}"
	"table{border-collapse:collapse;margin:1em 0;font-size:90%}"
	"th,td{border:1px solid #bbb;padding:.25em .5em;text-align:right}"
	"th{background:#eee}td:first-child,th:first-child{text-align:left}"
	"tr.failed td{background:#fdd}ul.headline li{font-size:115%;margin:.3em 0}"
	"figure{margin:1.5em 0;overflow-x:auto}img{border:1px solid #ddd}"
	"table.finding{width:100%;table-layout:fixed;margin:0;font-size:100%}"
	"table.finding td{text-align:left;vertical-align:top;border:0;"
	"border-bottom:1px solid #ddd}table.finding td.q{width:14em;font-weight:bold}"
	"table.finding td.v{width:10.5em}table.finding td.d{width:16em;color:#333}"
	".badge{display:inline-block;min-width:9em;text-align:center;padding:.1em .4em;"
	"border-radius:.3em;font-weight:bold;font-size:85%;border:2px solid #000}"
	".badge.bad{background:#8b0000;color:#fff}"
	".badge.warn{background:#ffd54f;color:#000;border-style:dashed}"
	".badge.note{background:#1f4e99;color:#fff;border-style:double;border-width:3px}"
	".badge.good{background:#c8e6c9;color:#000}"
	".badge.na{background:#fff;color:#555;border:2px dotted #777}"
	".badge.info{background:#e0e0e0;color:#000;border-color:#999}";

static void html_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

/* '|' would end a markdown table cell */
static void md_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s, f);
	}
}

int doc_open(struct report_doc *doc, const char *dir, const char *title)
{
	char path[PATH_MAX];
	int ret;

	memset(doc, 0, sizeof(*doc));
	doc->dir = dir;
	snprintf(path, sizeof(path), "%s/report.md", dir);
	doc->md = fopen(path, "w");
	if (!doc->md)
		return -errno;
	snprintf(path, sizeof(path), "%s/report.html", dir);
	doc->html = fopen(path, "w");
	if (!doc->html) {
		ret = -errno;
		fclose(doc->md);
		return ret;
	}
	fprintf(doc->md, "# %s\n\n", title);
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>",
	      doc->html);
	html_escape(doc->html, title);
	fprintf(doc->html, "</title><style>%s</style></head><body>\n<h1>", style);
	html_escape(doc->html, title);
	fputs("</h1>\n", doc->html);
	return 0;
}

int doc_close(struct report_doc *doc)
{
	int ret = 0;

	fputs("</body></html>\n", doc->html);
	if (ferror(doc->md) || ferror(doc->html))
		ret = -EIO;
	if (fclose(doc->md) && !ret)
		ret = -errno;
	if (fclose(doc->html) && !ret)
		ret = -errno;
	return ret;
}

void doc_heading(struct report_doc *doc, int level, const char *text)
{
	fprintf(doc->md, "%.*s %s\n\n", level, "######", text);
	fprintf(doc->html, "<h%d>", level);
	html_escape(doc->html, text);
	fprintf(doc->html, "</h%d>\n", level);
}

static void doc_vtext(struct report_doc *doc, const char *md_pre,
		      const char *md_post, const char *html_pre, const char *html_post,
		      const char *fmt, va_list ap)
{
	char *text;

	if (vasprintf(&text, fmt, ap) < 0)
		return;
	fprintf(doc->md, "%s%s%s", md_pre, text, md_post);
	fputs(html_pre, doc->html);
	html_escape(doc->html, text);
	fputs(html_post, doc->html);
	free(text);
}

void doc_para(struct report_doc *doc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	doc_vtext(doc, "\n", "\n\n", "<p>", "</p>\n", fmt, ap);
	va_end(ap);
}


/*
 * The verdict of a headline line, from the words the findings use, the
 * worst first: a line that says one engine is valid and another INVALID
 * is INVALID.  Words in capitals are verdicts; lower-case ones say why a
 * question has no answer or that a figure is within what was asked.
 */
static const struct {
	const char *word, *label, *cls;
} verdicts[] = {
	{ "DISAGREE", "DISAGREE", "bad" },
	{ "INVALID", "INVALID", "bad" },
	{ "REGRESSION", "REGRESSION", "bad" },
	{ "FAILED", "FAILED", "bad" },
	{ "CANNOT", "CANNOT JUDGE", "warn" },
	{ "DIFFER", "DIFFER", "note" },
	{ "no measurable", "NO DIFFERENCE", "good" },
	{ "valid", "VALID", "good" },
	{ "PASS", "PASS", "good" },
	{ "not measurable", "N/A", "na" },
	{ "not measured", "N/A", "na" },
	{ "not run", "N/A", "na" },
	{ "not compared", "N/A", "na" },
	{ "not judged", "N/A", "na" },
	{ "not swept", "N/A", "na" },
};

/* word occurs in s on its own (not inside a longer word) */
static int has_word(const char *s, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(s, word); p; p = strstr(p + 1, word))
		if ((p == s || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

/* the length of the question ("%util and await: ..."), 0 for none */
static size_t question_len(const char *text)
{
	const char *c = strstr(text, ": ");

	return c && c - text < 48 ? (size_t)(c - text) : 0;
}

const char *doc_verdict(const char *text, const char **cls)
{
	const char *rest = text + question_len(text);
	size_t i;

	for (i = 0; i < sizeof(verdicts) / sizeof(verdicts[0]); i++)
		if (has_word(rest, verdicts[i].word)) {
			if (cls)
				*cls = verdicts[i].cls;
			return verdicts[i].label;
		}
	if (cls)
		*cls = "info";
	return "MEASURED";
}

/*
 * Where a finding was measured, " on loop0 (kernel 6.18.1)": the " on "
 * last before " (kernel " up to its closing parenthesis, in [*b, *e); 0
 * when the line names none.
 */
static int device_span(const char *s, const char **b, const char **e)
{
	const char *k = strstr(s, " (kernel "), *p;

	if (!k)
		return 0;
	*b = NULL;
	for (p = strstr(s, " on "); p && p < k; p = strstr(p + 1, " on "))
		*b = p;
	*e = strchr(k, ')');
	if (!*b || !*e)
		return 0;
	(*e)++;
	return 1;
}

/*
 * In HTML a row of question, verdict badge (its label in words, its
 * colour also apart in lightness, so it reads in greyscale), the figure
 * and where it was measured; fixed column widths line the rows up
 */
void doc_headline(struct report_doc *doc, const char *fmt, ...)
{
	const char *label, *cls, *db, *de;
	char *text, *rest, question[64], where[160] = "";
	size_t q;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		text = NULL;
	va_end(ap);
	if (!text)
		return;
	fprintf(doc->md, "- **%s**\n", text);
	label = doc_verdict(text, &cls);
	q = question_len(text);
	fputs("<table class=\"finding\"><tr><td class=\"q\">", doc->html);
	snprintf(question, sizeof(question), "%.*s", (int)q, text);
	html_escape(doc->html, question);
	fprintf(doc->html, "</td><td class=\"v\"><span class=\"badge %s\">%s</span></td><td class=\"f\">",
		cls, label);
	rest = text + q + (q ? 2 : 0);
	/* the device gets a column of its own, out of the figure */
	if (device_span(rest, &db, &de)) {
		snprintf(where, sizeof(where), "%.*s", (int)(de - db - 4), db + 4);
		memmove(rest + (db - rest), de, strlen(de) + 1);
	}
	html_escape(doc->html, rest);
	fputs("</td><td class=\"d\">", doc->html);
	html_escape(doc->html, where);
	fputs("</td></tr></table>\n", doc->html);
	free(text);
}

/* One cell of a table row in both renderings; the "| " that opens a
 * markdown cell is the caller's, since a marked row's first cell has its
 * own. */
static void doc_cell(struct report_doc *doc, const char *tag, const char *text)
{
	md_escape(doc->md, text);
	fputc(' ', doc->md);
	fprintf(doc->html, "<%s>", tag);
	html_escape(doc->html, text);
	fprintf(doc->html, "</%s>", tag);
}

static void doc_row_end(struct report_doc *doc)
{
	fputs("|\n", doc->md);
	fputs("</tr>\n", doc->html);
}

void doc_num(char *buf, size_t len, const char *f, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, f, v);
}

void doc_table(struct report_doc *doc, unsigned int ncols, const char *const *heads)
{
	unsigned int i;

	doc->ncols = ncols;
	fputs("<table><tr>", doc->html);
	for (i = 0; i < ncols; i++) {
		fputs("| ", doc->md);
		doc_cell(doc, "th", heads[i]);
	}
	doc_row_end(doc);
	for (i = 0; i < ncols; i++)
		fputs(i ? "|---:" : "|:---", doc->md);
	fputs("|\n", doc->md);
}

void doc_row(struct report_doc *doc, int mark, const char *const *cells)
{
	unsigned int i;

	/* markdown has no row colour: the first cell carries the mark */
	if (mark)
		fputs("| **(!)** ", doc->md);
	fputs(mark ? "<tr class=\"failed\">" : "<tr>", doc->html);
	for (i = 0; i < doc->ncols; i++) {
		if (i || !mark)
			fputs("| ", doc->md);
		doc_cell(doc, "td", cells[i]);
	}
	doc_row_end(doc);
}

void doc_table_end(struct report_doc *doc)
{
	fputc('\n', doc->md);
	fputs("</table>\n", doc->html);
}

static void base64_write(FILE *out, const unsigned char *buf, size_t len)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i;

	for (i = 0; i + 2 < len; i += 3) {
		unsigned int v = buf[i] << 16 | buf[i + 1] << 8 | buf[i + 2];

		fputc(tab[v >> 18], out);
		fputc(tab[(v >> 12) & 63], out);
		fputc(tab[(v >> 6) & 63], out);
		fputc(tab[v & 63], out);
	}
	if (i < len) {
		unsigned int v = buf[i] << 16 | (i + 1 < len ? buf[i + 1] << 8 : 0);

		fputc(tab[v >> 18], out);
		fputc(tab[(v >> 12) & 63], out);
		fputc(i + 1 < len ? tab[(v >> 6) & 63] : '=', out);
		fputc('=', out);
	}
}

int doc_image(struct report_doc *doc, const char *name, const char *caption)
{
	char path[PATH_MAX];
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, got;
	FILE *f;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/plots/%s.png", doc->dir, name);
	f = fopen(path, "rb");
	if (!f)
		return -errno;
	do {
		if (len == cap) {
			unsigned char *nb = realloc(buf, cap ? 2 * cap : 65536);

			if (!nb) {
				ret = -ENOMEM;
				goto out;
			}
			buf = nb;
			cap = cap ? 2 * cap : 65536;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got);
	if (ferror(f)) {
		ret = -EIO;
		goto out;
	}

	fprintf(doc->md, "![%s](plots/%s.png)\n\n*%s* ([SVG](plots/%s.svg))\n\n",
		caption, name, caption, name);
	fprintf(doc->html, "<figure id=\"plot-%s\"><img alt=\"", name);
	html_escape(doc->html, caption);
	fputs("\" src=\"data:image/png;base64,", doc->html);
	base64_write(doc->html, buf, len);
	fputs("\"><figcaption>", doc->html);
	html_escape(doc->html, caption);
	fprintf(doc->html, " (<a href=\"plots/%s.svg\">SVG</a>)</figcaption></figure>\n",
		name);
out:
	free(buf);
	fclose(f);
	return ret;
}
