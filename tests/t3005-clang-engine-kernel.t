#!/bin/sh
# The clang engine on a real kernel build (check-full only: about a
# minute and a half).  Debian's linux-source-6.1 tree (bench/linux-tree.sh
# unpacks it to /work/cache/linux-source-6.1, or set RWONCE_LINUX_TREE) is
# configured out of tree (make O=... defconfig prepare), kernel/locking/ is
# built under `bear`, and the database audited:
#  - every unit parses although the build is GCC's (GCC-only options);
#  - the hundreds of READ_ONCE/WRITE_ONCE in kernel/locking give nothing:
#    no volatile-cast on the kernel's own once-access macros, no asm
#    memory operand taken for an access;
#  - one more unit compiled with the very same flags uses the kernel's own
#    READ_ONCE/WRITE_ONCE on a two-field 8-byte struct: volatile-aggregate,
#    attributed to READ_ONCE and WRITE_ONCE, citing the verify probes.
. "$(dirname "$0")/lib/tap.sh"

[ "$RWONCE_FULL" = 1 ] || skip_all "kernel build: check-full only (RWONCE_FULL=1)"
clang_audit() { "$TEST_TOOL" clang-audit "$@"; }
AUDIT=clang_audit
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (make)"
"$AUDIT" -p /nonexistent 2>&1 | grep -q 'built without libclang' &&
	skip_all "rwonce built without libclang (apt-get install libclang-dev)"
requires bear bear
requires jq jq
requires --full flex flex
requires --full bison bison
need_cmd bear jq flex bison make gcc
LINUX=${RWONCE_LINUX_TREE:-/work/cache/linux-source-6.1}
[ -f "$LINUX/Makefile" ] || skip_all "no kernel tree in $LINUX (bench/linux-tree.sh)"

O=$TEST_TMP/kbuild
test_expect_success 'defconfig and prepare, out of tree' \
	'make -C "$LINUX" O="$O" defconfig >"$TEST_TMP/k.log" 2>&1 &&
	 make -C "$LINUX" O="$O" -j2 prepare >>"$TEST_TMP/k.log" 2>&1'
test_expect_success 'bear records kernel/locking/' \
	'cd "$LINUX" && bear --output "$O/compile_commands.json" -- \
		make O="$O" -j2 kernel/locking/ >>"$TEST_TMP/k.log" 2>&1 &&
	 test "$(jq length "$O/compile_commands.json")" -ge 5'

cd "$O" 2>/dev/null || exit 2
test_expect_success 'every unit parses; no finding in kernel/locking' \
	'"$AUDIT" -p "$O" -j2 --stats >"$TEST_TMP/locking.out" 2>"$TEST_TMP/locking.err";
	 rc=$?; cat "$TEST_TMP/locking.err" "$TEST_TMP/locking.out";
	 test $rc = 0 && grep -q "failed: 0, findings: 0," "$TEST_TMP/locking.err"'

mkdir -p "$O/rwonce-test"
cat >"$O/rwonce-test/tears.c" <<'EOC'
/* The kernel's own READ_ONCE/WRITE_ONCE on the shapes of the seeds. */
#include <linux/compiler.h>
#include <linux/types.h>

struct pair { u32 a, b; };
struct one { unsigned long v; };
struct pair shared_pair;
struct one shared_one;
u64 counter;

u32 read_pair(void)
{
	struct pair p = READ_ONCE(shared_pair);

	return p.a + p.b;
}

void write_pair(struct pair p)
{
	WRITE_ONCE(shared_pair, p);
}

unsigned long read_one(void)
{
	return READ_ONCE(shared_one).v + READ_ONCE(counter);
}
EOC
mkdir "$TEST_TMP/tears"
test_expect_success 'a unit with the same kernel flags' \
	'u=$(jq -r ".[0].file" "$O/compile_commands.json") &&
	 jq --arg u "$u" --arg f "$O/rwonce-test/tears.c" \
		"[.[0] | .file = \$f | .arguments = (.arguments | map(if . == \$u or endswith(\"/\" + \$u) then \$f else . end))]" \
		"$O/compile_commands.json" >"$TEST_TMP/tears/compile_commands.json" &&
	 grep -q tears.c "$TEST_TMP/tears/compile_commands.json"'
test_expect_success "the kernel's READ_ONCE/WRITE_ONCE of a two-field struct: volatile-aggregate" \
	'"$AUDIT" -p "$TEST_TMP/tears" >"$TEST_TMP/tears.out"; rc=$?;
	 cat "$TEST_TMP/tears.out"; test $rc = 1 &&
	 test "$(wc -l <"$TEST_TMP/tears.out")" = 2 &&
	 grep -q "^rwonce-test/tears.c:13:18: warning: READ_ONCE: volatile read of 8-byte .struct pair. with 2 fields.*raw_read_pair32.*\[volatile-aggregate\]" "$TEST_TMP/tears.out" &&
	 grep -q "^rwonce-test/tears.c:20:2: warning: WRITE_ONCE: volatile write of 8-byte .struct pair. with 2 fields.*raw_write_pair32.*\[volatile-aggregate\]" "$TEST_TMP/tears.out"'

test_done
