#!/bin/sh
# The type index's record layout (type_index_expr_layout(): size with
# padding and alignment, bit-fields in the unit of their declared type),
# which fix --from-scan's scalar view rests on (t2491), checked against
# the compilers: tests/fix-from-scan/layouts.c holds padding, a u32
# bit-field among narrower members, the XICS state, an anonymous member,
# bit-field runs across types and past a unit, a nested record; the test
# tool's answers become _Static_asserts that gcc and clang 19 compile for
# x86-64, and clang 19 for arm64, 32-bit ARM, ppc64le, riscv64 and
# s390x.  An array member is "unknown"; an aligned attribute is flagged
# (its alignment not modelled).
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19

cfront_test() { "$TEST_TOOL" cfront "$@"; }
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
SRC=$RWONCE_ROOT/tests/fix-from-scan/layouts.c
cd "$TEST_TMP" || exit 1

POS=$(grep -n '^	(void)g[0-9]*;' "$SRC" | cut -d: -f1 | sed 's/$/:8/' | tr '\n' ' ')
test_expect_success 'the test tool lays out the eleven probes' "
	cfront_test layout '$SRC' $POS >model &&
	test \$(wc -l <model) = 11 &&
	test \$(grep -c ': size [0-9]* align [0-9]*\$' model) = 9"

# line -> global name
name_at() { sed -n "${1}p" "$SRC" | sed 's/.*(void)\(g[0-9]*\);.*/\1/'; }

test_expect_success 'the array member is unknown, the aligned attribute flagged' "
	grep -q \"^\$(grep -n '(void)g5;' '$SRC' | cut -d: -f1):8: unknown\\\$\" model &&
	grep -q \"^\$(grep -n '(void)g8;' '$SRC' | cut -d: -f1):8: size 4 align 2 attr\\\$\" model"

# The model's known answers as _Static_asserts.
cp "$SRC" asserts.c
while read -r pos size s align a rest; do
	[ "$size" = size ] && [ -z "$rest" ] || continue
	g=$(name_at "${pos%%:*}")
	echo "_Static_assert(sizeof($g) == $s && _Alignof(__typeof__($g)) == $a, \"$g: size $s align $a\");" >>asserts.c
done <model
test_expect_success 'nine asserts written' "test \$(grep -c '^_Static_assert' asserts.c) = 9"

for cc in gcc clang-19; do
	test_expect_success "$cc x86-64: the model's sizes and alignments are the compiler's" "
		$cc -std=gnu11 -fsyntax-only asserts.c"
done
for t in aarch64-linux-gnu arm-linux-gnueabihf powerpc64le-linux-gnu riscv64-linux-gnu s390x-linux-gnu; do
	test_expect_success "clang-19 $t: the model's sizes and alignments are the compiler's" "
		clang-19 --target=$t -std=gnu11 -fsyntax-only asserts.c"
done

test_done
