#!/bin/sh
# An object spelled through a cast or pointer arithmetic, its types in a
# header the sources' type index does not read: mimalloc's
# mi_atomic_load_relaxed(&((mi_page_t*)page)->xheap) (52-83 instances a
# build), nsync's ATM_LOAD((nsync_atomic_uint32_ *) &f->i), HAProxy's
# &((struct listener *)...->owner)->thr_conn[t] and ring_area + ofs.
# The DWARF typer read none of them ("its size not known").  Now (issue
# 31) a cast (T *)E has T *'s type whatever E is -- T a typedef, a
# struct, union or enum tag or a base type the unit's DWARF defines,
# the innermost scope's first -- and a pointer plus an integer in
# parentheses is the pointer's type; so are mimalloc's
# (_Atomic(int64_t)*)p (a scalar's _Atomic: the scalar's size) and
# field++ (the pointer's type): the seven are ok, each one access of its
# full width.  A conditional of two casts is not read and stays
# "its size not known".  co_readl(membase + offset), a function whose
# const volatile void * parameter decides what is read (as Linux's
# readl(p->membase + offset)), is not the char the sum points to (a
# build of this round that took it called the 4-byte load "widened"):
# it was "its size not known", and is now ok at its body's volatile
# cast's width, 4 bytes (t4513).  On clang 19 and gcc 12, x86-64 and
# aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-casts.c

while read -r name cfg; do
	user_config_enter "$name" "objects through casts" $cfg || continue
	user_build "$name $cfg" "$SRC" co.o -I"$S/user-include" || exit 1
	test_expect_success "$name: a cast and pointer arithmetic type the object; a conditional does not" '
		{ "$RWONCE" scan -v co.o >out 2>err; test $? = 0; } &&
		grep -q "9 site instances: ok 8, torn 0, duplicated 0, widened 0, unattributed 1;" err &&
		grep -q "1 of 9 instances unattributed (its size not known 1)" err &&
		grep -q "user-casts.c:[0-9]*:[0-9]*: note: CO_LOAD(k ? (co_word_t \*)p : (co_word_t \*)q) in .co_either.*size is unknown" err &&
		"$RWONCE" scan --json co.o >j 2>/dev/null &&
		python3 "$S/site-verdicts.py" j <<-\EOF
		CO_LOAD(&((co_page_t *)page)->xheap) | ok | uintptr_t | 8 | compiled to one 8-byte load | 1
		CO_LOAD((co_word_t *) &f->i) | ok | co_word_t | 4 | compiled to one 4-byte load | 1
		CO_LOAD(&((struct co_listener *)m[r]->owner)->thr_conn[t]) | ok | unsigned int | 4 | compiled to one 4-byte load | 1
		CO_LOAD(ring_area + ofs) | ok | char | 1 | compiled to one 1-byte load | 1
		CO_STORE(area + (ofs > 0 ? ofs - 1 : sz - 1)) | ok | char | 1 | compiled to one 1-byte store | 1
		CO_LOAD_C11((_Atomic(int64_t) *)p) | ok | _Atomic(int64_t) | 8 | compiled to one 8-byte load | 1
		CO_LOAD((*field)++) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		CO_LOAD(k ? (co_word_t *)p : (co_word_t *)q) | size not known
		co_readl(membase + offset) | ok | uint32_t | 4 | compiled to one 4-byte load | 1
		EOF
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
