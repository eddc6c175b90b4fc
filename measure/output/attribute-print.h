/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_ATTRIBUTE_PRINT_H
#define TINYKERN_ATTRIBUTE_PRINT_H

#include <stdio.h>

#include "analyses/attribution.h"

/* The rows, a total row equal to `size`, then the sections' table. */
void attribute_print(FILE *f, const struct attribution *a);

#endif
