#!/bin/sh
# Without libclang the build still succeeds and the clang engine says how
# to get it, exiting 2.  Builds the tool and the test helper in a private
# build folder with RWONCE_NO_LIBCLANG=1 (what mk/60-clang-engine.mk does
# when libclang-dev is not installed): no plugin, and nothing that links
# libclang; test-tool clang-audit loads the engine as the tool does and
# gives the loader's answer.
. "$(dirname "$0")/lib/tap.sh"
# "clang engine: none", the engine's name in a message.
mentions clang
need_cmd make cc

B=$TEST_TMP/build
test_expect_success 'the build without libclang: no plugin, nothing linked to libclang' \
	'make -s -C "$RWONCE_ROOT" BUILD="$B" RWONCE_NO_LIBCLANG=1 \
		"$B/rwonce" "$B/test-tool" >"$TEST_TMP/make.log" 2>&1 &&
	 test -x "$B/test-tool" && test ! -e "$B/rwonce-clang.so" &&
	 ! nm "$B/test-tool" | grep -q clang_parseTranslationUnit &&
	 ! nm "$B/rwonce" | grep -q clang_parseTranslationUnit'
test_expect_success 'make clang-engine-info says none' \
	'make -s -C "$RWONCE_ROOT" BUILD="$B" RWONCE_NO_LIBCLANG=1 clang-engine-info |
	 grep -q "clang engine: none"'
test_expect_success 'test-tool clang-audit says apt-get install libclang-dev, exit 2' \
	'"$B/test-tool" clang-audit -p "$TEST_TMP" 2>"$TEST_TMP/err"; rc=$?;
	 cat "$TEST_TMP/err"; test $rc = 2 &&
	 grep -q "^rwonce: error: .*built without libclang.*apt-get install libclang-dev" "$TEST_TMP/err"'
test_expect_success 'so does rwonce audit --engine=clang' \
	'"$B/rwonce" audit --engine=clang -p "$TEST_TMP" 2>"$TEST_TMP/err2"; rc=$?;
	 cat "$TEST_TMP/err2"; test $rc = 2 &&
	 grep -q "built without libclang.*apt-get install libclang-dev" "$TEST_TMP/err2"'
test_done
