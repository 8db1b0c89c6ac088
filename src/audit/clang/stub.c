/*
 * The clang engine in a build without libclang: the build still
 * succeeds, and `rwonce audit --engine=clang` says how to get the engine.
 */
#include "audit/clang/clang-engine.h"

int clang_engine_available(struct strbuf *why)
{
	if (why)
		strbuf_addstr(why, CLANG_ENGINE_HOW);
	return 0;
}

int clang_engine_run(const struct clang_engine_options *o,
		     struct finding_list *out, struct clang_engine_stats *stats)
{
	(void)o;
	(void)out;
	(void)stats;
	return error("the clang engine is not available: " CLANG_ENGINE_HOW);
}
