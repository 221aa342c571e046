// SPDX-License-Identifier: GPL-2.0
/*
 * fio_opts.c: a cell's fio options from the dims table (see fio_opts.h).
 * A row at fio's default passes nothing: sqthread_poll=0 would stop a job
 * whose engine has no such option, where leaving it out runs it as asked.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fio/ioprio_mix.h"
#include "results/dims.h"
#include "sweep/fio_opts.h"

static bool fio_row(const char *const *val, int i)
{
	return dims[i].fio_default && val[i];
}

/* the row's options for v: a priority mix its own, else ATTR=V */
static int row_opts(const struct dim *d, const char *v, struct strlist *opts)
{
	char o[160];

	if (d->form == DIM_FORM_IOPRIO)
		return ioprio_fio_opts(v, opts);
	if (!strcmp(v, d->fio_default))
		return 0;
	if (snprintf(o, sizeof(o), "%s=%s", d->attr, v) >= (int)sizeof(o))
		return -EINVAL;
	return strlist_add(opts, o);
}

int cell_fio_opts(const char *const *val, struct strlist *opts)
{
	int i, ret;

	for (i = 0; i < NR_DIMS; i++) {
		if (!fio_row(val, i))
			continue;
		ret = row_opts(&dims[i], val[i], opts);
		if (ret)
			return ret;
	}
	return 0;
}

/* fio ran name as want in every job (want NULL: unset, or as dflt)? */
static int opt_ran(const struct fio_ran *ran, const char *name,
		   const char *want, const char *dflt, char *why, size_t len)
{
	const struct fio_ran_opt *o = fio_ran_opt(ran, name);
	const char *got = o && o->val[0] ? o->val : NULL;

	if (o && o->mixed) {
		snprintf(why, len, "the jobs ran with different %s", name);
		return -EPROTO;
	}
	if (want ? got && !strcmp(got, want) : !got || !strcmp(got, dflt))
		return 0;
	if (!got)
		snprintf(why, len, "fio ran without %s=%s", name, want);
	else
		snprintf(why, len, "fio ran with %s=%s, not %s", name, got,
			 want ?: dflt);
	return -EPROTO;
}

int cell_fio_opts_check(const char *const *val, const struct fio_ran *ran,
			char *why, size_t len)
{
	struct strlist opts = { 0 };
	const struct dim *d;
	char *eq;
	int i, k, ret = 0;

	for (i = 0; !ret && i < NR_DIMS; i++) {
		if (!fio_row(val, i))
			continue;
		d = &dims[i];
		ret = row_opts(d, val[i], &opts);
		/* a row at fio's default passes nothing: fio ran its default */
		if (!ret && !opts.nr && d->form != DIM_FORM_IOPRIO)
			ret = opt_ran(ran, d->attr, NULL, d->fio_default, why,
				      len);
		for (k = 0; !ret && k < opts.nr; k++) {
			eq = strchr(opts.v[k], '=');
			*eq = '\0';
			ret = opt_ran(ran, opts.v[k], eq + 1, NULL, why, len);
		}
		strlist_free(&opts);
	}
	if (ret == -EINVAL)
		snprintf(why, len, "a setting fio cannot be given");
	return ret;
}

void cell_fio_opts_name(const char *const *val, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < NR_DIMS && n < len; i++)
		if (fio_row(val, i) && strcmp(val[i], dims[i].fio_default))
			n += snprintf(buf + n, len - n, ", %s %s", dims[i].name,
				      val[i]);
}
