#!/bin/sh
# scan finds a project's own once-macros by itself (issue 20, item 2):
# the sources the line tables name, and the files they include with
# #include "name", are searched for function-like macros whose body is a
# volatile cast of the argument or a once-macro of it (src/cfront/
# once-discover.h), and each use becomes a site.  A finding at it names
# the definition; --no-discover turns the search off.
#   - KREAD_ONCE in the project's header (no code there, so no line
#     table names it: found as a.c's local include), used on an 8-byte
#     struct that clang -O2 reads with two 4-byte loads: torn;
#   - a chain in a .c file (MY_LOAD -> MY_READ -> READ_ONCE): scan's
#     own wrapper rule follows one level, discovery the whole chain;
#   - gcc -O2 reads the struct with one load: the site is checked, ok;
#   - -j 2 and -j 3 on one file of two units: each worker reads the
#     file tables of the units it takes, and all are read;
#   - --sources: the headers are found under the moved tree;
#   - a header the line table names whose MD5 is not the recorded one
#     defines nothing (its macros are not the build's).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"

mkdir -p "$TEST_TMP/p" "$TEST_TMP/chain" "$TEST_TMP/md5"
cat >"$TEST_TMP/p/once.h" <<'EOF2'
#define KREAD_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
EOF2
cat >"$TEST_TMP/p/a.c" <<'EOF2'
#include "once.h"
struct pair { unsigned int a, b; };
unsigned int sum(struct pair *p)
{
	struct pair v = KREAD_ONCE(*p);
	return v.a + v.b;
}
EOF2
cat >"$TEST_TMP/chain/c.c" <<'EOF2'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define MY_READ(x) READ_ONCE(x)
#define MY_LOAD(x) MY_READ(x)
struct pair { unsigned int a, b; };
unsigned int sum(struct pair *p)
{
	struct pair v = MY_LOAD(*p);
	return v.a + v.b;
}
unsigned int sum2(struct pair *p)
{
	struct pair v = MY_READ(*p);
	return v.a + v.b;
}
EOF2
cat >"$TEST_TMP/md5/h.h" <<'EOF2'
#define KREAD_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
int get_int(int *p)
{
	return *p + 1;
}
EOF2
sed 's/once\.h/h.h/' "$TEST_TMP/p/a.c" >"$TEST_TMP/md5/a.c"

if ! clang_can x86_64-linux-gnu; then
	skip_all "$(clang_why x86_64-linux-gnu)"
fi
(cd "$TEST_TMP/p" && clang --target=x86_64-linux-gnu -O2 -g -c a.c -o clang.o) &&
(cd "$TEST_TMP/chain" && clang --target=x86_64-linux-gnu -O2 -g -c c.c -o c.o) &&
(cd "$TEST_TMP/md5" && clang --target=x86_64-linux-gnu -O2 -g -c a.c -o a.o) ||
	skip_all "clang cannot compile the fixtures"

test_expect_success 'clang -O2: KREAD_ONCE of a header is found; its use is torn, with the definition named' '
	(cd "$TEST_TMP/p" && "$RWONCE" scan clang.o >out 2>err; test $? = 1) &&
	finding_with_insns "$TEST_TMP/p/out" 5 scan-torn a.c 2 &&
	grep -q "^a.c:5:18: error: KREAD_ONCE(\*p) of .struct pair. (8 bytes) compiled to 2 loads of 4 bytes: torn \[scan-torn\]" "$TEST_TMP/p/out" &&
	grep -q "^a.c:5:18: note: .KREAD_ONCE. is a once-macro of this tree (read-once, volatile cast): once.h:1 defines it as a volatile cast of its argument .x.$" "$TEST_TMP/p/out" &&
	grep -q "1 site instance: ok 0, torn 1, .*; 1 site; 1 of 1 file checked, 1 once-macro defined in the sources$" "$TEST_TMP/p/err"
'

test_expect_success '--no-discover: KREAD_ONCE is no site; the summary says 0 sites, exit 2 (nothing checked)' '
	(cd "$TEST_TMP/p" && "$RWONCE" scan --no-discover clang.o >out 2>err; test $? = 2) &&
	test ! -s "$TEST_TMP/p/out" &&
	grep -q "0 site instances: .*; 0 sites; 1 of 1 file checked$" "$TEST_TMP/p/err" &&
	grep -q "nothing checked: .*(0 discovered, --no-discover)" "$TEST_TMP/p/err"
'

test_expect_success 'JSON: what discovery read and found' '
	(cd "$TEST_TMP/p" && "$RWONCE" scan --json clang.o >out.json 2>err; test $? = 1) &&
	grep -q "\"discovery\": {\"once_macros\": 1, \"sources\": 1, \"not_matching\": 0, \"not_read\": 0}" "$TEST_TMP/p/out.json" &&
	(cd "$TEST_TMP/p" && "$RWONCE" scan --json --no-discover clang.o >out.json 2>err; test $? = 2) &&
	grep -q "\"discovery\": {\"once_macros\": 0, \"sources\": 0," "$TEST_TMP/p/out.json"
'

