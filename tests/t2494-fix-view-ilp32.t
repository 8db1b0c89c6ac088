#!/bin/sh
# fix --from-scan's scalar view (t2491) on the 32-bit targets: the view
# -- an unsigned scalar of the struct's size laid over it, with a
# _Static_assert of the layout fix read -- was chosen from an LP64
# layout only, so a scan of a 32-bit ARM build had fix view an 8-byte
# struct of unsigned long bit-fields that ARM aligns to 4 bytes, and the
# fixed file did not compile for ARM (the assert); a scan of an x86-64
# build had it view structs whose size or alignment differ on ARM and
# i386.  The fixed source is compiled for every target, so fix views a
# struct only where its layout allows it on the LP64 targets, on 32-bit
# ARM and on i386, and names the target that refuses otherwise.  End to
# end on tests/fix-from-scan/views-ilp32.c: scanned as built for ARM
# (clang 19) and for x86-64, fixed, and each fixed file compiled for
# ARM (gcc 12, clang 19), i386 and x86-64; the ARM program (qemu-arm)
# and the x86-64 one print what the originals print.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires patch patch
requires clang-19 clang-19
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
requires qemu-arm qemu-user

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (make)"
have_cmd clang-19 || skip_all "$(missing_why clang-19)"
have_cmd arm-linux-gnueabihf-gcc || skip_all "$(missing_why arm-linux-gnueabihf-gcc)"
clang_can arm-linux-gnueabihf || skip_all "$(clang_why arm-linux-gnueabihf)"
[ "$(uname -m)" = x86_64 ] || skip_all "the x86-64 program runs natively: not an x86-64 machine"
SRC=$RWONCE_ROOT/tests/fix-from-scan/views-ilp32.c
cd "$TEST_TMP" || exit 1

WORD=$(line_of "$SRC" "struct word_bits w = READ_ONCE(h->w);")
LONG=$(line_of "$SRC" "struct long_bits l = READ_ONCE(h->l);")
WIDE=$(line_of "$SRC" "struct wide_bits x = READ_ONCE(h->x);")
MIXED=$(line_of "$SRC" "struct mixed_bits m = READ_ONCE(h->m);")
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -Werror"
VIEW4='__rwonce_a; unsigned int __rwonce_s; _Static_assert(sizeof(h->w) == 4'

# The layout model under each data model, checked by the compilers: the
# test tool's answers for the records of t2492's layouts.c and of this
# fixture become _Static_asserts compiled for ARM (gcc 12, clang 19),
# i386 (clang 19) and x86-64.
i=0
for f in "$RWONCE_ROOT/tests/fix-from-scan/layouts.c" "$SRC"; do
	i=$((i + 1))
	pos=$(grep -n '^	(void)g[0-9]*;' "$f" | cut -d: -f1 | sed 's/$/:8/' | tr '\n' ' ')
	for m in layout layout-arm32 layout-i386; do
		cp "$f" "asserts-$i-$m.c"
		"$TEST_TOOL" cfront $m "$f" $pos >"model-$i-$m" || echo "test-tool failed" >>"model-$i-$m"
		while read -r p size s align a rest; do
			[ "$size" = size ] && [ -z "$rest" ] || continue
			g=$(sed -n "${p%%:*}p" "$f" | sed 's/.*(void)\(g[0-9]*\);.*/\1/')
			echo "_Static_assert(sizeof($g) == $s && _Alignof(__typeof__($g)) == $a, \"$m $g: size $s align $a\");" \
				>>"asserts-$i-$m.c"
		done <"model-$i-$m"
	done
done
test_expect_success 'the model answers for every probe (one unknown: the array)' "
	test \$(cat model-1-layout-arm32 model-1-layout-i386 | grep -c ': size [0-9]* align [0-9]*\$') = 18 &&
	test \$(cat model-2-layout model-2-layout-arm32 model-2-layout-i386 | grep -c ': size [0-9]* align [0-9]*\$') = 12 &&
	grep -q ': size 8 align 4\$' model-2-layout-arm32 && grep -q ': size 4 align 4\$' model-2-layout-i386"
for i in 1 2; do
	test_expect_success "file $i, LP64 model: gcc 12 and clang 19 x86-64 agree" "
		gcc -std=gnu11 -fsyntax-only asserts-$i-layout.c &&
		clang-19 -std=gnu11 -fsyntax-only asserts-$i-layout.c"
	test_expect_success "file $i, 32-bit ARM model: gcc 12 and clang 19 for arm-linux-gnueabihf agree" "
		arm-linux-gnueabihf-gcc -std=gnu11 -fsyntax-only asserts-$i-layout-arm32.c &&
		clang-19 --target=arm-linux-gnueabihf -std=gnu11 -fsyntax-only asserts-$i-layout-arm32.c"
	if clang_can i386-linux-gnu; then
		test_expect_success "file $i, i386 model: clang 19 for i386-linux-gnu agrees" "
			clang-19 --target=i386-linux-gnu -std=gnu11 -fsyntax-only asserts-$i-layout-i386.c"
	else
		test_skip "file $i, i386 model" "$(clang_why i386-linux-gnu)"
	fi
done
test_expect_success 'the LP64 model is not the 32-bit ones (the asserts can fail)' "
	! arm-linux-gnueabihf-gcc -std=gnu11 -fsyntax-only asserts-2-layout.c 2>/dev/null &&
	! clang-19 -std=gnu11 -fsyntax-only asserts-2-layout-arm32.c 2>/dev/null"

