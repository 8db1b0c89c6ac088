#!/bin/sh
# volatile-wrong-level (issue 31): *(volatile void *const *)p and
# *(volatile void **)p read a pointer whose own type is not volatile -- the
# qualifier is on what it points to -- so the read is a plain load.  The
# fixture tests/audit/rules/volatile-wrong-level.c, compiled by clang-19
# -O2, shows it: pair()'s two reads of *p are one load, peek()'s discarded
# read is none.  Both engines report the four sites (not the right level
# *(void *volatile *)p, not **(volatile int **)pp whose volatile is meant
# for the int); fix puts the qualifier on the pointer read, and the fixed
# code compiles (gcc, clang-19; x86-64 and aarch64) and makes one load per
# read; a macro body is left with a note.  scan counts none of these sites
# as a once-access; it sees the real volatile cast next to them and the
# right level, right()'s *(void *volatile *)p (a volatile read of a
# pointer object, which fix turns into READ_ONCE(*p): t2550).
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
requires aarch64-linux-gnu-objdump binutils-aarch64-linux-gnu
mentions clang # the engine's name (--engine=clang), not a program run

F="$RWONCE_ROOT/tests/audit/rules/volatile-wrong-level.c"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
need_cmd clang-19

WANT='7:21 8:21 16:8 21:2'
keys() { # the line:col of each volatile-wrong-level finding, on one line
	sed -n 's/^[^:]*:\([0-9]*:[0-9]*\): error: .*\[volatile-wrong-level\]$/\1/p' "$1" | tr '\n' ' ' | sed 's/ $//'
}

test_expect_success 'lexical engine: the four wrong-level reads and writes, nothing else' "
	'$RWONCE' audit -q --no-source '$F' >'$TEST_TMP/lex.txt'; test \$? = 1 &&
	test \"\$(keys '$TEST_TMP/lex.txt')\" = '$WANT' &&
	grep -q \"put it on the pointer: '\\*(volatile void \\*const volatile \\*)p'\" '$TEST_TMP/lex.txt' &&
	grep -q \"put it on the pointer: '\\*(volatile void \\* volatile \\*)q'\" '$TEST_TMP/lex.txt'"

if "$RWONCE" audit --engine=clang -p /nonexistent 2>&1 | grep -q 'built without libclang'; then
	test_skip 'clang engine: the same four places' 'rwonce built without libclang'
else
	mkdir -p "$TEST_TMP/db"
	printf '[{"directory": "%s", "file": "%s", "arguments": ["cc", "-std=gnu11", "-c", "%s"]}]\n' \
		"$(dirname "$F")" "$F" "$F" >"$TEST_TMP/db/compile_commands.json"
	test_expect_success 'clang engine: the same four places' "
		'$RWONCE' audit -q --no-source --engine=clang -p '$TEST_TMP/db' '$F' >'$TEST_TMP/clang.txt'; test \$? = 1 &&
		test \"\$(keys '$TEST_TMP/clang.txt')\" = '$WANT'"
fi

# $1: objdump, $2: object, $3: function: its instructions
insns() {
	"$1" -d --no-show-raw-insn "$2" |
		awk -v f="<$3>:" '$2 == f { on = 1; next } on && /^$/ { exit } on'
}
count() { # pattern file
	grep -cE "$1" "$2"
}

test_expect_success 'clang-19 -O2 x86-64: the two reads of *p are one load, the discarded one none' "
	clang-19 -std=gnu11 -O2 -c -o '$TEST_TMP/orig.o' '$F' &&
	insns objdump '$TEST_TMP/orig.o' pair >'$TEST_TMP/orig-pair.s' &&
	insns objdump '$TEST_TMP/orig.o' peek >'$TEST_TMP/orig-peek.s' &&
	test \$(count 'mov +\\(%rdi\\),' '$TEST_TMP/orig-pair.s') = 1 &&
	test \$(count '\\(%rdi\\)' '$TEST_TMP/orig-peek.s') = 0"

mkdir -p "$TEST_TMP/fixed"
cp "$F" "$TEST_TMP/fixed/"
test_expect_success 'fix puts volatile on the pointer read at the four sites' "
	cd '$TEST_TMP/fixed' && '$RWONCE' fix volatile-wrong-level.c >'$TEST_TMP/fix.diff' 2>'$TEST_TMP/fix.err';
	test \$? = 1 &&
	test \$(grep -c '^+.*volatile void \\*const volatile \\*)p;' '$TEST_TMP/fix.diff') = 2 &&
	test \$(grep -c '^+.*(volatile void \\*volatile \\*)[pq]' '$TEST_TMP/fix.diff') = 2 &&
	test \$(grep -c '^+	return READ_ONCE(\\*p);' '$TEST_TMP/fix.diff') = 1 &&
	test \$(grep -c '^-' '$TEST_TMP/fix.diff') = 6 &&
	grep -q '^+#include <rwonce.h>' '$TEST_TMP/fix.diff' &&
	'$RWONCE' fix -q --in-place volatile-wrong-level.c; test \$? = 1 &&
	'$RWONCE' audit -q volatile-wrong-level.c | grep -c '\\[volatile-wrong-level\\]' | grep -qx 0"

