#!/bin/sh
# rwonce fix never produces code that does not compile: each fixture
# compiles with the kernel's old ACCESS_ONCE, and its fixed version
# compiles with include/rwonce.h (READ_ONCE/WRITE_ONCE, scalar-only
# ACCESS_ONCE for what is left) under gcc and clang, at -O0 and -O2.
# Control: the 2017 semantic patch's READ_ONCE(x)++ is rejected.
. "$(dirname "$0")/lib/tap.sh"
requires clang clang

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"

# -fno-strict-aliasing as the kernel builds: the fixtures pun types on purpose.
CFLAGS_T="-std=gnu11 -fno-strict-aliasing -Wall -Werror -Wno-unused-variable -Wno-unused-but-set-variable -c -o /dev/null"
for cc in gcc clang; do
	if ! have_cmd $cc; then
		test_skip "$cc: fixtures compile before and after" "$(missing_why $cc)"
		continue
	fi
	for c in access-once volatile-cast no-newline nonscalar macro-body; do
		for o in -O0 -O2; do
			test_expect_success "$cc $o: $c.c compiles with the old ACCESS_ONCE" "
				$cc $CFLAGS_T $o -include '$FIX/kernel-access-once.h' '$FIX/$c.c'"
			d="$TEST_TMP/$cc$o"
			mkdir -p "$d" && cp "$FIX/$c.c" "$d/" &&
			(cd "$d" && "$RWONCE" fix -q --in-place $c.c)
			test_expect_success "$cc $o: fixed $c.c compiles with kernel-style macros (WRITE_ONCE a statement)" "
				$cc $CFLAGS_T $o -include '$FIX/kernel-rw-once.h' '$d/$c.c'"
			# rwonce.h refuses ACCESS_ONCE on a struct by design.
			[ $c = nonscalar ] && continue
			test_expect_success "$cc $o: fixed $c.c compiles with rwonce.h" "
				$cc $CFLAGS_T $o -I'$RWONCE_ROOT/include' -include rwonce.h '$d/$c.c'"
		done
	done
	test_expect_failure_msg "$cc: control: the nonscalar fixture is refused by rwonce.h" \
		'scalar' "
		$cc $CFLAGS_T -I'$RWONCE_ROOT/include' -include rwonce.h '$FIX/nonscalar.c'"
	test_expect_failure_msg "$cc: control: READ_ONCE(x)++ (the 2017 conversion) does not compile" \
		'lvalue|assignable|increment' "
		printf 'int c;\nvoid f(void) { READ_ONCE(c)++; }\n' >'$TEST_TMP/ctl.c' &&
		$cc $CFLAGS_T -I'$RWONCE_ROOT/include' -include rwonce.h '$TEST_TMP/ctl.c'"
done
test_done
