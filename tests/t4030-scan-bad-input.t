#!/bin/sh
# rwonce scan on input it cannot (fully) use: each case gets a clear
# message naming the file and what is wrong, the rest of the run goes on
# and its findings are printed, and the exit status is 2 when any input
# named could not be checked (--allow-unchecked: by the findings, as long
# as something was checked).  Objects with nothing to check (data only,
# assembly only, an empty archive) are said, and are no trouble among
# others.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd clang gcc

SRC=$RWONCE_ROOT/tests/scan/kernel-shape.c
mkdir -p "$TEST_TMP/src" "$TEST_TMP/moved"
cp "$SRC" "$TEST_TMP/src/k.c"
(cd "$TEST_TMP/src" && clang -O2 -g -c k.c -o ../k.o && touch -r k.c ../k.o)
GOOD=$TEST_TMP/k.o
# the same source built by gcc: every site ok (exit 0 alone)
(cd "$TEST_TMP/src" && gcc -O2 -g -c k.c -o ../clean.o)
CLEAN=$TEST_TMP/clean.o

scan_fails() { # file regex: exit 2, the message on stderr
	"$RWONCE" scan "$1" >"$TEST_TMP/out" 2>"$TEST_TMP/err"
	test $? = 2 && grep -Eq -e "$2" "$TEST_TMP/err" && test ! -s "$TEST_TMP/out"
}

test_expect_success 'a stripped binary: build with -g, exit 2' '
	gcc -O2 -g "$RWONCE_ROOT/tests/scan/kernel-shape.c" -c -o "$TEST_TMP/s.o" &&
	strip -g "$TEST_TMP/s.o" &&
	scan_fails "$TEST_TMP/s.o" "rwonce: error: .*s\.o: no DWARF line tables for its code: nothing to check; build with -g"
'

# Objects with nothing to check, each told apart: data only (built with
# -g: the advice to build with -g would be wrong), assembly without -g,
# assembly with -g (line tables, but of the .S only).
printf 'const int table[4] = { 1, 2, 3, 4 };\nint counter = 5;\n' >"$TEST_TMP/data.c"
printf '\t.text\n\t.globl f\nf:\n\tret\n' >"$TEST_TMP/asm.S"

test_expect_success 'a data-only object built with -g: no code, nothing to check, exit 2' '
	gcc -O2 -g -c "$TEST_TMP/data.c" -o "$TEST_TMP/data.o" &&
	scan_fails "$TEST_TMP/data.o" "data\.o: no code \(no executable section with contents\): nothing to check" &&
	! grep -q "build with -g" "$TEST_TMP/err"
'

test_expect_success 'an object from assembly without -g: no line tables for its code, exit 2' '
	gcc -c "$TEST_TMP/asm.S" -o "$TEST_TMP/asm.o" &&
	scan_fails "$TEST_TMP/asm.o" "asm\.o: no DWARF line tables for its code: nothing to check; build with -g"
'

test_expect_success 'an object from assembly with -g (gas, clang): assembly only, exit 2' '
	gcc -g -c "$TEST_TMP/asm.S" -o "$TEST_TMP/asm-g.o" &&
	scan_fails "$TEST_TMP/asm-g.o" "asm-g\.o: its line tables are those of assembly sources only \(DW_AT_language: assembler\): no once-access sites to check" &&
	grep -q "0 of 1 file checked" "$TEST_TMP/err" &&
	clang -g -c "$TEST_TMP/asm.S" -o "$TEST_TMP/asm-cg.o" &&
	scan_fails "$TEST_TMP/asm-cg.o" "asm-cg\.o: its line tables are those of assembly sources only"
'

