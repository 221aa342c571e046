/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dims.h: the table of a sweep's dimensions, one row per setting that makes
 * a cell: its name and option, where it lives (a queue/ attribute, the NVMe
 * subsystem, a fio option, the harness), its default values, how its
 * applicability is probed and how it is journaled, its columns (value
 * asked and value read back), its part of the cell name and how a report
 * label shows it.  The reader's settings (results_setting_col), the gate's
 * --vs columns, the sweep's cell names, pairing and fio options, the job
 * guard and report labels walk it; a --knob attribute is the dim_knob row,
 * instantiated per attribute.
 * Columns and names are the contract with old results directories: a row
 * changes none of them.
 */
#ifndef FIORING_DIMS_H
#define FIORING_DIMS_H

#include <stdbool.h>
#include <stddef.h>

enum dim_where {
	DIM_CELL,		/* what is measured: the device, the job */
	DIM_QUEUE_ATTR,		/* /sys/block/DISK/queue/ATTR */
	DIM_NVME_SUBSYS,	/* /sys/class/nvme-subsystem/S/ATTR */
	DIM_FIO_OPTION,		/* an option of the fio job */
	DIM_HARNESS,		/* where the harness runs fio */
};

/* what each item of a dimension's list option must look like */
enum dim_form {
	DIM_FORM_NONE,		/* not a list option */
	DIM_FORM_UINT,		/* a whole number >= 0 */
	DIM_FORM_BOOL,		/* 0 or 1 */
	DIM_FORM_WORD,		/* letters, digits, '-' and '_' */
	DIM_FORM_IOPRIO,	/* a priority mix (results/ioprio.h) */
};

/* how a row's columns are written (its values are held as text) */
enum dim_type {
	DIM_TEXT,		/* as it is, quoted in JSON */
	DIM_INT,		/* a whole number in JSON */
	DIM_NUM,		/* a number, as fmt_num() writes one */
};

/* the rows, in the order cell keys and names are made */
enum dim_id {
	DIM_TARGET, DIM_ENGINE, DIM_JOB, DIM_SQPOLL, DIM_IODEPTH, DIM_IOSTATS,
	DIM_IOPOLICY, DIM_IOPRIO, DIM_SCHEDULER, DIM_HOST, NR_DIMS
};

struct dim {
	const char *name;
	const char *flag;	/* fioring-bench run's option, NULL: none */
	enum dim_where where;
	const char *attr;	/* the sysfs attribute or fio option */
	/* the values swept when the flag is not given, as the flag takes them;
	 * NULL: what the target offers or has (see HOWTO) */
	const char *defaults;
	const char *probe;	/* how the sweep learns a value applies */
	const char *journal;	/* what is journaled before a write */
	const char *req_col;	/* the value asked: the setting cells pair on */
	const char *eff_col;	/* what the kernel read back, NULL: none */
	const char *absent;	/* eff_col where the target has no such file */
	enum dim_type type;
	/*
	 * the results column its columns follow (req_col, then eff_col);
	 * rows with one anchor follow it in the table's order
	 */
	const char *csv_after;
	const char *cell_part;	/* before the value in the cell name; NULL: not there */
	const char *label;	/* before the value in a report label */
	bool vs;		/* a `run --adaptive-vs` column (swept per target) */
	bool on_off;		/* the kernel keeps any value but 0 as on */
	/* a per-target row's values to try when its option is not given */
	const char *candidates;
	/*
	 * a fio-option row the sweep passes to fio (sweep/fio_opts.c): ATTR=V,
	 * or nothing where V is fio's default (an engine without the option
	 * still runs); a priority mix becomes its own options
	 */
	const char *fio_default;
	/*
	 * the fio options the row sets, which a job or a --fio-arg may not
	 * (sweep/job_guard.c), and why, before the flag in that refusal
	 * ("the sweep sets it" when NULL)
	 */
	const char *const fio_owns[8];
	const char *owns_why;
	/*
	 * the report compares its values as a --knob's: a finding and a
	 * latency group each against the base (when the sweep has two)
	 */
	bool as_knob;
	/*
	 * a row compared as a knob whose question every report answers: its
	 * finding when no target has the setting ("not measurable here: ...")
	 */
	const char *none_why;
	/*
	 * the report holds each other value against cmp_base, or cmp_cand
	 * only (report_groups.c), asked as cmp_question ("NAME=V vs BASE"
	 * when NULL); a side of it in a legend is side with the value for
	 * %s ("NAME=%s" when NULL; a 0/1 row reads "off"/"on").  The
	 * Comparisons table compares IOPS, or clat p50 where cmp_latency
	 */
	const char *cmp_base;
	const char *cmp_cand;
	const char *cmp_question;
	const char *side;
	bool cmp_latency;
	/*
	 * run's list option: --help's text after "--FLAG LIST" ('\n' starts
	 * a line under it), and the form each item must have
	 */
	const char *help;
	enum dim_form form;
	const char *want;	/* the form, as a refusal names it */
};

extern const struct dim dims[NR_DIMS];

/* the row is a kernel setting: written to a file, read back */
static inline bool dim_in_kernel(const struct dim *d)
{
	return d->where == DIM_QUEUE_ATTR || d->where == DIM_NVME_SUBSYS;
}
/*
 * A --knob attribute: its columns, cell-name part and label are these
 * formats with the attribute's name for %s (results/knob_cols.c).
 */
extern const struct dim dim_knob;

/*
 * The req_col of each row (vs_only: of each row marked vs) into buf,
 * space-separated, as --help and the refusals name them; a line breaks to
 * indent once it passes wrap characters (0: never)
 */
void dims_cols(char *buf, size_t len, bool vs_only, size_t wrap,
	       const char *indent);
/* the row whose req_col is col, or NULL */
const struct dim *dim_by_col(const char *col);
/* the row with col as req_col (*eff 0) or eff_col (*eff 1), or NULL */
const struct dim *dim_by_any_col(const char *col, int *eff);
/* the row that sets the target's queue/ATTR (a --knob may not), or NULL */
const struct dim *dim_by_queue_attr(const char *attr);
/*
 * 1 when queue/ATTR changes nothing on disk (bio-based unless blk_mq),
 * with why (one clause) in why; else 0: an attribute that acts on requests
 * only (queue_attr_on_requests()) does nothing where there are none; any
 * other, read_ahead_kb or write_cache say, acts on every device.
 */
int dim_queue_attr_inert(const char *attr, bool blk_mq, const char *disk,
			 char *why, size_t len);

#endif
