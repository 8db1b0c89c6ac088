#!/bin/sh
# C11's atomic_load_explicit / atomic_store_explicit named with --macro
# (as scan's "nothing checked" asks) and called on a pointer, not on
# &object: libuv's atomic_load_explicit(pending, ...) of an _Atomic int
# *pending, and atomic_store_explicit((_Atomic uint32_t *) iou->sqtail,
# ...) of its io_uring ring.  The compilers' <stdatomic.h> definitions
# give discovery no pointer argument, so the object was the pointer
# itself, 8 bytes, and every 4-byte access "narrower than the 8-byte
# object: cannot tell" (libuv gcc 12 x86-64: 9 of 33 instances; clang
# 19: 29 of 54).  C11 says the first argument points to the atomic
# object: a pointer-typed argument's pointee is the object.  A tree's
# own macro of such a name (an lvalue argument) is left as it is.
# On the four builds of issue 31.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

SRC=$RWONCE_ROOT/tests/scan/user-c11-pointer.c

while read -r name cfg; do
	user_config_enter "$name" "C11 atomics on a pointer argument" $cfg || continue
	user_build "$name $cfg" "$SRC" p.o || exit 1
	test_expect_success "$name: the pointee is the object, each use ok at its width" '
		{ "$RWONCE" scan --json --no-source \
			--macro atomic_load_explicit=read-once \
			--macro atomic_store_explicit=write-once \
			p.o >out.json 2>err; test $? = 0; } &&
		grep -q "\"site\": \"atomic_load_explicit(pending)\", \"access\": \"read\", \"type\": \"int\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"atomic_store_explicit((_Atomic uint32_t \*) r->sqtail)\", \"access\": \"write\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" out.json &&
		grep -q "\"site\": \"atomic_load_explicit((_Atomic uint32_t \*) r->sqhead)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"instances\": {\"ok\": 3, \"torn\": 0, \"duplicated\": 0, \"widened\": 0, \"unattributed\": 0}" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2

# the tree's own atomic_load(x), of an lvalue: its pointer is the object
mkdir -p "$TEST_TMP/own" && cd "$TEST_TMP/own" || exit 1
cat >own.c <<'EOF2'
#define atomic_load(x) (*(volatile __typeof__(x) *)&(x))
struct q { int *head; };
int *get(struct q *q) { return atomic_load(q->head); }
EOF2
test_expect_success 'a tree defining atomic_load of an lvalue: the pointer is the object' '
	cc -O2 -g -c own.c -o own.o &&
	{ "$RWONCE" scan --json --no-source --macro atomic_load=read-once \
		own.o >out.json 2>err; test $? = 0; } &&
	grep -q "\"site\": \"atomic_load(q->head)\", \"access\": \"read\", \"type\": \"int \*\", \"size\": 8, [^{]*\"verdict\": \"ok\"" out.json
'
test_done
