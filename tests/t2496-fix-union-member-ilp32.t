#!/bin/sh
# fix --from-scan reads a torn union through its scalar member "of the
# object's size" (t2490: old.raw = READ_ONCE(E.raw)), a size it took
# from scan, which read an x86-64 build.  tests/fix-from-scan/chained.c's
# union has an unsigned long: 8 bytes on the LP64 targets, 4 on 32-bit
# ARM and i386, where one access of it reads half the union -- the file
# fixed from the x86-64 scan, built for ARM with gcc 12 -O2, printed
# other values than the original did (arm64 printed the same).  fix now
# lays the member and the object out on every data model (the type
# index's layout model, as for the scalar view, t2494) and, where their
# sizes differ, puts a _Static_assert of the two sizes next to the
# access: the build stops there, naming the targets, instead of reading
# part of the object.  Here, built for ARM with gcc 12 and clang 19: the
# fixed program prints what the original prints under qemu-arm, or the
# file does not compile and every error is the guard's; on this fixture
# it is the guard (on the old build the ARM program printed other
# values).  x86-64 and arm64 build it and print what the original does.
#
# The strict-aliasing question: the member read READ_ONCE(U.raw) is a
# volatile unsigned long long access of a union that the program stores
# through its other members (u8, u32).  With the member made unsigned
# long long (its size on every model: no guard), scanned as built for
# ARM, fixed and built for ARM with gcc 12 -O2 (-fstrict-aliasing, as -O2
# has it) and clang 19, the program prints what the original prints.
# (An 8-byte read is one ldrd on ARM, which scan calls torn: not
# single-copy atomic without LPAE -- the target's limit, not the edit's.)
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires patch patch
requires clang-19 clang-19
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
requires qemu-arm qemu-user
requires qemu-aarch64 qemu-user

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
have_cmd clang-19 || skip_all "$(missing_why clang-19)"
have_cmd arm-linux-gnueabihf-gcc || skip_all "$(missing_why arm-linux-gnueabihf-gcc)"
have_cmd qemu-arm || skip_all "$(missing_why qemu-arm)"
clang_can arm-linux-gnueabihf || skip_all "$(clang_why arm-linux-gnueabihf)"
[ "$(uname -m)" = x86_64 ] || skip_all "the x86-64 scan and program run natively: not an x86-64 machine"
SRC=$RWONCE_ROOT/tests/fix-from-scan/chained.c
cd "$TEST_TMP" || exit 1
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -Werror"
MSG="rwonce fix: raw is not the size of the object on 32-bit ARM, i386"

cp "$SRC" a.c
test_expect_success 'x86-64 scan (clang 19), fix: the five reads of .raw' "
	clang-19 $CFLAGS -c a.c -o a.o &&
	{ '$RWONCE' scan --json a.o >a.json 2>scan.err; test \$? = 1; } &&
	{ '$RWONCE' fix --from-scan a.json >fix.diff 2>fix.err; test \$? = 1; } &&
	grep -q 'rwonce fix: 5 sites to rewrite in 1 file, 0 left unchanged' fix.err &&
	test \$(grep -c '^+.*READ_ONCE(.*\\.raw)' fix.diff) = 5 &&
	mkdir fixed && cp a.c fixed/ && (cd fixed && patch -s -p1 <../fix.diff)"
