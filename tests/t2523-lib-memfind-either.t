#!/bin/sh
# mem_find_either() (src/lib/memfind.h): whether a buffer holds one of
# two short words, in one pass -- discovery asked every file of a tree
# for "_MSC_VER" and then for "__cplusplus", two mem_find() passes over
# every byte (2.1 % of an audit of linux-source-6.12, issue #35).  It
# must answer as two memmem() calls do, for needles of 0-20 bytes
# (either side of the blocks' limits), cut from the buffer or not there,
# at every offset, with the buffer ending where an unreadable page
# begins; with AVX2 and with SSE2 alone.  Then discovery still leaves out
# the #defines only a C++ compilation reads.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
. "$RWONCE_ROOT/tests/lib/simd-check.sh"
simd_checks lib memfind-either searches 'two memmem()' '16 positions'

# a macro whose C definition is the access, and a C++ one that is not,
# the second word far from the start (past the first blocks)
mkdir "$TEST_TMP/tree" && cd "$TEST_TMP/tree" || exit 1
{
	i=0
	while [ $i -lt 40 ]; do echo "int pad_$i;"; i=$((i + 1)); done
	printf '#ifdef __cplusplus\n#define MY_LOAD(x) std::atomic_load(&(x))\n'
	printf '#else\n#define MY_LOAD(x) (*(volatile __typeof__(x) *)&(x))\n#endif\n'
	printf 'int f(int *p) { return MY_LOAD(*p); }\n'
} >a.c
"$RWONCE" audit --no-config --no-progress -j 1 --format=json . \
	>audit.json 2>audit.err
test_expect_success 'audit: the C definition of MY_LOAD is the once-macro' '
	cat audit.err &&
	grep -q "\"name\": \"MY_LOAD\", \"kind\": \"[a-z-]*\", \"volatile_cast\": true, \"discovered\": true, \"path\": \"./a.c\", \"line\": 44" audit.json'
test_done
