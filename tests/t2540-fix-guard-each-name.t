#!/bin/sh
# rwonce fix, a file whose headers define ACCESS_ONCE and that needs
# both READ_ONCE and WRITE_ONCE: each name gets its own #ifndef guard.
# In Xen (doc/scan.md), xen/include/xen/seqcount.h needs READ_ONCE only
# and got "#ifndef READ_ONCE ... #define READ_ONCE ... #endif"; qinval.c,
# which includes it and needs both, got one block under "#ifndef
# READ_ONCE" -- skipped, since seqcount.h had defined READ_ONCE -- and
# did not compile: "implicit declaration of function 'WRITE_ONCE'".
. "$(dirname "$0")/lib/tap.sh"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1

mkdir t
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\n' >t/lib.h
printf '#include "lib.h"\nstatic inline unsigned seq_read(unsigned *s) { return ACCESS_ONCE(*s); }\n' >t/seq.h
cat >t/qinval.c <<'C'
#include "seq.h"
#include "lib.h"

unsigned slot;
void set(void);
void set(void) { ACCESS_ONCE(slot) = 1; }
unsigned get(void);
unsigned get(void) { return ACCESS_ONCE(slot) + seq_read(&slot); }
C

test_expect_success 'the fixture compiles before the fix (else this proves nothing)' "
	cc -std=gnu11 -O2 -Wall -Werror -c t/qinval.c -o before.o"
test_expect_success 'fix --in-place: seq.h gets READ_ONCE only, qinval.c both, each under its own guard' "
	'$RWONCE' fix -q --in-place t >/dev/null;
	grep -q '^#ifndef READ_ONCE\$' t/seq.h && ! grep -q WRITE_ONCE t/seq.h &&
	grep -q 'WRITE_ONCE(slot, 1);' t/qinval.c &&
	test \"\$(grep -c '^#ifndef WRITE_ONCE\$' t/qinval.c)\" = 1 &&
	awk '/^#ifndef WRITE_ONCE\$/ { g = 1 } g && /^#define WRITE_ONCE/ { ok = 1 } /^#endif/ { g = 0 } END { exit !ok }' t/qinval.c"
test_expect_success 'the fixed file compiles (READ_ONCE came from seq.h, WRITE_ONCE from its own block)' "
	cc -std=gnu11 -O2 -Wall -Werror -I'$RWONCE_ROOT/include' -c t/qinval.c -o after.o"
test_expect_success 'the same code before and after (-O2)' "
	objdump -d --no-show-raw-insn before.o | sed 1,3d >b.dis &&
	objdump -d --no-show-raw-insn after.o | sed 1,3d >a.dis &&
	cmp b.dis a.dis"
test_expect_success 'a second run changes nothing' "
	'$RWONCE' fix -q t >again.diff; test ! -s again.diff"
test_done
