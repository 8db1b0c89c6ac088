#!/bin/sh
# The libclang engine on a GCC cross-compilation database (issue #12):
# the target comes from the compiler's name (arm-linux-gnueabihf-gcc ->
# --target=arm-linux-gnueabihf), GCC-only flags are dropped, and a unit
# that still fails says which file and why (clang's own error), not just
# "libclang failed to parse it".
. "$(dirname "$0")/lib/tap.sh"

# The compilers of the compilation databases below: libclang reads their
# command lines, nothing runs them.
mentions arm-linux-gnueabihf-gcc aarch64-linux-gnu-gcc-12
requires clang-14 clang-14
requires clang clang
clang_audit() { "$TEST_TOOL" clang-audit "$@"; }
AUDIT=clang_audit
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (make)"
"$AUDIT" -p /nonexistent 2>&1 | grep -q 'built without libclang' &&
	skip_all "rwonce built without libclang (apt-get install libclang-dev)"

D=$TEST_TMP/db
mkdir -p "$D"
# 'long' is 4 bytes on arm and i686, 8 on aarch64 and x86-64: the size
# in the finding tells which target libclang parsed for (16 bytes is no
# single access: a once-size finding instead of volatile-aggregate).
cat >"$D/lock.c" <<'EOC'
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
struct pair { long owner, next; };
long peek(struct pair *p)
{
	struct pair v = ACCESS_ONCE(*p);

	return v.owner;
}
EOC
db() { # compiler flags...
	cc=$1; shift
	printf '[{"directory": "%s", "file": "lock.c", "command": "%s %s -c -o lock.o lock.c"}]\n' \
		"$D" "$cc" "$*" >"$D/compile_commands.json"
}
audit() { "$RWONCE" audit -q --engine=clang -p "$D" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; echo $? >"$TEST_TMP/rc"; }

db arm-linux-gnueabihf-gcc -march=armv7-a -mabi=aapcs-linux -mfpu=vfp -mfloat-abi=hard \
	-fconserve-stack -mno-fdpic -mtls-dialect=gnu -fno-ipa-sra -mno-thumb-interwork -O2
audit
test_expect_success 'arm-linux-gnueabihf-gcc with GCC-only flags: the unit parses' "
	cat $TEST_TMP/err; [ \$(cat $TEST_TMP/rc) = 1 ] && ! grep -q 'cannot be parsed' $TEST_TMP/err"
test_expect_success '... for arm: the pair of longs is 8 bytes' "
	grep -q 'volatile read of 8-byte struct .struct pair. with 2 storage units' $TEST_TMP/out"

# -mabi=lp64 is GCC's spelling; clang knows only aapcs and must not see it.
db aarch64-linux-gnu-gcc-12 -march=armv8-a -mabi=lp64 -mgeneral-regs-only -O2
audit
test_expect_success 'a versioned name, aarch64-linux-gnu-gcc-12: parsed for aarch64 (16 bytes)' "
	cat $TEST_TMP/err; [ \$(cat $TEST_TMP/rc) = 1 ] &&
	grep -q \"ACCESS_ONCE of 'struct pair' (16 bytes)\" $TEST_TMP/out"

db arm-linux-gnueabihf-gcc --target=i686-linux-gnu -O2
audit
test_expect_success 'a --target already on the command line is kept (i686: 8 bytes)' "
	[ \$(cat $TEST_TMP/rc) = 1 ] && grep -q 'volatile read of 8-byte' $TEST_TMP/out"

db gcc -march=armv7-a -O2
audit
if have_cmd clang-14 || have_cmd clang; then
	test_expect_success 'a native gcc unit with an ARM -march fails, naming the file and clang'"'"'s reason' "
		cat $TEST_TMP/err; [ \$(cat $TEST_TMP/rc) = 2 ] &&
		grep -q '$D/lock.c: cannot be parsed' $TEST_TMP/err &&
		grep -q \"error: unknown target CPU 'armv7-a'\" $TEST_TMP/err"
else
	test_skip "the failing unit's reason" "$(missing_why clang-14 clang)"
fi
test_done
