#!/bin/sh
# rwonce scan on archives with a member cut short (issue 33, point 2),
# or with code and no DWARF (its code was skipped in silence too):
# the truncation check of plain ELF files applies to each member too,
# and names it -- before, an archive of a good object and a truncated
# one passed as "1 of 1 file checked", exit 0, and the truncated member
# alone was said to have "no executable section with contents".
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd gcc

mkdir -p "$TEST_TMP/src"
cp "$RWONCE_ROOT/tests/scan/kernel-shape.c" "$TEST_TMP/src/k.c"
cp "$RWONCE_ROOT/tests/scan/writes.c" "$TEST_TMP/src/w.c"
(cd "$TEST_TMP/src" && gcc -O2 -g -c k.c -o ../k.o && gcc -O2 -g -c w.c -o ../w.o)
cd "$TEST_TMP" || exit 1
head -c 2000 w.o >cut.o      # its section headers are past the end
head -c 40 w.o >hdr.o        # not even a whole ELF header
ar rc good.a k.o w.o 2>/dev/null
ar rc one-cut.a k.o cut.o 2>/dev/null
ar rc cut-only.a cut.o 2>/dev/null
ar rc hdr.a k.o hdr.o 2>/dev/null
(cd src && gcc -O2 -c w.c -o ../nog.o)  # code without DWARF
ar rc nodwarf.a k.o nog.o 2>/dev/null

scan() { # archive: status in $TEST_TMP/rc
	"$RWONCE" scan "$1" >out 2>err
	echo $? >rc
}

test_expect_success 'the archive of two good objects: both checked, exit 0' '
	scan good.a && test "$(cat rc)" = 0 &&
	grep -q "1 of 1 file checked" err
'

test_expect_success 'a good object and a truncated one: the member named, not checked, exit 2' '
	scan one-cut.a && test "$(cat rc)" = 2 &&
	grep -q "rwonce: error: one-cut\.a(cut\.o): truncated ELF: its section headers end at byte [0-9]*, the file at 2000" err &&
	grep -q "0 of 1 file checked, 1 that could not be checked" err &&
	grep -q "2 site instances: ok 2" err
'

test_expect_success 'the truncated member alone: truncated, not "no executable section"' '
	scan cut-only.a && test "$(cat rc)" = 2 &&
	grep -q "rwonce: error: cut-only\.a(cut\.o): truncated ELF" err &&
	! grep -q "no executable section" err
'

test_expect_success 'a member shorter than an ELF header: named, exit 2' '
	scan hdr.a && test "$(cat rc)" = 2 &&
	grep -q "rwonce: error: hdr\.a(hdr\.o): truncated or damaged ELF header (40 bytes)" err
'

test_expect_success 'an archive cut inside a member: that member named, exit 2' '
	size=$(wc -c <good.a) &&
	head -c $((size - 500)) good.a >cut-archive.a &&
	scan cut-archive.a && test "$(cat rc)" = 2 &&
	grep -q "rwonce: error: cut-archive\.a(w\.o): the archive ends inside it" err
'

test_expect_success 'a member with code and no DWARF among good ones: named, not checked, exit 2' '
	scan nodwarf.a && test "$(cat rc)" = 2 &&
	grep -q "rwonce: error: nodwarf\.a(nog\.o): no DWARF line tables for its code: not checked" err &&
	grep -q "0 of 1 file checked, 1 that could not be checked" err
'

test_expect_success 'with -j 2 (the archive shared by two workers): said once, exit 2' '
	"$RWONCE" scan -j 2 one-cut.a >out 2>err; test $? = 2 &&
	test "$(grep -c "one-cut\.a(cut\.o): truncated ELF" err)" = 1
'

test_done
