#!/bin/sh
# Generator macros (src/cfront/macro-expand.h, issue 31 third round):
# a file's own function-like macros invoked outside any function are
# expanded with its #defines as they stand there -- two levels
# (GEN_LOAD_S -> GEN_LOAD), ## pastes (gen_load_##S##_v), # spellings,
# variadic arguments, an #undef and a redefinition with other
# parameters, a macro that names itself expanded once -- and the
# functions those expansions define are once-accessors when their body
# is one (an asm "+m" exchange is not).  An invocation inside a function
# body, or with the wrong number of arguments, is not expanded.
. "$(dirname "$0")/lib/tap.sh"

cfront_test() { "$TEST_TOOL" cfront "$@"; }
CT=cfront_test
E=$RWONCE_ROOT/tests/cfront/expand
cd "$TEST_TMP" || exit 1

test_expect_success 'generators expanded at their invocations, accessors found in them' '
	"$CT" expand "$E/generators.h" >out &&
	diff -u "$E/generators.expect" out
'
test_expect_success 'two levels: GEN_LOAD_S(u32, unsigned int) makes gen_load_u32 of unsigned int' '
	grep -qx "accessor gen_load_u32 read asm \*target of unsigned int at 16 by GEN_LOAD_S(u32, unsigned int)" out
'
test_expect_success 'after #undef, the redefinition with other parameters is used' '
	grep -qx "accessor gen_load_u16_v read volatile \*p of unsigned short at 25 by GEN_LOAD(u16, unsigned short)" out &&
	! grep -q "gen_load_u8" out
'
test_expect_success 'an exchange ("+m") is expanded but is no accessor; nothing inside a body' '
	grep -q "gen_xchg_u32 ( unsigned int" out &&
	! grep -q "^accessor gen_xchg" out &&
	! grep -q in_body out
'
test_expect_success 'a self-naming macro is expanded once, not forever' '
	grep -qx "  => SELF ( a ) static int self_a ( void ) { return 0 ; }" out
'
test_done
