/*
 * The contract between rwonce and build/rwonce-scan.so, the plugin that
 * holds `rwonce scan` with its libraries (elfutils' libdw, capstone):
 * linked into rwonce, they cost every other command about 25 ms and 4 MiB
 * at start-up (80,000 relocations of capstone's tables), so scan-load.c
 * loads them only when `rwonce scan` runs.  The plugin takes rwonce's own
 * helpers (strbuf, options, findings, the C front end) from the
 * executable.
 */
#ifndef RWONCE_SCAN_SCAN_PLUGIN_H
#define RWONCE_SCAN_SCAN_PLUGIN_H

#include "findings/finding.h"
#include "findings/report.h"
#include "lib/plugin.h"
#include "lib/strbuf.h"

/* Both sides must agree on the structures they share (lib/plugin.h). */
#define SCAN_PLUGIN_ABI_INIT PLUGIN_ABI_INIT(sizeof(struct finding), \
	sizeof(struct report_options), sizeof(struct strbuf))

/* In the plugin: */
void scan_plugin_abi(struct plugin_abi *abi);
int scan_plugin_main(int argc, const char **argv);

#endif
