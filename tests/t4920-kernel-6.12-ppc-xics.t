#!/bin/sh
# The ppc64le KVM XICS patches of doc/findings/linux-6.12.md (0004, 0005),
# re-derived and proved: scan the two objects of the sweep's ppc64le
# clang 19 build (bench/kernel-aggregate-sweep.sh), check the 14 torn
# instances at the 13 READ_ONCE lines, let `rwonce fix --from-scan` derive
# its edits and check that the patches are exactly those edits (fix splits
# a chained assignment into the read and a copy since t2490, and puts a
# _Static_assert of the member's and the union's sizes before each read
# since t2496: an unsigned long is 4 bytes on the 32-bit models), apply
# them with patch -p1 to Debian's linux-source-6.12, and rebuild and rescan
# the objects with the build's own commands (bench/kernel-patch-check.py):
# every instance one 8-byte ld, in the clang 19 build and, when it is
# there, the gcc 12 one.  check-full only (RWONCE_FULL=1); skips when the
# builds are absent (about 4 minutes each here, configuration included).
# Also, where their builds are there: 0006 (arm64 nVHE
# hyp_spin_is_locked(), arm64-clang with NVHE_EL2_DEBUG: fix --from-scan
# derives it exactly since it reads one branch of the #ifdef pair; one ldr
# at all 23 instances), 0003's read derived by fix from the ARM gc.o,
# 0001, 0002 and 0007 on riscv64 and s390x (clang 19 and gcc 12), 0007
# on x86_64-clang with MLXSW_SPECTRUM (one movl; fix derives it exactly
# since t2491), and 0008 (nft_synproxy) on riscv64 and s390x in the
# sweep's +synproxy folders (fix leaves it, with the reason).
#
# RWONCE_SWEEP_DIR (default $RWONCE_CACHE/sweep, RWONCE_CACHE defaulting to
# /work/cache): the sweep's work folder, with ppc64le-clang/ (and
# ppc64le-gcc/); RWONCE_SWEEP_SRC (default $RWONCE_CACHE/linux-source-6.12):
# the tree they were built from.
. "$(dirname "$0")/lib/tap.sh"

[ "$RWONCE_FULL" = 1 ] || skip_all "the ppc64le XICS build: check-full only (RWONCE_FULL=1)"
requires python3 python3
requires patch patch
requires --full xz xz-utils
requires --full clang-19 clang-19
requires --full powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu
# the 0008 case here links the riscv64 object before it scans it (scan
# reads it as it is since it applies its ULEB128 relocations itself;
# kernel-patch-check no longer links)
requires --full ld.lld-19 lld-19
requires --full riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu
requires --full s390x-linux-gnu-gcc gcc-s390x-linux-gnu
need_cmd python3 patch xz
W=${RWONCE_SWEEP_DIR:-${RWONCE_CACHE:-/work/cache}/sweep}
SRC=${RWONCE_SWEEP_SRC:-${RWONCE_CACHE:-/work/cache}/linux-source-6.12}
B=$W/ppc64le-clang
TAR=/usr/src/linux-source-6.12.tar.xz
PATCHES=$RWONCE_ROOT/doc/findings/linux-6.12
X=arch/powerpc/kvm/book3s_xics.o
RM=arch/powerpc/kvm/book3s_hv_rm_xics.o
[ -f "$B/$X" ] && [ -f "$B/$RM" ] && [ -d "$SRC/arch/powerpc/kvm" ] ||
	skip_all "no ppc64le clang build of $X and $RM in $W (bench/kernel-aggregate-sweep.sh build/rwonce $SRC $W ppc64le-clang)"
have_cmd clang-19 || skip_all "$(missing_why clang-19)"
[ -f "$TAR" ] || skip_all "$TAR missing (apt-get install linux-source-6.12)"
cd "$TEST_TMP" || exit 1

test_expect_success 'scan: 14 torn instances at the 13 READ_ONCE lines of the ICP and host-core state' "
	'$RWONCE' scan --no-progress --json '$B/$X' '$B/$RM' >scan.json 2>scan.err; test \$? = 1 &&
	python3 -c '
