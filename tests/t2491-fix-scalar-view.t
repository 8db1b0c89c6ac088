#!/bin/sh
# fix --from-scan on a struct with no member as wide as itself
# (doc/findings/linux-6.12.md patches 0007 and 0008 were written by hand
# for that reason).  Where the layout permits -- 1, 2, 4 or 8 bytes and
# at least as aligned, no layout attribute fix does not model -- the
# object is read or written whole through an unsigned scalar of its size
# laid over it (a union carries the value, the access goes through a
# may_alias pointer between two compiler barriers, and a _Static_assert
# has the compiler check the layout fix assumed); elsewhere the note says why: only 2-byte aligned
# (nft_synproxy's settings), 8 bytes but 4-byte aligned (mlxsw's seed
# pair), 12 bytes, an aligned attribute -- except that where the program
# uses one scalar member of the read, READ_ONCE(E).m (mlxsw's
# READ_ONCE(...hash_seed).user_seed, patch 0007), m alone is read:
# READ_ONCE(E.m).  End to end on
# tests/fix-from-scan/views.c: clang 19 tears all seven; the fixed file
# compiles with gcc 12 and clang 19 (x86-64 and ppc64le), its rescan
# has the word read and written as one 4-byte access and the refused
# sites still torn, and the fixed program prints what the original
# prints.  The layout model itself: cfront layout on the fixture.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires patch patch
requires clang-19 clang-19
requires powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
have_cmd clang-19 || skip_all "$(missing_why clang-19)"
[ "$(uname -m)" = x86_64 ] || skip_all "the fixed program runs natively: not an x86-64 machine"
SRC=$RWONCE_ROOT/tests/fix-from-scan/views.c
cd "$TEST_TMP" || exit 1

WREAD=$(line_of "$SRC" "struct word_bits w = READ_ONCE(h->w);")
WWRITE=$(line_of "$SRC" "WRITE_ONCE(h->w, w);")
SYN=$(line_of "$SRC" "struct syn_info info = READ_ONCE(h->info);")
SEED=$(line_of "$SRC" "struct seed_pair s = READ_ONCE(h->seed);")
USER=$(line_of "$SRC" "return READ_ONCE(h->seed).user_seed;")
TRIPLE=$(line_of "$SRC" "struct triple t = READ_ONCE(h->t);")
PAIR=$(line_of "$SRC" "struct aligned_pair p = READ_ONCE(h->ap);")
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -Werror"

cp "$SRC" a.c
test_expect_success 'clang 19 tears all seven on x86-64 (the input)' "
	clang-19 $CFLAGS -c a.c -o a.o &&
	{ '$RWONCE' scan --json a.o >a.json 2>scan.err; test \$? = 1; } &&
	for line in $WREAD $WWRITE $SYN $SEED $USER $TRIPLE $PAIR; do
		grep -q \"\\\"line\\\": \$line, .*\\\"verdict\\\": \\\"torn\\\"\" a.json || exit 1
	done"

test_expect_success 'fix: the 4-byte, 4-byte aligned word read and written through an unsigned int' "
	{ '$RWONCE' fix --from-scan a.json >fix.diff 2>fix.err; test \$? = 1; } &&
	grep -qxF -- '+	struct word_bits w = ({ union { __typeof__(h->w) __rwonce_a; unsigned int __rwonce_s; _Static_assert(sizeof(h->w) == 4 && __alignof__(h->w) >= 4, \"rwonce fix: accessed as unsigned int, which needs 4 bytes, 4-byte aligned\"); } __rwonce_v; __asm__ __volatile__(\"\" ::: \"memory\"); __rwonce_v.__rwonce_s = READ_ONCE(*(const unsigned int __attribute__((__may_alias__)) *)&h->w); __asm__ __volatile__(\"\" ::: \"memory\"); __rwonce_v.__rwonce_a; });' fix.diff &&
	grep -qxF -- '+	({ union { __typeof__(h->w) __rwonce_a; unsigned int __rwonce_s; _Static_assert(sizeof(h->w) == 4 && __alignof__(h->w) >= 4, \"rwonce fix: accessed as unsigned int, which needs 4 bytes, 4-byte aligned\"); } __rwonce_v = { .__rwonce_a = (w) }; __asm__ __volatile__(\"\" ::: \"memory\"); WRITE_ONCE(*(unsigned int __attribute__((__may_alias__)) *)&h->w, __rwonce_v.__rwonce_s); __asm__ __volatile__(\"\" ::: \"memory\"); });' fix.diff &&
	test \$(grep -c '^+[^+]' fix.diff) = 3 &&
	grep -q \"a.c:$WREAD:23: note: READ_ONCE(h->w) of 'struct word_bits' (4 bytes) read whole through an 'unsigned int' laid over it\" fix.err &&
	grep -q \"a.c:$WWRITE:2: note: WRITE_ONCE(h->w) of 'struct word_bits' (4 bytes) written whole through an 'unsigned int'\" fix.err &&
	grep -q 'rwonce fix: 3 sites to rewrite in 1 file, 4 left unchanged' fix.err"

