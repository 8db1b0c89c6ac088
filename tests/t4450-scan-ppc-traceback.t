#!/bin/sh
# ppc64's traceback table is no instruction of a site (issue 31): the
# 64-bit POWER ELF ABI puts a table after every function's code -- a
# word of zeroes (an illegal instruction), then its fields; gcc 12
# writes 12 bytes by default and more with -mtraceback=full, clang 19
# ".long 0; .quad 0" -- and the line table's last row runs on over it to
# the symbol's end.  A site on that row was "unattributed: 3
# instructions at the site could not be decoded" (libbpf's
# ring__consumer_pos and feat_supported, liburing, nsync, mimalloc on
# ppc64le).  Now the table's words, read by the table's own flags to
# the function's end, are skipped unsaid; a zero word inside the code
# (asm ".long 0", more code after it) is still "not decoded", and only
# it: clang's count was 4 with the table.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu
requires powerpc64le-linux-gnu-objdump binutils-powerpc64le-linux-gnu
requires clang-19 clang-19

SRC=$RWONCE_ROOT/tests/scan/user-ppc-traceback.c
RING=$(line_of "$SRC" "return smp_load_acquire(r->consumer_pos)")
ZERO=$(line_of "$SRC" "return load_then_zero_word")
LAST=$(line_of "$SRC" "/* last store */")
RET=$(line_of "$SRC" "return READ_ONCE(cache->res[feat_id]) == 1")

# the verdict and why of the instance at line $2 of JSON $1
verdict_at() { # json line
	grep "\"line\": $2, " "$1" | sed -n 's/.*"verdict": "\([^"]*\)", "why": "\([^"]*\)".*/\1: \2/p'
}

while read -r name cc flags; do
	if ! have_cmd "$cc"; then
		test_skip "$name: the traceback table" "$(missing_why "$cc")"
		continue
	fi
	o=$TEST_TMP/$name.o
	# shellcheck disable=SC2086 # the configuration's words
	if ! $cc $flags -O2 -g -c "$SRC" -o "$o" 2>"$TEST_TMP/$name.cc"; then
		test_skip "$name: the traceback table" "$cc $flags cannot build C (see README: make deps)"
		continue
	fi
	test_expect_success "$name: the shape -- a zero word after the last branch, on the last row" '
		powerpc64le-linux-gnu-objdump -d -z -l "$o" >"$TEST_TMP/$name.dis" &&
		awk "/<feat_supported>:/ { on = 1 } on" "$TEST_TMP/$name.dis" >"$TEST_TMP/$name.feat" &&
		grep -m1 -B1 ":	00 00 00 00 	" "$TEST_TMP/$name.feat" | head -n 1 | grep -Eq "	(blr|b )" &&
		case $name in
		gcc*) last=$LAST ;;
		clang*) last=$RET ;;
		esac &&
		test "$(grep "user-ppc-traceback.c:[0-9]" "$TEST_TMP/$name.feat" | tail -n 1 | sed "s/ .*//")" = "$SRC:$last"
	'
	"$RWONCE" scan -v --no-source "$o" >"$TEST_TMP/$name.out" 2>"$TEST_TMP/$name.err"
	echo $? >"$TEST_TMP/$name.rc"
	"$RWONCE" scan --json --no-source "$o" >"$TEST_TMP/$name.json" 2>/dev/null
	test_expect_success "$name: the site whose row runs over the table is judged on its code: ok" '
		test "$(cat "$TEST_TMP/$name.rc")" = 0 &&
		case $name in
		gcc*)	test "$(verdict_at "$TEST_TMP/$name.json" "$LAST")" = "ok: compiled to one 4-byte store" ;;
		clang*)	test "$(verdict_at "$TEST_TMP/$name.json" "$RET")" = "ok: compiled to one 4-byte load" &&
			test "$(verdict_at "$TEST_TMP/$name.json" "$RING")" = "ok: compiled to one 8-byte load" ;;
		esac
	'
	test_expect_success "$name: a zero word inside the code stays not decoded, alone" '
		test "$(verdict_at "$TEST_TMP/$name.json" "$ZERO")" = "unattributed: 1 instruction at the site could not be decoded" &&
		test "$(grep -c "could not be decoded" "$TEST_TMP/$name.err")" = 1
	'
done <<EOF2
gcc-ppc64le powerpc64le-linux-gnu-gcc
gcc-ppc64le-full powerpc64le-linux-gnu-gcc -mtraceback=full
clang-ppc64le clang-19 --target=powerpc64le-linux-gnu
EOF2
test_done
