// SPDX-License-Identifier: GPL-2.0
/*
 * idents.c: the targets of a sweep by identity (idents.h).  Only what
 * meta.json recorded is used, so an old results directory and a new one
 * name the same embedded device alike as far as they can: a meta.json from
 * before "devices" knows the embedded device's kind but not its size.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json_put.h"
#include "results/idents.h"
#include "results/meta.h"

/* a cell key is split at ',' and '=' and shown in a shell: keep it plain */
static void sanitize(char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '.' || *s == '-' || *s == '_'))
			*s = '_';
}

void results_ident_make(const char *embedded, const char *model,
			const char *serial, unsigned long long size,
			const char *disk, char *buf, size_t len)
{
	char sz[32] = "";

	if (size)
		snprintf(sz, sizeof(sz), "-%lluMiB", size >> 20);
	if (embedded && *embedded)
		snprintf(buf, len, "embedded-%s%s", embedded, sz);
	else if (serial && *serial)
		snprintf(buf, len, "%s-%s", model && *model ? model : "disk", serial);
	else if (model && *model)
		/* no serial: the model and size, and the disk to tell two apart */
		snprintf(buf, len, "%s%s-%s", model, sz, disk);
	else
		snprintf(buf, len, "%s", disk);
	sanitize(buf);
}

static const char *jstr(json_object *v)
{
	return v ? json_object_get_string(v) : "";
}

/*
 * "ATTR=V,..." of a device's queue/ record ("" without one): the setup
 * strings of the history split at '|', ';', ',', '=' and ':'
 */
static char *queue_text(json_object *q)
{
	size_t len = 1, used = 0;
	char *s, *p;

	if (!q || !json_object_is_type(q, json_type_object))
		return strdup("");
	json_object_object_foreach(q, a, v)
		len += strlen(a) + strlen(jstr(v)) + 2;
	s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	json_object_object_foreach(q, attr, val) {
		used += (size_t)snprintf(s + used, len - used, "%s%s=",
					 used ? "," : "", attr);
		p = s + used;
		used += (size_t)snprintf(s + used, len - used, "%s", jstr(val));
		for (; *p; p++)
			if (strchr("|;,=:", *p))
				*p = '_';
	}
	return s;
}

