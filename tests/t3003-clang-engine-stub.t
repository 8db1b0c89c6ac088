#!/bin/sh
# Without libclang the build still succeeds and the clang engine says how
# to get it, exiting 2.  Builds the engine's front end in a private build
# folder with RWONCE_NO_LIBCLANG=1 (what mk/60-clang-engine.mk does when
# libclang-dev is not installed).
. "$(dirname "$0")/lib/tap.sh"
# "clang engine: stub", the engine's name in a message.
mentions clang
need_cmd make cc

B=$TEST_TMP/build
test_expect_success 'the stub builds with RWONCE_NO_LIBCLANG=1' \
	'make -s -C "$RWONCE_ROOT" BUILD="$B" RWONCE_NO_LIBCLANG=1 \
		"$B/tests/audit/clang-audit" >"$TEST_TMP/make.log" 2>&1 &&
	 test -x "$B/tests/audit/clang-audit" &&
	 ! nm "$B/tests/audit/clang-audit" | grep -q clang_parseTranslationUnit'
test_expect_success 'make clang-engine-info says stub' \
	'make -s -C "$RWONCE_ROOT" BUILD="$B" RWONCE_NO_LIBCLANG=1 clang-engine-info |
	 grep -q "clang engine: stub"'
test_expect_success 'the stub says apt-get install libclang-dev, exit 2' \
	'"$B/tests/audit/clang-audit" -p "$TEST_TMP" 2>"$TEST_TMP/err"; rc=$?;
	 cat "$TEST_TMP/err"; test $rc = 2 &&
	 grep -q "^rwonce: error: .*built without libclang.*apt-get install libclang-dev" "$TEST_TMP/err"'
test_done
