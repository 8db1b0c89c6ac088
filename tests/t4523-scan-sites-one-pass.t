#!/bin/sh
# scan finds a source's sites and where its #define bodies start in one
# pass over its tokens (the macros that wrap a once-access had a pass of
# their own, as had the lvalues' expansions: each pass over a large
# file's tokens waits on memory), and tries a token as the
# start of a volatile cast only when its first byte is a '*' or a '('
# (issue 35).  A cast whose '*' a line splice follows is still a site,
# and the sites' loops are what they were: a loop is what makes the four
# loads of a once-access that gcc -O2 unrolls the iterations' (ok), not
# a duplicate, also with its keyword behind a splice ("fo\<newline>r").
# The control: the same loop spelled by an object-like macro of the file
# (scan does not expand it) leaves the loads a duplicate.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
# $1: the loop's first line; $2: the cast's '*'
source_with() {
	printf '%s\n' \
		'static inline long get(long *p)' '{' \
		'	return *(const volatile long *)p;' '}' \
		'long bump(long *p);' 'long bump(long *p)' '{' \
		"	long v = $2(volatile long *)p;" '' '	return v + 1;' '}' \
		'void sum4(long *lru, long *out);' 'void sum4(long *lru, long *out)' \
		'{' '	long s = 0;' '' "$1" '		s += get(lru);' '	*out = s;' '}'
}
source_with '	for (int i = 0; i < 4; ++i)' '*' >plain.c
source_with '	fo\
r (int i = 0; i < 4; ++i)' '*\
' >spliced.c
{ echo '#define LOOP4 for (int i = 0; i < 4; ++i)'; source_with '	LOOP4' '*'; } >macro.c
for f in plain spliced macro; do
	gcc -O2 -g -c $f.c -o $f.o || exit 1
done

test_expect_success 'gcc -O2 unrolled the loop: four loads of *lru (else this proves nothing)' '
	objdump -d plain.o | sed -n "/<sum4>:/,/ret/p" >dis &&
	test "$(grep -c "mov *(%rdi)," dis)" = 4
'
test_expect_success 'the loop seen: the loads are ok' '
	"$RWONCE" scan plain.o >out 2>err
	grep -q "2 site instances: ok 2, torn 0, duplicated 0.*; 3 sites;" err
'
test_expect_success 'its keyword and the cast behind splices: the same' '
	"$RWONCE" scan spliced.o >out2 2>err2
	grep -q "2 site instances: ok 2, torn 0, duplicated 0.*; 3 sites;" err2
'
test_expect_success 'the control: a loop a macro spells is not seen, the loads a duplicate' '
	"$RWONCE" scan macro.o >out3 2>err3
	grep -q "duplicated 1.*; 3 sites;" err3 &&
	grep -q "scan-duplicated" out3
'
test_done
