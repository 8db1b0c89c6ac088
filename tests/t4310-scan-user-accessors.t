#!/bin/sh
# Once-accessor functions are sites (issue 31, item 2): a library's
# static inline load_32(const uint32_t *p) whose body is one volatile
# cast, inline-asm "m" operand or relaxed __atomic_load_n of *p is found
# like a macro, and each call is a site at the call's line:
#   - inlined (-O2), the call is judged on the accesses of the inlined
#     body (DW_TAG_inlined_subroutine and its call line), never on the
#     code of the call's line: take()'s line also decrements a counter
#     (issue 31 saw "ok: one 4-byte store", the counter's, at such a
#     line); named with --macro on main, these calls were "no code at
#     its columns" or "no memory access", typed as the pointer (8 bytes);
#   - its object is what the argument points to: load_64_low's asm reads
#     4 bytes of an 8-byte object: torn (a single narrower access);
#   - a --macro name whose definition no source shows (ck's accessors are
#     made by a generator macro; here --no-discover): where the DWARF
#     shows an inlined function of that name called at the use, the copy
#     is the instance, not the code of the use's line -- also when the
#     use reaches it through a ## paste (lib_load_32(x) ->
#     lib_md_load_32((x)), made by LIB_GEN_LOAD as ck makes
#     ck_pr_md_load_32): the function called inside the use's text whose
#     name ends like the use's ("load_32");
#   - left out of line (-O0), the call is "a call instead" and the body
#     is judged once where it is defined (the asm operand, the __atomic
#     call: sites of their own);
#   - the frame pointer's slots are the stack's (mov %rsp, %rbp): at -O0
#     the reload of p through %rbp was taken as a second access of the
#     object on x86-64 (and the torn asm body called "ok");
#   - on clang 19 and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-accessors.c
H=$S/user-include/lib/access.h

