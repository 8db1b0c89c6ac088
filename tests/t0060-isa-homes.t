#!/bin/sh
# Every target has one home (issue 36, point 1): what differs per
# instruction set -- ELF machines (EM_*), a switch on the machine,
# capstone's per-architecture registers, operands, groups and modes, ELF
# relocation types -- is in src/scan/isa/ (one file per isa behind struct
# isa_ops) and in the table of targets, src/targets/targets.def; nowhere
# else in src/, libfuzzer/ or tracer/.  And the table is whole: each
# target's isa is defined by a file of src/scan/isa/, and each file there
# (but the shared isa.c and the decoders' helpers) defines an isa the
# table names.
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 2

PER_ISA='\bEM_[A-Z0-9_]+|switch *\([^)]*machine|\b(X86|ARM|ARM64|SYSZ|PPC|MIPS|RISCV|SPARC)_(REG|OP|CC|GRP|INS|SFT|EXT)_[A-Z0-9_]+|\bCS_(ARCH|MODE)_[A-Z0-9_]+|\bR_(X86_64|386|AARCH64|ARM|PPC64|PPC|390|RISCV|MIPS|SPARC|LARCH)_[A-Z0-9_]+'

test_expect_success "no ELF machine, machine switch or per-isa name outside src/scan/isa/ and targets.def" '
	grep -rnE "$PER_ISA" src libfuzzer tracer \
		--include="*.c" --include="*.h" --include="*.def" |
		grep -v "^src/scan/isa/" | grep -v "^src/targets/targets.def:" \
		> "$TEST_TMP/outside"
	if test -s "$TEST_TMP/outside"; then cat "$TEST_TMP/outside" >&2; false; fi
'

# The isas the table names (TARGET and MACHINE rows: the last word).
sed -n "s/^ *\(\"[^\"]*\", *\)\{0,1\}EM_[A-Z0-9_]*, *\([a-z0-9_]*\))$/\2/p; s/^MACHINE(EM_[A-Z0-9_]*, *\([a-z0-9_]*\))$/\1/p" \
	src/targets/targets.def | sort -u > "$TEST_TMP/named"
test_expect_success "targets.def names an isa for every target" '
	test "$(grep -c "^TARGET(" src/targets/targets.def)" -gt 0 &&
	test "$(grep -c "^TARGET(" src/targets/targets.def)" -eq \
	     "$(grep -cE "^ *(\"[^\"]*\", *)?EM_[A-Z0-9_]+, *[a-z0-9_]+\)$" src/targets/targets.def)"
'
for isa in $(cat "$TEST_TMP/named"); do
	test_expect_success "isa '$isa' of targets.def is defined in src/scan/isa/" '
		grep -lE "^const struct isa_ops isa_$isa = " src/scan/isa/*.c
	'
done
grep -ho "^const struct isa_ops isa_[a-z0-9_]* " src/scan/isa/*.c |
	sed "s/.* isa_//; s/ $//" | sort -u > "$TEST_TMP/defined"
test_expect_success "every isa of src/scan/isa/ is named by targets.def" '
	comm -23 "$TEST_TMP/defined" "$TEST_TMP/named" > "$TEST_TMP/unnamed"
	if test -s "$TEST_TMP/unnamed"; then cat "$TEST_TMP/unnamed" >&2; false; fi
'
# src/scan/isa/ is below src/scan/, where t0010 does not look: its
# README names each of its files, and no file it lacks.
for f in src/scan/isa/*.c src/scan/isa/*.h; do
	n=$(basename "$f"); n=${n%.?}
	test_expect_success "src/scan/isa/README.md names $n" '
		grep -q "\`$n\(\.[ch]\)\?\`" src/scan/isa/README.md
	'
done
test_expect_success "src/scan/isa/README.md lists no file the folder lacks" '
	for n in $(sed -n "s/^- \`\([a-z0-9_-]*\)\`.*/\1/p" src/scan/isa/README.md); do
		test -e src/scan/isa/$n.c || test -e src/scan/isa/$n.h ||
			{ echo "no src/scan/isa/$n.[ch]" >&2; exit 1; }
	done
'
test_done
