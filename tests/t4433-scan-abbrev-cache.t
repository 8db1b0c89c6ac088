#!/bin/sh
# A walk over a unit's DIEs asks each DIE's tag, and libdw 0.188 finds a
# DIE's abbreviation in a table behind a read-write lock, once for every
# DIE -- a kernel unit's tens of thousands of children (issue 35: 2-3%
# of scanning Debian's vmlinux in the lock alone).  scan keeps, per
# unit, the abbreviation libdw found for each one-byte code and hands it
# to the next DIE of that code (unit_die_tag, src/elf/dwarf-children.c).
# The test hook RWONCE_TEST_SCAN_NO_ABBREV_CACHE leaves every DIE to
# libdw; the reports must be the same, every decoded access (-vv)
# included: objects, a program of five units and an archive, by gcc and
# clang, DWARF 4 and 5.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
requires clang clang
requires ar binutils

cd "$TEST_TMP" || exit 1
probe_main_c main.c

scan() { # NAME FILE... [-- ENV...]: -vv text, JSON, stderr, status
	name=$1
	shift
	env $ENVS "$RWONCE" scan $RAW_MACROS --no-progress -vv --color=never \
		-j 1 --output "json=$name.json" "$@" >"$name.out" 2>"$name.err"
	echo $? >"$name.rc"
}

same() { # A B
	for ext in out json rc err; do
		cmp "$1.$ext" "$2.$ext" || return 1
	done
}

for cc in gcc clang; do
	for v in 4 5; do
		test_expect_success "$cc -gdwarf-$v: the same reports with each DIE's abbreviation left to libdw" '
			set -- &&
			for f in probes/controls.c tests/scan/kernel-shape.c \
				 tests/scan/two-sites.c tests/scan/writes.c; do
				o=$cc-$v-$(basename "$f" .c).o &&
				$cc -O2 -gdwarf-$v -fno-pic -I"$RWONCE_ROOT/probes" \
					-I"$RWONCE_ROOT/include" \
					-c "$RWONCE_ROOT/$f" -o "$o" &&
				set -- "$@" "$o" || return 1
			done &&
			$cc -O2 -gdwarf-$v -c main.c -o $cc-$v-main.o &&
			$cc -O2 -gdwarf-$v -no-pie -o $cc-$v-prog "$@" $cc-$v-main.o &&
			ar rcs $cc-$v.a "$@" &&
			ENVS= scan $cc-$v-kept $cc-$v-prog $cc-$v.a "$@" &&
			ENVS=RWONCE_TEST_SCAN_NO_ABBREV_CACHE=1 \
				scan $cc-$v-libdw $cc-$v-prog $cc-$v.a "$@" &&
			same $cc-$v-kept $cc-$v-libdw &&
			grep -q "; [1-9][0-9]* site instances: ok [1-9]" $cc-$v-kept.err
		'
	done
done

test_done
