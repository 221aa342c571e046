// SPDX-License-Identifier: GPL-2.0
/*
 * report.c: `fioring-bench report DIR`, what a person reads after a sweep.
 * The findings come first (report_findings.c: one line per question, with
 * the interval that says how sure it is, or why the target cannot answer
 * it); tables and plots follow.  Failed runs are listed and marked, never
 * dropped, so a figure built on fewer runs than asked for is visible as
 * such.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "lib/json_put.h"
#include "report/report_cmd.h"
#include "report/report.h"
#include "report/report_doc.h"
#include "results/meta.h"

static void usage(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench report [-h] DIR\n"
"\n"
"Reads DIR/results.csv of a sweep and writes DIR/report.md, a self-contained\n"
"DIR/report.html (open it from disk) and the plots as PNG and SVG under\n"
"DIR/plots/.  Needs gnuplot (Debian package gnuplot-nox).\n"
"\n"
"Example:\n"
"  fioring-bench run --out out && fioring-bench report out\n");
}

/* Distinct values of a column over the rows, ", "-joined. */
static void values_of(const struct report *rep, const char *col, char *buf,
		      size_t len)
{
	size_t r, used = 0;

	*buf = '\0';
	for (r = 0; r < rep->res.nrows; r++) {
		const char *v = results_get(&rep->res, r, col);
		size_t k;

		if (!*v)
			continue;
		for (k = 0; k < r && strcmp(results_get(&rep->res, k, col), v); k++)
			;
		if (k < r)
			continue;	/* seen before */
		snprintf(buf + used, len - used, "%s%s", used ? ", " : "", v);
		used = strlen(buf);
	}
	if (!*buf)
		snprintf(buf, len, "?");
}

/* "KEY=VALUE, ..." of a JSON object's members, into buf */
static const char *members_text(json_object *o, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	json_object_object_foreach(o, key, val)
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s=%s", used ? ", " : "", key,
					 val ? json_object_get_string(val) : "");
	return buf;
}

/*
 * Each target's queue/ and the machine's settings and kernel config as the
 * sweep found them, swept or not: the settings under every figure of the
 * report, and what `history detect` compares
 */
static void settings_paras(const struct report *rep, struct report_doc *doc)
{
	json_object *devs = json_get(rep->meta, "devices"), *d, *q;
	json_object *sys = json_get(rep->meta, "system"), *set = json_get(sys, "settings");
	json_object *kc = json_get(sys, "kconfig");
	char buf[8192];
	size_t i;

	for (i = 0; devs && i < json_object_array_length(devs); i++) {
		d = json_object_array_get_idx(devs, i);
		q = json_get(d, "queue");
		if (!q || !json_object_is_type(q, json_type_object))
			continue;
		doc_para(doc, "queue/ of %s as the sweep found it: %s.",
			 json_get_str(d, "disk"), members_text(q, buf, sizeof(buf)));
	}
	if (sys)
		doc_para(doc, "Kernel command line: %s.", json_get_str(sys, "cmdline"));
	if (set && json_object_is_type(set, json_type_object))
		doc_para(doc, "System settings as the sweep found them: %s.",
			 members_text(set, buf, sizeof(buf)));
	if (kc && json_object_is_type(kc, json_type_object))
		doc_para(doc, "Kernel config (the options kept, from %s): %s.",
			 json_get_str(sys, "kconfig_source"),
			 members_text(kc, buf, sizeof(buf)));
}

/* How the sweep was made, from DIR/meta.json when the harness wrote one. */
static void sweep_para(const struct report *rep, struct report_doc *doc)
{
	if (!rep->meta)
		return;
	doc_para(doc, "Sweep started %s on host %s%s%s. Command: %s",
		 json_get_str(rep->meta, "started"), json_get_str(rep->meta, "host"),
		 *json_get_str(rep->meta, "embedded") ? ", embedded device " : "",
		 json_get_str(rep->meta, "embedded"),
		 json_get_str(rep->meta, "command"));
	settings_paras(rep, doc);
}

