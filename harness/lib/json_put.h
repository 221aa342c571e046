/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json_put.h: adds a member to a json-c object in one call, for the
 * documents the harness writes (meta.json, gate.json, the probe's facts),
 * and reads members back from them and from fio's JSON.
 */
#ifndef FIORING_JSON_PUT_H
#define FIORING_JSON_PUT_H

#include <json-c/json.h>

/* o[key] = the string s (a copy) */
void json_put_str(json_object *o, const char *key, const char *s);
/* a number, or NULL (JSON null) where v is none: JSON has no NaN */
json_object *json_num(double v);
/* o[key], NULL when o is NULL or has no such member */
json_object *json_get(json_object *o, const char *key);
/* o[key] when it is a string, else "" (o may be NULL) */
const char *json_get_str(json_object *o, const char *key);

#endif
