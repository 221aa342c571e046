// SPDX-License-Identifier: GPL-2.0
/*
 * trend.c: a cell's metric sweep by sweep from the history, with the
 * change points the detector finds in it and the setup changes under it.
 */
#include "report/trend.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

#include "results/metrics.h"

/* the value of part @name in a setup string, and its length */
static const char *setup_part(const char *s, const char *name, size_t *len)
{
	size_t nl = strlen(name);

	while (s && *s) {
		size_t l = strcspn(s, "|");

		if (l > nl && !strncmp(s, name, nl) && s[nl] == '=') {
			*len = l - nl - 1;
			return s + nl + 1;
		}
		s += l;
		if (*s == '|')
			s++;
	}
	*len = 0;
	return "";
}

const char *const trend_settings[TREND_NSETTINGS] = {
	"queue", "cmdline", "system", "kconfig",
};

/* @s with "|NAME=VALUE" of @from's part appended, freeing s when it was ours */
static char *append_part(const char *s, char *own, const char *from,
			 const char *name)
{
	size_t l;
	const char *v = setup_part(from, name, &l);
	char *out;

	if (asprintf(&out, "%s|%s=%.*s", s, name, (int)l, v) < 0)
		out = NULL;
	free(own);
	return out;
}

/*
 * A sweep whose meta.json records no queue/, command line, system settings
 * or kernel config (an older harness; a kernel that does not show its
 * config) takes the record of the sweep before it, or of the first that
 * has one: not knowing a setting is not a change of it.
 */
static int settings_fill(struct trend_series *ts)
{
	const char *known[TREND_NSETTINGS] = { NULL }, *orig;
	size_t i, l;
	int k;

	for (k = 0; k < TREND_NSETTINGS; k++)
		for (i = 0; i < ts->n && !known[k]; i++)
			if (*setup_part(ts->cs[i].setup, trend_settings[k], &l))
				known[k] = ts->cs[i].setup;
	ts->filled = calloc(ts->n + 1, sizeof(*ts->filled));
	if (!ts->filled)
		return -ENOMEM;
	for (i = 0; i < ts->n; i++) {
		orig = ts->cs[i].setup;
		for (k = 0; orig && k < TREND_NSETTINGS; k++) {
			if (*setup_part(orig, trend_settings[k], &l)) {
				known[k] = orig;
				continue;
			}
			if (!known[k])
				continue;
			ts->filled[i] = append_part(ts->cs[i].setup, ts->filled[i],
						    known[k], trend_settings[k]);
			if (!ts->filled[i])
				return -ENOMEM;
			ts->cs[i].setup = ts->filled[i];
		}
	}
	return 0;
}

/* 1 when the comma-separated @list names @item */
static int list_names(const char *list, const char *item)
{
	size_t n = strlen(item);

	while (*list) {
		size_t l = strcspn(list, ",");

		if (l == n && !strncmp(list, item, n))
			return 1;
		list += l;
		if (*list == ',')
			list++;
	}
	return 0;
}

int trend_ack_applies(const struct store_ack *a, const char *cell,
		      const char *metric)
{
	return strstr(cell, a->cell) && (!*a->metrics || list_names(a->metrics, metric));
}

int trend_ack_holds(const struct store_ack *a, const struct cp_point *pt)
{
	return fabs(pt->shift - 1) * 100 <= a->max_change;
}

const char *trend_ack_text(const struct store_ack *a, const struct cp_point *pt,
			   char *buf, size_t len)
{
	snprintf(buf, len, "%s ack %lld (up to %g%%: %s)",
		 trend_ack_holds(a, pt) ? "acknowledged by" : "larger than accepted by",
		 a->id, a->max_change, a->why);
	return buf;
}

size_t trend_sweep_index(const struct store_sweep *sw, size_t nsw, long long id)
{
	size_t x;

	for (x = 0; x < nsw && sw[x].id != id; x++)
		;
	return x;
}

