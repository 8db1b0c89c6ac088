#!/bin/sh
# rwonce fix --add-include=HEADER (and the default, <rwonce.h>): converted
# files that could not see READ_ONCE/WRITE_ONCE get "#include HEADER" --
# after the last top-level #include, after an include guard's #define, or
# above the first line of code; never when the file includes HEADER or
# names the macros already.  Fixtures and the golden diff:
# tests/fix/include/ (where the files come from: t2306).
. "$(dirname "$0")/lib/tap.sh"

INC="$RWONCE_ROOT/tests/fix/include"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
requires git git
requires patch patch
need_cmd git patch
cd "$TEST_TMP" || exit 1
cp -r "$INC" tree

test_expect_success 'the diff is the golden one' \
	"(cd tree && '$RWONCE' fix -q --add-include=rwonce.h --self-check .) >got.diff;
	 test \$? = 1 && diff -u '$INC/expected.diff' got.diff"
test_expect_success 'git apply takes it' \
	"cp -r tree applied && (cd applied && git apply ../got.diff) &&
	 grep -q '^#include <rwonce.h>' applied/guard.h"
test_expect_success 'patch -p1 takes it' \
	"cp -r tree patched && (cd patched && patch -s -p1 <../got.diff) &&
	 diff -r applied patched"
test_expect_success 'every fixed file compiles with include/rwonce.h' \
	"for f in applied/*.c applied/*.h; do
		cc -std=gnu11 -Wall -Werror -fsyntax-only -I'$RWONCE_ROOT/include' \
			-x c \"\$f\" || exit 1
	 done"
test_expect_success 'a second run changes nothing' \
	"(cd applied && '$RWONCE' fix -q --add-include=rwonce.h .) >again.diff;
	 test \$? = 0 && test ! -s again.diff"
test_expect_success '--in-place gives the same files' \
	"cp -r tree inplace &&
	 '$RWONCE' fix -q --in-place --add-include=rwonce.h inplace >/dev/null;
	 diff -r applied inplace"
test_expect_success 'a quoted header is spelled as given' \
	"(cd tree && '$RWONCE' fix -q --add-include='\"rwonce.h\"' guard.h) >q.diff;
	 grep -q '^+#include \"rwonce.h\"\$' q.diff"
test_expect_success 'a file including the header in quotes counts as including it' \
	"printf '#include \"rwonce.h\"\nint v;\nint f(void) { return ACCESS_ONCE(v); }\n' >quoted.c &&
	 '$RWONCE' fix -q --add-include=rwonce.h quoted.c >quoted.diff;
	 ! grep -q '^+#include' quoted.diff && grep -q READ_ONCE quoted.diff"
test_expect_success 'after a malformed #include (fuzz find): at the top, tokens kept' \
	"printf 'int g;\nvoid f(void) { ACCESS_ONCE(g) = 1; }\n#include <abc /* open' >bad.c &&
	 '$RWONCE' fix -q --self-check --add-include=rwonce.h bad.c >bad.diff; test \$? = 1 &&
	 sed -n 5p bad.diff | grep -q '^+#include <rwonce.h>\$'"
test_expect_failure_msg 'a malformed header: exit 2' \
	"--add-include '<rwonce.h': expected <file.h>" \
	"'$RWONCE' fix --add-include='<rwonce.h' tree 2>&1; [ \$? = 2 ] || exit 0; exit 1"
test_expect_success 'without --add-include: <rwonce.h> is the default, the same diff' \
	"(cd tree && '$RWONCE' fix -q .) >plain.diff; cmp got.diff plain.diff"
test_expect_success '--no-add-include: nothing is added, those sites are left' \
	"(cd tree && '$RWONCE' fix --no-add-include .) >none.diff 2>none.err; ! grep -q '^+#include' none.diff &&
	 test \$(grep -c 'left unchanged: no definition of READ_ONCE/WRITE_ONCE is visible' none.err) = 4"
test_done
