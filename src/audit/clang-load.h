/*
 * `rwonce audit --engine=clang` through the plugin that holds the libclang
 * engine (build/rwonce-clang.so, installed in $(LIBEXECDIR)/rwonce/): it is
 * loaded on first use, so that no other command pays for libclang.
 * Same contracts as clang_engine_available() and clang_engine_run() in
 * audit/clang/clang-engine.h.
 */
#ifndef RWONCE_AUDIT_CLANG_LOAD_H
#define RWONCE_AUDIT_CLANG_LOAD_H

#include "audit/clang/clang-engine.h"

int clang_load_available(struct strbuf *why);
int clang_load_run(const struct clang_engine_options *o,
		   struct finding_list *out, struct clang_engine_stats *stats);

#endif
