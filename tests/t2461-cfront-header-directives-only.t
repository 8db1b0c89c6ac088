#!/bin/sh
# A "local.h" header that holds only directive lines, comments and white
# space -- a register header's thousands of #defines -- declares
# nothing, so the type index does not lex it (issue #35: a fifth of the
# bytes of the local headers an audit of Linux 6.12 parses).  The byte
# scan that decides it must never say "only directives" where the lexer
# finds an identifier outside a directive; when unsure it says no.
# `test-tool cfront directives-only` checks each answer against the
# lexer and the type index built from its tokens.
. "$(dirname "$0")/lib/tap.sh"

cfront_test() { "$TEST_TOOL" cfront "$@"; }
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

# only directives: #defines, continuation lines, comments of both
# kinds, a comment that goes on past its directive's line, a string
# holding "/*", an #ifdef that the header decides itself
cat >regs.h <<'EOF_H'
/* Registers. */
#ifndef REGS_H
#define REGS_H
#define mmA 0x10 // a
#define mmB \
	0x20
#define NAME "/* not a comment"
#define C 3 /* a comment
		   int not_code; */ + 1
#undef D
#ifdef D
int dropped;
#endif
#endif
EOF_H
# code after a comment that a splice ends: "*\<newline>/"
cat >splice.h <<'EOF_H'
#define A 1
/* comment *\
/ int x;
EOF_H
# a declaration
cat >decl.h <<'EOF_H'
#define B 2
extern int counter;
EOF_H
# only directives, but an unterminated quote the scan does not follow
cat >quote.h <<'EOF_H'
#error don't
EOF_H

for h in regs.h splice.h decl.h quote.h; do
	cfront_test directives-only $h >$h.out 2>$h.err
	echo $? >$h.rc
done

test_expect_success 'only #defines and comments: only directives' '
	[ "$(cat regs.h.rc)" = 0 ] &&
	grep -qx "directives-only: 1 files, 1 only directives, 0 wrong, 0 with only directives not seen" regs.h.out'
test_expect_success 'a comment ended by a splice: not taken for one' '
	[ "$(cat splice.h.rc)" = 0 ] &&
	grep -qx "directives-only: 1 files, 0 only directives, 0 wrong, 0 with only directives not seen" splice.h.out'
test_expect_success 'a declaration: not only directives' '
	[ "$(cat decl.h.rc)" = 0 ] &&
	grep -qx "directives-only: 1 files, 0 only directives, 0 wrong, 0 with only directives not seen" decl.h.out'
test_expect_success 'an unterminated quote: unsure, so lexed (a "no" the lexer would say yes to)' '
	[ "$(cat quote.h.rc)" = 0 ] &&
	grep -qx "directives-only: 1 files, 0 only directives, 0 wrong, 1 with only directives not seen" quote.h.out'

# Through the type index: the header of directives only merges nothing,
# the file's own answers stand.
cat >f.c <<'EOF_C'
#include "regs.h"
struct s { int v; } g;
int f(void) { return g.v; }
int h(void) { return counter; }
EOF_C
cfront_test rewind f.c regs.h 3:22 >rw 2>err
test_expect_success 'merging the header of directives only changes no answer' "
	grep -qx \"alone 3:22: scalar 'int' 'int'\" rw &&
	grep -qx \"merged 3:22: scalar 'int' 'int'\" rw"
cfront_test rewind f.c decl.h 4:22 >rw2 2>err
test_expect_success 'a header with a declaration is still read' "
	grep -qx \"alone 4:22: unknown, missing ''\" rw2 &&
	grep -qx \"merged 4:22: scalar 'int' 'int'\" rw2"

# The fixture headers of the C front end, audit and fix: never wrong.
cfront_test directives-only $(find "$RWONCE_ROOT/tests/cfront" \
	"$RWONCE_ROOT/tests/audit" "$RWONCE_ROOT/tests/fix" -name '*.h' |
	sort) >fixtures 2>err
echo $? >rc
test_expect_success 'the fixture headers: no wrong answer' '
	[ "$(cat rc)" = 0 ] && ! grep WRONG fixtures &&
	grep -q "files, [0-9]* only directives, 0 wrong" fixtures'
test_done
