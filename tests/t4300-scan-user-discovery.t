#!/bin/sh
# scan finds a userspace library's once-macros as a compiler would
# include them (issue 31, item 1), on the four builds of issue 31 (clang
# 19 and gcc 12, x86-64 and aarch64):
#   - a header of macros only, included as <lib/compiler.h> and never
#     named in a line table, is found through the folder of another of
#     the library's headers that is (the line tables' include folders),
#     or through the compilation database's -I (-p) when no other header
#     of the library is named (without -p: nothing checked, exit 2);
#   - forwarding macros (LOAD_MO(addr, mo) applies the once-macro to
#     *(addr); LOAD(addr) passes addr on) and variadic ones (LOAD_V(...),
#     STORE(addr, ...)) are once-macros, and each discovered name is
#     listed with its definition in -v and in JSON;
#   - a pointer-argument once-macro's object is what its argument points
#     to: LOAD_U32(&n->lo) reads 4 bytes of a 2-byte object (widened),
#     LOAD_U32(&n->wide) 4 of 8 (torn) -- typed as the pointer (8
#     bytes), both were "ok";
#   - the alignment padding after a function's ret is no instance
#     (clang x86-64 put two "outside every function" instances there).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-macros.c

while read -r name cfg; do
	user_config_enter "$name" "the library's macros" $cfg || continue
	user_build "$name $cfg" "$SRC" m.o -I"$S/user-include" || exit 1
	test_expect_success "$name: every use of the forwarding and variadic macros is a site, checked" '
		{ "$RWONCE" scan --no-source m.o >out 2>err; test $? = 1; } &&
		grep -q "5 site instances: .*unattributed 0; 5 sites; 1 of 1 file checked, 7 once-macros defined in the sources$" err &&
		grep -q "coverage: 5 sites in 1 of 2 sources read: 5 checked, 0 without code" err
	'
	test_expect_success "$name: the pointer-argument macro is judged on the pointee" '
		grep -q "user-macros.c:$(line_of "$SRC" "LOAD_U32(&n->lo)"):9: error: LOAD_U32(&n->lo) of .\(unsigned short\|short unsigned int\). (2 bytes) compiled to a 4-byte load: widened \[scan-widened\]" out &&
		grep -q "user-macros.c:$(line_of "$SRC" "LOAD_U32(&n->wide)"):9: error: LOAD_U32(&n->wide) of .\(unsigned long long\|long long unsigned int\). (8 bytes) compiled to one 4-byte load of the 8-byte object its argument points to: torn" out &&
		grep -q "note: .LOAD_U32. is a once-macro of this tree (read-once): .*lib/compiler.h:17 defines it as a volatile cast of what its argument .addr. points to" out
	'
	case $name in
	clang-*) pair='compiled to 2 loads of 4 bytes: torn' ;;
	*) pair= ;;
	esac
	if [ -n "$pair" ]; then
		test_expect_success "$name: LOAD(p) of the 8-byte struct: $pair" '
			grep -q "user-macros.c:$(line_of "$SRC" "LOAD(p)"):18: error: LOAD(p) of .struct pair. (8 bytes) $pair" out &&
			grep -q "note: .LOAD. is a once-macro of this tree (read-once, volatile cast): .*lib/compiler.h:12 defines it as LOAD_MO of what its argument .addr. points to" out
		'
	else
		test_expect_success "$name: LOAD(p) of the 8-byte struct: one load, ok" '
			! grep -q "LOAD(p)" out
		'
	fi
done <<EOF2
$USER_CONFIGS
EOF2

cd "$TEST_TMP/clang-x86" 2>/dev/null || skip_all "no x86-64 build"

test_expect_success '-v lists each name found with its definition' '
	"$RWONCE" scan -v --no-source m.o >/dev/null 2>err
	for l in "MY_ONCE. .*lib/compiler.h:9 defines it as a volatile cast of its argument .x." \
		"LOAD_MO. .*lib/compiler.h:10 defines it as MY_ONCE of what its argument .addr. points to" \
		"LOAD. .*lib/compiler.h:12 defines it as LOAD_MO of what" \
		"LOAD_V. .*lib/compiler.h:13 defines it as LOAD_MO of what its argument .__VA_ARGS__. points to" \
		"STORE_MO. is a once-macro of this tree (write-once, volatile cast): .*lib/compiler.h:14" \
		"STORE. is a once-macro of this tree (write-once, volatile cast): .*lib/compiler.h:15 defines it as STORE_MO of what its argument .addr. points to"; do
		grep -q "^rwonce scan: discovery: .$l" err || { echo "not listed: $l"; return 1; }
	done &&
	grep -q "^rwonce scan: discovery: 7 once-macros found in 2 sources; of the names #included from them, 2 found in the include folders, 0 not" err
'

test_expect_success 'JSON: the names, with where each is defined' '
	{ "$RWONCE" scan --json m.o >out.json 2>/dev/null; test $? = 1; } &&
	grep -q "{\"name\": \"LOAD\", \"kind\": \"read-once\", \"volatile_cast\": true, \"pointer_argument\": 0, \"path\": \".*lib/compiler.h\", \"line\": 12, " out.json &&
	grep -q "{\"name\": \"LOAD_U32\", \"kind\": \"read-once\", \"volatile_cast\": false, \"pointer_argument\": 0, \"path\": \".*lib/compiler.h\", \"line\": 17, " out.json
'

test_expect_success 'no other header of the library named: -p finds <lib/compiler.h> through -I' '
	clang-19 --target=x86_64-linux-gnu -O2 -g -I"$S/user-include" -c "$S/user-only-macros.c" -o only.o &&
	{ "$RWONCE" scan --no-source only.o >out 2>err; test $? = 2; } &&
	grep -q "; 0 sites; " err &&
	grep -q "^rwonce: error: nothing checked" err &&
	printf "[{\"directory\": \"%s\", \"file\": \"%s\", \"arguments\": [\"clang-19\", \"-I\", \"%s\", \"-O2\", \"-g\", \"-c\", \"%s\", \"-o\", \"only.o\"]}]\n" \
		"$PWD" "$S/user-only-macros.c" "$S/user-include" "$S/user-only-macros.c" >compile_commands.json &&
	{ "$RWONCE" scan --no-source -p . >out 2>err; test $? = 1; } &&
	grep -q "user-only-macros.c:$(line_of "$S/user-only-macros.c" "LOAD(p)"):17: error: LOAD(p) of .struct two. (8 bytes) compiled to 2 loads of 4 bytes: torn" out &&
	grep -q "1 site instance: .*; 1 site; 1 of 1 file checked, 7 once-macros defined in the sources$" err
'

test_expect_success 'the padding after a ret is no instance "outside every function"' '
	"$RWONCE" scan -v --no-source m.o >/dev/null 2>err
	! grep -q "outside every function" err &&
	grep -q "0 of 5 instances unattributed" err
'
test_done
