#!/bin/sh
# The pre-pass of audit and fix finds the words discovery and the
# include lines look for -- every "include", every "define", and whether
# "_MSC_VER" or "__cplusplus" is there -- in one pass over each file
# (src/cfront/prepass-words.h), where three mem_find() passes read every
# byte of a tree three times (issue #35).  It must give the places the
# mem_find() loops give, on buffers made of the words, pieces and near
# misses of them, from every start, ending where an unreadable page
# begins; with AVX2 and with SSE2 alone.  Then, in a tree: a #define in
# a file's last bytes (past the blocks) is a once-macro, and a C++
# guard still leaves out the #define only C++ reads (with both, the
# definitions would disagree: read-once and write-once).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
. "$RWONCE_ROOT/tests/lib/simd-check.sh"
simd_checks cfront prepass-words scans 'the mem_find() loops' '16 positions'

mkdir "$TEST_TMP/tree" && cd "$TEST_TMP/tree" || exit 1
{
	printf 'int f(int *p);\n'
	printf '#define TAIL_LOAD(x) (*(volatile __typeof__(x) *)&(x))'
} >a.h
{
	printf '#include "a.h"\nint f(int *p) { return TAIL_LOAD(*p) + CXX_LOAD(*p); }\n'
	printf '#if defined(__cplusplus)\n#define CXX_LOAD(x) WRITE_ONCE(x, 0)\n'
	printf '#else\n#define CXX_LOAD(x) READ_ONCE(x)\n#endif\n'
} >b.c
"$RWONCE" audit --no-config --no-progress -j 1 --format=json . \
	>audit.json 2>audit.err
test_expect_success 'a #define in the last bytes of a file is found' '
	cat audit.err &&
	grep -q "\"name\": \"TAIL_LOAD\", \"kind\": \"[a-z-]*\", \"volatile_cast\": true, \"discovered\": true, \"path\": \"./a.h\", \"line\": 2" audit.json'
test_expect_success 'a C++ guard leaves out the #define only C++ reads' '
	grep -q "\"name\": \"CXX_LOAD\", \"kind\": \"read-once\", \"volatile_cast\": false, \"discovered\": true, \"path\": \"./b.c\", \"line\": 6}" audit.json'
test_done
