#!/bin/sh
# gcc gives a site's load the column of what receives its value, so
# rows on the site's line before its text count as the site's -- unless
# an access of the site lies inside the text: then those rows hold the
# line's other expressions (verdict.c, drop_before()).  A site reading a
# local through its address (Linux's trace_stack.c:234: p = &this_size;
# READ_ONCE_NOCHECK(*p) == stack_dump_trace[i]) has its load in the
# frame, which the judge sets aside; it used to count as no access
# inside the text, and the compare of trace[i] on the if's row was
# judged the site's: "ok" on another object's load.  With a frame slot
# of the object's width inside the text, a load folded into an
# operator's instruction before the text is now the operator's other
# operand: the instance is "a local object in the frame", not judged.
# A plain load before the text still counts (clang -O0 reloads the
# pointer from the frame inside the text and loads through it on the
# column before: t4310).  A pointer parameter (no frame) is judged on
# its own load, as before.
. "$(dirname "$0")/lib/tap.sh"

mkdir -p "$TEST_TMP/src" && cd "$TEST_TMP/src" || exit 1
cat >local.c <<'EOF2'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
extern unsigned long trace[16];
extern unsigned long *pub;
int f(int n)
{
	unsigned long here = 0;
	unsigned long *p = &here;
	int i;

	pub = p;
	for (i = 0; i < n; i++) {
		if ((READ_ONCE(*p)) == trace[i])
			break;
	}
	return i;
}
EOF2
cat >param.c <<'EOF2'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
extern unsigned long trace[16];
int g(unsigned long *p, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if ((READ_ONCE(*p)) == trace[i])
			break;
	}
	return i;
}
EOF2
gcc -O2 -g -c local.c -o ../local.o || exit 1
gcc -O2 -g -c param.c -o ../param.o || exit 1
# the shape this test is about: the local's load from the frame, then
# the compare of trace[i] from memory
objdump -d --no-show-raw-insn ../local.o >../local.dis

test_expect_success 'gcc made the shape: a frame load, then a compare with memory' '
	cat ../local.dis &&
	grep -q "mov  *-0x[0-9a-f]*(%rsp),%r" ../local.dis &&
	grep -q "cmp  *(%r[a-z0-9]*),%r" ../local.dis
'
test_expect_success 'the local read through its address: not judged, and said why' '
	{ "$RWONCE" scan -v --sources . ../local.o >../out 2>../err; test $? = 0; } &&
	cat ../out ../err &&
	grep -q "local.c:12:.*accesses a local object in the frame through its address" ../err &&
	grep -q "1 site instance: ok 0, torn 0, duplicated 0, widened 0, unattributed 1;" ../err
'
test_expect_success 'a pointer parameter: ok on its own load, not the compare' '
	"$RWONCE" scan --format=json --sources . ../param.o >../param.json 2>../param.err &&
	cat ../param.json &&
	grep -q "\"verdict\": \"ok\"" ../param.json &&
	grep -q "\"text\": \"movq (%rdi), %rcx\"" ../param.json &&
	! grep -q "\"text\": \"cmpq" ../param.json
'
test_done
