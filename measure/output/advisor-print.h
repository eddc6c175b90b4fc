/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_ADVISOR_PRINT_H
#define TINYKERN_ADVISOR_PRINT_H

#include <stdio.h>

#include "analyses/advisor.h"

/* The summary lines make deinline prints, each after INDENT. */
void advisor_print(FILE *f, const struct advisor_facts *a, const char *indent);

#endif