/* the ack at change point @pt (trend_load()), or NULL */
static const struct store_ack *ack_of(const struct trend_series *ts,
				      const struct cp_point *pt,
				      const struct store_sweep *sw, size_t nsw,
				      const struct store_ack *acks, size_t nacks)
{
	const struct store_ack *at = NULL;
	size_t i, x, k;

	for (i = 0; i < nacks; i++) {
		if (!trend_ack_applies(&acks[i], ts->cell, ts->metric))
			continue;
		x = trend_sweep_index(sw, nsw, acks[i].sweep_id);
		/* the series' first sweep at or after the ack's */
		for (k = 0; k < ts->n && ts->sweep[k] < x; k++)
			;
		if (k >= ts->n || k + 1 < pt->after || k > pt->after + 1)
			continue;
		if (trend_ack_holds(&acks[i], pt))
			return &acks[i];
		if (!at)
			at = &acks[i];
	}
	return at;
}

static int find_acks(const struct store_sweep *sw, size_t nsw,
		     const struct store_ack *acks, size_t nacks,
		     struct trend_series *ts)
{
	size_t k;

	ts->ack = calloc(ts->res.npts + 1, sizeof(*ts->ack));
	if (!ts->ack)
		return -ENOMEM;
	for (k = 0; k < ts->res.npts; k++)
		ts->ack[k] = ack_of(ts, &ts->res.pts[k], sw, nsw, acks, nacks);
	return 0;
}

int trend_load(struct store *st, const struct store_sweep *sw, size_t nsw,
	       const struct store_ack *acks, size_t nacks, const char *cell,
	       const char *metric, const struct cp_params *par,
	       struct trend_series *ts)
{
	size_t i;
	int ret;

	memset(ts, 0, sizeof(*ts));
	ts->cell = cell;
	ts->metric = metric;
	ts->lower_better = metric_lower_better(metric);
	ret = store_series(st, cell, metric, &ts->pts, &ts->npts);
	if (ret)
		return ret;
	ret = -ENOMEM;
	ts->sweep = calloc(ts->npts + 1, sizeof(*ts->sweep));
	ts->cs = calloc(ts->npts + 1, sizeof(*ts->cs));
	if (!ts->sweep || !ts->cs)
		goto err;
	/*
	 * a sweep whose runs of the cell all failed has no value: left out;
	 * so is a value of 0 (a run that did no I/O), which has no log
	 */
	for (i = 0; i < ts->npts; i++) {
		struct store_point *p = &ts->pts[i];
		size_t j, k = 0;

		for (j = 0; j < p->nv; j++)
			if (p->v[j] > 0 && isfinite(p->v[j]))
				p->v[k++] = p->v[j];
		p->nv = k;
		if (!p->nv || p->sweep >= nsw)
			continue;
		ts->sweep[ts->n] = p->sweep;
		ts->cs[ts->n].v = p->v;
		ts->cs[ts->n].n = p->nv;
		ts->cs[ts->n].setup = sw[p->sweep].setup;
		ts->n++;
	}
	ret = settings_fill(ts);
	if (ret)
		goto err;
	ts->judged = ts->n >= cp_min_sweeps(par);
	ret = cp_detect(ts->cs, ts->n, par, &ts->res);
	if (!ret)
		ret = find_acks(sw, nsw, acks, nacks, ts);
	if (ret)
		goto err;
	return 0;
err:
	trend_free(ts);
	return ret;
}

void trend_free(struct trend_series *ts)
{
	size_t i;

	for (i = 0; ts->filled && i < ts->n; i++)
		free(ts->filled[i]);
	free(ts->filled);
	cp_result_free(&ts->res);
	store_points_free(ts->pts, ts->npts);
	free(ts->sweep);
	free(ts->cs);
	free(ts->ack);
	memset(ts, 0, sizeof(*ts));
}

