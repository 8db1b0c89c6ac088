#!/bin/sh
# The Linux 6.12 record (doc/findings/linux-6.12.md), re-derived: scan the
# whole x86-64 defconfig build made by clang 19 (vmlinux and modules, made
# by bench/kernel-6.12-build.sh), turn its findings into source edits with
# `rwonce fix --from-scan`, and check that they are exactly the hunks of
# doc/findings/linux-6.12/*.patch; that the patches apply with patch -p1
# to Debian's linux-source-6.12 (unpacked here); and that the objects they
# touch, rebuilt by the build's own compile commands, rescan ok at every
# patched line (bench/kernel-patch-check.py; also in the gcc 12, arm64 and
# 32-bit ARM builds where their objects are there).  check-full only
# (RWONCE_FULL=1); skips when the build is absent: it takes about two
# hours on two cores.
#
# The build: RWONCE_KBUILD612_DIR (default $RWONCE_CACHE/kbuild-6.12,
# RWONCE_CACHE defaulting to /work/cache), holding linux-source-6.12/ and
# x86_64-clang/ (with DONE), and x86_64-gcc/ when it was built.
. "$(dirname "$0")/lib/tap.sh"

[ "$RWONCE_FULL" = 1 ] || skip_all "the Linux 6.12 build: check-full only (RWONCE_FULL=1)"
requires python3 python3
requires patch patch
requires --full xz xz-utils
requires --full clang-19 clang-19
need_cmd python3 patch xz
KB=${RWONCE_KBUILD612_DIR:-${RWONCE_CACHE:-/work/cache}/kbuild-6.12}
SRC=$KB/linux-source-6.12
B=$KB/x86_64-clang
TAR=/usr/src/linux-source-6.12.tar.xz
PATCHES=$RWONCE_ROOT/doc/findings/linux-6.12
[ -f "$B/DONE" ] && [ -d "$SRC/kernel" ] ||
	skip_all "no finished Linux 6.12 x86_64-clang build in $KB (make it with bench/kernel-6.12-build.sh $KB x86_64-clang: about two hours)"
have_cmd clang-19 || skip_all "$(missing_why clang-19)"
[ -f "$TAR" ] || skip_all "$TAR missing (apt-get install linux-source-6.12)"
cd "$TEST_TMP" || exit 1

find "$B" -name '*.ko' -type f | sort >ko.list
n=$(($(wc -l <ko.list) + 1))
test_expect_success 'scan the whole build (vmlinux and modules)' "
	'$RWONCE' scan --no-progress --json --sources '$SRC' '$B/vmlinux' \$(cat ko.list) >scan.json 2>scan.err;
	st=\$?; test \$st -le 2 &&
	grep -q ' $n of $n files checked' scan.err"

# The sources scan could not read must be the build's generated files
# (they are in the build folder, not in the source tree).
sed -n "s|^rwonce: error: .*: source '$SRC/\\(.*\\)' named by its line table cannot be read.*|\\1|p" scan.err | sort -u >unread
test_expect_success 'every source scan could not read is a file the build generated' '
	while read -r f; do
		test -f "$B/$f" || { echo "not generated: $f"; exit 1; }
	done <unread'

test_expect_success 'fix --from-scan on the scan result: edits and notes' "
	(cd '$SRC' && '$RWONCE' fix --from-scan '$TEST_TMP/scan.json' include) >fix.diff 2>fix.err;
	test \$? = 1 && test -s fix.diff"

