#!/bin/sh
# A macro that gives a volatile pointer, dereferenced at each use --
# seL4's drivers: #define UART_REG(x) ((volatile uint32_t *)(UART_PPTR +
# (x))), then *UART_REG(USR2) -- makes the same volatile accesses as the
# cast written at each use, but neither audit nor fix saw any (the body
# is a cast without a dereference, the uses no cast): "nothing checked".
# audit now reports the macro's cast as a volatile-cast finding, as it
# reports a body that dereferences (FreeRTOS's register macros), with what
# the file's uses do: *NAME(...), NAME[i], NAME->f.  A macro no use
# dereferences is no access and not reported.  fix names it (left: it does
# not rewrite uses); the advice READ_ONCE(*UART_REG(x)) and
# WRITE_ONCE(*UART_REG(x), value) compiles (gcc, clang-19).
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
cat >u.c <<'EOF2'
/* seL4's UART register macros: a volatile pointer the uses dereference */
#include <stdint.h>
#define UART_PPTR 0x1000u
#define URXD 0x0
#define UTXD 0x40
#define USR2 0x98
#define UART_REG(x) ((volatile uint32_t *)(UART_PPTR + (x)))
#define REGS ((volatile uint32_t *)0x2000u)
#define NOT_DEREF(x) ((volatile uint32_t *)(x))

void uart_putc(unsigned char c)
{
	while (!(*UART_REG(USR2) & 1))
		;
	*UART_REG(UTXD) = c;
	*UART_REG(USR2) |= 2;
}

int uart_getc(void)
{
	return *UART_REG(URXD) + REGS[2];
}

volatile uint32_t *uart_base(void)
{
	return NOT_DEREF(4);
}
EOF2

test_expect_success 'audit: the two pointer macros the uses dereference, with the uses' "
	'$RWONCE' audit -q --no-progress u.c >audit.txt; test \$? = 1 &&
	test \$(grep -c '\\[volatile-cast\\]\$' audit.txt) = 2 &&
	grep -q \"^u.c:7:22: note: hand-written volatile pointer, the body of macro 'UART_REG': each use that dereferences it is a volatile access, in this file written at 1 use (line 15), read and written by a compound assignment (a read-modify-write) at 1 use (line 16), read at 2 uses (lines 13, 21); use READ_ONCE(\\*UART_REG(x)) where a use reads, WRITE_ONCE(\\*UART_REG(x), value) where it writes, WRITE_ONCE(\\*UART_REG(x), READ_ONCE(\\*UART_REG(x)) OP value) where it does both; rwonce fix leaves it: a macro that gives a volatile pointer\" audit.txt &&
	grep -q \"^u.c:8:15: note: hand-written volatile pointer, the body of macro 'REGS': each use that dereferences it is a volatile access, in this file read at 1 use (line 21);\" audit.txt &&
	! grep -q 'NOT_DEREF\\|^u.c:9:' audit.txt"

test_expect_success 'fix: both named, nothing rewritten' "
	'$RWONCE' fix u.c >fix.diff 2>fix.err; test \$? = 1 && test ! -s fix.diff &&
	test \$(grep -c 'left unchanged: a macro that gives a volatile pointer' fix.err) = 2 &&
	grep -q '^u.c:7:22: ' fix.err && grep -q '^u.c:8:15: ' fix.err"

cat >advice.c <<'EOF2'
#include <stdint.h>
#include <rwonce.h>
#define UART_PPTR 0x1000u
#define UART_REG(x) ((volatile uint32_t *)(UART_PPTR + (x)))
void put(unsigned char c)
{
	while (!(READ_ONCE(*UART_REG(0x98)) & 1))
		;
	WRITE_ONCE(*UART_REG(0x40), c);
	WRITE_ONCE(*UART_REG(0x98), READ_ONCE(*UART_REG(0x98)) | 2);
}
EOF2
for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: the advice compiles" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc: the advice compiles (-Wall -Werror, -O0 and -O2)" "
		$cc -std=gnu11 -Wall -Werror -O0 -I'$RWONCE_ROOT/include' -c -o a0.o advice.c &&
		$cc -std=gnu11 -Wall -Werror -O2 -I'$RWONCE_ROOT/include' -c -o a2.o advice.c"
done

test_done
