#!/bin/sh
# A UTF-8 byte order mark (issue 33, point 3).  fix used to put its
# `#include <rwonce.h>` in front of the BOM, so the file no longer
# compiled ("stray '\357' in program"), and the lexer took the BOM for an
# identifier, so a BOM-prefixed `#include` on line 1 was no directive.
# Now the BOM is no token and no column (line 1, column 1 is the
# character after it, as gcc and editors count), it stays the file's
# first bytes, and fix's output of a BOM file compiles with gcc.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
LT="$TEST_TOOL cfront"
requires patch patch
cd "$TEST_TMP" || exit 1

BOM=$(printf '\357\273\277')

# The shapes: code on line 1, a comment first, an #include on line 1, an
# include guard on line 1, a file with CRLF line ends.
printf '%sint a, x;\nvoid f(void) { x = ACCESS_ONCE(a); ACCESS_ONCE(a) = 1; }\n' "$BOM" >code.c
printf '%s/* a comment */\nint a, x;\nvoid f(void) { x = ACCESS_ONCE(a); }\n' "$BOM" >comment.c
printf '%s#include <stddef.h>\nint a, x;\nvoid f(void) { x = ACCESS_ONCE(a); }\n' "$BOM" >include.c
printf '%s#ifndef G_H\n#define G_H\nstatic int a, x;\nstatic inline void f(void) { x = ACCESS_ONCE(a); }\n#endif\n' "$BOM" >guard.h
printf '%sint a, x;\r\nvoid f(void) { x = ACCESS_ONCE(a); }\r\n' "$BOM" >crlf.c

starts_with_bom() {
	test "$(head -c 3 "$1" | od -An -tx1 | tr -d ' ')" = efbbbf
}

if [ -x "$TEST_TOOL" ]; then
	test_expect_success 'lexer: a BOM-prefixed #include on line 1 is a directive at 1:1' "
		$LT dump include.c >include.tokens &&
		head -n 3 include.tokens | tee /dev/stderr >got &&
		printf '%s\n' '1:1 hash B-D--- #' '1:2 ident --D--- include' \
			'1:10 header -SD--- <stddef.h>' >want && cmp want got"
	test_expect_success 'lexer: the BOM is no token (invariants hold on every shape)' "
		$LT check code.c comment.c include.c guard.h crlf.c"
else
	test_skip 'lexer: a BOM-prefixed #include on line 1 is a directive at 1:1' "$LT not built"
	test_skip 'lexer: the BOM is no token (invariants hold on every shape)' "$LT not built"
fi

for f in code.c comment.c include.c guard.h crlf.c; do
	test_expect_success "fix --in-place $f: the BOM stays first, the result compiles with gcc" "
		cp $f in-$f && { '$RWONCE' fix -q --in-place in-$f; test \$? = 1; } &&
		starts_with_bom in-$f && grep -q 'READ_ONCE(a)' in-$f &&
		test \$(grep -c '#include <rwonce.h>' in-$f) = 1 &&
		gcc -fsyntax-only -Wall -Werror -x c -I'$RWONCE_ROOT/include' in-$f"
done

if have_cmd patch; then
	test_expect_success 'fix: the diff of a BOM file applies (patch) and gives the in-place result' "
		mkdir p && cp code.c p/ &&
		(cd p && '$RWONCE' fix -q code.c >../code.diff; test \$? = 1) &&
		(cd p && patch -p1 -s <../code.diff) && cmp p/code.c in-code.c &&
		{ '$RWONCE' fix -q --self-check code.c >/dev/null; test \$? = 1; }"
else
	test_skip 'fix: the diff of a BOM file applies (patch) and gives the in-place result' "$(missing_why patch)"
fi

test_expect_success 'fix: the #include goes below the BOM-prefixed #include, not above it' "
	sed -n 2p in-include.c | grep -qx '#include <rwonce.h>' &&
	head -n 1 in-include.c | grep -q '#include <stddef.h>'"

test_expect_success 'audit: line 1 columns after a BOM are gcc'\''s' "
	printf '%sint x = ACCESS_ONCE(y);\n' '$BOM' >col.c &&
	gcc -fsyntax-only col.c 2>gcc.err; grep -q '^col.c:1:9: ' gcc.err &&
	'$RWONCE' audit col.c >audit.out 2>&1; grep -q '^col.c:1:9: warning' audit.out &&
	'$RWONCE' audit --format=sarif col.c 2>/dev/null |
		grep -q '\"startLine\": 1, \"startColumn\": 9'"

test_expect_success 'fix --format=json: the edit after a BOM is at line 1, column 1' "
	'$RWONCE' fix -q --format=json code.c >code.json; test \$? = 1 &&
	grep -q '{\"line\": 1, \"column\": 1, \"end_line\": 1, \"end_column\": 1, \"text\": \"#include <rwonce.h>' code.json"

test_done
