#!/bin/sh
# fix asks the tree's discovered once-macros one question: is the macro
# whose body holds a volatile cast a once-macro (then the cast is its
# implementation, and silent)?  Discovery decides only those macros and
# what their answers depend on -- the names their bodies mention, the
# aliases of these, and so on -- found from the names after "define" in
# the files that may hold a cast (define_names_each(), src/cfront/
# defines.c), where it decided every #define of the tree in rounds
# (issue #35).  Each macro below is a once-macro only through its other
# definition, in inc/g.h, which calls M, which calls READ_ONCE; its
# definition in f.c is spelled as the byte scan must still see it: a
# spliced "define", a name on the next line, a comment over lines before
# the cast, a spliced "volatile" (also in a file that says it no other
# way), an alias of a name taken.  A scan that
# missed one would leave that macro out of the table, and its cast would
# get a note.  RWONCE_TEST_DECIDE_ALL decides every name, as before: the
# same output either way, here and on the repository's fix fixtures.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

mkdir -p tree/inc
echo '#define M(x) READ_ONCE(x)' >tree/inc/h.h
printf '%s\n' '#define N(x) M(x)' '#define P(x) M(x)' '#define Q(x) M(x)' \
	'#define R(x) M(x)' '#define V(x) M(x)' '#define W(x) M(x)' \
	'#define X_alias N' '#define Y(x) M(x)' >tree/inc/g.h
printf '%s\n' '#include "inc/h.h"' '#include "inc/g.h"' \
	'#define N(x) (*(volatile int *)(x))' \
	'#def\' 'ine P(x) (*(volatile int *)(x))' \
	'#define \' '  Q(x) (*(volatile int *)(x))' \
	'#define R(x) /* a comment' '  over lines */ (*(volatile int *)(x))' \
	'#define V(x) (*(vola\' 'tile int *)(x))' \
	'#define W(x) \' '	(*(volatile int *)(x))' \
	'#define X_alias(x) (*(volatile int *)(x))' \
	'#define S(x) (*(volatile int *)(x))' \
	'int f(int *p) { return N(p) + P(p) + Q(p) + R(p) + V(p) + W(p) + X_alias(p) + S(p); }' \
	>tree/f.c
# a file read for its one volatile, cut by a splice (no filter sees it)
printf '%s\n' '#include "inc/g.h"' '#define Y(x) (*(vola\' 'tile int *)(x))' \
	'int g(int *p) { return Y(p); }' >tree/g.c

(cd tree && "$RWONCE" fix --no-config -j 1 . >../only.out 2>../only.err)
(cd tree && RWONCE_TEST_DECIDE_ALL=1 "$RWONCE" fix --no-config -j 1 . \
	>../all.out 2>../all.err)
test_expect_success 'the casts of the once-macros are silent: only S is noted' '
	grep -c "note: volatile cast left unchanged" only.err >count &&
	echo 1 >one && cmp count one &&
	grep -q "^./f.c:15:15: note: volatile cast left unchanged: inside a macro body" only.err'
test_expect_success 'the same output as when every name is decided' '
	cmp only.out all.out && cmp only.err all.err'

for v in "" --no-volatile-casts; do
	"$RWONCE" fix --no-config -j 1 $v "$RWONCE_ROOT/tests/fix" \
		>fx.only.out 2>fx.only.err
	RWONCE_TEST_DECIDE_ALL=1 "$RWONCE" fix --no-config -j 1 $v \
		"$RWONCE_ROOT/tests/fix" >fx.all.out 2>fx.all.err
	test_expect_success "tests/fix ${v:-(default)}: the same output either way" '
		cmp fx.only.out fx.all.out && cmp fx.only.err fx.all.err &&
		test -s fx.only.err'
done
test_done
