#!/bin/sh
# Concurrency Kit's shape, named by hand (issue 31, point 2 of the
# second round): once-accessors made by a name-pasting generator macro
# (CKG_LOAD(S, ...) defining ckg_md_load_##S, as include/gcc/x86_64/
# ck_pr.h's CK_PR_LOAD makes ck_pr_md_load_##S) whose body is one
# inline-asm "m"/"=m" operand on the header's line, called on lines
# that do other memory work: ckg_store_ptr(&t->values[i],
# t->values[--a->n_entries]) decrements a counter in memory, and
# ckg_load_uint(&rounds[vpid][r].flag) loads the pointer rounds[vpid]
# first.  Named with --macro (their definitions are in no source), each
# use is judged on the inlined copy's access: the 8-byte store to
# values[i], not the 4-byte store of the counter ("ok: one 4-byte store"
# on ck_array.c:180 before 250ba39); the 4-byte load of flag, not the
# 8-byte load of the pointer; DECONST(ckg_load_ptr(&m->entries[i])),
# as ck_hs.c writes CK_CC_DECONST_PTR(ck_pr_load_ptr(...)), whose
# inlined call clang 19 places at the outer macro's column (outside the
# use's text): "ok", the 8-byte load of m->entries, before; and
# MAP_LOAD(x), the file's own macro forwarding to ckg_load_uint(x) as
# ck_rhs.c's CK_RHS_LOAD(x) does to ck_pr_load_8(x): judged on the use
# line before (the load of the pointer m->bounds); and
# ckg_load_low64(&s->wide), whose generated accessor's asm reads 4 of the
# 8 bytes: torn.  Unaided (issue 31, third round), discovery expands the
# generator macros where the header invokes them -- directly,
# CKG_LOAD(ptr, ...), and through a second one, CKG_LOAD_S(uint, ...) ->
# CKG_LOAD(uint, ...) -- to find ckg_md_load_uint and the others, and
# puts the pasting macros into the public ones (ckg_load_uint(t) ->
# CKG_LOAD_SAFE((t), uint) -> ckg_md_load_uint(((t))); the store's
# pointer behind an unevaluated sizeof, as CK_PR_STORE_SAFE passes it):
# the same sites and verdicts as by hand, exit 1 for the torn one.
# Before, nothing was found unaided: nothing checked, exit 2.  On clang
# 19 and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-ck-shape.c
H=$S/user-include/lib/ckgen.h

while read -r name cfg; do
	user_config_enter "$name" "ck-shaped accessors" $cfg || continue
	user_build "$name $cfg" "$SRC" ck.o -I"$S/user-include" || exit 1
	case $name in
	*-x86) st8='movq %[a-z0-9]*, ' ld4='movl [^,]*, %e' st4='movl %e[a-z0-9]*, ' ld8='movq [^,]*, %r' ;;
	*) st8='str x[0-9]*, \[' ld4='ldr w[0-9]*, \[' st4='str w[0-9]*, \[' ld8='ldr x[0-9]*, \[' ;;
	esac

	# every site judged on its inlined copy's access ($1: the JSON)
	check_sites() {
		grep -q "7 site instances: ok 6, torn 1, duplicated 0, widened 0, unattributed 0; 7 sites" err &&
		for s in "store_ptr(&target->values\[i\]) ok 8-byte store $st8" \
			 "load_uint(&rounds\[vpid\]\[r\].flag) ok 4-byte load $ld4" \
			 "load_ptr(&a->values\[0\]) ok 8-byte load $ld8" \
			 "load_ptr(&m->entries\[i\]) ok 8-byte load $ld8" \
			 "MAP_LOAD(&m->bounds\[h\]) ok 4-byte load $ld4" \
			 "store_uint(&r->opponent) ok 4-byte store $st4" \
			 "load_low64(&s->wide) torn 4-byte load $ld4"; do
			set -- $s
			f=${1%%(*}
			site=ckg_$1
			case $1 in MAP_LOAD*) site=$1 f=load_uint ;; esac
			grep "\"site\": \"$site\"" "$json" >site.json &&
			grep -q "\"verdict\": \"$2\", \"why\": \"compiled to one $3 $4" site.json &&
			grep -q "\"inline_chain\": \[{\"function\": \"ckg_md_$f\"" site.json &&
			grep -q "\"instructions\": \[{[^]]*\"text\": \"$5" site.json ||
				{ echo "ckg_$1: not judged on its inlined copy"; cat site.json; return 1; }
		done
	}

	test_expect_success "$name: named by hand, each use judged on the inlined copy's access" '
		{ "$RWONCE" scan --no-source --json --macro ckg_store_ptr=write-once \
			--macro ckg_load_uint=read-once --macro ckg_load_ptr=read-once \
			--macro ckg_store_uint=write-once --macro ckg_load_low64=read-once \
			ck.o >hand.json 2>err; test $? = 1; } &&
		json=hand.json check_sites
	'
	test_expect_success "$name: unaided, the generated accessors are found through their generators: the same verdicts" '
		{ "$RWONCE" scan --no-source --json ck.o >unaided.json 2>err; test $? = 1; } &&
		json=unaided.json check_sites
	'
	test_expect_success "$name: -v names each generated accessor with the invocation that made it" '
		"$RWONCE" scan --no-source -v ck.o >out 2>err
		test $? = 1 &&
		grep -q "discovery: .ckg_md_load_uint. is a once-accessor of this tree (read-once): $H:[0-9]* defines it as a function whose body is an inline-asm memory operand of what its argument .target. points to, made by CKG_LOAD_S(uint, unsigned int, CKG_L)" err &&
		grep -q "discovery: .ckg_md_store_ptr. is a once-accessor of this tree (write-once): $H:[0-9]* defines it as .*, made by CKG_STORE(ptr, void, const void \*, uint64_t, CKG_Q)" err &&
		grep -q "discovery: .ckg_load_uint. is a once-macro of this tree (read-once): $H:[0-9]* defines it as ckg_md_load_uint of what its argument .t. points to" err &&
		grep -q "discovery: .ckg_store_uint. is a once-macro of this tree (write-once): $H:[0-9]* defines it as ckg_md_store_uint of what its argument .t. points to" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
