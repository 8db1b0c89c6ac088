#!/bin/sh
# The volatile-aggregate rule in the lexical engine (issue #12): with
# --macro READ_ONCE=volatile-cast (the kernel's READ_ONCE is a volatile
# cast), READ_ONCE/WRITE_ONCE of a struct or union that uses more than one
# storage unit is reported as possibly split; one-unit aggregates (a
# union of same-width members, s390's ipte_control, a run of bit-fields,
# pte_t) are not; rwonce's own READ_ONCE is never reported.  The file's
# own definitions say READ_ONCE/WRITE_ONCE are volatile casts: discovery
# finds that without --macro.
# Expectations sit beside the code: "expect: may-split" / "one-unit".
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$RWONCE_ROOT/tests/audit" || exit 1
F=aggregate/shapes.c
VC="--macro READ_ONCE=volatile-cast --macro WRITE_ONCE=volatile-cast"

grep -n '/\* expect: may-split \*/' $F | cut -d: -f1 >"$TEST_TMP/want"
grep -n '/\* expect: one-unit \*/' $F | cut -d: -f1 >"$TEST_TMP/one"
lines() { sed -n 's/^[^:]*:\([0-9]*\):.*\[volatile-aggregate\]$/\1/p' "$1"; }

test_expect_success 'with READ_ONCE and WRITE_ONCE as volatile casts: exactly the may-split lines' "
	\"$RWONCE\" audit -q $VC $F >$TEST_TMP/out; [ \$? = 1 ] &&
	lines $TEST_TMP/out >$TEST_TMP/got &&
	test -s $TEST_TMP/want && test -s $TEST_TMP/one && diff -u $TEST_TMP/want $TEST_TMP/got"
test_expect_success 'the message says may be split and names rwonce scan' "
	grep -q \"^$F:61:19: error: READ_ONCE(\\*p) of union 'union ticket' (2 storage units, the narrowest 2 bytes): .*may be split.*'rwonce scan' on the build confirms it\" $TEST_TMP/out"
test_expect_success 'an anonymous member counts as one member with its own units' "
	grep -q \"READ_ONCE(\\*p) of struct 'struct anon_word' (2 storage units, the narrowest 2 bytes)\" $TEST_TMP/out &&
	grep -q \"READ_ONCE(\\*p) of struct 'struct anon_nested' (4 storage units, the narrowest 1 byte)\" $TEST_TMP/out &&
	! grep -q 'anon_one\\|anon_bits' $TEST_TMP/out"
test_expect_success 'the file'\''s own volatile-cast READ_ONCE is found: the same lines, no --macro' "
	\"$RWONCE\" audit -q $F >$TEST_TMP/plain; [ \$? = 1 ] &&
	lines $TEST_TMP/plain >$TEST_TMP/got2 && diff -u $TEST_TMP/want $TEST_TMP/got2"
test_expect_success 'without discovery READ_ONCE is rwonce'\''s own, exempt' "
	\"$RWONCE\" audit -q --no-discover $F >$TEST_TMP/nd; [ \$? = 0 ] && ! test -s $TEST_TMP/nd"
test_expect_success 'only the macro named volatile-cast is checked' "
	\"$RWONCE\" audit -q --no-discover --macro READ_ONCE=volatile-cast $F >$TEST_TMP/ro; [ \$? = 1 ] &&
	! grep -q 'WRITE_ONCE' $TEST_TMP/ro && grep -c volatile-aggregate $TEST_TMP/ro | grep -qx 7"
test_expect_success '--disable volatile-aggregate turns it off' "
	\"$RWONCE\" audit -q $VC --disable volatile-aggregate $F >$TEST_TMP/off; [ \$? = 0 ]"
# Through the tree's headers (tests/audit/tree): the lock word's type is
# defined per architecture in arch/*/include/asm/.
"$RWONCE" audit -q --macro READ_ONCE=volatile-cast tree >"$TEST_TMP/tree.out"
grep -rn --include='*.c' --include='*.h' '/\* expect: may-split \*/' tree | cut -d: -f1,2 | sort >"$TEST_TMP/tree.want"
test_expect_success 'types from the tree: exactly the may-split READ_ONCE sites of tests/audit/tree' "
	sed -n 's/^\([^:]*:[0-9]*\):.*\[volatile-aggregate\]\$/\1/p' $TEST_TMP/tree.out | sort >$TEST_TMP/tree.got &&
	test -s $TEST_TMP/tree.want && diff -u $TEST_TMP/tree.want $TEST_TMP/tree.got"
test_expect_success 'generic code names the architectures where it may be split' "
	grep -q \"^tree/mm/gup.c:40:22: error: READ_ONCE(\\*lock) of 'arch_spinlock_t', an aggregate that uses more than one storage unit under arm, arm64, x86: \" $TEST_TMP/tree.out"
# --preset=linux: the kernel's four volatile-cast once-macros in one option.
test_expect_success '--preset=linux reports what the two --macro options report' "
	\"$RWONCE\" audit -q --preset=linux $F >$TEST_TMP/preset; [ \$? = 1 ] &&
	diff -u $TEST_TMP/out $TEST_TMP/preset"
test_expect_success '--preset=linux on the tree: the same sites as --macro READ_ONCE=volatile-cast' "
	\"$RWONCE\" audit -q --preset=linux tree >$TEST_TMP/tree.preset
	sed -n 's/^\([^:]*:[0-9]*\):.*\[volatile-aggregate\]\$/\1/p' $TEST_TMP/tree.preset | sort >$TEST_TMP/tree.pgot &&
	diff -u $TEST_TMP/tree.want $TEST_TMP/tree.pgot"
cat >"$TEST_TMP/raw.c" <<'EOC'
struct pair { unsigned short owner, next; };
struct pair get(struct pair *p) { return __READ_ONCE(*p); }
void put(struct pair *p, struct pair v) { __WRITE_ONCE(*p, v); }
unsigned nocheck(unsigned *p) { return READ_ONCE_NOCHECK(*p); }
EOC
test_expect_success '--preset=linux: __READ_ONCE and __WRITE_ONCE are volatile casts too' "
	\"$RWONCE\" audit -q --preset=linux $TEST_TMP/raw.c >$TEST_TMP/raw.out; [ \$? = 1 ] &&
	grep -q ':2:.*__READ_ONCE(\*p) of struct .struct pair. (2 storage units' $TEST_TMP/raw.out &&
	grep -q ':3:.*__WRITE_ONCE(\*p) of struct' $TEST_TMP/raw.out &&
	test \$(wc -l <$TEST_TMP/raw.out) = 2"
test_expect_success 'without the preset, the same file has no finding' "
	\"$RWONCE\" audit -q $TEST_TMP/raw.c >$TEST_TMP/raw.none; [ \$? = 0 ]"
test_expect_failure_msg 'an unknown preset is refused with the list of presets' \
	'unknown preset .bsd. \(known: linux\)' "\"$RWONCE\" audit --preset=bsd $F"
test_expect_failure_msg 'an unknown kind is refused with the list of kinds' \
	'volatile-cast' "\"$RWONCE\" audit --macro READ_ONCE=volatile $F"
test_done