test_expect_success 'a chain of macros in a .c file down to READ_ONCE: every link is a once-macro' '
	(cd "$TEST_TMP/chain" && "$RWONCE" scan c.o >out 2>err; test $? = 1) &&
	grep -q "^c.c:7:18: error: MY_LOAD(\*p) of .struct pair. (8 bytes) compiled to 2 loads of 4 bytes: torn" "$TEST_TMP/chain/out" &&
	grep -q "^c.c:7:18: note: .MY_LOAD. is a once-macro of this tree (read-once, volatile cast): c.c:3 defines it as MY_READ of its argument .x.$" "$TEST_TMP/chain/out" &&
	grep -q "^c.c:12:18: error: MY_READ(\*p) of .struct pair. (8 bytes) compiled to 2 loads of 4 bytes: torn" "$TEST_TMP/chain/out" &&
	grep -q "2 site instances: ok 0, torn 2" "$TEST_TMP/chain/err" &&
	(cd "$TEST_TMP/chain" && "$RWONCE" scan --no-discover c.o >out 2>err; test $? = 1) &&
	! grep -q "MY_LOAD" "$TEST_TMP/chain/out" &&
	grep -q "1 site instance: ok 0, torn 1, .*; 1 site;" "$TEST_TMP/chain/err"
'

if have_cmd gcc; then
	test_expect_success 'gcc -O2: one 8-byte load: the discovered site is checked and ok, exit 0' '
		(cd "$TEST_TMP/p" && gcc -O2 -g -c a.c -o gcc.o &&
		 "$RWONCE" scan gcc.o >out 2>err) &&
		test ! -s "$TEST_TMP/p/out" &&
		grep -q "1 site instance: ok 1, torn 0, .*; 1 site; 1 of 1 file checked, 1 once-macro defined in the sources$" "$TEST_TMP/p/err" &&
		(cd "$TEST_TMP/p" && "$RWONCE" scan --no-discover gcc.o >out 2>err; test $? = 2) &&
		grep -q "; 0 sites; " "$TEST_TMP/p/err"
	'
else
	test_skip 'gcc -O2: the discovered site ok' 'gcc not installed (apt-get install gcc)'
fi

test_expect_success '-j 2 and -j 3 share one file'"'"'s units for discovery too: the same macros, the same output' '
	(cd "$TEST_TMP/chain" && clang --target=x86_64-linux-gnu -O2 -g \
		-Dsum=chain_sum -Dsum2=chain_sum2 -c c.c -o renamed.o) &&
	ld -r -o "$TEST_TMP/two.o" "$TEST_TMP/p/clang.o" "$TEST_TMP/chain/renamed.o" &&
	for j in 1 2 3; do
		"$RWONCE" scan -j $j "$TEST_TMP/two.o" >"$TEST_TMP/two.out.$j" 2>"$TEST_TMP/two.err.$j"
		echo $? >"$TEST_TMP/two.rc.$j"
	done &&
	grep -q "3 site instances: ok 0, torn 3, .*; 3 sites; 1 of 1 file checked, 4 once-macros defined in the sources$" "$TEST_TMP/two.err.1" &&
	for j in 2 3; do
		cmp "$TEST_TMP/two.out.1" "$TEST_TMP/two.out.$j" &&
		cmp "$TEST_TMP/two.err.1" "$TEST_TMP/two.err.$j" &&
		cmp "$TEST_TMP/two.rc.1" "$TEST_TMP/two.rc.$j" || return 1
	done
'

test_expect_success '--sources: the sources and their includes are read from the moved tree' '
	mkdir "$TEST_TMP/moved" &&
	cp "$TEST_TMP/p/clang.o" "$TEST_TMP/moved.o" &&
	mv "$TEST_TMP/p/a.c" "$TEST_TMP/p/once.h" "$TEST_TMP/moved/" &&
	{ "$RWONCE" scan "$TEST_TMP/moved.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	! grep -q "once-macro" "$TEST_TMP/err" &&
	{ "$RWONCE" scan --sources "$TEST_TMP/moved" "$TEST_TMP/moved.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	grep -q "moved/a.c:5:18: note: .KREAD_ONCE. is a once-macro of this tree (read-once, volatile cast): .*moved/once.h:1 defines it" "$TEST_TMP/out"
'

test_expect_success 'a named header whose MD5 differs from the build'"'"'s defines nothing' '
	(cd "$TEST_TMP/md5" && "$RWONCE" scan --json a.o >out.json 2>err; test $? = 1) &&
	grep -q "\"discovery\": {\"once_macros\": 1, \"sources\": 2, \"not_matching\": 0" "$TEST_TMP/md5/out.json" &&
	echo "/* put here after the build */" >>"$TEST_TMP/md5/h.h" &&
	(cd "$TEST_TMP/md5" && "$RWONCE" scan --json a.o >out.json 2>err; test $? = 2) &&
	grep -q "\"discovery\": {\"once_macros\": 0, \"sources\": 2, \"not_matching\": 1" "$TEST_TMP/md5/out.json" &&
	grep -q "source .*h\.h. does not match the build" "$TEST_TMP/md5/err" &&
	grep -q "\"scan-torn\": 0," "$TEST_TMP/md5/out.json"
'

test_done
