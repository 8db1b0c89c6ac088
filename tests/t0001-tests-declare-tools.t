#!/bin/sh
# Every test gets its tools from `make deps` or skips naming the package
# (issue 21).  tests/deps/declared-tools.pl reads every test and helper:
# an optional program (a cross tool, an emulator, another compiler, a
# program of a deps list: tests/lib/requires.sh's OPTIONAL_PROGS and
# OPTIONAL_WORDS) named without `requires PROG PACKAGE` is a failure, and
# so is a declared package that `make deps` does not install (deps/*.txt,
# deps/if-missing.list) -- or, declared --full, that no list has.
#
# First the checker on small trees made here (it must say no where it
# should), then on this tree, then the run-time side of the declarations.
. "$(dirname "$0")/lib/tap.sh"
# The programs of the fixtures below: written into them, never run.
mentions arm-linux-gnueabihf-objdump clang clang-19 clang-98 clang-99 npm qemu-aarch64 qemu-user

CHECK=$RWONCE_ROOT/tests/deps/declared-tools.pl
REQ=$RWONCE_ROOT/tests/lib/requires.sh

# tree NAME: a tree with tests/, tests/lib/ and the deps lists below.
tree() {
	T=$TEST_TMP/$1
	mkdir -p "$T/tests/lib" "$T/deps/full"
	printf 'gcc\nqemu-user\nclang\n' >"$T/deps/core.txt"
	printf '# check-full only\nbinutils-arm-linux-gnueabihf\n' >"$T/deps/full/cross.txt"
	printf 'npm npm\n' >"$T/deps/if-missing.list"
}
check() { # tree: problems in $TEST_TMP/out, the status is the checker's
	perl "$CHECK" "$1" "$REQ" >"$TEST_TMP/out" 2>&1
}

tree plain
cat >"$T/tests/t1-objdump.t" <<'EOF'
. "$(dirname "$0")/lib/tap.sh"
# a comment naming arm-linux-gnueabihf-objdump is no use
test_expect_success 'disassembled' '
	arm-linux-gnueabihf-objdump -d x.o >x.dis'
EOF
test_expect_success 'an undeclared cross tool (t4080 before issue 21) is found, with its line' '
	! check "$TEST_TMP/plain" && cat "$TEST_TMP/out" &&
	grep -q "tests/t1-objdump.t:4: arm-linux-gnueabihf-objdump is run or named here but not declared" "$TEST_TMP/out" &&
	test "$(wc -l <"$TEST_TMP/out")" = 1'

sed -i '1a requires arm-linux-gnueabihf-objdump binutils-arm-linux-gnueabihf' "$T/tests/t1-objdump.t"
test_expect_success 'declared, but its package is only in deps/full: found' '
	! check "$TEST_TMP/plain" && cat "$TEST_TMP/out" &&
	grep -q "t1-objdump.t:2: requires arm-linux-gnueabihf-objdump binutils-arm-linux-gnueabihf: binutils-arm-linux-gnueabihf is only in deps/full" "$TEST_TMP/out"'

sed -i 's/^requires arm/requires --full arm/' "$T/tests/t1-objdump.t"
test_expect_success 'declared --full (check-full only): accepted' \
	'check "$TEST_TMP/plain"; rc=$?; cat "$TEST_TMP/out"; test $rc = 0 && ! test -s "$TEST_TMP/out"'

sed -i 's/^requires --full arm-linux-gnueabihf-objdump .*/requires arm-linux-gnueabihf-objdump nowhere-binutils/' \
	"$T/tests/t1-objdump.t"
test_expect_success 'a package in no deps list: found' '
	! check "$TEST_TMP/plain" && cat "$TEST_TMP/out" &&
	grep -q "nowhere-binutils is in no deps list" "$TEST_TMP/out"'