# The hunks of a diff, each one line: its header without the function
# context git adds, and its lines; sorted.
hunks() {
	awk '
		/^\+\+\+ / { file = $2; sub(/^b\//, "", file); next }
		/^@@ / { if (h != "") print h; h = file " " $1 " " $2 " " $3 " " $4; next }
		/^(diff|index|---|-- $)/ { if (h != "") print h; h = ""; next }
		h != "" && /^[-+ ]/ { h = h "\x1f" $0 }
		END { if (h != "") print h }' "$@" | sort
}
# The patches fix derived from this test's x86-64 build: those that say
# they are fix's (From: rwonce fix --from-scan) and touch only files fix
# edits here -- 0001, 0002.  The others come from other builds, and t4920
# checks what fix derives there: 0003 (the ARM ticket lock; fix's read,
# restyled to two lines) and 0006 (arm64 nVHE, exactly fix's) since fix
# reads an #ifdef pair once, 0004 and 0005 (ppc64le KVM XICS) exactly
# since fix splits a chained assignment, 0007 (mlxsw, not in this
# defconfig build) exactly since fix reads the one member used; 0008 is
# by hand (2-byte aligned, every member used).
FIXED=
for p in $(grep -l '^From: rwonce fix --from-scan' "$PATCHES"/*.patch); do
	grep '^+++ b/' "$p" | sed 's|^+++ b/||' >files
	while read -r f; do
		grep -qxF "+++ b/$f" fix.diff || continue 2
	done <files
	FIXED="$FIXED $p"
done
[ -n "$FIXED" ] || { echo "no patch in $PATCHES says it is fix's" >&2; exit 1; }
test_expect_success 'the edits are exactly the hunks of the patches fix derived' "
	hunks fix.diff >derived && hunks $FIXED >recorded &&
	test -s recorded && cmp derived recorded"

test_expect_success 'the patches apply to linux-source-6.12 with patch -p1' "
	tar -xJf '$TAR' linux-source-6.12/kernel/rcu \
		linux-source-6.12/arch/arm/include/asm/spinlock.h \
		linux-source-6.12/arch/powerpc/kvm \
		linux-source-6.12/arch/arm64/kvm/hyp/include/nvhe/spinlock.h \
		linux-source-6.12/drivers/net/ethernet/mellanox/mlxsw/spectrum_router.c \
		linux-source-6.12/net/netfilter/nft_synproxy.c &&
	for p in '$PATCHES'/*.patch; do
		patch -d linux-source-6.12 -p1 -s --dry-run <\"\$p\" || exit 1
	done &&
	cat '$PATCHES'/*.patch | patch -d linux-source-6.12 -p1 -s"

set -- --build "$B"
for other in x86_64-gcc arm64-clang arm-clang; do
	[ -f "$KB/$other/kernel/rcu/update.o" ] && set -- "$@" --build "$KB/$other"
done
test_expect_success "rebuilt with the build's commands, rescanned: every patched site ok ($(($# / 2)) builds)" "
	python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' \
		--source '$SRC' --out '$TEST_TMP/rebuilt' $* $FIXED >check.out 2>&1 &&
	grep -q 'kernel-patch-check: exit 0' check.out && ! grep -q STILL check.out"
diag "$(grep -Ec 'in [a-z_]*: (movl|ldr) ' check.out 2>/dev/null) instances of the patched sites read with one 4-byte load (movl, ldr)"

# 0003: the object of the ARM build whose code held the torn ticket read
# (spinlock.h is in thousands of objects: only that one is rebuilt).
for arm in arm-clang arm-gcc; do
	if [ -f "$KB/$arm/security/keys/gc.o" ]; then
		test_expect_success "$arm: the ticket-lock patch, rebuilt and rescanned: one ldr" "
			python3 '$RWONCE_ROOT/bench/kernel-patch-check.py' --rwonce '$RWONCE' \
				--source '$SRC' --out '$TEST_TMP/rebuilt-$arm' --build '$KB/$arm' \
				--object security/keys/gc.o '$PATCHES'/0003-*.patch >$arm.out 2>&1 &&
			grep -q 'kernel-patch-check: exit 0' $arm.out &&
			grep -q 'READ_ONCE(lock->slock) (u32, 4 bytes) in key_garbage_collector: ldr ' $arm.out"
	else
		test_skip "$arm: the ticket-lock patch" "no $arm build of security/keys/gc.o in $KB (bench/kernel-6.12-build.sh $KB $arm)"
	fi
done

test_done