test_expect_success 'assembly and data objects among a good one: said for each, no trouble, the good one checked' '
	{ "$RWONCE" scan "$TEST_TMP/asm-g.o" "$GOOD" "$TEST_TMP/data.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	grep -q "asm-g\.o: its line tables are those of assembly sources only" "$TEST_TMP/err" &&
	grep -q "data\.o: no code" "$TEST_TMP/err" &&
	grep -q "1 of 3 files checked, 2 with nothing to check" "$TEST_TMP/err" &&
	test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 2 &&
	"$RWONCE" scan "$TEST_TMP/asm-g.o" "$CLEAN" "$TEST_TMP/data.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"
'

test_expect_success 'a file that is not ELF, exit 2' '
	echo "not an object" >"$TEST_TMP/x.o" &&
	scan_fails "$TEST_TMP/x.o" "rwonce: error: .*x\.o: not an ELF file or a static archive"
'

test_expect_success 'a missing file, exit 2' '
	scan_fails "$TEST_TMP/nothere.o" "rwonce: error: .*nothere\.o: cannot read: No such file"
'

test_expect_success 'a clean object alone: exit 0; with a missing one (a typo in a list): exit 2' '
	"$RWONCE" scan "$CLEAN" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	{ "$RWONCE" scan "$CLEAN" "$TEST_TMP/nothere.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	grep -q "rwonce: error: .*nothere\.o: cannot read: No such file" "$TEST_TMP/err" &&
	grep -q "1 of 2 files checked, 1 that could not be checked" "$TEST_TMP/err" &&
	{ "$RWONCE" scan "$TEST_TMP/nothere.o" "$CLEAN" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; }
'

test_expect_success '--allow-unchecked: exit by the findings, the missing file still named' '
	"$RWONCE" scan --allow-unchecked "$CLEAN" "$TEST_TMP/nothere.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "nothere\.o: cannot read" "$TEST_TMP/err" &&
	{ "$RWONCE" scan --allow-unchecked "$GOOD" "$TEST_TMP/nothere.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 2 &&
	{ "$RWONCE" scan --allow-unchecked "$TEST_TMP/nothere.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; }
'

test_expect_success 'a truncated ELF (header cut, then sections cut), exit 2' '
	head -c 40 "$GOOD" >"$TEST_TMP/t1.o" &&
	scan_fails "$TEST_TMP/t1.o" "t1\.o: truncated or damaged ELF header" &&
	head -c 2000 "$GOOD" >"$TEST_TMP/t2.o" &&
	scan_fails "$TEST_TMP/t2.o" "t2\.o: truncated ELF: its section headers end at byte [0-9]+, the file at 2000"
'

test_expect_success 'an unsupported machine (e_machine patched to 0x1234), exit 2' '
	cp "$GOOD" "$TEST_TMP/m.o" &&
	printf "\064\022" | dd of="$TEST_TMP/m.o" bs=1 seek=18 conv=notrunc 2>/dev/null &&
	scan_fails "$TEST_TMP/m.o" "m\.o: unsupported machine \(ELF e_machine 4660\)"
'

# riscv64, which capstone 4.0.2 cannot decode, is no trouble: LLVM's
# disassembler reads it (t4100).  clang builds the header-free fixture
# for riscv64 without its C library.
clang --target=riscv64-linux-gnu -ffreestanding -O2 -g -c "$SRC" -o "$TEST_TMP/rv.o"
test_expect_success 'riscv64 among x86-64 objects: both checked, exit by the findings' '
	{ "$RWONCE" scan "$GOOD" "$TEST_TMP/rv.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	! grep -q "cannot be disassembled\|could not be checked" "$TEST_TMP/err" &&
	grep -q "2 of 2 files checked" "$TEST_TMP/err" &&
	test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 4 &&
	grep -q "note: in .*rv\.o, function .ticket_is_locked." "$TEST_TMP/out"
'

requires mips64el-linux-gnuabi64-gcc gcc-mips64el-linux-gnuabi64
if have_cmd mips64el-linux-gnuabi64-gcc; then
	test_expect_success 'a MIPS object: elfutils cannot relocate its DWARF, said so, exit 2' '
		mips64el-linux-gnuabi64-gcc -O2 -g -c "$SRC" -o "$TEST_TMP/mips.o" &&
		scan_fails "$TEST_TMP/mips.o" "mips\.o: a MIPS relocatable object cannot be read: elfutils [0-9.]* has no MIPS backend"
	'
else
	test_skip 'MIPS object' "$(missing_why mips64el-linux-gnuabi64-gcc)"
fi

test_expect_success 'an empty archive: nothing to check, exit 2 when alone' '
	rm -f "$TEST_TMP/e.a" && ar rc "$TEST_TMP/e.a" &&
	scan_fails "$TEST_TMP/e.a" "e\.a: an archive with no ELF members"
'

test_expect_success 'an archive: each member scanned, findings name it' '
	rm -f "$TEST_TMP/l.a" && (cd "$TEST_TMP" && ar rc l.a k.o) &&
	{ "$RWONCE" scan "$TEST_TMP/l.a" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	grep -q "note: in .*l\.a(k\.o), function .ticket_is_locked." "$TEST_TMP/out" &&
	test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 2
'

test_expect_success 'sources that are not there: said per source, exit 2' '
	mv "$TEST_TMP/src/k.c" "$TEST_TMP/moved/k.c" &&
	scan_fails "$GOOD" "rwonce: error: .*k\.o: source .*/src/k\.c. named by its line table cannot be read \(No such file or directory\): its sites are not checked" &&
	grep -q "1 source not found" "$TEST_TMP/err"
'

test_expect_success '--sources DIR finds them where they moved' '
	{ "$RWONCE" scan --sources "$TEST_TMP/moved" "$GOOD" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	test "$(grep -c "moved/k.c:[0-9]*:[0-9]*: error: .*scan-torn" "$TEST_TMP/out")" = 2 &&
	! grep -q "not found" "$TEST_TMP/err"
'

test_expect_success 'a source touched since the build, its text the same: nothing to say' '
	mv "$TEST_TMP/moved/k.c" "$TEST_TMP/src/k.c" &&
	touch -d "+1 hour" "$TEST_TMP/src/k.c" &&
	{ "$RWONCE" scan "$GOOD" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	! grep -q "match" "$TEST_TMP/err" &&
	test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 2
'

test_expect_success 'one bad file among good ones: error for it, the others checked and reported, exit 2' '
	{ "$RWONCE" scan "$TEST_TMP/x.o" "$GOOD" "$TEST_TMP/e.a" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	grep -q "x\.o: not an ELF" "$TEST_TMP/err" &&
	grep -q "e\.a: an archive with no ELF members" "$TEST_TMP/err" &&
	grep -q "1 of 3 files checked, 1 with nothing to check, 1 that could not be checked" "$TEST_TMP/err" &&
	test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 2
'

test_expect_success '-p: the objects a compile_commands.json names' '
	cat >"$TEST_TMP/compile_commands.json" <<-JSON &&
	[
	  { "directory": "$TEST_TMP", "file": "src/k.c",
	    "command": "clang -O2 -g -c src/k.c -o k.o" },
	  { "directory": "$TEST_TMP", "file": "src/gone.c",
	    "arguments": ["clang", "-c", "src/gone.c", "-o", "gone.o"] }
	]
	JSON
	{ "$RWONCE" scan -p "$TEST_TMP" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	grep -q "rwonce: error: .*compile_commands.json: 1 of 2 objects it names are not there" "$TEST_TMP/err" &&
	test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 2 &&
	{ "$RWONCE" scan --allow-unchecked -p "$TEST_TMP" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; }
'

test_expect_success '-p on a file that is not a compilation database, exit 2' '
	echo "{}" >"$TEST_TMP/bad.json" &&
	{ "$RWONCE" scan -p "$TEST_TMP/bad.json" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	grep -q "bad.json: not a compilation database" "$TEST_TMP/err"
'

test_expect_success 'no file at all: usage, exit 2' '
	{ "$RWONCE" scan >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	grep -q "nothing to scan" "$TEST_TMP/err"
'

test_done
