/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_OPTCOST_PRINT_H
#define TINYKERN_OPTCOST_PRINT_H

#include <stdio.h>

#include "analyses/optcost.h"

/* The option table and the combined and fragment lines, each after INDENT. */
void optcost_print(FILE *f, const struct optcost_facts *c, const char *indent);

#endif