static int add(struct results_idents *ids, const char *disk, const char *ident,
	       const char *fw, json_object *queue)
{
	struct results_ident *v = realloc(ids->v, (ids->n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	ids->v = v;
	v = &ids->v[ids->n];
	v->disk = strdup(disk);
	v->ident = strdup(ident);
	v->firmware = strdup(fw);
	v->queue = queue_text(queue);
	ids->n++;
	if (!v->disk || !v->ident || !v->firmware || !v->queue)
		return -ENOMEM;
	return 0;
}

/* a meta.json before "devices": only the embedded device, by its kind */
static int from_old_meta(json_object *meta, struct results_idents *ids)
{
	const char *emb = json_get_str(meta, "embedded"), *disk;
	char kind[16], ident[64];
	size_t i;

	if (strncmp(emb, "/dev/", 5))
		return 0;
	disk = emb + 5;
	snprintf(kind, sizeof(kind), "%s", disk);
	for (i = strlen(kind); i > 0 && kind[i - 1] >= '0' && kind[i - 1] <= '9'; i--)
		kind[i - 1] = '\0';
	results_ident_make(kind, NULL, NULL, 0, disk, ident, sizeof(ident));
	return add(ids, disk, ident, "", NULL);
}

/* a setup string splits at '|' and the system part at tabs */
static void plain_text(char *s)
{
	for (; *s; s++)
		if (*s == '|' || *s == '\t')
			*s = '/';
}

static int by_key(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * An object's members as "KEY=VALUE<tab>...", by key whatever meta.json's
 * order, so that two sweeps compare as text; NULL without one (not an
 * object), -ENOMEM into *ret
 */
static char *flat_text(json_object *o, int *ret)
{
	size_t n = 0, i, len = 1, used = 0;
	const char **keys;
	char *s;

	if (!o || !json_object_is_type(o, json_type_object))
		return NULL;
	keys = calloc((size_t)json_object_object_length(o) + 1, sizeof(*keys));
	if (!keys) {
		*ret = -ENOMEM;
		return NULL;
	}
	json_object_object_foreach(o, k, v) {
		keys[n++] = k;
		len += strlen(k) + strlen(jstr(v)) + 2;
	}
	qsort(keys, n, sizeof(*keys), by_key);
	s = malloc(len);
	for (i = 0; s && i < n; i++) {
		char *val = s + used + strlen(keys[i]) + 1;

		used += (size_t)snprintf(s + used, len - used, "%s=%s", keys[i],
					 jstr(json_get(o, keys[i])));
		plain_text(val);
		if (i + 1 < n)
			s[used++] = '\t';
	}
	if (s)
		s[used] = '\0';
	else
		*ret = -ENOMEM;
	free(keys);
	return s;
}

/* meta.json's "system" record as the cmdline, system and kconfig parts */
static int system_parts(json_object *meta, struct results_idents *ids)
{
	json_object *sys = json_get(meta, "system");
	int ret = 0;

	if (!sys)
		return 0;
	ids->cmdline = strdup(json_get_str(sys, "cmdline"));
	if (!ids->cmdline)
		return -ENOMEM;
	plain_text(ids->cmdline);
	ids->system = flat_text(json_get(sys, "settings"), &ret);
	ids->kconfig = flat_text(json_get(sys, "kconfig"), &ret);
	return ret;
}

int results_idents_from_meta(json_object *meta, struct results_idents *ids)
{
	json_object *devs, *d;
	char ident[512];
	size_t i;
	int ret;

	memset(ids, 0, sizeof(*ids));
	if (!meta)
		return 0;
	ret = system_parts(meta, ids);
	if (ret) {
		results_idents_free(ids);
		return ret;
	}
	if (!json_object_object_get_ex(meta, "devices", &devs) ||
	    !json_object_is_type(devs, json_type_array))
		return from_old_meta(meta, ids);
	for (i = 0; i < json_object_array_length(devs); i++) {
		json_object *sz;

		d = json_object_array_get_idx(devs, i);
		json_object_object_get_ex(d, "size_bytes", &sz);
		results_ident_make(json_get_str(d, "embedded"), json_get_str(d, "model"),
				   json_get_str(d, "serial"),
				   (unsigned long long)json_object_get_int64(sz),
				   json_get_str(d, "disk"), ident, sizeof(ident));
		ret = add(ids, json_get_str(d, "disk"), ident,
			  json_get_str(d, "firmware"), json_get(d, "queue"));
		if (ret) {
			results_idents_free(ids);
			return ret;
		}
	}
	return 0;
}

int results_idents_read(const char *dir, struct results_idents *ids)
{
	json_object *meta = results_meta_read(dir);
	int ret = results_idents_from_meta(meta, ids);

	json_object_put(meta);
	return ret;
}

const char *results_ident_of(const struct results_idents *ids, const char *disk)
{
	size_t i;

	for (i = 0; ids && i < ids->n; i++)
		if (!strcmp(ids->v[i].disk, disk))
			return ids->v[i].ident;
	return disk;
}

void results_idents_free(struct results_idents *ids)
{
	size_t i;

	for (i = 0; i < ids->n; i++) {
		free(ids->v[i].disk);
		free(ids->v[i].ident);
		free(ids->v[i].firmware);
		free(ids->v[i].queue);
	}
	free(ids->v);
	free(ids->cmdline);
	free(ids->system);
	free(ids->kconfig);
	memset(ids, 0, sizeof(*ids));
}

char *results_idents_settings(const struct results_idents *ids)
{
	size_t i, len = sizeof("queue=|cmdline=|system=|kconfig="), used = 0;
	char *s;

	for (i = 0; i < ids->n; i++)
		len += strlen(ids->v[i].ident) + strlen(ids->v[i].queue) + 2;
	len += (ids->cmdline ? strlen(ids->cmdline) : 0) +
	       (ids->system ? strlen(ids->system) : 0) +
	       (ids->kconfig ? strlen(ids->kconfig) : 0);
	s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (i = 0; i < ids->n; i++)
		if (*ids->v[i].queue)
			used += (size_t)snprintf(s + used, len - used, "%s%s:%s",
						 used ? ";" : "queue=",
						 ids->v[i].ident, ids->v[i].queue);
	if (ids->cmdline)
		used += (size_t)snprintf(s + used, len - used, "%scmdline=%s",
					 used ? "|" : "", ids->cmdline);
	if (ids->system)
		used += (size_t)snprintf(s + used, len - used, "%ssystem=%s",
					 used ? "|" : "", ids->system);
	if (ids->kconfig)
		snprintf(s + used, len - used, "%skconfig=%s", used ? "|" : "",
			 ids->kconfig);
	return s;
}