while read -r name cfg; do
	user_config_enter "$name" "once-accessors" $cfg || continue
	user_build "$name $cfg" "$SRC" o2.o -I"$S/user-include" &&
	user_build "$name $cfg" "$SRC" o0.o -I"$S/user-include" -O0 || exit 1

	test_expect_success "$name -O2: every call is a site, judged on the inlined body" '
		{ "$RWONCE" scan --no-source --json o2.o >out.json 2>err; test $? = 1; } &&
		grep -q "5 site instances: ok 4, torn 1, duplicated 0, widened 0, unattributed 0; 10 sites; 1 of 1 file checked, 5 once-macros defined in the sources$" err &&
		for f in load_32 store_32 load_32_asm load_64_atomic load_64_low; do
			grep -q "\"inline_chain\": \[{\"function\": \"$f\", \"inlined_into\": \"[a-z_]*\", \"at\": \"[^\"]*user-accessors.c:$(line_of "$SRC" "$f(")" out.json ||
				{ echo "no inlined instance of $f"; return 1; }
		done
	'
	test_expect_success "$name -O2: the call on the line of a counter decrement is judged on its load, not the store of the counter" '
		grep "\"site\": \"load_32(&q->head)\"" out.json >take.json &&
		grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" take.json &&
		grep -q "\"type\": \"uint32_t\", \"size\": 4" take.json &&
		{ "$RWONCE" scan --no-source --json --macro load_32=read-once o2.o >named.json 2>/dev/null; test $? = 1; } &&
		grep "\"site\": \"load_32(&q->head)\"" named.json | grep -q "compiled to one 4-byte load\", .*\"inline_chain\": \[{\"function\": \"load_32\""
	'
	test_expect_success "$name -O2: named with --macro, their definitions not read (--no-discover): still judged on the inlined copies" '
		{ "$RWONCE" scan --no-source --json --no-discover --macro load_32=read-once \
			--macro store_32=write-once --macro load_32_asm=read-once \
			--macro load_64_atomic=read-once --macro load_64_low=read-once \
			o2.o >unseen.json 2>unseen.err; test $? = 1; } &&
		grep -q "5 site instances: ok 4, torn 1, duplicated 0, widened 0, unattributed 0; 7 sites" unseen.err &&
		grep "\"site\": \"load_64_low(&q->gen)\"" unseen.json | grep -q "\"type\": \"uint64_t\", \"size\": 8, .*\"verdict\": \"torn\"" &&
		for f in load_32 store_32 load_32_asm load_64_atomic load_64_low; do
			grep "\"site\": \"$f(&q->" unseen.json | grep -q "\"inline_chain\": \[{\"function\": \"$f\"" ||
				{ echo "$f: not judged on its inlined copy"; return 1; }
		done
	'
	test_expect_success "$name -O2: accessors made by a generator macro, as ck makes them, named with --macro: judged on their inlined copies" '
		user_build "$name $cfg" "$S/user-generated.c" gen.o -I"$S/user-include" &&
		{ "$RWONCE" scan --no-source --json --macro lib_load_32=read-once \
			--macro lib_load_64=read-once --macro lib_store_32=write-once \
			--macro lib_load_low_64=read-once \
			gen.o >gen.json 2>gen.err; test $? = 1; } &&
		grep -q "4 site instances: ok 3, torn 1, duplicated 0, widened 0, unattributed 0;" gen.err &&
		grep "\"site\": \"lib_load_low_64(&g->gen)\"" gen.json | grep -q "\"type\": \"uint64_t\", \"size\": 8, .*\"verdict\": \"torn\", \"why\": \"compiled to one 4-byte load of the 8-byte object its argument points to" &&
		for f in load_32 store_32 load_64; do
			grep "\"site\": \"lib_$f(&g->" gen.json | grep -q "\"verdict\": \"ok\", .*\"inline_chain\": \[{\"function\": \"lib_md_$f\", \"inlined_into\": \"g_take\", \"at\": \"[^\"]*user-generated.c:$(line_of "$S/user-generated.c" "lib_$f(")" ||
				{ echo "lib_$f: not judged on its inlined copy"; return 1; }
		done &&
		grep "\"site\": \"lib_load_64(&g->" gen.json | grep -q "\"type\": \"uint64_t\", \"size\": 8," &&
		grep "\"site\": \"lib_store_32(&g->" gen.json | grep -q "\"type\": \"uint32_t\", \"size\": 4,"
	'
	test_expect_success "$name -O2: 4 bytes read of the 8-byte object: torn" '
		"$RWONCE" scan --no-source o2.o >out 2>/dev/null
		grep -q "user-accessors.c:$(line_of "$SRC" "load_64_low(")\(:[0-9]*\): error: load_64_low(&q->gen) of .uint64_t. (8 bytes) compiled to one 4-byte load of the 8-byte object its argument points to: torn (the rest is not accessed with it) \[scan-torn\]" out &&
		grep -q "note: .load_64_low. is a once-accessor of this tree (read-once): .*lib/access.h:$(line_of "$H" "load_64_low(") defines it as a function whose body is an inline-asm memory operand of what its argument .p. points to" out
	'
	test_expect_success "$name -O0: calls left out of line; the bodies judged once where they are" '
		"$RWONCE" scan --no-source --json -v o0.o >o0.json 2>o0.err
		grep -q "10 site instances: .*; 10 sites" o0.err &&
		grep -q "of 10 instances unattributed (a call instead 5[,)]" o0.err &&
		grep -q "note: load_32(&q->head) in .take. .*unattributed: calls the once-accessor .load_32. out of line: its body is judged where it is defined (.*lib/access.h:$(line_of "$H" "load_32(")" o0.err &&
		grep -q "\"path\": \"[^\"]*lib/access.h\", \"line\": $(line_of "$H" "__atomic_load_n(p"), .*\"site\": \"__atomic_load_n(p)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, .*\"verdict\": \"ok\"" o0.json &&
		grep -q "\"path\": \"[^\"]*lib/access.h\", \"line\": $(line_of "$H" "return *(const volatile uint32_t *)p"), .*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" o0.json
	'
	test_expect_success "$name -O0: the out-of-line asm body of load_64_low is torn" '
		"$RWONCE" scan --no-source o0.o 2>/dev/null |
		grep -q "lib/access.h:[0-9]*:[0-9]*: error: asm operand(\*p) of .uint64_t. (8 bytes) compiled to one 4-byte load of the 8-byte object its argument points to: torn"
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
