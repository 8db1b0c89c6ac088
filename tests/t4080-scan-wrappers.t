#!/bin/sh
# A once-access inside a project's own function-like macro (the kernel's
# kernel/sched/fair.c sub_positive(): READ_ONCE(*ptr) ... WRITE_ONCE(*ptr,
# res)): the line table gives the code to each use's line, so each use is
# a site (tests/scan/wrapper-macros.c):
#   - on a u64 on armhf, gcc and clang -O2: one ldrd + one strd, torn by
#     the architecture -- one load and one store of the object are
#     neither duplicated nor torn together;
#   - the argument's own plain read (se->load_sum, on the same column)
#     is not the object's: the finding cites the ldrd through sa;
#   - on a u32 (armhf) and on both objects on x86-64: ok;
#   - a macro that reads its object twice: duplicated, and the message
#     says that the body reads it twice;
#   - a macro that defines a function is not a wrapper: its use's line
#     holds the whole function (4 sites, none on that line).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf
requires arm-linux-gnueabihf-objdump binutils-arm-linux-gnueabihf

SRC=$RWONCE_ROOT/tests/scan/wrapper-macros.c
DEF=$(line_of "$SRC" "#define sub_positive(")
LOAD=$(line_of "$SRC" "sub_positive(&sa->load_sum, r);")
ENTITY=$(line_of "$SRC" "sub_positive(&sa->load_sum, se->load_sum);")
UTIL=$(line_of "$SRC" "sub_positive(&sa->util_avg, r);")
TWICE=$(line_of "$SRC" "return read_twice(p);")
GETTER=$(line_of "$SRC" "DEFINE_GETTER(uint32_t, u32)")

# compilers: "name|command|target triple for clang, or empty"
for c in "arm-gcc|arm-linux-gnueabihf-gcc|" "arm-clang|clang|arm-linux-gnueabihf" \
	 "x86_64-gcc|gcc|" "x86_64-clang|clang|x86_64-linux-gnu"; do
	name=${c%%|*} rest=${c#*|}
	cc=${rest%%|*} triple=${rest#*|}
	if ! have_cmd "$cc"; then
		test_skip "$name -O2: uses of a macro that holds READ_ONCE/WRITE_ONCE" "$(missing_why "$cc")"
		continue
	fi
	if [ -n "$triple" ] && ! clang_can "$triple"; then
		test_skip "$name -O2: uses of a macro that holds READ_ONCE/WRITE_ONCE" "$(clang_why "$triple")"
		continue
	fi
	# The ARM cases read the disassembly too.
	case $name in
	arm-*)
		if ! have_cmd arm-linux-gnueabihf-objdump; then
			test_skip "$name -O2: uses of a macro that holds READ_ONCE/WRITE_ONCE" \
				"$(missing_why arm-linux-gnueabihf-objdump)"
			continue
		fi
		;;
	esac
	flags=${triple:+--target=$triple}
	case $name in
	arm-*)
		test_expect_success "$name -O2: sub_positive on a u64 is torn (ldrd + strd), on a u32 ok; read_twice duplicated" '
			'"$cc $flags"' -O2 -g -fno-pic -c "$SRC" -o "$TEST_TMP/$name.o" &&
			arm-linux-gnueabihf-objdump -d "$TEST_TMP/$name.o" >"$TEST_TMP/$name.dis" &&
			test "$(grep -c "	strd	" "$TEST_TMP/$name.dis")" = 2 &&
			{ "$RWONCE" scan "$TEST_TMP/$name.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
			test "$(grep -c " error: " "$TEST_TMP/out")" = 3 &&
			grep -q "wrapper-macros.c:$LOAD:2: error: sub_positive(&sa->load_sum, r) of .uint64_t. (8 bytes) compiled to 2 loads of 4 bytes by one pair instruction .*: torn \[scan-torn\]" "$TEST_TMP/out" &&
			grep -q "wrapper-macros.c:$LOAD:2: note: .sub_positive. is a macro (line $DEF) whose body holds READ_ONCE, WRITE_ONCE of .\*((_ptr))." "$TEST_TMP/out" &&
			grep -q "wrapper-macros.c:$ENTITY:2: error: sub_positive(&sa->load_sum, se->load_sum) .*: torn \[scan-torn\]" "$TEST_TMP/out" &&
			grep -q "wrapper-macros.c:$ENTITY:2: note: [0-9a-f]* <drop_entity+0x[0-9a-f]*>: ldrd r[0-9]*, r[0-9]*, \[r0\]" "$TEST_TMP/out" &&
			test "$(grep -c "wrapper-macros.c:$ENTITY:2: note: [0-9a-f]* <" "$TEST_TMP/out")" = 1 &&
			! grep -q "wrapper-macros.c:$UTIL:" "$TEST_TMP/out" &&
			grep -q "wrapper-macros.c:$TWICE:[0-9]*: error: read_twice(p) of .uint32_t. (4 bytes) compiled to a 4-byte load and a 4-byte load of the same bytes: duplicated (the macro.s body reads it 2 times) \[scan-duplicated\]" "$TEST_TMP/out" &&
			! grep -q "wrapper-macros.c:$GETTER:" "$TEST_TMP/out" &&
			grep -q "4 site instances: ok 1, torn 2, duplicated 1, widened 0, unattributed 0; 4 sites" "$TEST_TMP/err"
		'
		;;
	*)
		test_expect_success "$name -O2: sub_positive ok on a u64 and a u32; read_twice duplicated" '
			'"$cc $flags"' -O2 -g -fno-pic -c "$SRC" -o "$TEST_TMP/$name.o" &&
			{ "$RWONCE" scan "$TEST_TMP/$name.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
			test "$(grep -c " error: " "$TEST_TMP/out")" = 1 &&
			grep -q "wrapper-macros.c:$TWICE:[0-9]*: error: read_twice(p) .* duplicated (the macro.s body reads it 2 times) \[scan-duplicated\]" "$TEST_TMP/out" &&
			! grep -q "wrapper-macros.c:$GETTER:" "$TEST_TMP/out" &&
			grep -q "site instances: ok 3, torn 0, duplicated 1, widened 0, unattributed [01]; 4 sites" "$TEST_TMP/err"
		'
		;;
	esac
done

test_done