static void cells_table(const struct report *rep, struct report_doc *doc)
{
	static const char *const heads[] = {
		"setting", "runs ok/failed", "IOPS median", "95% CI", "CV %",
		"clat p50 us", "p99 us", "p99.9 us", "await ms", "%util",
		"fio busy %", "flags"
	};
	char b[11][64];
	size_t i;

	doc_heading(doc, 2, "Cells");
	doc_para(doc, "One row per setting; figures are medians over the setting's ok runs (clat of reads where the job reads, else of writes).");
	doc_table(doc, 12, heads);
	for (i = 0; i < rep->ncells; i++) {
		const struct report_cell *c = &rep->rcs[i];
		const char *row[12];

		snprintf(b[0], sizeof(b[0]), "%zu/%zu", c->nok, c->nfailed);
		doc_num(b[1], sizeof(b[1]), "%.0f", c->iops);
		if (isnan(c->iops_lo))
			snprintf(b[2], sizeof(b[2]), "-");
		else
			snprintf(b[2], sizeof(b[2]), "[%.0f, %.0f]", c->iops_lo, c->iops_hi);
		doc_num(b[3], sizeof(b[3]), "%.1f", 100 * c->iops_cv);
		doc_num(b[4], sizeof(b[4]), "%.1f", c->clat_p50);
		doc_num(b[5], sizeof(b[5]), "%.1f", c->clat_p99);
		doc_num(b[6], sizeof(b[6]), "%.1f", c->clat_p999);
		doc_num(b[7], sizeof(b[7]), "%.4f", c->await_ms);
		doc_num(b[8], sizeof(b[8]), "%.1f", c->util_pct);
		doc_num(b[9], sizeof(b[9]), "%.1f", c->busy_pct);
		row[0] = c->label;
		for (int k = 0; k < 10; k++)
			row[k + 1] = b[k];
		row[11] = c->flags;
		doc_row(doc, c->nfailed > 0, row);
	}
	doc_table_end(doc);
}

static void failed_table(const struct report *rep, struct report_doc *doc)
{
	static const char *const heads[] = { "run", "cell", "repeat", "error" };
	size_t r;
	int any = 0;

	for (r = 0; r < rep->res.nrows; r++) {
		const char *row[4];

		if (results_row_ok(&rep->res, r))
			continue;
		if (!any) {
			doc_heading(doc, 2, "Failed runs");
			doc_table(doc, 4, heads);
			any = 1;
		}
		row[0] = results_get(&rep->res, r, "run");
		row[1] = results_get(&rep->res, r, "cell");
		row[2] = results_get(&rep->res, r, "repeat");
		row[3] = *results_get(&rep->res, r, "error") ?
			 results_get(&rep->res, r, "error") : "(no message)";
		doc_row(doc, 1, row);
	}
	if (any)
		doc_table_end(doc);
}

