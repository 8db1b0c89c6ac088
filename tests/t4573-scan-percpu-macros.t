#!/bin/sh
# An object reached through a per-CPU pointer the way Linux's
# percpu-defs.h makes one: per_cpu_ptr(&v, cpu), per_cpu(v, cpu) and
# this_cpu_ptr(&v) were "its size not known" on Debian's 6.1 vmlinux
# (41 instances).  Every name's choices multiplied out (per_cpu_ptr's
# two definitions, RELOC_HIDE's three, __verify_pcpu_ptr, the
# annotations __kernel, __force, __percpu ...) were too many to read;
# followed expansion by expansion, with the annotations of no size read
# as written, they are some twenty, and the one that leaves RELOC_HIDE
# unexpanded calls what the unit has not.  The cast to typeof(*(ptr))
# of the unit's variable types them.  A macro whose other definition
# casts to another type stays "not known": the readings disagree.
# On the four builds (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "objects through per-CPU pointers" "$S/percpu-macros.c" || continue
	test_expect_success "$name: per-CPU pointers of the unit's variables: ok" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(*pc_ptr(&slots, cpu)) | ok | struct slot * | 8 | compiled to one 8-byte load | 1
		WRITE_ONCE(*pc_ptr(&urgent, cpu)) | ok | _Bool | 1 | compiled to one 1-byte store | 1
		READ_ONCE(pc_var(slots, cpu + 1)) | ok | struct slot * | 8 | compiled to one 8-byte load | 1
		WRITE_ONCE(*pc_ptr(&cell.count, cpu)) | ok | uint16_t | 2 | compiled to one 2-byte store | 1
		EOF
	'
	test_expect_success "$name: another definition of another type: not known" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		READ_ONCE(*pc_raw(&pc_counter, cpu)) | size not known
		EOF
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
