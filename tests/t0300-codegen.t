#!/bin/sh
#
# Code generation on x86-64: every READ_ONCE, WRITE_ONCE and ACCESS_ONCE in
# tests/library/codegen.c must be exactly ONE memory instruction of the
# object's width, for scalars of 1, 2, 4 and 8 bytes and for two-field
# structs of 2, 4 and 8 bytes, with gcc and clang at -O0 -O1 -O2 -O3 -Os
# (and with RWONCE_BACKEND_ATOMIC at -O0 and -O2).  At -O1 and above the
# instruction must name the object itself, as sym(%rip).
#
# The contrast, asserted as measured: a plain volatile read of the same
# two-field struct, *(volatile struct two8 *)&x, is one access with gcc,
# but clang 14/16/19 split it into one load per field at -O1 and above.
#
# tcc cannot emit assembly (-S); it is left out here.

. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/library/compilers.sh"

case $(uname -m) in
x86_64) ;;
*) skip_all "codegen expectations are for x86-64; this is $(uname -m)" ;;
esac
need_cmd perl

SRC=$RWONCE_ROOT/tests/library/codegen.c
PARSE=$RWONCE_ROOT/tests/library/asm-accesses.pl
CCS=${RWONCE_CODEGEN_CCS:-"gcc-12 gcc-11 clang-14 clang-16 clang-19"}

# object size kinds
OBJECTS="u8:1:rd,wr,ard,awr u16:2:rd,wr,ard,awr u32:4:rd,wr,ard,awr
u64:8:rd,wr,ard,awr ptr:8:rd,wr,ard,awr float:4:rd,wr double:8:rd,wr
two2:2:rd,wr two4:4:rd,wr two8:8:rd,wr"

# check_region FILE NAME SIZE OPT: prints the problem, if any.
check_region() {
	name=$2 size=$3 opt=$4
	line=$(grep "^$name " "$1")
	if [ -z "$line" ]; then
		echo "$name: no marked region in the assembly"
		return
	fi
	set -- $line # name count widths instructions...
	if [ "$2" != 1 ] || [ "$3" != "$size" ]; then
		echo "$name: expected 1 access of $size bytes, got $2 (widths $3): ${line#* * * }"
		return
	fi
	if [ "$opt" != -O0 ]; then
		obj=obj_${name#*_}
		case $line in
		*" $obj(%rip)"*|*",$obj(%rip)"*) ;;
		*) echo "$name: the access does not name $obj(%rip): $line" ;;
		esac
	fi
}

run_config() { # cc opt extra-flags label-suffix
	cc=$1 opt=$2 extra=$3 suffix=$4
	asm=$TEST_TMP/$cc$opt$suffix.s
	if ! LC_ALL=C $cc $opt -std=gnu11 -Wall -Wextra -Werror $extra \
		-I"$RWONCE_ROOT/include" -S -o "$asm" "$SRC" >"$TEST_TMP/cc.out" 2>&1; then
		_tap_result 1 "$cc $opt$suffix: compiles codegen.c"
		sed 's/^/#   /' "$TEST_TMP/cc.out" | head -n 20
		return
	fi
	perl "$PARSE" "$asm" >"$asm.regions"
	for spec in $OBJECTS; do
		obj=${spec%%:*}
		rest=${spec#*:}
		size=${rest%%:*}
		kinds=$(echo "${rest#*:}" | tr , ' ')
		problems=
		for k in $kinds; do
			p=$(check_region "$asm.regions" "${k}_$obj" "$size" "$opt")
			problems="$problems${p:+$p
}"
		done
		if [ -z "$problems" ]; then
			_tap_result 0 "$cc $opt$suffix $obj: $(echo $kinds | tr ' ' /) each 1 access of $size bytes"
		else
			_tap_result 1 "$cc $opt$suffix $obj"
			printf '%s' "$problems" | sed 's/^/#   /'
		fi
	done
}

# The plain volatile aggregate read, as measured on Debian 12:
# gcc 11/12 one access at every level; clang 14/16/19 one access at -O0,
# one load per field at -O1 and above.
check_contrast() { # cc opt
	asm=$TEST_TMP/$1$2.s
	for spec in two2:2 two4:4 two8:8; do
		obj=${spec%:*}
		size=${spec#*:}
		half=$((size / 2))
		case $(compiler_family "$1"):$2 in
		clang:-O0|gcc:*) want="1 $size" ;;
		clang:*) want="2 $half,$half" ;;
		esac
		got=$(grep "^raw_$obj " "$asm.regions" | cut -d' ' -f2-3)
		if [ "$got" = "$want" ]; then
			_tap_result 0 "$1 $2 contrast: *(volatile struct $obj *) is $(echo "$want" | sed 's/^1 /1 access of /; s/^2 \([0-9]*\),.*/2 accesses of \1 bytes (split per field)/')"
		else
			_tap_result 1 "$1 $2 contrast: *(volatile struct $obj *)"
			diag "measured before: '$want' (count widths), now: '$got'"
			grep "^raw_$obj " "$asm.regions" | sed 's/^/#   /'
		fi
	done
}

for cc in $CCS; do
	if ! have_cmd "$cc"; then
		test_skip "$cc codegen" "$(missing_why "$cc")"
		continue
	fi
	for opt in -O0 -O1 -O2 -O3 -Os; do
		run_config "$cc" "$opt" "" ""
		[ -f "$TEST_TMP/$cc$opt.s.regions" ] && check_contrast "$cc" "$opt"
	done
	for opt in -O0 -O2; do
		run_config "$cc" "$opt" -DRWONCE_BACKEND_ATOMIC " RWONCE_BACKEND_ATOMIC"
	done
done

test_done