import json
d = json.load(open(\"scan.json\"))
t = [i for i in d[\"site_instances\"] if i[\"verdict\"] == \"torn\" and (\"icp->state\" in i[\"site\"] or \"rm_state\" in i[\"site\"])]
assert len(t) == 14, len(t)
assert len({(i[\"path\"], i[\"line\"]) for i in t}) == 13
assert all(x[\"text\"].split()[0] in (\"lbz\", \"lbzu\", \"lwz\", \"lwzu\") for i in t for x in i[\"instructions\"])'"

test_expect_success 'fix --from-scan derives 13 edits, each reading .raw' "
	(cd '$SRC' && '$RWONCE' fix --from-scan '$TEST_TMP/scan.json' arch/powerpc/kvm arch/powerpc/include) >fix.diff 2>fix.err;
	test \$? = 1 && grep -q '13 sites to rewrite in 2 files, 0 left unchanged' fix.err"

# file:old line -> the expression READ_ONCE reads, from a diff's hunks
# (fix: one - and one + line per hunk; the patches: the + line that holds
# READ_ONCE).
reads() {
	awk '
		/^\+\+\+ / { f = $2; sub(/^b\//, "", f); next }
		/^@@ / { split($2, a, ","); old = -a[1]; n = 0; next }
		/^-/ && !/^---/ { line = old + n; n++; next }
		/^ / { n++; next }
		/^\+.*READ_ONCE/ { s = $0; sub(/.*READ_ONCE\(/, "", s); sub(/\) *\}?\)?;$/, "", s)
			gsub(/[()]/, "", s); print f ":" line " " s }' "$@" | sort
}
test_expect_success 'the patches read the member fix reads, at the lines fix edits' "
	reads fix.diff >derived && reads '$PATCHES'/0004-*.patch '$PATCHES'/0005-*.patch >recorded &&
	test \$(wc -l <recorded) = 13 && cmp derived recorded"

# Each file's removed and added lines, in order (0005 comes after 0004 in
# book3s_hv_rm_xics.c but edits its first hunk: sorted per file).
edits() {
	awk '/^\+\+\+ / { f = $2; next } /^[-+][^-+]/ { print f " " $0 }' "$@" | sort
}
test_expect_success 'the patches are exactly fix --from-scan'"'"'s edits' "
	edits fix.diff >derived-edits &&
	edits '$PATCHES'/0004-*.patch '$PATCHES'/0005-*.patch >recorded-edits &&
	test \$(wc -l <recorded-edits) = 63 && cmp derived-edits recorded-edits"

test_expect_success 'the patches apply to linux-source-6.12 with patch -p1' "
	tar -xJf '$TAR' linux-source-6.12/arch/powerpc/kvm &&
	for p in '$PATCHES'/0004-*.patch '$PATCHES'/0005-*.patch; do
		patch -d linux-source-6.12 -p1 -s --dry-run <\"\$p\" || exit 1
	done"

# One patch at a time: kernel-patch-check maps each patch's lines on its
# own, and 0005 moves the lines 0004 changes in the same file.
for build in ppc64le-clang ppc64le-gcc; do
	if [ ! -f "$W/$build/$X" ] || [ ! -f "$W/$build/$RM" ]; then
		test_skip "$build: the XICS patches rebuilt and rescanned" "no $build build of the XICS objects in $W"
		continue
	fi
	test_expect_success "$build: 0004 rebuilt and rescanned: every ICP state read is one ld" "
		python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' --source '$SRC' \
			--out '$TEST_TMP/r4-$build' --build '$W/$build' --object $X --object $RM \
			'$PATCHES'/0004-*.patch >$build-4.out 2>&1 &&
		grep -q 'kernel-patch-check: exit 0' $build-4.out &&
		test \$(grep -Ec 'READ_ONCE\\(icp->state.raw\\) \\((unsigned long|long unsigned int), 8 bytes\\) in [a-z_]*: ldu? ' $build-4.out) -ge 12"
	test_expect_success "$build: 0005 rebuilt and rescanned: the host-core state read is one ld" "
		python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' --source '$SRC' \
			--out '$TEST_TMP/r5-$build' --build '$W/$build' --object $RM \
			'$PATCHES'/0005-*.patch >$build-5.out 2>&1 &&
		grep -q 'kernel-patch-check: exit 0' $build-5.out &&
		grep -Eq 'READ_ONCE\\(rm_core\\[core\\].rm_state.raw\\) \\((unsigned long|long unsigned int), 8 bytes\\) in [a-z_]*: ldu? ' $build-5.out"
done

N=arch/arm64/kvm/hyp/nvhe
if [ -f "$W/arm64-clang/$N/mem_protect.nvhe.o" ] && [ -f "$W/arm64-clang/$N/mm.nvhe.o" ] &&
	[ -f "$W/arm64-clang/$N/pkvm.nvhe.o" ]; then
	test_expect_success "arm64-clang: fix --from-scan derives 0006 exactly (the #ifdef pair read once)" "
		'$RWONCE' scan --no-progress --json '$W/arm64-clang/$N/mem_protect.nvhe.o' '$W/arm64-clang/$N/mm.nvhe.o' \
			'$W/arm64-clang/$N/pkvm.nvhe.o' >6.json 2>6.err; test \$? = 1 &&
		(cd '$SRC' && '$RWONCE' fix --from-scan '$TEST_TMP/6.json') >6.diff 2>6.ferr; test \$? = 1 &&
		grep -q '1 site to rewrite in 1 file, 0 left unchanged' 6.ferr &&
		grep -q '^@@ -100,7 +100,7 @@' 6.diff && grep -q '^@@ -100,7 +100,7 @@' '$PATCHES'/0006-*.patch &&
		grep -E '^[-+][^-+]' 6.diff >derived6 && grep -E '^[-+][^-+]' '$PATCHES'/0006-*.patch >recorded6 &&
		test -s recorded6 && cmp derived6 recorded6"
	test_expect_success "arm64-clang: 0006 rebuilt and rescanned: one ldr at all 23 instances" "
		python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' --source '$SRC' \
			--out '$TEST_TMP/r6' --build '$W/arm64-clang' --object $N/mem_protect.nvhe.o \
			--object $N/mm.nvhe.o --object $N/pkvm.nvhe.o '$PATCHES'/0006-*.patch >6.out 2>&1 &&
		grep -q 'kernel-patch-check: exit 0' 6.out &&
		test \$(grep -Ec 'READ_ONCE\\(lock->__val\\) \\(u32, 4 bytes\\) in [a-z_0-9]*: ldr w' 6.out) = 23"
else
	test_skip "arm64-clang: 0006 rebuilt and rescanned" "no arm64-clang build of $N in $W (bench/kernel-aggregate-sweep.sh ... arm64-clang)"
fi
G=security/keys/gc.o
if [ -f "$W/arm-clang/$G" ]; then
	# 0003 is fix's edit restyled: fix spells the compound literal on one
	# line of 104 columns, the patch in two.
	test_expect_success "arm-clang: fix --from-scan derives 0003's read (lock->slock at line 126)" "
		'$RWONCE' scan --no-progress --json '$W/arm-clang/$G' >3.json 2>3.err; test \$? = 1 &&
		(cd '$SRC' && '$RWONCE' fix --from-scan '$TEST_TMP/3.json' arch/arm/include) >3.diff 2>3.ferr; test \$? = 1 &&
		grep -q '1 site to rewrite in 1 file, 0 left unchanged' 3.ferr &&
		for d in 3.diff '$PATCHES'/0003-*.patch; do
			grep -q '^@@ -123,7 ' \$d && test \$(grep -c '^+.*READ_ONCE(lock->slock)' \$d) = 1 &&
			grep -q '^-.*READ_ONCE(lock->tickets)' \$d || exit 1
		done"
else
	test_skip "arm-clang: fix --from-scan derives 0003's read" "no arm-clang build of $G in $W"
fi

# 0001, 0002 (kernel/rcu/tasks.h) and 0007 (mlxsw) on riscv64 and s390x,
# where clang 19 tears them too (and gcc 12 tears 0007's on riscv64):
# every instance one 4-byte load after the patch, with either compiler.
U=kernel/rcu/update.o
M=drivers/net/ethernet/mellanox/mlxsw/spectrum_router.o
for build in riscv64-clang riscv64-gcc s390x-clang s390x-gcc; do
	if [ ! -f "$W/$build/$U" ] || [ ! -f "$W/$build/$M" ]; then
		test_skip "$build: 0001, 0002 and 0007 rebuilt and rescanned" "no $build build of $U and $M in $W"
		continue
	fi
	test_expect_success "$build: 0001 and 0002 rebuilt and rescanned: one 4-byte load each" "
		python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' --source '$SRC' \
			--out '$TEST_TMP/r12-$build' --build '$W/$build' --object $U \
			'$PATCHES'/0001-*.patch '$PATCHES'/0002-*.patch >$build-12.out 2>&1 &&
		grep -q 'kernel-patch-check: exit 0' $build-12.out &&
		! grep -q STILL $build-12.out &&
		grep -Eq 'READ_ONCE\\(t->trc_reader_special.s\\) \\(u32, 4 bytes\\) in exit_tasks_rcu_finish: (lw|l) ' $build-12.out"
	test_expect_success "$build: 0007 rebuilt and rescanned: one 4-byte load" "
		python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' --source '$SRC' \
			--out '$TEST_TMP/r7-$build' --build '$W/$build' --object $M \
			'$PATCHES'/0007-*.patch >$build-7.out 2>&1 &&
		grep -q 'kernel-patch-check: exit 0' $build-7.out &&
		grep -Eq 'READ_ONCE\\(net->ipv4.sysctl_fib_multipath_hash_seed.user_seed\\) \\(u32, 4 bytes\\) in [a-z_0-9]*: (lw|l|lt) ' $build-7.out"
done

# 0008 (nft_synproxy) on riscv64, torn by width with clang 19 and gcc 12,
# and s390x, where clang 19 calls memcpy(): in the sweep's +synproxy
# folders, both reads one 4-byte load and the update one store.
S=net/netfilter/nft_synproxy.o
# fix --from-scan cannot derive 0008: struct nf_synproxy_info is 4 bytes
# but only 2-byte aligned (and uapi), so one 4-byte access of it may be
# misaligned; fix names the three sites with that reason (t2491).
if [ -f "$W/riscv64-clang+synproxy/$S" ] && have_cmd ld.lld-19; then
	test_expect_success "riscv64-clang: fix --from-scan leaves 0008's three sites, saying the struct is only 2-byte aligned" "
		ld.lld-19 --unresolved-symbols=ignore-all --no-relax -Ttext=0x10000 -e 0 \
			-o syn.elf '$W/riscv64-clang+synproxy/$S' &&
		'$RWONCE' scan --no-progress --json syn.elf >8.json 2>8.err; test \$? = 1 &&
		(cd '$SRC' && '$RWONCE' fix --from-scan '$TEST_TMP/8.json' include) >8.diff 2>8.ferr; test \$? = 1 &&
		test ! -s 8.diff && grep -q '0 sites to rewrite in 0 files, 3 left unchanged' 8.ferr &&
		test \$(grep -c \"'struct nf_synproxy_info' has no scalar member of 4 bytes, no union around it has one, and it is only 2-byte aligned\" 8.ferr) = 3"
else
	test_skip "riscv64-clang: fix --from-scan leaves 0008's sites with the reason" "no riscv64-clang+synproxy build of $S in $W, or $(missing_why ld.lld-19)"
fi
for build in riscv64-clang riscv64-gcc s390x-clang s390x-gcc; do
	if [ ! -f "$W/$build+synproxy/$S" ]; then
		test_skip "$build: 0008 rebuilt and rescanned" "no $build+synproxy build of $S in $W"
		continue
	fi
	test_expect_success "$build: 0008 rebuilt and rescanned: the two reads one 4-byte load, the update one store" "
		python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' --source '$SRC' \
			--out '$TEST_TMP/r8-$build' --build '$W/$build+synproxy' --object $S \
			'$PATCHES'/0008-*.patch >$build-8.out 2>&1 &&
		grep -q 'kernel-patch-check: exit 0' $build-8.out &&
		test \$(grep -Ec 'READ_ONCE\\(priv->info_word\\) \\(u32, 4 bytes\\) in [a-z_0-9]*: (lw|l) ' $build-8.out) = 2 &&
		grep -Eq 'WRITE_ONCE\\(priv->info_word\\) \\(u32, 4 bytes\\) in nft_synproxy_obj_update: (lw|l) [^;]*; (sw|st) ' $build-8.out"
done

if [ -f "$W/x86_64-clang/$M" ]; then
	# Only user_seed of the 8-byte, 4-byte aligned pair is used: fix
	# reads it alone (t2491), which is 0007 exactly.
	test_expect_success "x86_64-clang: fix --from-scan derives 0007 exactly (the member used, read alone)" "
		'$RWONCE' scan --no-progress --json '$W/x86_64-clang/$M' >7.json 2>7.err; test \$? = 1 &&
		(cd '$SRC' && '$RWONCE' fix --from-scan '$TEST_TMP/7.json' include) >7.diff 2>7.ferr; test \$? = 1 &&
		grep -q '1 site to rewrite in 1 file, 0 left unchanged' 7.ferr &&
		grep -q \"only its member 'user_seed' is used\" 7.ferr &&
		grep -E '^[-+][^-+]' 7.diff >derived7 && grep -E '^[-+][^-+]' '$PATCHES'/0007-*.patch >recorded7 &&
		test -s recorded7 && cmp derived7 recorded7"
	test_expect_success "x86_64-clang: 0007 rebuilt and rescanned: one movl" "
		python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' --source '$SRC' \
			--out '$TEST_TMP/r7' --build '$W/x86_64-clang' --object $M \
			'$PATCHES'/0007-*.patch >7.out 2>&1 &&
		grep -q 'kernel-patch-check: exit 0' 7.out &&
		grep -Eq 'READ_ONCE\\(net->ipv4.sysctl_fib_multipath_hash_seed.user_seed\\) \\(u32, 4 bytes\\) in [a-z_0-9]*: movl ' 7.out"
else
	test_skip "x86_64-clang: 0007 rebuilt and rescanned" "no x86_64-clang build of $M in $W"
fi

test_done
