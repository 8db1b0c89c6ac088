#!/bin/sh
# A once-macro whose body calls an inline function that makes the
# access: Linux's tools/include/linux/compiler.h (perf, libperf,
# bpftool; the 4.x kernel's shape) spells READ_ONCE(x) as
# __read_once_size(&(x), __u.__c, sizeof(x)), a switch of volatile
# casts in an always-inline function.  The load is in the function's
# inlined copy, on the rows of the function's own lines, so the use
# found no access: libperf's 12 READ_ONCE(pc->...) of
# perf_mmap__read_self were "optimised out" (gcc) or "no memory access"
# (clang), though each is one load, and the loads went to the casts of
# the body.  Now code of a function called exactly where a macro use
# stands (the compilers give a call made by a macro's body the column
# of the macro's name) is that use's, typed by the DWARF where the
# function was called (ts->tv_nsec: a system header's struct, which the
# sources' index does not read; the callee's scopes hold no ts) -- and
# only a function the macro's definition names, itself or through the
# macros it uses (smp_load_acquire through READ_ONCE): gcc gives a call
# made in a macro's arguments the macro's column too.  On
# the four builds (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_config_enter "$name" "a macro whose body calls the access" $cfg || continue
	user_build "$name $cfg" "$S/user-read-once-size.c" o.o || exit 1
	"$RWONCE" scan -v o.o >out 2>err; rc=$?
	"$RWONCE" scan --json o.o >j 2>/dev/null
	test_expect_success "$name: each use is its function's one load or store" '
		grep -q "\"line\": 60, \"column\": 9, \"site\": \"READ_ONCE(pc->lock)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" j &&
		grep -q "\"line\": 65, \"column\": 9, \"site\": \"READ_ONCE(pc->offset)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" j &&
		grep -q "\"line\": 70, \"column\": 9, \"site\": \"READ_ONCE(pc->width)\", \"access\": \"read\", \"type\": \"uint16_t\", \"size\": 2, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 2-byte load\"" j &&
		grep -q "\"line\": 75, \"column\": 2, \"site\": \"WRITE_ONCE(pc->lock)\", \"access\": \"write\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" j &&
		grep -q "\"line\": 82, \"column\": 9, \"site\": \"READ_ONCE(ts->tv_nsec)\", \"access\": \"read\", \"type\": \"[a-z_]*\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" j &&
		grep -q "\"line\": 95, \"column\": 9, \"site\": \"smp_load_acquire(&pc->offset)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" j
	'
	test_expect_success "$name: no use left without code, no other instance" '
		! grep -q "user-read-once-size.c:\(60\|65\|70\|75\|82\|95\):.*\(optimised out\|unattributed\)" err &&
		grep -q "ok 8, torn 0, duplicated 0, widened 0, unattributed 0;" err &&
		test "$rc" = 0
	'
	test_expect_success "$name: a function called in the arguments keeps its own access" '
		grep -q "\"line\": 104, \"column\": [0-9]*, \"site\": \"volatile-cast read .&pc->lock.\", \"access\": \"read\", [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\", \"object\": \"o.o\", \"function\": \"page_bump\"" j &&
		grep -q "\"line\": 109, \"column\": 2, \"site\": \"WRITE_ONCE(pc->version)\", \"access\": \"write\", [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" j
	'
	test_expect_success "$name: the body.s unused cases are named" '
		grep -q "user-read-once-size.c:13:28: note: volatile cast .p.: not compiled" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
