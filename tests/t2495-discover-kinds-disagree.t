#!/bin/sh
# A once-macro defined one way per architecture (Linux 4.14.5's
# atomic_read: READ_ONCE((v)->counter) on most, ACCESS_ONCE((v)->counter)
# on 32-bit sparc) is "the use decides" (access-once), and now says so:
# the JSON of audit and scan name a definition of each kind.  And an
# object-like alias is what its target is where the alias is defined:
# arm64's "#define atomic64_read atomic_read" sits beside arm64's own
# atomic_read, a READ_ONCE, so atomic64_read stays read-once -- it took
# the kind every architecture's atomic_read merged into (access-once,
# from sparc's), a kind no architecture gives atomic64_read.  An alias
# whose target, in its own file, is no once-access is none either.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
mkdir -p tree/arch/alpha tree/arch/arm64 tree/arch/sparc tree/arch/blackfin tree/kernel
cat >tree/arch/alpha/atomic.h <<'EOF2'
#define atomic_read(v)		READ_ONCE((v)->counter)
#define atomic64_read(v)	READ_ONCE((v)->counter)
EOF2
cat >tree/arch/arm64/atomic.h <<'EOF2'
#define atomic_read(v)			READ_ONCE((v)->counter)
#define atomic64_read			atomic_read
EOF2
cat >tree/arch/sparc/atomic_32.h <<'EOF2'
#define atomic_read(v)          ACCESS_ONCE((v)->counter)
EOF2
cat >tree/arch/blackfin/atomic.h <<'EOF2'
#define atomic_read(v) __raw_uncached_fetch_asm(&(v)->counter)
#define atomic_long_peek		atomic_read
EOF2
cat >tree/kernel/use.c <<'EOF2'
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic64_t;
int peek(atomic_t *a, atomic64_t *b)
{
	return atomic_read(a) + (int)atomic64_read(b);
}
EOF2

# kinds NAME FILE: the kind, and the disagreement when there is one
kinds() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[2]))
for m in d["once_macros"]:
    if m["name"] == sys.argv[1]:
        print(m["kind"], m.get("definitions_disagree", "-"))
        break
else:
    print("none")' "$1" "$2"
}

test_expect_success 'audit: the tree is read' "
	'$RWONCE' audit -q -j 1 --format=json tree >a.json; test \$? -le 1"

test_expect_success 'atomic64_read: read-once (arm64 aliases its own atomic_read, a READ_ONCE)' "
	kinds atomic64_read a.json >k64 && cat k64 &&
	test \"\$(cat k64)\" = 'read-once -'"

test_expect_success 'atomic_read: access-once, the definitions of each kind named' "
	kinds atomic_read a.json >k && cat k &&
	grep -q '^access-once ' k &&
	grep -qF 'read-once at tree/arch/alpha/atomic.h:1' k &&
	grep -qF 'access-once at tree/arch/sparc/atomic_32.h:1' k"

test_expect_success 'an alias of a name that is no once-access in its own file is none' "
	test \"\$(kinds atomic_long_peek a.json)\" = none"

test_expect_success 'the same at -j 2' "
	'$RWONCE' audit -q -j 2 --format=json tree >a2.json; test \$? -le 1 &&
	cmp a.json a2.json"

# Without arm64's own atomic_read, the alias has only the merged one.
rm tree/arch/arm64/atomic.h
printf '#define atomic64_read\t\t\tatomic_read\n' >tree/arch/arm64/atomic64.h
test_expect_success 'an alias without its target in its file takes the merged kind, and says why' "
	'$RWONCE' audit -q -j 1 --format=json tree >b.json; test \$? -le 1 &&
	kinds atomic64_read b.json >kb && cat kb &&
	grep -q '^access-once ' kb &&
	grep -qF 'read-once at tree/arch/alpha/atomic.h:2' kb &&
	grep -qF 'access-once at tree/arch/arm64/atomic64.h:1' kb"
test_done
