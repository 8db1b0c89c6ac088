#!/bin/sh
# rwonce fix: golden diffs and notes for every conversion and every case it
# leaves; the diffs apply with git apply and patch -p1; a second run over
# the result changes nothing.
. "$(dirname "$0")/lib/tap.sh"
requires git git
requires patch patch

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"

for c in access-once volatile-cast no-newline nonscalar macro-body; do
	test_expect_success "$c: diff and notes are the golden ones" "
		cd '$FIX' && '$RWONCE' fix $c.c >'$TEST_TMP/$c.out' 2>'$TEST_TMP/$c.err'
		test \$? = 1 &&
		diff -u $c.diff '$TEST_TMP/$c.out' &&
		diff -u $c.notes '$TEST_TMP/$c.err'"
	[ -s "$FIX/$c.diff" ] || continue # nothing converted: nothing to apply
	mkdir -p "$TEST_TMP/git-$c" "$TEST_TMP/patch-$c"
	cp "$FIX/$c.c" "$TEST_TMP/git-$c/"
	cp "$FIX/$c.c" "$TEST_TMP/patch-$c/"
	if have_cmd git; then
		test_expect_success "$c: git apply accepts the diff" "
			cd '$TEST_TMP/git-$c' && git init -q . &&
			git apply --check '$FIX/$c.diff' &&
			git apply '$FIX/$c.diff' &&
			! cmp -s $c.c '$FIX/$c.c'"
		test_expect_success "$c: a second run changes nothing" "
			cd '$TEST_TMP/git-$c' && '$RWONCE' fix -q $c.c >second.diff;
			test \$? -le 1 && test ! -s second.diff"
	else
		test_skip "$c: git apply accepts the diff" "$(missing_why git)"
		test_skip "$c: a second run changes nothing" "$(missing_why git)"
	fi
	if have_cmd patch; then
		test_expect_success "$c: patch -p1 accepts the diff" "
			cd '$TEST_TMP/patch-$c' &&
			patch -p1 --dry-run <'$FIX/$c.diff' &&
			patch -p1 -s <'$FIX/$c.diff' &&
			{ ! [ -d '$TEST_TMP/git-$c' ] || cmp $c.c '$TEST_TMP/git-$c/$c.c'; }"
	else
		test_skip "$c: patch -p1 accepts the diff" "$(missing_why patch)"
	fi
done

# The kernel's 2017 semantic patch turned these into READ_ONCE(x)++ and
# READ_ONCE(x) |= m; fix must leave every one of them as it was.
test_expect_success 'ACCESS_ONCE(x)++, |=, &ACCESS_ONCE(x) are left' "
	cd '$FIX' && '$RWONCE' fix -q access-once.c >'$TEST_TMP/ao.diff';
	! grep -E '^\+.*READ_ONCE\([^)]*\) *(\+\+|--|[-+*/%&|^]=|<<=|>>=)' '$TEST_TMP/ao.diff' &&
	! grep -E '^\+.*&READ_ONCE' '$TEST_TMP/ao.diff' &&
	! grep -E '^-.*ACCESS_ONCE\((counter|mask)\)(\+\+|--| \|=| <<=)' '$TEST_TMP/ao.diff'"

# Iterator macros chain without limit; the walk back over them is a loop.
awk 'BEGIN { print "int x, i;"; print "void f(void)"; print "{"; for (k = 0; k < 100000; k++) printf "for_each_q(i) "; print "ACCESS_ONCE(x) = 1;"; print "}" }' >"$TEST_TMP/chain.c"
test_expect_success 'a write after 100000 chained for_each macros is converted' "
	'$RWONCE' fix -q '$TEST_TMP/chain.c' >'$TEST_TMP/chain.diff';
	test \$? = 1 && grep -q 'for_each_q(i) WRITE_ONCE(x, 1);\$' '$TEST_TMP/chain.diff'"

test_expect_success 'a file with nothing to convert: no output, exit 0' "
	printf 'int x;\nint f(void) { return READ_ONCE(x); }\n' >'$TEST_TMP/clean.c' &&
	'$RWONCE' fix -q '$TEST_TMP/clean.c' >'$TEST_TMP/clean.out' &&
	test ! -s '$TEST_TMP/clean.out'"

test_expect_success 'diff names are relative to the current folder' "
	mkdir -p '$TEST_TMP/rel/sub' && cp '$FIX/no-newline.c' '$TEST_TMP/rel/sub/' &&
	cd '$TEST_TMP/rel' && '$RWONCE' fix -q \"\$PWD/sub/no-newline.c\" >abs.diff;
	grep -q '^--- a/sub/no-newline.c\$' abs.diff &&
	'$RWONCE' fix -q ./sub//no-newline.c >dot.diff; cmp abs.diff dot.diff"

test_expect_success 'hunks: far-apart changes get separate hunks with right counts' "
	{ echo '#include <rwonce.h>'; i=0; while [ \$i -lt 20 ]; do echo '/* pad */'; i=\$((i+1)); done
	  echo 'int f(void) { return ACCESS_ONCE(x); }'
	  i=0; while [ \$i -lt 20 ]; do echo '/* pad */'; i=\$((i+1)); done
	  echo 'void g(void) { ACCESS_ONCE(x) = 1; }'; } >'$TEST_TMP/h.c' &&
	cd '$TEST_TMP' && '$RWONCE' fix -q h.c >h.diff;
	test \$(grep -c '^@@' h.diff) = 2 &&
	grep -q '^@@ -19,7 +19,7 @@\$' h.diff && grep -q '^@@ -40,4 +40,4 @@\$' h.diff &&
	mkdir p && cp h.c p/ && cd p && patch -p1 -s <../h.diff &&
	grep -q 'WRITE_ONCE(x, 1)' h.c"

test_done
