#!/bin/sh
# scan's discovery lexes a file for once-accessor functions when its
# bytes hold "volatile", "asm" or "__atomic_"; a kernel file's
# #include <asm/...> is such an "asm", and on Debian's vmlinux 832 of
# the 1264 files lexed held no accessor -- lexed only for the names of
# their functions (a --macro name that is also a function keeps its own
# meaning; a file defining functions is read again with helper macros
# put in), 5.8 % of scan's CPU (issue 35).  Now once_accessors_may_find()
# tells the files that cannot hold one (no "volatile", no __atomic_ or
# C11 atomic call, no "##", no asm keyword but "asm/", no name split by a
# line splice): they are lexed later, and only if a question needs them.
# The test hook RWONCE_TEST_SCAN_DISCOVER_STATS counts them.
#   - one file per mark: which are lexed, which are left;
#   - a --macro name whose #define takes the pointer second, defined as
#     a function in a file left unlexed (the #define is another
#     configuration's): the function is found when asked for, and the
#     name keeps its first argument (as t4362's, and as before).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
asm='#if 0
#include <asm/barrier.h>
#endif'
# name, whether it is lexed now (1) or left (0), the text
while IFS='|' read -r name lexed text; do
	printf '%s\n%b\nint %s_fn(int *p)\n{\n\treturn p[0] + 1;\n}\n' "$asm" "$text" "$name" >"$name.c"
	gcc -O2 -g -c "$name.c" -o "$name.o" || exit 1
	if [ "$lexed" = 1 ]; then want="1 files lexed for once-accessors, 0 that hold none not"
	else want="0 files lexed for once-accessors, 1 that hold none not"; fi
	test_expect_success "$name: $([ "$lexed" = 1 ] && echo lexed || echo left)" '
		RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan --no-source "$name.o" >out 2>err
		grep -q "discovery statistics: $want (0 of them lexed later, 0 accessors in them);" err
	'
done <<'EOF2'
include_only|0|/* nothing else */
plasma|0|/* plasma, asm_goto, _asm_, ___asm: longer names */
asm_comment|1|/* asm// a keyword, then a comment */
asm_keyword|1|static inline void f(void) { __asm__ __volatile__("" ::: "memory"); }
asm_plain|1|/* asm ( */
volatile_word|1|/* volatile */
atomic_builtin|1|/* __atomic_load_n */
c11_load|1|/* atomic_load_explicit */
c11_store|1|/* atomic_store_explicit */
paste|1|#define P(a, b) a ## b
split_name|1|/* vola\\\ntile */
split_twice|1|/* vola\\\n\\   \ntile */
split_blank|0|/* vola \\\n tile */
EOF2

mkdir -p inc/lib || exit 1
cat >inc/lib/tpacc.h <<'C'
static inline void tp_store(unsigned long *p, unsigned long x)
{
	*(volatile unsigned long *)p = x;
}
C
cat >inc/lib/tpstore.h <<'C'
#if 0
#include <asm/tp.h>
#endif
#include <lib/tpacc.h>
#ifdef TP_BY_MACRO
#define tp_store_release(tp, p, x) tp_store(p, x)
#else
static inline void tp_store_release(int tp, unsigned long *p, unsigned long x)
{
	tp_store(p, x + (unsigned long)tp);
}
#endif
C
cat >tp.c <<'C'
#include <lib/tpstore.h>
unsigned long word;
void set(void)
{
	tp_store_release(0, &word, 1);
}
C
gcc -O2 -g -Iinc -c tp.c -o tp.o || exit 1

test_expect_success 'a --macro name defined as a function in a file left unlexed keeps its argument' '
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan --json --no-source \
		--macro tp_store_release=write-once tp.o >out.json 2>err &&
	grep -q "discovery statistics: 1 files lexed for once-accessors, 1 that hold none not (1 of them lexed later, 0 accessors in them);" err &&
	grep -q "\"site\": \"tp_store_release(0)\"" out.json &&
	! grep -q "\"site\": \"tp_store_release(&word)\"" out.json &&
	grep -q "\"site\": \"tp_store(p)\", \"access\": \"write\", .*\"verdict\": \"ok\"" out.json
'

test_expect_success 'without a --macro name nothing asks: the file stays unlexed' '
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan --no-source tp.o >out 2>err &&
	grep -q "discovery statistics: 1 files lexed for once-accessors, 1 that hold none not (0 of them lexed later, 0 accessors in them);" err
'
test_done
