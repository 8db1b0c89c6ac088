#!/bin/sh
# audit's note on bytes that are not C (unterminated literals, NUL bytes,
# invalid UTF-8) is asked only when the lexer says it made such a token
# (token_list.odd): every way the lexer makes one sets it -- the
# prefixed literals (L"", u8'', U"") and the raw strings (R"x( ... )x")
# leave the lexer's common path each in a branch of their own.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
B=$TEST_TMP/odd
mkdir -p "$B"
v='int a = *(volatile int *)&x;'
printf '%s\nwchar_t *s = L"never closed\n' "$v" >"$B/wide.c"
printf "%s\nint c = u8'x\n" "$v" >"$B/u8char.c"
printf '%s\nchar32_t *s = U"never closed\n' "$v" >"$B/u32.c"
printf '%s\nconst char *r = R"d(never closed\n' "$v" >"$B/raw.c"
printf '%s\nconst char *r = u8R"d(never closed\n' "$v" >"$B/u8raw.c"
printf '%s\nconst char *r = R"d(closed)d";\n' "$v" >"$B/rawok.c"

"$RWONCE" audit -q --no-progress -j 1 "$B" >"$TEST_TMP/out" 2>"$TEST_TMP/err"
echo $? >"$TEST_TMP/rc"
test_expect_success 'the run checks every file (a finding in each)' \
	"[ \$(cat $TEST_TMP/rc) = 1 ] && [ \$(wc -l <$TEST_TMP/out) = 6 ]"
test_expect_success 'L"...: unterminated string literal, located' \
	"grep -q 'wide.c:2:14: unterminated string literal' $TEST_TMP/err"
test_expect_success "u8'...: unterminated character literal, located" \
	"grep -q 'u8char.c:2:9: unterminated character literal' $TEST_TMP/err"
test_expect_success 'U"...: unterminated string literal, located' \
	"grep -q 'u32.c:2:15: unterminated string literal' $TEST_TMP/err"
test_expect_success 'R"d(...: unterminated string literal, located' \
	"grep -q 'raw.c:2:17: unterminated string literal' $TEST_TMP/err"
test_expect_success 'u8R"d(...: unterminated string literal, located' \
	"grep -q 'u8raw.c:2:17: unterminated string literal' $TEST_TMP/err"
test_expect_success 'a raw string that is closed: nothing said' \
	"! grep -q rawok.c $TEST_TMP/err"
test_done
