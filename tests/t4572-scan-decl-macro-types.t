#!/bin/sh
# A thread-local declared through a macro, as lttng-ust's urcu-ust.h
# declares its reader: extern DECLARE_URCU_TLS(struct
# lttng_ust_urcu_reader *, lttng_ust_urcu_reader), used as
# URCU_TLS(lttng_ust_urcu_reader)->ctr.  clang writes no DIE for an
# extern a unit only declares, and the sources' type index read no
# declaration a macro writes: 142 of lttng-ust's stores through it were
# "its size not known" in clang's build.  Now the index takes the
# declaration when every definition of the macro makes it certain (it
# ends in `type name`, or names `name` only pasted: the pthread-key
# side), and scan takes the reading of the object the object file shows
# was compiled: (my_reader)->ctr, whose name is an undefined symbol of
# the object, not (*__tls_access_my_reader())->ctr, which calls no
# function it has.  Not taken: a declaration whose words before the type
# might change a scalar's size (WIDE int), and, in a build that took
# the pthread-key side, the reading the object does not show.  On the
# four builds of issue 31 (gcc's DWARF types them all along; the last
# check holds before too).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

D=$RWONCE_ROOT/tests/scan/decl-macro

while read -r name cfg; do
	user_config_enter "$name" "a declaration a macro writes" $cfg || continue
	user_build "$name $cfg" "$D/decl.c" o.o || exit 1
	user_build "$name $cfg" "$D/decl.c" keys.o -DUSE_KEYS || exit 1
	"$RWONCE" scan --json o.o >j 2>/dev/null
	"$RWONCE" scan -v o.o >out 2>err
	"$RWONCE" scan --json keys.o >k 2>/dev/null
	test_expect_success "$name: the thread-local's member, typed and one store" '
		grep -q "\"line\": 15, \"column\": 2, \"site\": \"STORE_SHARED(MY_TLS(my_reader)->ctr)\", \"access\": \"write\", \"type\": \"[^\"]*\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\"" j
	'
	case $name in
	clang-*)
		test_expect_success "$name: a type words before it may change: cannot tell" '
			grep -q "reader.h:24:2: note: STORE_SHARED(MY_TLS(wide_count)) in .count. (o.o): unattributed: compiled to one 8-byte store, but the object.s size is unknown" err &&
			grep -q "ok 1, torn 0, duplicated 0, widened 0, unattributed 1; 2 sites" err
		'
		test_expect_success "$name: the pthread-key side compiled: not typed as the other" '
			grep -q "\"line\": 15, \"column\": 2, \"site\": \"STORE_SHARED(MY_TLS(my_reader)->ctr)\", \"access\": \"write\", [^{]*\"verdict\": \"unattributed\", \"why\": \"compiled to one 8-byte store, but the object.s size is unknown" k
		'
		;;
	esac
done <<EOF2
$USER_CONFIGS
EOF2
test_done
