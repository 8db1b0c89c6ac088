#!/bin/sh
# scan decodes each unit's line program itself, not through libdw
# (issue 35): libdw 0.188 keeps every table it decoded until its handle
# ends, which cost a second handle per worker of -j, ended and begun
# again every 2^18 rows.  The rows must be libdw's, row for row: the test
# hook RWONCE_TEST_SCAN_LINES_CHECK decodes every table through libdw too
# and counts the units whose rows or file names differ -- none may, for
# every DWARF version gcc and clang write (2, 4, 5), in an object, a
# linked program, a relocatable link and an archive, including a
# function split into hot and cold parts (gcc's .cold in
# .text.unlikely, linked before .text: a program whose sequences are not
# in address order, sorted as libdw sorts them).  And the reports are
# those of libdw's rows (RWONCE_TEST_SCAN_LINES_WINDOW, which leaves
# every table to libdw's windowed handles, t4410).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
need_cmd ar

S=$RWONCE_ROOT/tests/scan
mkdir -p "$TEST_TMP/b" && cd "$TEST_TMP/b" || exit 1
cp "$S/user-macros.c" m.c || exit 1
cp "$S/two-sites.c" t.c || exit 1
cat >cold.c <<'EOF'
#include <stdlib.h>
volatile int cold_flag;
__attribute__((noinline)) int split(int x)
{
	if (__builtin_expect(x > 100, 0)) {
		*(volatile int *)&cold_flag = x;
		abort();
	}
	return *(volatile int *)&cold_flag + x;
}
EOF
printf '#include <stdint.h>\nvolatile uint64_t rwonce_sink;\nint split(int);\nint main(int c, char **v) { (void)v; return split(c); }\n' >main.c

CONFIGS="dwarf5.gcc gcc -gdwarf-5
dwarf4.gcc gcc -gdwarf-4
dwarf2.gcc gcc -gdwarf-2
dwarf5.clang clang -gdwarf-5
dwarf4.clang clang -gdwarf-4"
while read -r name cc flag; do
	for f in m t cold main; do
		$cc -O2 $flag -I"$S/user-include" -I"$RWONCE_ROOT/probes" \
			-I"$RWONCE_ROOT/include" -c "$f.c" -o "$name-$f.o" || exit 1
	done
	$cc -O2 $flag -no-pie -o "$name-prog" "$name-m.o" "$name-t.o" \
		"$name-cold.o" "$name-main.o" || exit 1
	ld -r -o "$name-all.o" "$name-m.o" "$name-t.o" "$name-cold.o" || exit 1
	ar rcs "$name-lib.a" "$name-m.o" "$name-t.o" "$name-cold.o" || exit 1
done <<EOF
$CONFIGS
EOF

scan() { # OUT FILE [ENV...]: -v, text on stdout, JSON; stderr, status
	out=$1 file=$2
	shift 2
	env "$@" "$RWONCE" scan $RAW_MACROS --no-progress -v -j 1 \
		--output "json=$out.json" "$file" >"$out.out" 2>"$out.err"
	echo $? >"$out.rc"
}

check() { # FILE UNITS: the hook's line for it, every table decoded, no difference
	scan "$1.chk" "$1" RWONCE_TEST_SCAN_LINES_CHECK=1
	grep "^rwonce: test: .*: line tables of " "$1.chk.err" >"$1.hook" || return 1
	! grep "^rwonce: test: .*: unit '" "$1.chk.err" &&
	! grep -v ": line tables of [1-9][0-9]* units\? decoded here, 0 left to libdw, 0 decoded otherwise than libdw$" "$1.hook" &&
	test "$(sed -n 's/.*: line tables of \([0-9]*\) unit.*/\1/p' "$1.hook" |
		awk '{ n += $1 } END { print n }')" = "$2"
}

same() { # FILE: the default run's reports are those of libdw's rows
	scan "$1.def" "$1" &&
	scan "$1.libdw" "$1" RWONCE_TEST_SCAN_LINES_WINDOW=1000000 &&
	grep -q "^rwonce: test: .*line tables through [1-9]" "$1.libdw.err" &&
	grep -v "^rwonce: test: " "$1.libdw.err" >"$1.libdw.err-" &&
	cmp "$1.def.out" "$1.libdw.out" && cmp "$1.def.json" "$1.libdw.json" &&
	cmp "$1.def.err" "$1.libdw.err-" && cmp "$1.def.rc" "$1.libdw.rc" &&
	grep -q "; [1-9][0-9]* site instances: ok [1-9]" "$1.def.err"
}

while read -r name cc flag; do
	test_expect_success "$name: the rows of an object, a program, a relocatable link and an archive are libdw's" '
		check "$name-m.o" 1 && check "$name-cold.o" 1 &&
		check "$name-prog" 4 && check "$name-all.o" 3 &&
		check "$name-lib.a" 3 && test "$(wc -l <"$name-lib.a.hook")" = 3
	'
	test_expect_success "$name: the reports are those of libdw's rows" '
		same "$name-prog" && same "$name-all.o" && same "$name-lib.a"
	'
done <<EOF
$CONFIGS
EOF

# gcc's cold part is linked before the function's own code: the table's
# sequences are out of address order, and sorted as libdw sorts them.
test_expect_success 'gcc: a function split hot and cold, its cold part first in the program' '
	nm dwarf5.gcc-prog >syms &&
	cold=$(awk "/ split\\.cold\$/ { print \$1 }" syms) &&
	hot=$(awk "/ split\$/ { print \$1 }" syms) &&
	test -n "$cold" && test -n "$hot" &&
	test "$(printf "%s\n%s\n" "$cold" "$hot" | sort | head -1)" = "$cold"
'

test_done
