#!/bin/sh
# A macro whose whole body is the volatile access -- FreeRTOS's register
# macros, #define portNVIC_SYSTICK_CTRL_REG (*((volatile uint32_t
# *)0xe000e010)) -- is neither a read nor a write: each use decides.
# audit called every such body a "read" (the body alone has nothing after
# it), also for a register the file only writes or updates with |=.  The
# finding at the definition now says what the uses in the file do: a read
# or a write when every use agrees, else each kind with its lines (a
# compound assignment named as the read-modify-write it is), or that the
# file has none; its advice follows.  fix still leaves every body.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
cat >r.c <<'EOF2'
/* Register macros as FreeRTOS's ports write them: the body is the access,
 * each use decides what it does. */
#include <stdint.h>

#define SYST_CTRL	( *( ( volatile uint32_t * ) 0xe000e010 ) )
#define SYST_LOAD	( *( ( volatile uint32_t * ) 0xe000e014 ) )
#define CPUID		( *( ( volatile uint32_t * ) 0xe000ed00 ) )
#define SHPR3		( *( ( volatile uint32_t * ) 0xe000ed20 ) )
#define UNUSED_REG	( *( ( volatile uint32_t * ) 0xe000ed24 ) )
#define REG32(a)	(*(volatile uint32_t *)(a))

uint32_t setup(uint32_t load, uintptr_t base)
{
	SYST_CTRL = 0;
	SYST_LOAD = load - 1;
	SHPR3 |= 0xff0000;
	SYST_CTRL |= 1;
	REG32(base + 4) = 1;
	if (REG32(base) & 1)
		return CPUID;
	return SYST_CTRL & 0x10000;
}
EOF2

test_expect_success 'audit: the kind of each body comes from its uses' "
	'$RWONCE' audit -q --no-progress r.c >audit.txt; test \$? = 1 &&
	test \$(grep -c '\\[volatile-cast\\]\$' audit.txt) = 6 &&
	grep -q \"^r.c:5:21: note: hand-written volatile access of '\\*0xe000e010', the body of macro 'SYST_CTRL': each use decides what it does, in this file written at 1 use (line 14), read and written by a compound assignment (a read-modify-write) at 1 use (line 17), read at 1 use (line 21); use READ_ONCE(\\*(uint32_t \\*)0xe000e010) where a use reads, WRITE_ONCE(\\*(uint32_t \\*)0xe000e010, value) where it writes, WRITE_ONCE(\\*(uint32_t \\*)0xe000e010, READ_ONCE(\\*(uint32_t \\*)0xe000e010) OP value) where it does both; rwonce fix leaves it: inside a macro body\" audit.txt &&
	grep -q \"^r.c:6:21: note: hand-written volatile write of '\\*0xe000e014': use WRITE_ONCE(\\*(uint32_t \\*)0xe000e014, value) (the body of macro 'SYST_LOAD': every use in this file writes it, 1); rwonce fix leaves it\" audit.txt &&
	grep -q \"^r.c:7:18: note: hand-written volatile read of '\\*0xe000ed00': use READ_ONCE(\\*(uint32_t \\*)0xe000ed00) (the body of macro 'CPUID': every use in this file reads it, 1)\" audit.txt &&
	grep -q \"^r.c:8:18: note: hand-written volatile access of '\\*0xe000ed20', the body of macro 'SHPR3': each use decides what it does, in this file read and written by a compound assignment (a read-modify-write) at 1 use (line 16);\" audit.txt &&
	grep -q \"^r.c:9:22: note: hand-written volatile access of '\\*0xe000ed24', the body of macro 'UNUSED_REG': each use decides what it does, and this file has none;\" audit.txt &&
	grep -q \"^r.c:10:19: note: hand-written volatile access of '\\*a', the body of macro 'REG32': each use decides what it does, in this file written at 1 use (line 18), read at 1 use (line 19);\" audit.txt &&
	! grep -q 'volatile read of .\\*0xe000e010' audit.txt"

test_expect_success 'fix: every body left, with the macro-body reason' "
	'$RWONCE' fix r.c >fix.diff 2>fix.err; test \$? = 1 && test ! -s fix.diff &&
	test \$(grep -c 'left unchanged: inside a macro body' fix.err) = 6"

test_expect_success 'the fixture compiles (gcc -Wall -Werror)' "
	gcc -std=gnu11 -Wall -Werror -c -o r.o r.c"

test_done
