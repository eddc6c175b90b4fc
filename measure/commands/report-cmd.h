/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TINYKERN_REPORT_CMD_H
#define TINYKERN_REPORT_CMD_H

/* tksize report ARGS: assemble, print and write the report; the exit code. */
int report_main(int argc, char **argv);

#endif
