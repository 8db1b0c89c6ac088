#!/bin/sh
# s390x: an instruction capstone 4.0.2 cannot decode is decoded by LLVM's
# disassembler instead (src/scan/isa/s390.c), so the site is judged.
# Linux 6.12 built by gcc 12 for s390x (issue 32): at kernel/rcu/tasks.h
# 1554 and 2006 and mlxsw's spectrum_router.c 11461 gcc reads the object
# with one l or lg and takes the fields out with risbgnz (zEC12), which
# scan skipped as "not decoded", so each instance was unattributed.
# tests/scan/s390-once-copy.c's rcu_trc_need_qs() is that shape.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires s390x-linux-gnu-gcc gcc-s390x-linux-gnu
requires s390x-linux-gnu-objdump binutils-s390x-linux-gnu
requires python3 python3

SRC=$RWONCE_ROOT/tests/scan/s390-once-copy.c
SITE=$(line_of "$SRC" "= READ_ONCE(t->trc_reader_special);")

# gcc 12 puts the risbgnz on the next statement's row here; in the
# kernel (kernel/rcu/tasks.h 1554) on the site's own: the .loc lines
# between the load and the risbgnz are given the load's line and column,
# as there (their view labels kept: the location lists name them).
cat >"$TEST_TMP/onerow.awk" <<'AWK'
/^rcu_trc_cmpxchg_need_qs:/ { f = 1 }
f == 1 && /^\t\.loc 1 [0-9]+ [0-9]+/ { loc = $3 " " $4 }
f == 1 && /^\tl\t%r1,24\(%r2\)/ { f = 2; print; next }
f == 2 && /^\t\.loc/ { sub(/\.loc 1 [0-9]+ [0-9]+/, ".loc 1 " loc) }
f == 2 && /^\trisbgn/ { f = 3 }
{ print }
AWK

if have_cmd s390x-linux-gnu-gcc && have_cmd s390x-linux-gnu-objdump; then
	test_expect_success 'gcc -O2 -march=zEC12: one l, then risbgnz on the site row (else this proves nothing)' '
		s390x-linux-gnu-gcc -O2 -march=zEC12 -g -S "$SRC" -o "$TEST_TMP/g0.s" &&
		awk -f "$TEST_TMP/onerow.awk" "$TEST_TMP/g0.s" >"$TEST_TMP/g.s" &&
		s390x-linux-gnu-gcc -march=zEC12 -c "$TEST_TMP/g.s" -o "$TEST_TMP/g.o" &&
		s390x-linux-gnu-objdump -dl --no-show-raw-insn "$TEST_TMP/g.o" |
			sed -n "/<rcu_trc_cmpxchg_need_qs>:/,/^\$/p" >"$TEST_TMP/g.dis" &&
		sed -n "/s390-once-copy.c:$SITE\$/,/s390-once-copy.c:/p" "$TEST_TMP/g.dis" >"$TEST_TMP/row" &&
		grep -Eq "^ +0:[[:space:]]+l[[:space:]]+%r1,24\(%r2\)" "$TEST_TMP/row" &&
		grep -Eq "risbgnz[[:space:]]+%r5,%r1,56,63,48" "$TEST_TMP/row"
	'
	test_expect_success '-vv: no instruction left "not decoded"' '
		"$RWONCE" scan -vv "$TEST_TMP/g.o" >"$TEST_TMP/vv" 2>&1 &&
		! grep -q "not decoded" "$TEST_TMP/vv"
	'
	test_expect_success 'the site is judged: one 4-byte load, ok, exit 0' '
		"$RWONCE" scan --json "$TEST_TMP/g.o" >"$TEST_TMP/out.json" 2>"$TEST_TMP/err" &&
		python3 - "$TEST_TMP/out.json" "$SITE" <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		mine = [i for i in d["site_instances"] if i["line"] == int(sys.argv[2])]
		assert len(mine) == 1, mine
		i = mine[0]
		assert i["verdict"] == "ok", i
		assert i["why"] == "compiled to one 4-byte load", i
		assert [x["text"] for x in i["instructions"]] == ["l %r1, 0x18(%r2)"], i
		PY
	'
else
	test_skip 'gcc -O2 -march=zEC12 s390x: risbgnz' "$(missing_why s390x-linux-gnu-gcc s390x-linux-gnu-objdump)"
fi

test_done
