#!/bin/sh
# rwonce fix knows where READ_ONCE/WRITE_ONCE come from (issue #22): a
# file that defines them, includes a header that does ("x.h" next to it,
# <x.h> in an include/ folder above, followed through further includes)
# or is part of a Linux tree that has them gets nothing added; any other
# gets #include <rwonce.h> after its last #include, its own ACCESS_ONCE/
# READ_ONCE definitions removed (or kept after an #undef when uses are
# left), or rwonce.h without short names when a header it includes
# defines ACCESS_ONCE or barrier.  A Linux file gets <linux/compiler.h>,
# never rwonce.h; a Linux tree without READ_ONCE, or --no-add-include,
# leaves the sites with the reason.  Fixtures: tests/fix/provider/ (each
# compiles before and after, t2301).
. "$(dirname "$0")/lib/tap.sh"
requires git git
requires patch patch

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
cp -r "$FIX/provider" provider

test_expect_success 'the diff and the notes are the golden ones' "
	'$RWONCE' fix provider >got.diff 2>got.notes; test \$? = 1 &&
	diff -u '$FIX/provider.diff' got.diff &&
	diff -u '$FIX/provider.notes' got.notes"
test_expect_success 'git apply and patch -p1 take it, with the same result' "
	cp -r provider a && (mkdir ga && cp -r provider ga/ && cd ga && git apply ../got.diff) &&
	(mkdir pa && cp -r provider pa/ && cd pa && patch -s -p1 <../got.diff) &&
	diff -r ga pa"
test_expect_success 'a second run over the result changes nothing' "
	(cd ga && '$RWONCE' fix -q provider) >again.diff; test ! -s again.diff"
test_expect_success '--in-place gives the same files' "
	cp -r provider ip && '$RWONCE' fix -q --in-place ip >/dev/null;
	diff -r ga/provider ip"
test_expect_success '--add-include=rwonce.h on its own ACCESS_ONCE: the same, no redefinition' "
	'$RWONCE' fix -q --add-include=rwonce.h provider/own-define.c >o1.diff;
	'$RWONCE' fix -q provider/own-define.c >o2.diff; cmp o1.diff o2.diff &&
	grep -q '^-#define ACCESS_ONCE' o1.diff && grep -q '^+#include <rwonce.h>' o1.diff"
test_exit_msg 1 '--no-add-include: sites without a definition are left, with the reason' \
	'own-define.c:8:24: note: ACCESS_ONCE\(\) left unchanged: no definition of READ_ONCE/WRITE_ONCE is visible from this file, and --no-add-include says not to add one' \
	"$RWONCE" fix --no-add-include provider/own-define.c
test_expect_success '--no-add-include: files that can see them are still converted' "
	'$RWONCE' fix -q --no-add-include provider/uses-once.c >n.diff;
	grep -q '^+int is_ready(void) { return READ_ONCE(ready); }' n.diff &&
	'$RWONCE' fix -q --no-add-include provider/own-define.c >m.diff; test ! -s m.diff"
test_expect_success 'a read with only READ_ONCE visible: converted; the write: left' "
	printf '#define READ_ONCE(x) (*(const volatile int *)&(x))\nint v;\nint g(void) { return *(volatile int *)&v; }\nvoid s(void) { *(volatile int *)&v = 1; }\n' >half.c &&
	'$RWONCE' fix --no-add-include half.c >half.diff 2>half.err;
	grep -q 'return READ_ONCE(v)' half.diff && ! grep -q WRITE_ONCE half.diff &&
	grep -q 'half.c:4:16: note: volatile cast left unchanged: no definition' half.err"
test_expect_success '<linux/compiler.h> that is not in the tree counts by its name' "
	printf '#include <linux/compiler.h>\nint v;\nint g(void) { return *(volatile int *)&v; }\n' >lc.c &&
	'$RWONCE' fix -q lc.c >lc.diff; grep -q READ_ONCE lc.diff && ! grep -q '^+#include' lc.diff"
test_expect_success 'a Linux tree without READ_ONCE: --add-include names the header, which is added' "
	'$RWONCE' fix -q --add-include=linux/compiler.h provider/old-linux >ol.diff;
	grep -q 'READ_ONCE(jiffies_like)' ol.diff"
test_expect_success 'a "header" found only by -I: rwonce.h under #ifndef READ_ONCE, compiles either way' "
	mkdir -p gen/inc && printf '#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))\n#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\n' >gen/inc/api.h &&
	printf '#include \"api.h\"\nint v;\nint g(void) { return ACCESS_ONCE(v); }\n' >gen/a.c &&
	'$RWONCE' fix -q --in-place gen/a.c; grep -q '^#ifndef READ_ONCE\$' gen/a.c &&
	cc -std=gnu11 -Wall -Werror -fsyntax-only -I'$RWONCE_ROOT/include' -Igen/inc gen/a.c &&
	: >gen/inc/api.h && printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\n' >gen/inc/api.h &&
	cc -std=gnu11 -Wall -Werror -fsyntax-only -I'$RWONCE_ROOT/include' -Igen/inc gen/a.c"
test_exit_msg 1 '--read-name without a visible definition: left, rwonce.h does not define it' \
	'rwonce.h does not define them: name their header with --add-include' \
	"$RWONCE" fix --read-name=LOAD_SHARED --write-name=STORE_SHARED provider/own-define.c
test_expect_failure_msg '--add-include and --no-add-include together: exit 2' \
	'contradict' "'$RWONCE' fix --add-include=x.h --no-add-include provider"
test_done