test_expect_success 'fix: where one member of the 8-byte, 4-byte aligned pair is used, that member is read alone' "
	grep -qxF -- '+	return READ_ONCE(h->seed.user_seed);' fix.diff &&
	grep -q \"a.c:$USER:9: note: READ_ONCE(h->seed) of 'struct seed_pair' (8 bytes): only its member 'user_seed' is used, so 'user_seed' alone is read (4 bytes, one access)\" fix.err"

test_expect_success 'fix: each refused site is named with its reason' "
	grep -q \"a.c:$SYN:25: note: .*'struct syn_info' (4 bytes) left unchanged: .* it is only 2-byte aligned, so one access of all 4 bytes may be misaligned\" fix.err &&
	grep -q \"a.c:$SEED:23: note: .*'struct seed_pair' (8 bytes) left unchanged: .* it is only 4-byte aligned, so one access of all 8 bytes\" fix.err &&
	grep -q \"a.c:$TRIPLE:20: note: .*(12 bytes) left unchanged: .* no scalar is 12 bytes\" fix.err &&
	grep -q \"a.c:$PAIR:26: note: .*'struct aligned_pair' (4 bytes) left unchanged: .* carries an attribute\" fix.err"

mkdir fixed && cp a.c fixed/
test_expect_success 'the diff applies with patch -p1' "
	(cd fixed && patch -s -p1 <../fix.diff) && ! cmp -s a.c fixed/a.c"

for cc in gcc clang-19; do
	test_expect_success "$cc x86-64: the fixed file compiles, the word is one access, the refused sites are as they were, and the program prints what the original prints" "
		$cc $CFLAGS -c fixed/a.c -o f-$cc.o &&
		{ '$RWONCE' scan --json f-$cc.o >f-$cc.json 2>f-$cc.err; test \$? -le 1; } &&
		! grep -q '\"line\": $WREAD, .*\"verdict\": \"torn\"' f-$cc.json &&
		! grep -q '\"line\": $WWRITE, .*\"verdict\": \"torn\"' f-$cc.json &&
		grep -q '\"line\": $WREAD, .*\"verdict\": \"ok\"' f-$cc.json &&
		grep -q '\"line\": $WWRITE, .*\"verdict\": \"ok\"' f-$cc.json &&
		! grep -q '\"line\": $USER, .*\"verdict\": \"torn\"' f-$cc.json &&
		$cc $CFLAGS fixed/a.c -o f-$cc && $cc $CFLAGS a.c -o o-$cc &&
		./o-$cc >o-$cc.out && ./f-$cc >f-$cc.out && cmp o-$cc.out f-$cc.out &&
		grep -qx 'spread 43' f-$cc.out"
done
test_expect_success 'clang 19 x86-64: the refused sites are still torn in the fixed file' "
	grep -q '\"line\": $SEED, .*\"verdict\": \"torn\"' f-clang-19.json &&
	grep -q '\"line\": $TRIPLE, .*\"verdict\": \"torn\"' f-clang-19.json"

if clang_can powerpc64le-linux-gnu && have_cmd powerpc64le-linux-gnu-gcc; then
	for cc in clang-19 powerpc64le-linux-gnu-gcc; do
		ppc=$cc
		[ $cc = clang-19 ] && ppc="clang-19 --target=powerpc64le-linux-gnu"
		test_expect_success "$cc ppc64le: the fixed file compiles, the word read and written with one lwz/stw" "
			$ppc $CFLAGS -c fixed/a.c -o p-$cc.o &&
			{ '$RWONCE' scan --json p-$cc.o >p-$cc.json 2>p-$cc.err; test \$? -le 1; } &&
			grep -q '\"line\": $WREAD, .*\"verdict\": \"ok\".*\"text\": \"lwz ' p-$cc.json &&
			grep -q '\"line\": $WWRITE, .*\"verdict\": \"ok\".*\"text\": \"stw ' p-$cc.json &&
			! grep -q '\"line\": $WREAD, .*\"verdict\": \"torn\"' p-$cc.json"
	done
else
	test_skip 'ppc64le: the word one access' "$(clang_why powerpc64le-linux-gnu) or $(missing_why powerpc64le-linux-gnu-gcc)"
fi

# The compiler checks the layout fix assumed: the same edit on a struct
# that a #pragma pack(1) makes 1-byte aligned does not compile.
test_expect_success 'a layout other than the one fix read fails to compile, naming why' "
	{ echo '#pragma pack(1)'; cat fixed/a.c; } >packed.c &&
	! clang-19 $CFLAGS -Wno-error=pragma-pack -c packed.c -o packed.o 2>packed.err &&
	grep -q 'rwonce fix: accessed as unsigned int, which needs 4 bytes, 4-byte aligned' packed.err"

test_done
