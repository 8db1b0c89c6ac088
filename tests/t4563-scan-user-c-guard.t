#!/bin/sh
# A library header's accessors are often inside the C++ guard:
#   #if defined(__cplusplus)
#   extern "C" {
#   #endif
# The lexical front end does not preprocess, so that brace held every
# function after it, and once-accessors were looked for only outside any
# brace: none of such a header was found (a DDS middleware's atomics:
# 0 sites, exit 2).  extern "C" { now opens no body.  lib/cguard.h, gcc
# 12 and clang 19 for x86-64 and aarch64.  Fails on the build before
# (nothing discovered, exit 2).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-c-guard.c
H=$S/user-include/lib/cguard.h

while read -r name cfg; do
	user_config_enter "$name" "accessors inside extern \"C\" {" $cfg || continue
	user_build "$name $cfg" "$SRC" f.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the guarded header's accessors found, their calls ok" '
		{ "$RWONCE" scan -v --no-source f.o >out 2>err; test $? = 0; } &&
		grep -q "discovery: .cg_load. is a once-accessor of this tree (read-once): .*lib/cguard.h:$(line_of "$H" "cg_load(") defines it as a function whose body is a volatile cast of what its argument .p. points to$" err &&
		grep -q "discovery: .cg_store. is a once-accessor of this tree (write-once): " err &&
		grep -q "^rwonce scan: 0 findings; 2 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 0;" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
