#!/bin/sh
# One library for everything that links (issue 36, point 5): the tool is
# made of src/'s wildcard, and every other program -- the test helper
# build/test-tool and each libFuzzer harness -- links build/librwonce.a
# (the libFuzzer ones: the same archive built again by clang with the
# fuzzer's instrumentation), never a list of sources typed by hand in
# mk/.  Before this test, mk/56-libfuzzer.mk named src/fix/diff.c and
# three folders for its harnesses, and six drivers had a rule each.
#   - mk/ names src/ files only where it says what the tool and its two
#     plugins are made of (mk/00-tool.mk, mk/60-clang-engine.mk,
#     mk/70-scan.mk) and on a line giving one object its flags or
#     prerequisites;
#   - the link lines make would run: each harness links
#     libfuzzer/lib/librwonce.a and no src/ file, whose objects clang
#     compiles with -fsanitize=fuzzer-no-link; build/test-tool links its
#     own objects (tests/helper/) and build/librwonce.a;
#   - every driver of tests/helper/ is a row of test-tool's table, and no
#     test runs a driver program of its own or compiles src/ by hand.
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 2
MK=${MK:-mk}
B=$TEST_TMP/b

bad=$(grep -n 'src/' "$MK"/*.mk | grep -v '^[^:]*:[0-9]*:[[:space:]]*#' |
	grep -vE "^$MK/(00-tool|60-clang-engine|70-scan)\.mk:" |
	grep -vE '^[^:]*:[0-9]*:\$\(BUILD\)/src/[^ :]*\.o:')
test_expect_success 'mk/ names src/ files only for the tool, its plugins and per-object flags' "
	[ -z \"\$bad\" ] || { printf '%s\n' \"\$bad\"; false; }"

# The commands make would run, continued lines joined; -n builds nothing
# (the sub-make of the instrumented archive gets -n too).
joined() { sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}'; }
make -n BUILD="$B" -C "$RWONCE_ROOT" libfuzzer 2>"$TEST_TMP/fuzz.err" | joined >"$TEST_TMP/fuzz.n"
for h in libfuzzer/*.c; do
	name=$(basename "$h" .c)
	line=$(grep -E -- "-o $B/libfuzzer/$name( |\$)" "$TEST_TMP/fuzz.n")
	if [ -z "$line" ] && [ "$name" = scan-reader ] &&
	   make -s --no-print-directory --eval 'p: ; @echo "$(SCAN_OFF_WHY)"' p | grep -q .; then
		test_skip "libfuzzer/$name links the instrumented librwonce.a" "scan is not built here"
		continue
	fi
	test_expect_success "libfuzzer/$name links the instrumented librwonce.a, no src/ file" "
		printf '%s\n' \"\$line\" | grep -q -- ' $B/libfuzzer/lib/librwonce\.a' &&
		! printf '%s\n' \"\$line\" | grep -q ' src/'"
done
test_expect_success 'the archive the harnesses link: src/ compiled with -fsanitize=fuzzer-no-link' "
	grep -E -- '-o $B/libfuzzer/lib/src/lib/strbuf\.o ' '$TEST_TMP/fuzz.n' | grep -q -- '-fsanitize=fuzzer-no-link'"

make -n -B BUILD="$B" -C "$RWONCE_ROOT" "$B/test-tool" 2>"$TEST_TMP/tool.err" | joined >"$TEST_TMP/tool.n"
line=$(grep -E -- "-o $B/test-tool " "$TEST_TMP/tool.n")
objs=$(printf '%s\n' "$line" | grep -oE "$B/[^ ]*\.o" | sed "s|^$B/||" | sort)
want=$(ls tests/helper/*.c 2>/dev/null | sed 's|\.c$|.o|' | sort)
test_expect_success 'build/test-tool links tests/helper/ and build/librwonce.a, nothing else of its own' "
	printf '%s\n' \"\$line\" | grep -q -- ' $B/librwonce\.a' &&
	[ '$(echo $objs)' = '$(echo $want)' ]"

names=$(ls tests/helper/test-*.c 2>/dev/null | sed 's|.*/test-||; s|\.c$||' | grep -vx tool | sort)
"$TEST_TOOL" >"$TEST_TMP/usage" 2>&1
listed=$(sed 's/.*one of://' "$TEST_TMP/usage" | tr ' ' '\n' | grep . | sort)
if [ -x "$TEST_TOOL" ]; then
test_expect_success 'every driver of tests/helper/ is a name of test-tool' "
	[ '$(echo $names)' = '$(echo $listed)' ] ||
	{ echo 'files: $(echo $names)'; echo 'test-tool: $(echo $listed)'; false; }"
else
	test_skip 'every driver of tests/helper/ is a name of test-tool' "$TEST_TOOL not built (make)"
fi
test_expect_success 'no test runs a driver program of its own' "
	! grep -nE 'RWONCE_BUILD/(tests/|cfront-test)|build/tests/' tests/*.t tests/*/*.sh |
		grep -v '^tests/t0080-'"
# t0700 compiled src/trace, src/targets and src/lib with its driver by
# hand for its TSan build; a test needing a sanitized driver runs the
# test-tool of that build instead.
test_expect_success 'no test compiles the sources of src/ (-Isrc, src/*.c on a compiler line)' "
	! grep -nE -- '-I *[^ ]*src( |\\\$|\$)|(gcc|cc|clang[-0-9]*) .*src/[a-z]+/[^ ]*\.c' \
		tests/*.t tests/*/*.sh | grep -v '^tests/t0080-'"
test_done