static int write_doc(struct report *rep, const struct report_plot *plots,
		     size_t nplots)
{
	struct report_doc doc;
	char where[320], kernel[128], fio[128], model[128], tmp[128];
	size_t i;
	int ret;

	ret = doc_open(&doc, rep->dir, "fioring sweep report");
	if (ret)
		return ret;
	values_of(rep, "target", tmp, sizeof(tmp));
	values_of(rep, "kernel", kernel, sizeof(kernel));
	values_of(rep, "fio_version", fio, sizeof(fio));
	values_of(rep, "device_model", model, sizeof(model));
	snprintf(where, sizeof(where), "%s, kernel %s", tmp, kernel);

	printf("report: findings\n");
	doc_heading(&doc, 2, "Findings");
	ret = report_findings(rep, &doc);
	if (ret)
		goto out;
	doc_para(&doc, "Ratios are of medians over repeated runs; a ratio pooled over cell pairs takes, for a pair whose cells ran in the same 5 rounds or more, the median of its ratios round by round, so that drift between rounds cancels; intervals are 95%% percentile bootstrap intervals (fixed seed, reproducible); p-values are two-sided Mann-Whitney U tests.");

	doc_heading(&doc, 2, "Setup");
	doc_para(&doc, "Results: %s (%zu runs in %zu cells). Targets: %s (%s). Kernel: %s. fio: %s.",
		 rep->res.path, rep->res.nrows, rep->ncells, tmp, model, kernel, fio);
	sweep_para(rep, &doc);

	cells_table(rep, &doc);
	report_hosts_table(rep, &doc);

	ret = report_comparisons(rep, &doc);
	if (ret)
		goto out;

	failed_table(rep, &doc);

	doc_heading(&doc, 2, "Plots");
	if (!nplots)
		doc_para(&doc, "No plots: no run of this sweep has the figures they need.");
	for (i = 0; i < nplots; i++) {
		ret = doc_image(&doc, plots[i].name, plots[i].caption);
		if (ret) {
			fprintf(stderr, "report: cannot embed plots/%s.png: %s\n",
				plots[i].name, strerror(-ret));
			goto out;
		}
	}
	if (*rep->paths_note)
		doc_para(&doc, "Per-path statistics not shown for some runs: %s",
			 rep->paths_note);
	ret = report_cdf(rep, &doc);
	if (ret) {
		fprintf(stderr, "report: latency distributions in %s: %s\n",
			rep->plotdir, strerror(-ret));
		goto out;
	}
out:
	i = doc_close(&doc);
	return ret ? ret : (int)i;
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const need[] = {
		"iops", "engine", "target", "kernel", NULL
	};
	struct report rep;
	struct report_plot plots[REPORT_PLOTS_MAX];
	size_t nplots = 0;
	int c, ret, status = 1;

	memset(&rep, 0, sizeof(rep));
	optind = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 0;
		}
		usage(stderr);
		return 2;
	}
	if (optind != argc - 1 || !*argv[optind]) {
		fprintf(stderr, "report: need exactly one result directory (see --help)\n");
		return 2;
	}
	rep.dir = argv[optind];

	ret = report_find_gnuplot(&rep);
	if (ret == -ENOENT) {
		fprintf(stderr, "report: gnuplot not found%s: install Debian's gnuplot-nox (apt-get install gnuplot-nox)\n",
			getenv("GNUPLOT") ? " at $GNUPLOT" : " in PATH");
		return 1;
	}
	if (ret) {
		fprintf(stderr, "report: no gnuplot scripts in %s (set FIORING_PLOTS)\n",
			rep.scripts);
		return 1;
	}
	ret = results_read(rep.dir, &rep.res);
	if (!ret)
		ret = results_require(&rep.res, need);
	if (ret) {
		fprintf(stderr, "report: %s\n", rep.res.err);
		results_free(&rep.res);
		return 1;
	}
	rep.meta = results_meta_read(rep.dir);
	ret = results_cells(&rep.res, &rep.cells, &rep.ncells);
	if (!ret)
		ret = report_summarise(&rep);
	if (ret) {
		fprintf(stderr, "report: %s\n", strerror(-ret));
		goto out;
	}
	snprintf(rep.plotdir, sizeof(rep.plotdir), "%.*s/plots",
		 (int)(sizeof(rep.plotdir) - 8), rep.dir);
	ret = report_plots(&rep, plots, &nplots);
	if (ret) {
		if (ret != -EIO && ret != -EINVAL)
			fprintf(stderr, "report: writing plots in %s: %s\n",
				rep.plotdir, strerror(-ret));
		goto out;
	}
	ret = write_doc(&rep, plots, nplots);
	if (ret) {
		fprintf(stderr, "report: writing the report in %s: %s\n", rep.dir,
			strerror(-ret));
		goto out;
	}
	printf("report: %s/report.html (and report.md, %zu plots in %s)\n",
	       rep.dir, nplots, rep.plotdir);
	status = 0;
out:
	free(rep.rcs);
	json_object_put(rep.meta);
	results_cells_free(rep.cells, rep.ncells);
	results_free(&rep.res);
	return status;
}
