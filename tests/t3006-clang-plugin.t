#!/bin/sh
# The libclang engine is a plugin (build/rwonce-clang.so) that rwonce
# loads only for --engine=clang/auto, so that no other command pays for
# loading libclang.  Checks: rwonce itself needs no libclang; the plugin is
# found next to the executable and after `make install` in
# $(LIBEXECDIR)/rwonce/; a missing, foreign or mismatched plugin gets a
# clear message and exit 2; lexical runs never load it; a build without
# libclang says how to get the engine.
. "$(dirname "$0")/lib/tap.sh"
need_cmd make cc readelf

PLUGIN=$RWONCE_BUILD/rwonce-clang.so

# A unit with the seed's hazard: ACCESS_ONCE on a one-field struct.
mkdir "$TEST_TMP/db"
cat >"$TEST_TMP/db/pte.c" <<'SRC'
typedef struct { unsigned long pte; } pte_t;
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
unsigned long get(pte_t *p) { pte_t v = ACCESS_ONCE(*p); return v.pte; }
SRC
printf '[{"directory": "%s", "file": "pte.c", "command": "cc -c pte.c"}]\n' \
	"$TEST_TMP/db" >"$TEST_TMP/db/compile_commands.json"
NONSCALAR="pte.c:3:41: error: ACCESS_ONCE on struct type 'pte_t' (aka 'struct { unsigned long pte; }')"

if [ -f "$PLUGIN" ]; then
	test_expect_success 'rwonce does not link libclang; the plugin does' \
		'! readelf -d "$RWONCE" | grep NEEDED | grep -q libclang &&
		 readelf -d "$PLUGIN" | grep NEEDED | grep -q libclang'
	test_expect_success 'the plugin next to rwonce is loaded for --engine=clang' \
		'(cd "$TEST_TMP/db" && "$RWONCE" audit --engine=clang -p .) >"$TEST_TMP/out" 2>&1;
		 rc=$?; cat "$TEST_TMP/out"; test $rc = 1 &&
		 grep -qF "$NONSCALAR" "$TEST_TMP/out"'
	test_expect_success '--engine=auto picks it up from compile_commands.json' \
		'(cd "$TEST_TMP/db" && "$RWONCE" audit --engine=auto pte.c) >"$TEST_TMP/out" 2>&1;
		 grep -qF "$NONSCALAR" "$TEST_TMP/out"'
	test_expect_failure_msg 'a missing plugin: message naming it, exit 2' \
		'engine plugin /nonexistent/rwonce-clang.so \(from RWONCE_CLANG_PLUGIN\) does not exist' \
		'cd "$TEST_TMP/db" && RWONCE_CLANG_PLUGIN=/nonexistent/rwonce-clang.so \
			"$RWONCE" audit --engine=clang -p .; test $? = 2 && false'
	# A shared object with the right entry points from another build.
	cat >"$TEST_TMP/other.c" <<'SRC'
#include <stddef.h>
struct abi { const char *version; size_t a, b, c, d; };
void clang_engine_plugin_abi(struct abi *x) { x->version = "0.0-other"; x->a = x->b = x->c = x->d = 0; }
int clang_engine_available(void *why) { (void)why; return 1; }
int clang_engine_run(void *o, void *f, void *s) { (void)o; (void)f; (void)s; return 0; }
SRC
	test_expect_success 'a plugin of another build can be made' \
		'cc -shared -fPIC -o "$TEST_TMP/other.so" "$TEST_TMP/other.c"'
	test_expect_failure_msg 'a plugin of another build is refused, exit 2' \
		'other.so is not the engine plugin of this rwonce \(another build\)' \
		'cd "$TEST_TMP/db" && RWONCE_CLANG_PLUGIN="$TEST_TMP/other.so" \
			"$RWONCE" audit --engine=clang -p .; test $? = 2 && false'
	test_expect_failure_msg 'a shared object that is no plugin is refused, exit 2' \
		'cannot load the engine plugin .*rwonce-trace.so: .*undefined symbol' \
		'cd "$TEST_TMP/db" && RWONCE_CLANG_PLUGIN="$RWONCE_BUILD/tracer/rwonce-trace.so" \
			"$RWONCE" audit --engine=clang -p .; test $? = 2 && false'
	test_expect_success 'a lexical run never loads the plugin' \
		'(cd "$TEST_TMP/db" && RWONCE_CLANG_PLUGIN=/nonexistent \
			"$RWONCE" audit --engine=lexical pte.c) >"$TEST_TMP/out" 2>&1;
		 rc=$?; cat "$TEST_TMP/out"; test $rc = 1 &&
		 ! grep -q "plugin" "$TEST_TMP/out"'

	P=$TEST_TMP/prefix
	test_expect_success "make install PREFIX=<tmp>: rwonce and the plugin, private build" \
		'make -s -C "$RWONCE_ROOT" BUILD="$TEST_TMP/b" PREFIX="$P" \
			install-tool install-clang-plugin >"$TEST_TMP/make.log" 2>&1 ||
			{ tail -n 20 "$TEST_TMP/make.log"; false; }
		 test -x "$P/bin/rwonce" && test -f "$P/libexec/rwonce/rwonce-clang.so"'
	test_expect_success 'the installed rwonce loads the installed plugin' \
		'rm -rf "$TEST_TMP/b" &&
		 (cd "$TEST_TMP/db" && "$P/bin/rwonce" audit --engine=clang -p .) \
			>"$TEST_TMP/out" 2>&1;
		 rc=$?; cat "$TEST_TMP/out"; test $rc = 1 &&
		 grep -qF "$NONSCALAR" "$TEST_TMP/out"'
else
	test_skip 'the libclang engine plugin' "$PLUGIN not built (apt-get install libclang-dev, then make)"
fi

test_expect_success 'a build without libclang: rwonce builds, no plugin' \
	'make -s -C "$RWONCE_ROOT" BUILD="$TEST_TMP/nolib" RWONCE_NO_LIBCLANG=1 \
		"$TEST_TMP/nolib/rwonce" >"$TEST_TMP/make.log" 2>&1 ||
		{ tail -n 20 "$TEST_TMP/make.log"; false; }
	 test -x "$TEST_TMP/nolib/rwonce" && ! test -e "$TEST_TMP/nolib/rwonce-clang.so"'
test_expect_failure_msg 'it says how to get the engine, exit 2' \
	'built without libclang; install it \(apt-get install libclang-dev\)' \
	'cd "$TEST_TMP/db" && "$TEST_TMP/nolib/rwonce" audit --engine=clang -p .;
	 test $? = 2 && false'
test_done
