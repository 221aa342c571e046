// SPDX-License-Identifier: GPL-2.0
/*
 * report_doc.c: the two renderings of a report.  The HTML must open from
 * disk with nothing beside it (a report is mailed and attached to CI runs),
 * so the style sheet is inline and each plot is a data: URI; the SVGs are
 * kept as files next to it for people who want to scale them.
 */
#include <errno.h>
#include <limits.h>
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
	"figure{margin:1.5em 0;overflow-x:auto}img{border:1px solid #ddd}";

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

void doc_headline(struct report_doc *doc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	doc_vtext(doc, "- **", "**\n", "<ul class=\"headline\"><li><b>", "</b></li></ul>\n",
		  fmt, ap);
	va_end(ap);
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
