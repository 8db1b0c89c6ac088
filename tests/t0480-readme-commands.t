#!/bin/sh
# Every command the README shows runs after the README's set-up (issue
# 21): each indented example line that starts with `rwonce` (or `$
# rwonce`) is run as written, through sh, in a scratch folder that holds
# the inputs it names -- a small C tree for drivers/, src/ and linux/,
# objects built with -g and their compilation database in build/, a
# vmlinux, ./my-cc, a scan result scan.json -- and must exit 0 (clean) or 1 (findings), never 2
# (trouble) or worse.  So that the test takes a minute, not hours, the
# runs are made small without changing what they need: verify checks one
# probe (--only read_u32) in every configuration the line names, fuzz
# runs one program (--count 1, the first of --seeds).  Not run here:
# `make run` and `make check` (scripts/check-clean-root runs them on a
# fresh Debian root), and lines that need a Linux kernel build.
. "$(dirname "$0")/lib/tap.sh"
# The README's examples name these; rwonce runs them.
requires clang-19 clang-19
requires qemu-x86_64 qemu-user
requires qemu-aarch64 qemu-user
requires qemu-s390x qemu-user
requires csmith csmith
need_cmd gcc clang-19 qemu-x86_64 csmith
[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
[ "$(uname -m)" = x86_64 ] || skip_all "the examples are run on an x86-64 host"

README=$RWONCE_ROOT/README.md
W=$TEST_TMP/w
mkdir -p "$W" "$TEST_TMP/bin" "$TEST_TMP/tmp"
ln -s "$RWONCE" "$TEST_TMP/bin/rwonce"
export TMPDIR="$TEST_TMP/tmp" NO_PROGRESS=1

# ---- the inputs the examples name ---------------------------------------
cd "$W" || exit 1
mkdir -p drivers src linux/include/linux linux/kernel build
cat >drivers/ring.c <<'EOF'
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
struct ring { unsigned rptr, wptr; };
unsigned rptr(struct ring *r) { return ACCESS_ONCE(r->rptr); }
void set_wptr(struct ring *r, unsigned v) { ACCESS_ONCE(r->wptr) = v; }
EOF
cp drivers/ring.c src/ring.c
cat >linux/include/linux/compiler.h <<'EOF'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
EOF
cat >linux/kernel/lock.c <<'EOF'
#include "../include/linux/compiler.h"
typedef struct { unsigned short owner, next; } ticket_t;
int contended(ticket_t *t) { ticket_t v = READ_ONCE(*t); return v.owner != v.next; }
EOF
# build/: objects with -g and the compilation database that names them.
cp "$RWONCE_ROOT/tests/scan/kernel-shape.c" src/shape.c
printf '[{"directory": "%s", "file": "%s", "output": "%s",\n  "arguments": ["gcc", "-O2", "-g", "-c", "%s", "-o", "%s"]}]\n' \
	"$W/build" "$W/src/shape.c" "$W/build/shape.o" "$W/src/shape.c" "$W/build/shape.o" \
	>build/compile_commands.json
gcc -O2 -g -c src/shape.c -o build/shape.o
# vmlinux: a linked ELF with -g whose marked accesses go through MY_READ.
cat >src/vmlinux.c <<'EOF'
#define MY_READ(x) (*(volatile __typeof__(x) *)&(x))
struct pair { int a, b; } shared;
int main(void) { struct pair p = MY_READ(shared); return p.a + p.b; }
EOF
gcc -O2 -g -o vmlinux src/vmlinux.c
# scan.json: a clang build of the same file scanned (torn struct and
# union reads), and the include/ folder `fix --from-scan` is given.
mkdir -p include
clang-19 -O2 -g -c src/shape.c -o shape-clang.o
"$RWONCE" scan --json shape-clang.o >scan.json 2>/dev/null
printf '#!/bin/sh\nexec gcc "$@"\n' >my-cc
chmod +x my-cc
# The shards that `rwonce fuzz --merge shard1 shard2 ...` merges.
for k in 1 2; do
	PATH="$TEST_TMP/bin:$PATH" rwonce fuzz --cc gcc --seeds 1-2 --shard $k/2 \
		--out shard$k >/dev/null 2>&1
done

# ---- the examples --------------------------------------------------------
# The README's indented lines that are rwonce commands (not their output,
# "rwonce scan: 1 finding ..."), without their comments.
sed -n 's/^    \(\$ \)\{0,1\}\(rwonce [a-z][a-z]*\( .*\)\{0,1\}\)$/\2/p' "$README" |
	grep -E '^rwonce (verify|audit|fix|scan|fuzz|version)( |$)' |
	sed 's/  *# .*//' >"$TEST_TMP/commands"
diag "$(wc -l <"$TEST_TMP/commands") example commands in README.md"
test_expect_success 'the README shows rwonce commands of every kind' '
	for c in verify audit fix scan fuzz; do grep -q "^rwonce $c" "$TEST_TMP/commands" || exit 1; done'

n=0
while IFS= read -r cmd; do
	n=$((n + 1))
	case $cmd in
	*arm-clang/*)
		test_skip "README: $cmd" "needs a Linux 6.1 build for 32-bit ARM (bench/scan-kernel-build.sh)"
		continue
		;;
	esac
	small=$(printf '%s\n' "$cmd" | sed -E \
		-e 's/^rwonce verify( |$)/rwonce verify --only read_u32 /' \
		-e 's/--count [0-9]+/--count 1/' \
		-e 's/--seeds ([0-9]+)-[0-9]+/--seeds \1/' \
		-e 's/ \.\.\.( |$)/\1/')
	(cd "$W" && PATH="$TEST_TMP/bin:$PATH" timeout 900 sh -c "$small") \
		>"$TEST_TMP/out.$n" 2>&1
	rc=$?
	if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then
		_tap_result 0 "README: $cmd (exit $rc)"
	else
		_tap_result 1 "README: $cmd"
		diag "ran: $small"
		diag "exit status $rc, not 0 (clean) or 1 (findings):"
		tail -n 15 "$TEST_TMP/out.$n" | sed 's/^/#   /'
	fi
done <"$TEST_TMP/commands"

test_expect_success 'the commands wrote what they say (audit.sarif, scan.sarif, once.diff, rwonce-ok.h)' '
	grep -q "\"version\": \"2.1.0\"" "$W/audit.sarif" && grep -q "\"runs\"" "$W/scan.sarif" &&
	grep -q "^+.*READ_ONCE(r->rptr)" "$W/once.diff" && grep -q RWONCE_VERIFIED "$W/rwonce-ok.h"'
test_done