test_expect_success 'every read carries the guard, and the notes name ARM and i386' "
	test \$(grep -c '^+.*_Static_assert(sizeof([^ ]*\\.raw) == sizeof(' fix.diff) = 5 &&
	test \$(grep -cF \"\\\"\$MSG\\\")\" fix.diff) = 5 &&
	test \$(grep -c 'guarded by a _Static_assert of the two sizes (it is not the object.s size on 32-bit ARM, i386' fix.err) = 5"

# Prints what the original prints, or stops at the guard, every error
# its own: never other output.
arm_same_or_guard() { # compiler-command label
	if $1 $CFLAGS -c fixed/a.c -o "arm-$2.o" 2>"arm-$2.err"; then
		$1 $CFLAGS -c a.c -o "arm-$2-orig.o" &&
		arm-linux-gnueabihf-gcc -static "arm-$2.o" -o "arm-$2" &&
		arm-linux-gnueabihf-gcc -static "arm-$2-orig.o" -o "arm-$2-orig" &&
		qemu-arm "./arm-$2-orig" >"arm-$2-orig.out" &&
		qemu-arm "./arm-$2" >"arm-$2.out" &&
		test -s "arm-$2-orig.out" && cmp "arm-$2-orig.out" "arm-$2.out"
	else
		n=$(grep -c 'error:' "arm-$2.err")
		test "$n" -ge 1 &&
		test "$(grep 'error:' "arm-$2.err" | grep -cF "$MSG")" = "$n"
	fi
}
test_expect_success 'ARM, gcc 12: prints what the original prints, or stops at the guard' \
	'arm_same_or_guard arm-linux-gnueabihf-gcc gcc'
test_expect_success 'ARM, clang 19: prints what the original prints, or stops at the guard' \
	'arm_same_or_guard "clang-19 --target=arm-linux-gnueabihf" clang'
test_expect_success 'ARM, both compilers: on this fixture it is the guard, at all five reads' "
	test \$(grep -cF \"\$MSG\" arm-gcc.err) -ge 5 && test \$(grep -cF \"\$MSG\" arm-clang.err) -ge 5"

test_expect_success 'x86-64 (gcc 12, clang 19): the guard holds, and the program prints what the original prints' "
	for cc in gcc clang-19; do
		\$cc $CFLAGS fixed/a.c -o x-\$cc && \$cc $CFLAGS a.c -o x-\$cc-orig &&
		./x-\$cc >x-\$cc.out && ./x-\$cc-orig >x-\$cc-orig.out &&
		cmp x-\$cc.out x-\$cc-orig.out || exit 1
	done"

if have_cmd aarch64-linux-gnu-gcc && have_cmd qemu-aarch64; then
	test_expect_success 'arm64 (gcc 12): the guard holds, and the program prints what the original prints' "
		aarch64-linux-gnu-gcc -static $CFLAGS fixed/a.c -o a64 &&
		aarch64-linux-gnu-gcc -static $CFLAGS a.c -o a64-orig &&
		qemu-aarch64 ./a64 >a64.out && qemu-aarch64 ./a64-orig >a64-orig.out &&
		test -s a64.out && cmp a64.out a64-orig.out"
else
	test_skip 'arm64: the program prints what the original prints' "$(missing_why aarch64-linux-gnu-gcc) or $(missing_why qemu-aarch64)"
fi

# A write, scanned as built for ARM itself (clang 19 stores the union
# as two words): scan's 8 bytes made the old fix write 'raw', 4 bytes
# there, so the fixed program wrote half the union on the very target
# scanned.  Now the guard sits in the write's statement expression.
cat >w.c <<'EOS'
#include <stdio.h>
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
typedef unsigned char u8;
typedef unsigned int u32;
union st { unsigned long raw; struct { u8 a:1; u8 b; u8 c; u8 d; u32 x; }; };
struct h { int n; union st s; };
void put(struct h *h, union st v);
void put(struct h *h, union st v)
{
	WRITE_ONCE(h->s, v);
}
int main(void)
{
	struct h h = { 0 };
	union st v = { .raw = 0 };

	v.x = 0x1234;
	v.c = 7;
	put(&h, v);
	printf("%x %x\n", h.s.x, h.s.c);
	return 0;
}
EOS
test_expect_success 'a write torn on ARM (clang 19): the guard in its statement expression, the build for ARM stops there' "
	clang-19 --target=arm-linux-gnueabihf $CFLAGS -c w.c -o w.o &&
	{ '$RWONCE' scan --json w.o >w.json 2>w-scan.err; test \$? = 1; } &&
	{ '$RWONCE' fix --from-scan w.json >w.diff 2>w.err; test \$? = 1; } &&
	grep -qxF -- \"+	({ _Static_assert(sizeof(h->s.raw) == sizeof(h->s), \\\"\$MSG\\\"); __typeof__(h->s) __rwonce_v = (v); WRITE_ONCE(h->s.raw, __rwonce_v.raw); });\" w.diff &&
	mkdir fixed-w && cp w.c fixed-w/ && (cd fixed-w && patch -s -p1 <../w.diff) &&
	! arm-linux-gnueabihf-gcc $CFLAGS -c fixed-w/w.c -o w-arm.o 2>w-arm.err &&
	grep -qF \"\$MSG\" w-arm.err &&
	gcc $CFLAGS fixed-w/w.c -o w-x86 && gcc $CFLAGS w.c -o w-x86-orig &&
	./w-x86 >w.out && ./w-x86-orig >w-orig.out && cmp w.out w-orig.out &&
	test \"\$(cat w.out)\" = '1234 7'"

# The member of the object's size on every model: no guard, and the
# member read under strict aliasing on ARM.
sed -e 's/unsigned long raw;/unsigned long long raw;/' \
	-e 's/state %lx\\n", got, icp\.state\.raw/state %llx\\n", got, icp.state.raw/' \
	-e 's/state %lx\\n", core_grab/state %llx\\n", core_grab/' \
	-e 's/last %lx\\n", icp_note/last %llx\\n", icp_note/' "$SRC" >b.c
test_expect_success 'the unsigned long long copy: ARM scan (clang 19), fix reads .raw with no guard' "
	test \$(grep -c 'unsigned long long raw;\\|%llx' b.c) = 5 &&
	clang-19 --target=arm-linux-gnueabihf $CFLAGS -c b.c -o b.o &&
	{ '$RWONCE' scan --json b.o >b.json 2>b-scan.err; test \$? = 1; } &&
	{ '$RWONCE' fix --from-scan b.json >b.diff 2>b.err; test \$? = 1; } &&
	grep -q 'rwonce fix: 5 sites to rewrite in 1 file, 0 left unchanged' b.err &&
	test \$(grep -c '^+.*READ_ONCE(.*\\.raw)' b.diff) = 5 &&
	! grep -q '_Static_assert' b.diff && ! grep -q guarded b.err &&
	mkdir fixed-b && cp b.c fixed-b/ && (cd fixed-b && patch -s -p1 <../b.diff)"

for cc in "arm-linux-gnueabihf-gcc -fstrict-aliasing" "clang-19 --target=arm-linux-gnueabihf"; do
	tag=${cc%% *}
	test_expect_success "ARM, $cc -O2: the member read prints what the original prints" "
		$cc $CFLAGS -c b.c -o b-$tag-orig.o && $cc $CFLAGS -c fixed-b/b.c -o b-$tag.o &&
		arm-linux-gnueabihf-gcc -static b-$tag-orig.o -o b-$tag-orig &&
		arm-linux-gnueabihf-gcc -static b-$tag.o -o b-$tag &&
		qemu-arm ./b-$tag-orig >b-$tag-orig.out && qemu-arm ./b-$tag >b-$tag.out &&
		test -s b-$tag.out && cmp b-$tag-orig.out b-$tag.out"
done

test_done
