#!/bin/sh
# A once-accessor may make its access volatile by its parameter's type
# rather than by a cast: a DDS middleware's atomics are
#   inline uint32_t ld32(const volatile word_t *x) { return x->v; }
# and a C library's generic store is *p = v through a volatile int *p.
# Before, only *(volatile T *)p made an accessor, so such a library's
# calls (hundreds) were no sites and a build of it checked nothing
# (exit 2).  Now *p and p->m, p a parameter that points to volatile, is
# an accessor's one access: each call a site of *(argument) (its member
# m), judged on the inlined body; still none: a compound assignment
# (*p += 1), two reads, a pointer to non-volatile.  An 8-byte one read
# by 32-bit ARM's ldrd is torn.  The out-of-line copy of x->v = v is
# judged where it is defined, on the store clang puts at the '='.  lib/vpword.h, clang 19 and gcc 12 for
# x86-64 and aarch64, clang 19 for armhf.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-volatile-param.c
H=$S/user-include/lib/vpword.h

while read -r name cfg; do
	user_config_enter "$name" "accessors through a pointer to volatile" $cfg || continue
	user_build "$name $cfg" "$SRC" f.o -I"$S/user-include" || exit 1
	test_expect_success "$name: x->v and *p through a pointer to volatile are accessors, the others not" '
		"$RWONCE" scan -v --no-source f.o >out 2>err; test $? -le 1 &&
		grep -q "discovery: .vp_ld32. is a once-accessor of this tree (read-once): .*lib/vpword.h:$(line_of "$H" "vp_ld32(") defines it as a function whose body is an access through a pointer to volatile of the member v of what its argument .x. points to$" err &&
		grep -q "discovery: .vp_st32. is a once-accessor of this tree (write-once): " err &&
		grep -q "discovery: .vp_ld64. is a once-accessor of this tree (read-once): " err &&
		grep -q "discovery: .vp_load_int. is a once-accessor of this tree (read-once): .*defines it as a function whose body is an access through a pointer to volatile of what its argument .p. points to$" err &&
		! grep -q "vp_inc. is a once\|vp_twice. is a once\|vp_plain. is a once" err
	'
	case $name in
	arm32)
		test_expect_success "$name: the 8-byte word read by ldrd is torn" '
			grep -q "user-volatile-param.c:$(line_of "$SRC" "vp_ld64(&p->seq)"):9: error: vp_ld64(&p->seq) of .uint64_t. (8 bytes) compiled to 2 loads of 4 bytes by one pair instruction" out
		' ;;
	*)
		test_expect_success "$name: each call judged on its inlined access, ok at the member's width" '
			"$RWONCE" scan --json --no-source f.o >out.json 2>/dev/null
			python3 - out.json <<-\PY
			import json, sys
			d = json.load(open(sys.argv[1]))
			got = sorted((r["site"], r["access"], r["size"], r["verdict"])
			             for r in d["site_instances"])
			assert got == [("volatile access(x->v)", "write", 4, "ok"),
			               ("vp_ld32(&p->state)", "read", 4, "ok"),
			               ("vp_ld64(&p->seq)", "read", 8, "ok"),
			               ("vp_load_int(&p->flags)", "read", 4, "ok"),
			               ("vp_st32(&p->state)", "write", 4, "ok")], got
			PY
		' ;;
	esac
done <<EOF2
$USER_CONFIGS
arm32 clang-19 --target=arm-linux-gnueabihf
EOF2
test_done
