// SPDX-License-Identifier: GPL-2.0
/*
 * row_fill.c: the parts of a results row that a local run (run_cell.c)
 * and a run on fio servers (clients.c) fill alike (row_fill.h).
 */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "lib/str.h"
#include "results/dims.h"
#include "results/flags.h"
#include "results/ioprio.h"
#include "sweep/row_fill.h"

void run_stem(char stem[16], int run)
{
	snprintf(stem, 16, "%c%04d", run < 0 ? 'w' : 'r', abs(run));
}

void row_start(const struct run_tools *tl, const struct target *t,
	       const struct sweep_cell *c, int run, int repeat,
	       struct result_row *r)
{
	char stem[16];
	int d;

	result_row_init(r);
	r->run = run;
	r->repeat = repeat;
	str_copy(r->cell, sizeof(r->cell), c->name);
	str_copy(r->status, sizeof(r->status), "ok");
	str_copy(r->dim_req[DIM_TARGET], sizeof(r->dim_req[DIM_TARGET]), t->disk);
	str_copy(r->fio_version, sizeof(r->fio_version), tl->fio_version);
	for (d = 0; d < NR_DIMS; d++)
		if (c->val[d])
			result_row_put(r, dims[d].req_col, c->val[d]);
	for (d = 0; d < QUEUE_KNOBS_MAX && c->val[NR_DIMS + d]; d++)
		str_copy(r->knob_req[d], sizeof(r->knob_req[d]),
			 c->val[NR_DIMS + d]);
	/* fio's own engines are fio's version; fioring is this build's */
	str_copy(r->engine_version, sizeof(r->engine_version),
		 strcmp(r->dim_req[DIM_ENGINE], "fioring") ? tl->fio_version :
		 tl->engine_version);
	run_stem(stem, run);
	snprintf(r->raw, sizeof(r->raw), "raw/%s.json", stem);
}

void row_asked_kept(const struct sweep_cell *c, struct result_row *r)
{
	int d;

	for (d = 0; d < NR_DIMS; d++)
		if (c->val[d] && dims[d].eff_col && dim_in_kernel(&dims[d]))
			result_row_put(r, dims[d].eff_col, c->val[d]);
}

void fill_fio(struct result_row *r, const struct fio_result *f)
{
	const struct fio_dir_figs *rd = &f->rd, *wr = &f->wr;
	uint64_t ios = rd->ios + wr->ios;

	fmt_num(r->dim_req[DIM_IODEPTH], sizeof(r->dim_req[DIM_IODEPTH]),
		f->iodepth ? f->iodepth : 1);
	r->runtime_s = fmax(rd->runtime_ms, wr->runtime_ms) / 1000.0;
	r->read_iops = rd->iops;
	r->write_iops = wr->iops;
	r->iops = rd->iops + wr->iops;
	r->read_bw_kib = rd->bw_kib;
	r->write_bw_kib = wr->bw_kib;
	if (rd->ios) {
		r->read_clat_mean_us = rd->clat_mean_us;
		r->read_clat_p50_us = rd->clat_p50_us;
		r->read_clat_p99_us = rd->clat_p99_us;
		r->read_clat_p999_us = rd->clat_p999_us;
	}
	if (wr->ios) {
		r->write_clat_mean_us = wr->clat_mean_us;
		r->write_clat_p50_us = wr->clat_p50_us;
		r->write_clat_p99_us = wr->clat_p99_us;
		r->write_clat_p999_us = wr->clat_p999_us;
	}
	if (ios) {
		r->lat_mean_us = (rd->lat_mean_us * rd->ios +
				  wr->lat_mean_us * wr->ios) / ios;
		r->slat_mean_us = (rd->slat_mean_us * rd->ios +
				   wr->slat_mean_us * wr->ios) / ios;
	}
	r->fio_ios = ios;
	if (flags_think_spun(f->usr_ms, f->think_sleep_ms))
		flags_add(r->fio_flags, sizeof(r->fio_flags), FLAGS_THINK_SPIN);
	else if (ios && f->cpu_ms > 0)
		r->cpu_per_io_us = f->cpu_ms * 1000 / (double)ios;
	ioprio_row_fill(r, f);
}
