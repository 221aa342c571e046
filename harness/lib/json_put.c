// SPDX-License-Identifier: GPL-2.0
/*
 * json_put.c: json_object_object_add() of a new string member, the shape
 * every writer of a harness document repeats.
 */
#include <math.h>

#include "lib/json_put.h"

void json_put_str(json_object *o, const char *key, const char *s)
{
	json_object_object_add(o, key, json_object_new_string(s));
}

json_object *json_num(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

json_object *json_get(json_object *o, const char *key)
{
	json_object *v;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

const char *json_get_str(json_object *o, const char *key)
{
	json_object *v = json_get(o, key);

	return v && json_object_is_type(v, json_type_string) ?
	       json_object_get_string(v) : "";
}
