#!/bin/sh
# capstone's answer for an instruction's bytes is kept and given again for
# the next instruction of the same bytes (src/scan/insn-memo.h): of the
# 956,000 instructions a scan of Debian's 6.1 vmlinux decodes, 63% have
# the bytes of one decoded before (issue 35).  Only an answer that does
# not depend on the address is kept (x86: no branch, no %rip operand).
# The test hook RWONCE_TEST_SCAN_INSN_MEMO=check makes the table at the
# first instruction, decodes every instruction it serves with capstone
# too and counts those that differ; =off leaves every instruction to
# capstone.  The reports, every decoded access (-vv) included, must be
# the same both ways: objects, a program and an archive, x86-64 and
# i386, gcc and clang.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
requires clang clang
requires ar binutils

cd "$TEST_TMP" || exit 1
probe_main_c main.c

scan() { # NAME FILE...: -vv text, JSON, stderr (the hook's lines apart), status
	name=$1
	shift
	"$RWONCE" scan $RAW_MACROS --no-progress -vv --color=never -j 1 \
		--output "json=$name.json" "$@" >"$name.out" 2>"$name.all"
	echo $? >"$name.rc"
	grep -v '^rwonce: test: .*instruction memo' "$name.all" >"$name.err"
	grep '^rwonce: test: .*instruction memo' "$name.all" >"$name.memo"
	: # (no such lines: an empty file)
}

same() { # A B
	for ext in out json rc err; do
		cmp "$1.$ext" "$2.$ext" || return 1
	done
}

build() { # CC M: objects, a program of them, an archive; their names in $files
	cc=$1 m=$2
	files=
	for f in probes/controls.c tests/scan/kernel-shape.c \
		 tests/scan/two-sites.c tests/scan/writes.c; do
		o=$cc$m-$(basename "$f" .c).o
		$cc -O2 -g $m -fno-pic -I"$RWONCE_ROOT/probes" \
			-I"$RWONCE_ROOT/include" \
			-c "$RWONCE_ROOT/$f" -o "$o" || return 1
		files="$files $o"
	done
	$cc -O2 -g $m -c main.c -o $cc$m-main.o &&
	$cc -O2 -g $m -no-pie -o $cc$m-prog $files $cc$m-main.o &&
	ar rcs $cc$m.a $files &&
	files="$cc$m-prog $cc$m.a $files"
}

for cc in gcc clang; do
	test_expect_success "$cc x86-64: answers from the memo, none other than capstone's; the same reports" '
		build $cc -m64 &&
		RWONCE_TEST_SCAN_INSN_MEMO=check scan $cc-memo $files &&
		RWONCE_TEST_SCAN_INSN_MEMO=off scan $cc-capstone $files &&
		same $cc-memo $cc-capstone &&
		grep -q "; [1-9][0-9]* site instances: ok [1-9]" $cc-memo.err &&
		! test -s $cc-capstone.memo &&
		# every image says, and none gave what capstone does not
		test "$(grep -c "instruction memo:" $cc-memo.memo)" -ge 6 &&
		! grep -v " 0 of them not what capstone gives" $cc-memo.memo &&
		# the memo served instructions (a program has its repeats)
		grep -q "prog: instruction memo: [0-9]* decoded by capstone, [1-9][0-9]* from the memo" $cc-memo.memo
	'
done

if printf 'int x;\n' | gcc -m32 -x c -c -o /dev/null - 2>/dev/null; then
	test_expect_success 'gcc i386: the same reports with the memo and without' '
		build gcc -m32 &&
		RWONCE_TEST_SCAN_INSN_MEMO=check scan i386-memo $files &&
		RWONCE_TEST_SCAN_INSN_MEMO=off scan i386-capstone $files &&
		same i386-memo i386-capstone &&
		! grep -v " 0 of them not what capstone gives" i386-memo.memo &&
		grep -q "prog: instruction memo: [0-9]* decoded by capstone, [1-9][0-9]* from the memo" i386-memo.memo
	'
else
	test_skip 'gcc i386: the same reports with the memo and without' \
		'gcc -m32 cannot build here (package libc6-dev-i386)'
fi

test_done
