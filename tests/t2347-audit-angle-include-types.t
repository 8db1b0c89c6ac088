#!/bin/sh
# A struct the site's file names ("extern struct ticket lock;") whose
# members are in a header it includes with <...> (the kernel's
# <asm/spinlock_types.h>): the lexical engine's own index reads only
# "..." headers next to the file, so the type had no members and the
# volatile cast of it was no volatile-aggregate finding -- not in a
# one-file run, nor in the whole tree's.  The tree's headers
# (cfront/treetypes: the nearest header that defines the tag, one the
# file includes first) give the members now, for a once-macro that is a
# volatile cast and for a hand-written cast alike, and a one-file audit
# reports what the whole-tree run reports for that file.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3
requires git git

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd git python3
cd "$TEST_TMP" || exit 1
mkdir -p t/include/asm t/arch/arm/include/asm t/src t/arch/arm/kernel
git init -q t
cat >t/include/asm/spinlock_types.h <<'H'
#ifndef SPINLOCK_TYPES_H
#define SPINLOCK_TYPES_H
struct ticket {
	unsigned short owner;
	unsigned short next;
};
struct word { unsigned int w; };
#endif
H
# ARM's own: one 4-byte member, one access
cat >t/arch/arm/include/asm/spinlock_types.h <<'H'
struct ticket { unsigned int slock; };
H
cat >t/src/macro.c <<'C'
#include <asm/spinlock_types.h>
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

extern struct ticket lock;

void wait(void)
{
	struct ticket t = READ_ONCE(lock);
	(void)t;
}
C
cat >t/src/cast.c <<'C'
#include <asm/spinlock_types.h>

extern struct ticket lock;
extern struct word one;

void spin(void)
{
	struct ticket t = *(volatile struct ticket *)&lock;
	struct word w = *(volatile struct word *)&one;
	(void)t; (void)w;
}
C
# the same cast in ARM's code: ARM's struct ticket is one unit
cp t/src/cast.c t/arch/arm/kernel/cast.c
# a tag no header of the tree defines
sed 's/ticket/nowhere/g' t/src/cast.c >t/src/unknown.c
R=$RWONCE

rules() { # json -> "line:col rule" per finding, sorted
	python3 -c 'import json,sys
for f in sorted(json.load(open(sys.argv[1]))["findings"], key=lambda f: (f["path"], f["line"], f["rule"])):
    print("%s:%d:%d %s" % (f["path"].lstrip("./"), f["line"], f["column"], f["rule"]))' "$1"
}
(cd t && "$R" audit --format=json src/macro.c >../macro.json; "$R" audit --format=json src/cast.c >../cast.json;
 "$R" audit --format=json . >../tree.json; "$R" audit --format=json src/unknown.c >../unknown.json;
 "$R" audit --format=json arch/arm/kernel/cast.c >../arm.json)
rules macro.json >macro.txt; rules cast.json >cast.txt; rules tree.json >tree.txt
rules unknown.json >unknown.txt; rules arm.json >arm.txt
test_expect_success 'audit FILE: READ_ONCE (a volatile cast) of the <...> header'"'"'s struct is volatile-aggregate' '
	grep -qx "src/macro.c:8:20 volatile-aggregate" macro.txt'
test_expect_success 'audit FILE: the hand-written cast of it too (beside the style note)' '
	grep -qx "src/cast.c:8:20 volatile-aggregate" cast.txt &&
	grep -qx "src/cast.c:8:20 volatile-cast" cast.txt'
test_expect_success '... and the message gives the members'"'"' units' '
	python3 -c "import json; m=[f[\"message\"] for f in json.load(open(\"cast.json\"))[\"findings\"] if f[\"rule\"]==\"volatile-aggregate\"]; assert m and \"(2 storage units, the narrowest 2 bytes)\" in m[0], m"'
test_expect_success 'a one-member struct of the same header is no volatile-aggregate' '
	! grep -q "src/cast.c:9:.* volatile-aggregate" cast.txt &&
	grep -qx "src/cast.c:9:18 volatile-cast" cast.txt'
test_expect_success 'one-file runs report what the whole-tree run reports for each file' '
	for f in macro cast unknown; do grep "^src/$f.c:" tree.txt >w.txt; diff w.txt $f.txt || exit 1; done &&
	grep "^arch/arm/kernel/cast.c:" tree.txt >w.txt && diff w.txt arm.txt'
test_expect_success 'ARM'"'"'s own header is the nearest for ARM'"'"'s code: one unit, no volatile-aggregate' '
	grep -q "volatile-cast" arm.txt && ! grep -q "volatile-aggregate" arm.txt'
test_expect_success 'a tag no header defines stays without members: no volatile-aggregate' '
	grep -q "volatile-cast" unknown.txt && ! grep -q "volatile-aggregate" unknown.txt'
test_done