const char *trend_setup_diff(const char *a, const char *b, char *buf,
			     size_t len)
{
	static const char *const parts[] = {
		"kernel", "fio", "engine", "target", "placement", "queue",
		"cmdline", "system", "kconfig",
	};
	size_t i, la, lb, used = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		const char *va = setup_part(a, parts[i], &la);
		const char *vb = setup_part(b, parts[i], &lb);

		if (la == lb && !strncmp(va, vb, la))
			continue;
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s", used ? ", " : "", parts[i]);
	}
	if (!used)
		snprintf(buf, len, "setup");
	return buf;
}

/* one ATTR=V of a queue part, on its device */
struct queue_ent {
	const char *dev, *attr, *val;
};

/* a queue part's entries, pointing into *buf, which the caller frees */
static size_t queue_split(const char *part, size_t len, char **buf,
			  struct queue_ent **out)
{
	char *dev, *kv, *eq, *attrs, *sp1, *sp2;
	struct queue_ent *grown;
	size_t n = 0, cap = 0;

	*out = NULL;
	*buf = strndup(part, len);
	for (dev = *buf ? strtok_r(*buf, ";", &sp1) : NULL; dev;
	     dev = strtok_r(NULL, ";", &sp1)) {
		attrs = strchr(dev, ':');
		if (!attrs)
			continue;
		*attrs++ = '\0';
		for (kv = strtok_r(attrs, ",", &sp2); kv; kv = strtok_r(NULL, ",", &sp2)) {
			eq = strchr(kv, '=');
			if (!eq)
				continue;
			*eq = '\0';
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				grown = realloc(*out, cap * sizeof(**out));
				if (!grown)
					return n;
				*out = grown;
			}
			(*out)[n++] = (struct queue_ent){ dev, kv, eq + 1 };
		}
	}
	return n;
}

static const struct queue_ent *queue_find(const struct queue_ent *e, size_t n,
					  const char *dev, const char *attr)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(e[i].dev, dev) && (!attr || !strcmp(e[i].attr, attr)))
			return &e[i];
	return NULL;
}

/* "ATTR A -> B" of each attribute of dev that differs, "-": not there */
static size_t queue_dev_diff(const struct queue_ent *ea, size_t na,
			     const struct queue_ent *eb, size_t nb,
			     const char *dev, bool name_dev, char *buf,
			     size_t len, size_t used)
{
	const struct queue_ent *o;
	size_t i;

	for (i = 0; i < nb; i++) {
		if (strcmp(eb[i].dev, dev))
			continue;
		o = queue_find(ea, na, dev, eb[i].attr);
		if (o && !strcmp(o->val, eb[i].val))
			continue;
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s%s%s %s -> %s", used ? ", " : "",
					 name_dev ? dev : "", name_dev ? " " : "",
					 eb[i].attr, o ? o->val : "-", eb[i].val);
	}
	for (i = 0; i < na; i++)
		if (!strcmp(ea[i].dev, dev) && !queue_find(eb, nb, dev, ea[i].attr))
			used += (size_t)snprintf(buf + used,
						 used < len ? len - used : 0,
						 "%s%s%s%s %s -> -", used ? ", " : "",
						 name_dev ? dev : "", name_dev ? " " : "",
						 ea[i].attr, ea[i].val);
	return used;
}

/* a system part's "KEY=VALUE<tab>..." as entries of no device */
static size_t system_split(const char *part, size_t len, char **buf,
			   struct queue_ent **out)
{
	char *kv, *eq, *sp;
	size_t n = 0;

	*buf = strndup(part, len);
	*out = calloc(len / 2 + 1, sizeof(**out));
	if (!*buf || !*out)
		return 0;
	for (kv = strtok_r(*buf, "\t", &sp); kv; kv = strtok_r(NULL, "\t", &sp)) {
		eq = strchr(kv, '=');
		if (!eq)
			continue;
		*eq = '\0';
		(*out)[n++] = (struct queue_ent){ "", kv, eq + 1 };
	}
	return n;
}