tree words
cat >"$T/tests/t2-words.t" <<'EOF'
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/lib/helper.sh"
test_expect_success 'the clang engine runs' '"$RWONCE" audit --engine=clang -p x'
grep -q "build/npm/node_modules" x
test_skip 'x' 'no y (apt-get install qemu-user clang)'
clang -O2 -c x.c
"$RWONCE" verify --cc clang --opt 2
for cc in gcc clang-19; do :; done
for cc in gcc clang; do :; done
npm install x
qemu-aarch64 ./x
EOF
printf 'requires qemu-aarch64 qemu-user\n' >"$T/tests/lib/helper.sh"
test_expect_success 'English words and paths are no uses; commands, --cc, for lists are' '
	! check "$TEST_TMP/words"; cat "$TEST_TMP/out";
	for l in 6 7 9; do grep -q "t2-words.t:$l: clang is run" "$TEST_TMP/out" || exit 1; done &&
	grep -q "t2-words.t:8: clang-19 is run" "$TEST_TMP/out" &&
	grep -q "t2-words.t:10: npm is run" "$TEST_TMP/out" &&
	test "$(wc -l <"$TEST_TMP/out")" = 5'
test_expect_success 'the declarations of a sourced helper count (qemu-aarch64, line 11)' \
	'! grep -q ":11:" "$TEST_TMP/out"'

test_expect_success 'this tree: every test declares what it runs, make deps installs it' '
	check "$RWONCE_ROOT"; rc=$?; cat "$TEST_TMP/out"; test $rc = 0 && ! test -s "$TEST_TMP/out"'
test_expect_success 'this tree: t4080 declares the armhf objdump, from a make deps list' '
	grep -qx "requires arm-linux-gnueabihf-objdump binutils-arm-linux-gnueabihf" \
		"$RWONCE_ROOT/tests/t4080-scan-wrappers.t" &&
	cat "$RWONCE_ROOT"/deps/*.txt | grep -qx binutils-arm-linux-gnueabihf'

# Run time: a test script in a tree whose tests/lib is this one's.
mkdir -p "$TEST_TMP/run/tests"
ln -s "$RWONCE_ROOT/tests/lib" "$TEST_TMP/run/tests/lib"
script() { # name body: $TEST_TMP/run/tests/NAME.t, run; output in out
	printf '. "$(dirname "$0")/lib/tap.sh"\n%s\ntest_done\n' "$2" >"$TEST_TMP/run/tests/$1.t"
	RWONCE_FULL= sh "$TEST_TMP/run/tests/$1.t" >"$TEST_TMP/out" 2>&1
}
test_expect_success 'have_cmd of an optional program nobody declared fails the test' '
	! script undeclared "have_cmd clang-99 || test_skip x y" && cat "$TEST_TMP/out" &&
	grep -q "clang-99 is not declared" "$TEST_TMP/out"'
test_expect_success '... also where the check runs in a subshell' '
	! script undeclared2 "test_skip x \"\$(missing_why clang-98)\"" && cat "$TEST_TMP/out" &&
	grep -q "^not ok .* every optional program run is declared" "$TEST_TMP/out"'
test_expect_success 'a declared program that is missing: skip naming its package' '
	script missing ": ; requires clang-99 clang-99; need_cmd clang-99" && cat "$TEST_TMP/out" &&
	grep -qx "1..0 # SKIP clang-99 not installed (package clang-99; see README: make deps)" "$TEST_TMP/out"'
test_expect_success 'declared --full: missing for make check even where it is installed' '
	script full ": ; requires --full sh dash
have_cmd sh && echo sh-found
test_skip shell \"\$(missing_why sh)\"" && cat "$TEST_TMP/out" &&
	! grep -q sh-found "$TEST_TMP/out" &&
	grep -q "# SKIP sh: make check-full only (RWONCE_FULL=1; package dash from deps/full)" "$TEST_TMP/out"'
test_expect_success '... and there with RWONCE_FULL=1' '
	RWONCE_FULL=1 sh "$TEST_TMP/run/tests/full.t" >"$TEST_TMP/out" 2>&1 &&
	grep -q sh-found "$TEST_TMP/out"'
test_expect_success 'base programs need no declaration' \
	'script base "need_cmd sh make && echo base-ok" && grep -q base-ok "$TEST_TMP/out"'
test_done