for cc in gcc clang-19; do
	test_expect_success "$cc -O2 x86-64: the fixed code compiles and reads each pointer once per read" "
		$cc -std=gnu11 -O2 -Wall -Werror -I'$RWONCE_ROOT/include' -c -o '$TEST_TMP/fixed-$cc.o' '$TEST_TMP/fixed/volatile-wrong-level.c' &&
		insns objdump '$TEST_TMP/fixed-$cc.o' pair >'$TEST_TMP/$cc-pair.s' &&
		insns objdump '$TEST_TMP/fixed-$cc.o' peek >'$TEST_TMP/$cc-peek.s' &&
		test \$(count 'mov +\\(%rdi\\),' '$TEST_TMP/$cc-pair.s') = 2 &&
		test \$(count 'mov +\\(%rdi\\),' '$TEST_TMP/$cc-peek.s') = 1"
done
for cc in aarch64-linux-gnu-gcc clang-19; do
	a64cc=$cc
	[ $cc = clang-19 ] && a64cc="clang-19 --target=aarch64-linux-gnu"
	if ! have_cmd aarch64-linux-gnu-objdump || ! have_cmd aarch64-linux-gnu-gcc; then
		test_skip "$cc aarch64: the fixed code reads each pointer once per read" \
			"$(missing_why aarch64-linux-gnu-gcc aarch64-linux-gnu-objdump)"
		continue
	fi
	test_expect_success "$cc aarch64: the fixed code reads each pointer once per read" "
		$a64cc -std=gnu11 -O2 -Wall -Werror -I'$RWONCE_ROOT/include' -c -o '$TEST_TMP/a64-$cc.o' '$TEST_TMP/fixed/volatile-wrong-level.c' &&
		insns aarch64-linux-gnu-objdump '$TEST_TMP/a64-$cc.o' pair >'$TEST_TMP/a64-$cc-pair.s' &&
		insns aarch64-linux-gnu-objdump '$TEST_TMP/a64-$cc.o' peek >'$TEST_TMP/a64-$cc-peek.s' &&
		test \$(count 'ldr[[:space:]]+(x[0-9]+|xzr), \\[x[0-9]+\\]' '$TEST_TMP/a64-$cc-pair.s') = 2 &&
		test \$(count 'ldr[[:space:]]+(x[0-9]+|xzr), \\[x[0-9]+\\]' '$TEST_TMP/a64-$cc-peek.s') = 1"
done

# A macro body: reported, left by fix with the reason.
printf '#define LOAD_PTR(p) (*(volatile void *const *)(p))\n' >"$TEST_TMP/macro.c"
test_expect_success 'a macro body: reported, and left by fix with a note' "
	cd '$TEST_TMP' && '$RWONCE' audit -q --no-source macro.c | grep -q '1:22: error: .*\\[volatile-wrong-level\\]' &&
	'$RWONCE' fix macro.c >macro.diff 2>macro.err; test \$? = 1 && test ! -s macro.diff &&
	grep -q 'volatile on the wrong level left unchanged: inside a macro body' macro.err"

# scan: a wrong-level site is a plain access, not a once-access; the real
# volatile cast appended and right()'s read of the pointer are the sites.
cp "$F" "$TEST_TMP/scan.c"
printf 'int flag;\nint get_flag(void)\n{\n\treturn *(volatile int *)&flag;\n}\n' >>"$TEST_TMP/scan.c"
if [ -e "$RWONCE_BUILD/rwonce-scan.so" ]; then
	test_expect_success 'scan: the wrong-level sites are no once-access; the real cast and the right level are the sites' "
		clang-19 -std=gnu11 -g -O2 -c -o '$TEST_TMP/scan.o' '$TEST_TMP/scan.c' &&
		'$RWONCE' scan --json '$TEST_TMP/scan.o' >'$TEST_TMP/scan.json' &&
		grep -q '\"sites\": 2,' '$TEST_TMP/scan.json' &&
		test \$(grep -c '\"line\": [0-9]*, \"column\"' '$TEST_TMP/scan.json') = 2 &&
		grep -q '\"line\": $(grep -n 'return \*(void \*volatile \*)p;' "$F" | cut -d: -f1), \"column\": 9, .*\"verdict\": \"ok\"' '$TEST_TMP/scan.json' &&
		grep -q '\"line\": $(($(wc -l <"$F") + 4)), \"column\"' '$TEST_TMP/scan.json'"
else
	test_skip 'scan: the wrong-level sites are no once-access; the real cast and the right level are the sites' 'rwonce-scan.so not built'
fi

test_done
