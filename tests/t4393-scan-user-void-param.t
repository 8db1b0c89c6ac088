#!/bin/sh
# A once-accessor whose parameter is a void * -- Concurrency Kit's
# ck_pr_md_load_ptr(const void *target), ck_pr_md_store_ptr(void *, const
# void *) -- has no pointee type of its own: the object's type is the
# argument's, written in the caller (ck_pr_store_ptr(&barrier->rounds,
# v)).  The inlined copy's scopes do not hold the caller's names, so
# since 103b4e4 such a call was "its size not known", unattributed (ck:
# 53-55 instances a build).  Now the argument is typed in the scopes
# around the inlined copy (issue 31): ckg_load_ptr(&r->slot) and
# ckg_store_ptr(&r->next, n), with struct vp_ring in a header the
# sources' type index does not read, are ok, one 8-byte access of an
# 8-byte pointer field; so is ckg_store_ptr(vp_slot_of(r), v), a call
# of a function of the unit returning void ** (ck_rhs.c's
# ck_pr_store_ptr(ck_rhs_entry_addr(map, slot), v)), and
# ckg_store_ptr(vp_next_of(r), v), where a macro of the file has the
# function's name (typed from the macro's expansion); ckg_load_ptr(p)
# with p a void * has no type anywhere and stays unattributed, "its
# size not known".  On clang 19 and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-voidptr.c

while read -r name cfg; do
	user_config_enter "$name" "void * accessors" $cfg || continue
	user_build "$name $cfg" "$SRC" vp.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the caller's argument types the object; a void * stays not known" '
		{ "$RWONCE" scan -v vp.o >out 2>err; test $? = 0; } &&
		grep -q "5 site instances: ok 4, torn 0, duplicated 0, widened 0, unattributed 1;" err &&
		grep -q "1 of 5 instances unattributed (its size not known 1)" err &&
		grep -q "user-voidptr.c:[0-9]*:[0-9]*: note: ckg_load_ptr(p) in .vp_opaque.*size is unknown" err &&
		"$RWONCE" scan --json vp.o >j 2>/dev/null &&
		python3 "$S/site-verdicts.py" j <<-\EOF &&
		ckg_load_ptr(&r->slot) | ok | void * | 8 | compiled to one 8-byte load | 1
		ckg_store_ptr(&r->next) | ok | struct vp_ring * | 8 | compiled to one 8-byte store | 1
		ckg_store_ptr(vp_slot_of(r)) | ok | void * | 8 | compiled to one 8-byte store | 1
		ckg_store_ptr(vp_next_of(r)) | ok | void * | 8 | compiled to one 8-byte store | 1
		ckg_load_ptr(p) | size not known
		EOF
		grep -q "\"unattributed\": {[^}]*\"size\": 1}" j
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