cp "$SRC" a.c
test_expect_success 'clang 19 ARM: the four reads torn (the input)' "
	clang-19 --target=arm-linux-gnueabihf $CFLAGS -c a.c -o arm.o &&
	{ '$RWONCE' scan --json arm.o >arm.json 2>arm.serr; test \$? = 1; } &&
	for line in $WORD $LONG $WIDE $MIXED; do
		grep -q \"\\\"line\\\": \$line, .*\\\"size\\\": [48], .*\\\"verdict\\\": \\\"torn\\\"\" arm.json || exit 1
	done"

test_expect_success 'fix from the ARM scan: the word viewed, the others named with the target that refuses' "
	{ '$RWONCE' fix --from-scan arm.json >arm.diff 2>arm.ferr; test \$? = 1; } &&
	grep -qF -- '$VIEW4' arm.diff &&
	test \$(grep -c '^+[^+]' arm.diff) = 1 &&
	grep -q \"a.c:$LONG:23: note: .*'struct long_bits' (8 bytes) left unchanged: .*on 32-bit ARM it is only 4-byte aligned\" arm.ferr &&
	grep -q \"a.c:$WIDE:23: note: .*'struct wide_bits' (8 bytes) left unchanged: .*on i386 it is only 4-byte aligned\" arm.ferr &&
	grep -q \"a.c:$MIXED:24: note: .*'struct mixed_bits' (4 bytes) left unchanged: .*lays its members out in 8 bytes on the LP64 targets, not the 4 scan gives\" arm.ferr &&
	grep -q 'rwonce fix: 1 site to rewrite in 1 file, 3 left unchanged' arm.ferr"

test_expect_success 'x86-64: the reads of the word, the u64 and the mixed struct torn (the input)' "
	clang-19 $CFLAGS -c a.c -o x86.o &&
	{ '$RWONCE' scan --json x86.o >x86.json 2>x86.serr; test \$? = 1; } &&
	for line in $WORD $WIDE $MIXED; do
		grep -q \"\\\"line\\\": \$line, .*\\\"verdict\\\": \\\"torn\\\"\" x86.json || exit 1
	done"

test_expect_success 'fix from the x86-64 scan: the word viewed, the u64 and the mixed struct named with the target that refuses' "
	{ '$RWONCE' fix --from-scan x86.json >x86.diff 2>x86.ferr; test \$? = 1; } &&
	grep -qF -- '$VIEW4' x86.diff &&
	test \$(grep -c '^+[^+]' x86.diff) = 1 &&
	grep -q \"a.c:$WIDE:23: note: .*'struct wide_bits' (8 bytes) left unchanged: .*on i386 it is only 4-byte aligned\" x86.ferr &&
	grep -q \"a.c:$MIXED:24: note: .*'struct mixed_bits' (8 bytes) left unchanged: .*lays its members out in 4 bytes on 32-bit ARM, not the 8 scan gives\" x86.ferr"

for from in arm x86; do
	mkdir "fixed-$from" && cp a.c "fixed-$from/"
	test_expect_success "fixed from the $from scan: the diff applies" "
		(cd fixed-$from && patch -s -p1 <../$from.diff) && ! cmp -s a.c fixed-$from/a.c"
	test_expect_success "fixed from the $from scan: compiles for ARM with gcc 12 and clang 19" "
		arm-linux-gnueabihf-gcc $CFLAGS -c fixed-$from/a.c -o $from-g.o &&
		clang-19 --target=arm-linux-gnueabihf $CFLAGS -c fixed-$from/a.c -o $from-c.o"
	test_expect_success "fixed from the $from scan: compiles for x86-64 with gcc 12 and clang 19" "
		gcc $CFLAGS -c fixed-$from/a.c -o $from-xg.o &&
		clang-19 $CFLAGS -c fixed-$from/a.c -o $from-xc.o"
	if clang_can i386-linux-gnu; then
		test_expect_success "fixed from the $from scan: compiles for i386 with clang 19" "
			clang-19 --target=i386-linux-gnu $CFLAGS -c fixed-$from/a.c -o $from-i.o"
	else
		test_skip "fixed from the $from scan: compiles for i386" "$(clang_why i386-linux-gnu)"
	fi
done

# With -fstrict-aliasing (gcc -O2): the view's scalar access of the
# struct's bytes is type-punned, and its may_alias does not survive the
# macro's __typeof__, so without the view's compiler barriers gcc 12 -O2
# for ARM moved main's stores to the struct past it (word_sum() returned
# 0 in the fixed program).
test_expect_success 'ARM (clang 19): the word is one ldr after, and the program prints what the original prints' "
	{ '$RWONCE' scan --json arm-c.o >arm-f.json 2>arm-f.err; test \$? -le 1; } &&
	grep -q '\"line\": $WORD, .*\"verdict\": \"ok\".*\"text\": \"ldr' arm-f.json &&
	arm-linux-gnueabihf-gcc -static $CFLAGS a.c -o arm-orig &&
	arm-linux-gnueabihf-gcc -static $CFLAGS fixed-arm/a.c -o arm-fixed &&
	qemu-arm ./arm-orig >arm-orig.out && qemu-arm ./arm-fixed >arm-fixed.out &&
	cmp arm-orig.out arm-fixed.out && test -s arm-orig.out"

test_expect_success 'x86-64: the program prints what the original prints' "
	gcc $CFLAGS a.c -o x86-orig && gcc $CFLAGS fixed-x86/a.c -o x86-fixed &&
	./x86-orig >x86-orig.out && ./x86-fixed >x86-fixed.out &&
	cmp x86-orig.out x86-fixed.out && test -s x86-orig.out"

test_done
