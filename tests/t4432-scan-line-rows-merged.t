#!/bin/sh
# A unit's line-table rows are put in libdw's order (by address, an end
# of sequence before a row at the same address, otherwise the program's
# order) as scan decodes them.  When the unit's sequences interleave --
# a program linked with --gc-sections, whose dropped functions'
# sequences all start at address 0, as 559 units of Debian's vmlinux do
# -- the sequences are merged two by two, the earlier one first at equal
# rows (issue 35: sorting every row's key with qsort was 1.5% of a
# vmlinux scan).  The test hook RWONCE_TEST_SCAN_LINES_CHECK reads every
# table through libdw too, says how many units differ (none may) and how
# each unit's rows were put in order; here many sequences at address 0,
# of many lengths and an odd number of them, are merged, by gcc and
# clang, DWARF 4 and 5.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
requires clang clang

cd "$TEST_TMP" || exit 1
{
	echo '#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))'
	echo 'struct s { int a; long b; };'
	echo 'struct s s;'
	# 23 functions no one calls, each longer than the one before
	i=1
	while [ $i -le 23 ]; do
		echo "long dropped$i(long y) { long r = READ_ONCE(s.b);"
		j=0
		while [ $j -lt $i ]; do
			echo "	if (y > $j) r += READ_ONCE(s.a) * y;"
			j=$((j + 1))
		done
		echo "	return r; }"
		i=$((i + 1))
	done
	echo 'int used(int z) { return READ_ONCE(s.a) + z; }'
	echo 'int main(int c, char **v) { (void)v; return used(c); }'
} >gc.c

hook() { # FILE: the hook's two lines for the scan of FILE
	RWONCE_TEST_SCAN_LINES_CHECK=1 "$RWONCE" scan --no-progress -j 1 \
		"$1" >"$1.out" 2>"$1.err"
	grep "^rwonce: test: $1: \(line tables of [1-9]\|rows of \)" "$1.err"
}

for cc in gcc clang; do
	for v in 4 5; do
		test_expect_success "$cc -gdwarf-$v --gc-sections: sequences at address 0 merged, the rows libdw's" '
			$cc -O2 -gdwarf-$v -ffunction-sections -Wl,--gc-sections \
				gc.c -o gc-$cc-$v &&
			hook gc-$cc-$v >got &&
			cat got &&
			printf "%s\n" \
				"rwonce: test: gc-$cc-$v: line tables of 1 unit decoded here, 0 left to libdw, 0 decoded otherwise than libdw" \
				"rwonce: test: gc-$cc-$v: rows of 0 units in the order of the program, 0 put in order by moving sequences, 1 by merging them" \
				>want &&
			cmp want got
		'
	done
done

# gcc puts main in .text.startup, linked before .text: two sequences out
# of order that do not interleave, moved whole; without that, in order
test_expect_success 'sequences out of order but apart: moved whole; in order: left' '
	gcc -O2 -gdwarf-5 gc.c -o apart &&
	hook apart >got &&
	grep -q "^rwonce: test: apart: rows of 0 units in the order of the program, 1 put in order by moving sequences, 0 by merging them$" got &&
	grep -q "^rwonce: test: apart: line tables of 1 unit decoded here, 0 left to libdw, 0 decoded otherwise than libdw$" got &&
	gcc -O2 -gdwarf-5 -fno-reorder-functions gc.c -o plain &&
	hook plain >got &&
	grep -q "^rwonce: test: plain: rows of 1 unit in the order of the program, 0 put in order by moving sequences, 0 by merging them$" got &&
	grep -q "^rwonce: test: plain: line tables of 1 unit decoded here, 0 left to libdw, 0 decoded otherwise than libdw$" got
'

test_done