static void queue_diff(const char *pa, size_t la, const char *pb, size_t lb,
		       char *buf, size_t len)
{
	size_t na, nb, i, used = 0;
	struct queue_ent *ea, *eb;
	char *ba, *bb;
	bool name_dev;

	na = queue_split(pa, la, &ba, &ea);
	nb = queue_split(pb, lb, &bb, &eb);
	/* a device on one side only is the target part's to name */
	name_dev = (na && strchr(pa, ';')) || (nb && strchr(pb, ';'));
	for (i = 0; i < nb; i++)
		if (queue_find(ea, na, eb[i].dev, NULL) &&
		    queue_find(eb, nb, eb[i].dev, NULL) == &eb[i])
			used = queue_dev_diff(ea, na, eb, nb, eb[i].dev, name_dev,
					      buf, len, used);
	free(ea);
	free(eb);
	free(ba);
	free(bb);
}

static void system_diff(const char *pa, size_t la, const char *pb, size_t lb,
			char *buf, size_t len)
{
	struct queue_ent *ea, *eb;
	size_t na, nb;
	char *ba, *bb;

	na = system_split(pa, la, &ba, &ea);
	nb = system_split(pb, lb, &bb, &eb);
	queue_dev_diff(ea, na, eb, nb, "", false, buf, len, 0);
	free(ea);
	free(eb);
	free(ba);
	free(bb);
}

/*
 * The next parameter of a command line at *s (a quoted value keeps its
 * spaces), its length in *n; NULL at the end
 */
static const char *next_token(const char **s, size_t *n)
{
	const char *t = *s + strspn(*s, " ");
	bool quoted = false;

	for (*n = 0; t[*n] && (quoted || t[*n] != ' '); (*n)++)
		quoted ^= t[*n] == '"';
	*s = t + *n;
	return *n ? t : NULL;
}

/* "-TOKEN" of each parameter only @pa has, then "+TOKEN" of each only @pb */
static void cmdline_diff(const char *pa, size_t la, const char *pb, size_t lb,
			 char *buf, size_t len)
{
	char *a = strndup(pa, la), *b = strndup(pb, lb);
	const char *s, *t, *u, *sb;
	size_t n, m, used = 0;
	bool *taken = calloc(lb / 2 + 1, sizeof(*taken));
	size_t j;

	if (!a || !b || !taken)
		goto out;
	for (s = a; (t = next_token(&s, &n));) {
		bool found = false;

		for (sb = b, j = 0; !found && (u = next_token(&sb, &m)); j++)
			if (!taken[j] && m == n && !strncmp(t, u, n))
				found = taken[j] = true;
		if (!found)
			used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
						 "%s-%.*s", used ? " " : "", (int)n, t);
	}
	for (sb = b, j = 0; (u = next_token(&sb, &m)); j++)
		if (!taken[j])
			used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
						 "%s+%.*s", used ? " " : "", (int)m, u);
out:
	free(a);
	free(b);
	free(taken);
}

const char *trend_settings_diff(int k, const char *a, const char *b, char *buf,
				size_t len)
{
	static void (*const diff[TREND_NSETTINGS])(const char *, size_t, const char *,
						   size_t, char *, size_t) = {
		queue_diff, cmdline_diff, system_diff, system_diff,
	};
	size_t la, lb;
	const char *pa = setup_part(a, trend_settings[k], &la);
	const char *pb = setup_part(b, trend_settings[k], &lb);

	buf[0] = '\0';
	/* a part one side has no record of is not known to differ */
	if (!la || !lb || (la == lb && !strncmp(pa, pb, la)))
		return buf;
	diff[k](pa, la, pb, lb, buf, len);
	if (strlen(buf) + 1 >= len && len > 4)
		strcpy(buf + len - 4, "...");
	return buf;
}

const char *trend_labels(const struct store_sweep *s, char *buf, size_t len)
{
	size_t k, used = 0;

	buf[0] = '\0';
	for (k = 0; k < s->nlabels; k++)
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s", k ? " " : "", s->labels[k]);
	if (!s->nlabels)
		snprintf(buf, len, "-");
	return buf;
}

int trend_is_regression(const struct trend_series *ts,
			const struct cp_point *pt)
{
	return ts->lower_better ? pt->lo > 1 : pt->hi < 1;
}
