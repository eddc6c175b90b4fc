/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_ATTRIBUTE_JSON_H
#define TINYKERN_ATTRIBUTE_JSON_H

#include <json-c/json.h>

#include "analyses/attribution.h"

/*
 * An attribution as JSON, the one shape report.json and a kernel's
 * attribution.json both use: {"link_map": bool, "files": [{path, text,
 * data, bss, code, written}...], "sections": [{name, class, code, functions, size, owned,
 * remainder, written, written_remainder}...]}.  NULL (JSON's null) when A
 * was not read.
 */
json_object *attribute_to_json(const struct attribution *a);
/* The reverse; -1 with *ERR saying what is missing. */
int attribute_from_json(json_object *o, struct attribution *a, char **err);

/*
 * KDIR/attribution.json, written by `tksize attribute --save` so that a
 * report need not read DWARF again: {"attribution": ..., "error": ...,
 * "not_measured": ...}, one of them set.  attribute_save() writes PATH
 * through a temporary file; attribute_load() returns 0, 1 when there is
 * no such file, -1 with *ERR when it is not one.
 */
void attribute_save(const char *path, const struct attribution *a, const char *error, const char *not_measured);
int attribute_load(const char *path, struct attribution *a, char **err);

#endif
