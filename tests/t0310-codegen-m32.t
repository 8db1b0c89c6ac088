#!/bin/sh
#
# Code generation for 8-byte objects on i386 (-m32), from the same
# tests/library/codegen.c as t0300, for the two opt-ins:
#
#   RWONCE_ATOMIC64        READ_ONCE/WRITE_ONCE of a uint64_t, a double and
#                          a two-field 8-byte struct: exactly ONE 8-byte
#                          memory instruction (measured: x87 fild/fistp),
#                          at -O0 -O1 -O2 -O3 -Os
#   RWONCE_ALLOW_TEARING   at -O1 and above: exactly two 4-byte accesses,
#                          the lower address first, as documented; at -O0
#                          one call of the header's out-of-line helper.
#                          ACCESS_ONCE of a uint64_t is a plain volatile
#                          lvalue: two 4-byte accesses in an order the
#                          compiler picks (reported, not asserted).

. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/library/compilers.sh"

case $(uname -m) in
x86_64) ;;
*) skip_all "codegen expectations are for x86-64 hosts; this is $(uname -m)" ;;
esac
need_cmd perl

SRC=$RWONCE_ROOT/tests/library/codegen.c
PARSE=$RWONCE_ROOT/tests/library/asm-accesses.pl
CCS=${RWONCE_CODEGEN_CCS:-"gcc-12 gcc-11 clang-14 clang-16 clang-19"}

compile() { # cc opt define -> regions file path, or empty
	asm=$TEST_TMP/$1$2$3.s
	if LC_ALL=C $1 -m32 $2 -D$3 -std=gnu11 -Wall -Wextra -Werror \
		-I"$RWONCE_ROOT/include" -S -o "$asm" "$SRC" >"$asm.err" 2>&1; then
		perl "$PARSE" "$asm" >"$asm.regions"
		echo "$asm.regions"
	else
		sed 's/^/#   /' "$asm.err" | head -n 20 >&2
	fi
}

# region FILE NAME: prints "count widths instructions"
region() {
	sed -n "s/^$2 //p" "$1"
}

for cc in $CCS; do
	if ! have_cmd "$cc"; then
		test_skip "$cc -m32 codegen" "$(missing_why "$cc")"
		continue
	fi
	if ! can_compile_with "$cc" -m32; then
		test_skip "$cc -m32 codegen" "$cc cannot compile -m32 here (no 32-bit headers for it)"
		continue
	fi
	for opt in -O0 -O1 -O2 -O3 -Os; do
		r=$(compile "$cc" "$opt" RWONCE_ATOMIC64)
		if [ -z "$r" ]; then
			_tap_result 1 "$cc -m32 $opt RWONCE_ATOMIC64: codegen.c compiles"
			continue
		fi
		for obj in u64 double two8; do
			problems=
			for k in rd wr; do
				got=$(region "$r" "${k}_$obj")
				case $got in
				"1 8 "*) ;;
				*) problems="$problems ${k}_$obj: '$got';" ;;
				esac
				if [ "$opt" != -O0 ]; then
					case $got in
					*"obj_$obj@GOTOFF("*) ;;
					*) problems="$problems ${k}_$obj does not name obj_$obj: '$got';" ;;
					esac
				fi
			done
			if [ -z "$problems" ]; then
				_tap_result 0 "$cc -m32 $opt RWONCE_ATOMIC64 $obj: rd/wr each 1 access of 8 bytes ($(region "$r" "rd_$obj" | cut -d' ' -f3))"
			else
				_tap_result 1 "$cc -m32 $opt RWONCE_ATOMIC64 $obj"
				diag "$problems"
			fi
		done
	done
	for opt in -O0 -O1 -O2 -O3 -Os; do
		r=$(compile "$cc" "$opt" RWONCE_ALLOW_TEARING)
		if [ -z "$r" ]; then
			_tap_result 1 "$cc -m32 $opt RWONCE_ALLOW_TEARING: codegen.c compiles"
			continue
		fi
		for obj in u64 double two8; do
			problems=
			for k in rd wr; do
				got=$(region "$r" "${k}_$obj")
				if [ "$opt" = -O0 ]; then
					case $got in
					"1 call "*rwonce__*_torn) ;;
					*) problems="$problems ${k}_$obj: '$got';" ;;
					esac
					continue
				fi
				# Two 4-byte accesses; the first names the object at
				# offset 0, the second at offset 4.
				first=$(echo "$got" | sed 's/^[^ ]* [^ ]* //; s/ ; .*//')
				second=$(echo "$got" | sed 's/.* ; //')
				case $got in
				"2 4,4 "*) ;;
				*) problems="$problems ${k}_$obj: '$got';" ;;
				esac
				case $first in
				*"4+obj_$obj"*|*"obj_$obj@GOTOFF+4"*) problems="$problems ${k}_$obj: upper half first: '$got';" ;;
				*"obj_$obj@GOTOFF("*) ;;
				*) problems="$problems ${k}_$obj: first access is not obj_$obj: '$got';" ;;
				esac
				case $second in
				*"4+obj_$obj@GOTOFF("*|*"obj_$obj@GOTOFF+4("*) ;;
				*) problems="$problems ${k}_$obj: second access is not obj_$obj+4: '$got';" ;;
				esac
			done
			if [ -z "$problems" ]; then
				if [ "$opt" = -O0 ]; then what="one call of the torn helper"; else what="2 accesses of 4 bytes, lower address first"; fi
				_tap_result 0 "$cc -m32 $opt RWONCE_ALLOW_TEARING $obj: rd/wr each $what"
			else
				_tap_result 1 "$cc -m32 $opt RWONCE_ALLOW_TEARING $obj"
				diag "$problems"
			fi
		done
		for k in ard awr; do
			got=$(region "$r" "${k}_u64")
			case $got in
			"2 4,4 "*)
				_tap_result 0 "$cc -m32 $opt RWONCE_ALLOW_TEARING ${k}_u64: 2 accesses of 4 bytes"
				diag "order chosen by $cc $opt: ${got#2 4,4 }"
				;;
			*)
				_tap_result 1 "$cc -m32 $opt RWONCE_ALLOW_TEARING ${k}_u64"
				diag "got '$got'"
				;;
			esac
		done
	done
done

test_done
