/*
 * The entry the loader (src/audit/clang-load.c) checks before it calls
 * the engine in this plugin: the layout of the structures both sides use.
 */
#include "audit/clang/clang-engine.h"

void clang_engine_plugin_abi(struct plugin_abi *abi)
{
	const struct plugin_abi mine = CLANG_ENGINE_ABI_INIT;

	*abi = mine;
}
