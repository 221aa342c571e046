// SPDX-License-Identifier: GPL-2.0
/*
 * results_write.c: checks the results writer.  Its columns are the file
 * format: the dims table's are placed by their rows (csv_after), and the
 * header must read as sweeps have written it, column for column, so that
 * a tool reading by position reads a new file as an old one.  A row's
 * values, set by column name, come out in the CSV and in the JSON with
 * their types: sqpoll a whole number, iodepth a number, an unset number
 * null in the JSON and empty in the CSV.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "check.h"
#include "lib/fileio.h"
#include "results/results.h"

/* the header sweeps have written since the prio_* and fio_disk_* columns */
static const char header[] =
	"run,cell,repeat,status,error,target,device_model,kernel,fio_version,"
	"engine,engine_version,job,sqpoll,iodepth,iostats_req,iostats_eff,"
	"iopolicy_req,iopolicy_eff,ioprio,scheduler,prio_hi_class,prio_hi_iops,"
	"prio_hi_clat_p50_us,prio_hi_clat_p99_us,prio_lo_class,prio_lo_iops,"
	"prio_lo_clat_p50_us,prio_lo_clat_p99_us,runtime_s,iops,read_iops,"
	"write_iops,read_bw_kib,write_bw_kib,read_clat_mean_us,read_clat_p50_us,"
	"read_clat_p99_us,read_clat_p999_us,write_clat_mean_us,write_clat_p50_us,"
	"write_clat_p99_us,write_clat_p999_us,lat_mean_us,slat_mean_us,"
	"fio_busy_pct,cpu_per_io_us,ks_iops,ks_r_await_ms,ks_w_await_ms,ks_aqu_sz,"
	"ks_util_pct,ks_flags,path_stats,fio_ios,ks_ios,ks_interval_ms,"
	"fio_inflight,wall_s,iostats_passthrough_eff,raw,diskstats,host,cpus,"
	"sq_cpu,fio_flags,ks_reliable,fio_disk_util_pct,fio_disk_ios";

/* the CSV's column named col in line, into buf ("" when none) */
static void csv_field(const char *line, const char *col, char *buf,
		      size_t len)
{
	const char *h = header, *l = line;
	size_t n = strlen(col);
	int i, k = -1;

	for (i = 0; h; i++) {
		if (!strncmp(h, col, n) && (h[n] == ',' || !h[n]))
			k = i;
		h = strchr(h, ',');
		h = h ? h + 1 : NULL;
	}
	buf[0] = '\0';
	for (i = 0; l && i < k; i++) {
		l = strchr(l, ',');
		l = l ? l + 1 : NULL;
	}
	if (k >= 0 && l)
		snprintf(buf, len, "%.*s", (int)strcspn(l, ",\n"), l);
}

int main(void)
{
	char dir[] = "/tmp/fioring-results_write.XXXXXX", path[256], buf[64];
	struct results_out res;
	struct result_row r;
	json_object *meta = json_object_new_object(), *top, *row, *v;
	char *text = NULL, *nl;
	size_t len;
	double d;

	CHECK(mkdtemp(dir) != NULL);
	CHECK(!results_open(&res, dir, meta, NULL, 0));
	result_row_init(&r);
	r.run = 1;
	CHECK(!result_row_put(&r, "target", "loop0"));
	CHECK(!result_row_put(&r, "engine", "fioring"));
	CHECK(!result_row_put(&r, "sqpoll", "1"));
	CHECK(!result_row_put(&r, "iodepth", "32"));
	CHECK(!result_row_put(&r, "iostats_eff", "1"));
	CHECK(!result_row_put(&r, "scheduler", "mq-deadline"));
	CHECK(!result_row_put(&r, "host", "all"));
	CHECK(result_row_put(&r, "no_such_column", "1") == -ENOENT);
	CHECK(!strcmp(result_row_text(&r, "iostats_eff"), "1"));
	CHECK(!result_row_num(&r, "sqpoll", &d) && d == 1);
	CHECK(!result_row_num(&r, "iodepth", &d) && d == 32);
	CHECK(result_row_num(&r, "engine", &d) == -EINVAL);
	CHECK(!result_row_num(&r, "iops", &d) && isnan(d));
	CHECK(!results_add(&res, &r));
	CHECK(!results_finish(&res));
	results_close(&res);

	snprintf(path, sizeof(path), "%s/results.csv", dir);
	CHECK(!file_read_all(path, &text, &len));
	if (text) {
		nl = strchr(text, '\n');
		CHECK(nl && (size_t)(nl - text) == strlen(header) &&
		      !strncmp(text, header, strlen(header)));
		if (nl) {
			csv_field(nl + 1, "sqpoll", buf, sizeof(buf));
			CHECK(!strcmp(buf, "1"));
			csv_field(nl + 1, "iodepth", buf, sizeof(buf));
			CHECK(!strcmp(buf, "32"));
			csv_field(nl + 1, "scheduler", buf, sizeof(buf));
			CHECK(!strcmp(buf, "mq-deadline"));
			csv_field(nl + 1, "host", buf, sizeof(buf));
			CHECK(!strcmp(buf, "all"));
			csv_field(nl + 1, "iops", buf, sizeof(buf));
			CHECK(!strcmp(buf, ""));
		}
		free(text);
	}

	snprintf(path, sizeof(path), "%s/results.json", dir);
	top = json_object_from_file(path);
	CHECK(top && json_object_object_get_ex(top, "runs", &v) &&
	      json_object_array_length(v) == 1);
	row = top ? json_object_array_get_idx(v, 0) : NULL;
	CHECK(row && json_object_object_get_ex(row, "sqpoll", &v) &&
	      json_object_is_type(v, json_type_int) && json_object_get_int(v) == 1);
	CHECK(row && json_object_object_get_ex(row, "iodepth", &v) &&
	      (json_object_is_type(v, json_type_double) ||
	       json_object_is_type(v, json_type_int)) &&
	      json_object_get_double(v) == 32);
	CHECK(row && json_object_object_get_ex(row, "target", &v) &&
	      !strcmp(json_object_get_string(v), "loop0"));
	CHECK(row && json_object_object_get_ex(row, "iops", &v) && !v);
	json_object_put(top);
	json_object_put(meta);

	unlink(path);
	snprintf(path, sizeof(path), "%s/results.csv", dir);
	unlink(path);
	rmdir(dir);
	return check_done("results_write");
}
