#!/bin/sh
# The library benchmarks still run and print their ratios (bench/lib-*.sh;
# `make bench-library` runs them in full).  Their cheap parts double as
# checks of two promises of rwonce.h:
#   - nested READ_ONCE grows linearly: each level adds the same bytes;
#   - one memory instruction per marked access on x86-64, gcc and clang.
# Compile-time figures are not checked here: timings are not tests.
. "$(dirname "$0")/lib/tap.sh"

requires clang clang
need_cmd gcc objdump awk

out=$TEST_TMP/expansion.out
test_expect_success 'bench/lib-expansion.sh (sizes only) runs' \
	"BENCH_CCS= '$RWONCE_ROOT/bench/lib-expansion.sh' >'$out' 2>&1"
sed -n '/^volatile\|^rwonce\|^kernel\|^urcu\|^c11/p' "$out" | sed 's/^/# /'

test_expect_success 'it prints the depth-4 ratio against the volatile cast' \
	"grep -Eq '^rwonce +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+x' '$out'"

# Linear: the three steps between depths 1..4 are equal (a few bytes of
# slack for the __COUNTER__ digits in the local names).
test_expect_success 'nested READ_ONCE grows linearly (gcc)' "
	awk '/^rwonce / {
		a = \$3 - \$2; b = \$4 - \$3; c = \$5 - \$4
		d1 = a - b; d2 = b - c
		if (d1 < 0) d1 = -d1
		if (d2 < 0) d2 = -d2
		exit !(a > 0 && d1 <= 8 && d2 <= 8)
	}' '$out'"

for cc in gcc clang; do
	if ! have_cmd "$cc"; then
		test_skip "bench/lib-memops.sh with $cc" "$(missing_why "$cc")"
		continue
	fi
	out=$TEST_TMP/memops-$cc.out
	test_expect_success "bench/lib-memops.sh runs with $cc" \
		"BENCH_CCS=$cc '$RWONCE_ROOT/bench/lib-memops.sh' >'$out' 2>&1"
	grep -E '^(s4-fields|s8-fields|mean|vs volatile)' "$out" | sed 's/^/# /'
	# columns: mean, then "N.NN (K tests)" per peer; rwonce is the second
	test_expect_success "$cc: rwonce is one instruction per access (mean 1.00)" \
		"awk '/^mean/ { exit !(\$5 == \"1.00\") }' '$out'"
	test_expect_success "$cc: it prints the ratio against the volatile cast" \
		"grep -Eq '^vs volatile +1.00x +[0-9.]+x' '$out'"
	test_expect_success "$cc: READ_ONCE of a two-field struct used field by field is one load" \
		"grep -Eq '^s8-fields +[^ ]+ [^ ]+ +1 movq:r' '$out' &&
		 grep -Eq '^s4-fields +[^ ]+ [^ ]+ +1 movl:r' '$out'"
done

test_done
