#!/bin/sh
# One once-macro defined the same way in several headers, one included
# per compiler by #ifs (Open vSwitch's atomic_read_explicit in
# ovs-atomic-c++.h, -c11.h, -clang.h ...): discovery cited the first
# definition by path -- for OVS a C++ header no C build reads.  Now it
# cites one in a file the build's line tables name when there is one
# (c-inline.h, whose static inline function has code), else one in a
# file a C build can read: a-cxx.h #includes <atomic>, a header of
# C++'s library, and loses to b-c.h.  On the four builds of issue 31.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

D=$RWONCE_ROOT/tests/scan/cite-read

while read -r name cfg; do
	user_config_enter "$name" "the definition the build read, cited" $cfg || continue
	user_build "$name $cfg" "$D/cite.c" o.o || exit 1
	"$RWONCE" scan -v o.o >out 2>err
	test_expect_success "$name: a definition a C build reads, not the C++ header's" '
		grep -q "discovery: .read_relaxed. is a once-macro of this tree (access-once, volatile cast): .*cite-read/b-c.h:3 defines it as a volatile cast of what its argument .P. points to$" err &&
		! grep -q "a-cxx.h" err
	'
	test_expect_success "$name: the definition in the file the line tables name" '
		grep -q "discovery: .store_relaxed. is a once-macro of this tree (write-once, volatile cast): .*cite-read/c-inline.h:2 defines it as a volatile cast of what its argument .P. points to$" err &&
		! grep -q "a-other.h" err &&
		grep -q "ok 3, torn 0, duplicated 0, widened 0, unattributed 0; 3 sites" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
