#!/bin/sh
# A load folded into a compare on the operator's column counts for a
# once-access site only when its address is the object's (issue 31).
# Since 42d272e such a load (`cmpl $0x0, 0x18(%rdi)` on nsync's '==')
# is taken for the site when nothing else of the instance is; with two
# objects of the same width compared, it may be the OTHER operand's.
# tests/scan/user-two-operands.c compares once-accesses (a macro, a
# static inline accessor, an acquire accessor) with a plain load or
# another once-access, built by clang 19 and gcc 12 for x86-64 and
# aarch64 at -O2 and -Os.  What the builds show:
# - Most shapes keep the site's own load on its rows (a mov, an ldr) or
#   fold the site's own load (clang: `cmpl 0x10(%rdi), %ecx` for
#   b->y != TWO_ONCE(a->x)): ok, and scan was right before too.
# - The same once-load on two branches is hoisted before the branch
#   (clang: line 0; gcc: the first branch's line), and each branch's
#   compare loads the other operand: clang `cmpl 0x14(%rsi), %eax` and
#   `cmpl 0x10(%rsi), %eax` (b->y, b->x) were "compiled to one 4-byte
#   load: ok" for TWO_ONCE(a->x), gcc `cmpl %eax, 0x10(%rsi)` and
#   `cmpl %eax, two_g3(%rip)` too.  Now a folded load is the object's
#   only where the DWARF puts the object's pointer in the instruction's
#   base register there, at the object's offset (or, at an address the
#   instruction gives, where the symbol is the object's variable);
#   otherwise unattributed, with the evidence.
# - An element of a variable index (t->w[i]) is placed by i's register
#   and the element's size too: clang's `cmpl $0, 8(%rdi,%rsi,4)` ok,
#   its hoisted `cmpl 8(%rsi,%rdx,4), %eax` (u->w[i]) not.
# - clang tears the 4-byte struct read (two 2-byte loads) beside a
#   4-byte plain load of the other operand: torn, as before.
# Fails on the build before the change: the hoisted shapes' false oks.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-two-operands.c

while read -r name cfg; do
	for opt in -O2 -Os; do
		b="$name $opt"
		if ! user_config_can "$name" $cfg; then
			test_skip "$b: compares of two objects" "$(user_config_why "$name" $cfg)"
			continue
		fi
		mkdir -p "$TEST_TMP/$name$opt"
		cd "$TEST_TMP/$name$opt" || exit 1
		user_build "$name $cfg" "$SRC" f.o -I"$S/user-include" "$opt" || exit 1
		case $name$opt in
		clang-x86*) want="18 site instances: ok 13, torn 1, duplicated 0, widened 0, unattributed 4;" rc=1 ;;
		clang-arm64*) want="19 site instances: ok 14, torn 1, duplicated 0, widened 0, unattributed 4;" rc=1 ;;
		gcc-x86*) want="21 site instances: ok 18, torn 0, duplicated 0, widened 0, unattributed 3;" rc=0 ;;
		gcc-arm64-O2) want="21 site instances: ok 20, torn 0, duplicated 0, widened 0, unattributed 1;" rc=0 ;;
		gcc-arm64-Os) want="21 site instances: ok 19, torn 0, duplicated 0, widened 0, unattributed 2;" rc=0 ;;
		esac
		test_expect_success "$b: the verdicts ($want)" '
			{ "$RWONCE" scan -v --no-source f.o >out 2>err; test $? = $rc; } &&
			grep -q "^rwonce scan: [01] findings\{0,1\}; $want" err
		'
		test_expect_success "$b: every ok rests on the object's own load" '
			"$RWONCE" scan --json --no-source f.o >out.json 2>/dev/null
			python3 - out.json "$name" <<-\PY
			import json, re, sys
			d = json.load(open(sys.argv[1]))
			arm = sys.argv[2].endswith("arm64")
			# the object: the parameter its pointer comes in (0: a, 1: b)
			# and its offset; the site in the accessor body (a hoisted copy
			# is judged there) reads *p with p = &a->x
			obj = {"TWO_ONCE(a->x)": (0, 0x10), "two_load_(&a->x)": (0, 0x10),
			       "TWO_LOAD_ACQ(&a->x)": (0, 0x10), "TWO_ONCE(b->y)": (1, 0x14),
			       "two_load_(&b->y)": (1, 0x14), "TWO_LOAD_ACQ(&b->y)": (1, 0x14),
			       "volatile-cast read \x27p\x27": (0, 0x10), "TWO_ONCE(*p)": (0, 0)}
			n = 0
			for r in d["site_instances"]:
			    # globals and indexed elements: their own checks below
			    if r["verdict"] != "ok" or "two_g" in r["site"] or "[i]" in r["site"]:
			        continue
			    arg, off = obj[r["site"]]
			    if arm:
			        reg = "x%d" % arg
			        at = r"\[(%s|x\d+)%s\]( \(x\d+ = %s\))?$" % (reg, ", #0x%x" % off if off else "", reg)
			    else:
			        reg = ("rdi", "rsi")[arg]
			        at = r"%s\((%%%s|%%r\w+)\)(, %%\w+)?( \(\w+ = %s\))?$" % ("0x%x" % off if off else "", reg, reg)
			    for i in r["instructions"]:
			        t = i["text"]
			        m = re.search(at, t)
			        assert m, (r["function"], r["site"], t)
			        # through another register: only one formed from the pointer
			        if arm:
			            assert m.group(1) == reg or m.group(2), (r["function"], t)
			        else:
			            assert m.group(1) == "%" + reg or m.group(3), (r["function"], t)
			    assert r["size"] == 4 and r["why"] == "compiled to one 4-byte load", r
			    n += 1
			assert n >= 10, n
			PY
		'
		case $name in
		*-x86)
			test_expect_success "$b: the hoisted load's branches: no ok on the other operand's compare" '
				python3 - out.json "$name" <<-\PY
				import json, sys
				d = json.load(open(sys.argv[1]))
				gcc = sys.argv[2].startswith("gcc")
				rs = [r for r in d["site_instances"] if r["function"] == "two_hoist_macro"]
				oks = [r for r in rs if r["verdict"] == "ok"]
				un = [r for r in rs if r["verdict"] == "unattributed"]
				assert len(rs) == 2 and len(oks) == (1 if gcc else 0), rs
				for r in oks:
				    assert [i["text"] for i in r["instructions"]] == ["movl 0x10(%rdi), %eax"], r
				for r in un:
				    assert r["why"].startswith("only a 4-byte load folded into an operator\x27s instruction, not at the object\x27s address there: another operand\x27s, cannot tell (\x27a\x27 is in rdi there; the load is through rsi)"), r
				    (t,) = [i["text"] for i in r["instructions"]]
				    assert t.startswith("cmpl") and "(%rsi)" in t, t
				PY
			'
			;;
		esac
		case $name in
		*-x86)
			test_expect_success "$b: an element of a variable index: ok at its own address, not on the other operand's" '
				python3 - out.json "$name" <<-\PY
				import json, sys
				d = json.load(open(sys.argv[1]))
				gcc = sys.argv[2].startswith("gcc")
				(z,) = [r for r in d["site_instances"] if r["function"] == "two_index_zero"]
				assert z["verdict"] == "ok", z
				assert [i["text"] for i in z["instructions"]] == [("movl" if gcc else "cmpl $0,") + " 8(%rdi, %rsi, 4)" + (", %eax" if gcc else "")], z
				rs = [r for r in d["site_instances"] if r["function"] == "two_index_hoist"]
				oks = [r for r in rs if r["verdict"] == "ok"]
				assert len(rs) == 2 and len(oks) == (1 if gcc else 0), rs
				for r in oks:
				    assert [i["text"] for i in r["instructions"]] == ["movl 8(%rdi, %rdx, 4), %eax"], r
				for r in rs:
				    if r["verdict"] != "ok":
				        assert r["verdict"] == "unattributed" and r["why"].endswith("(\x27t\x27 is in rdi there; the load is through rsi)"), r
				PY
			'
			;;
		esac
		case $name in
		gcc-x86)
			test_expect_success "$b: a global compared with another: not ok on the other's load" '
				python3 - out.json <<-\PY
				import json, sys
				d = json.load(open(sys.argv[1]))
				rs = [r for r in d["site_instances"] if r["function"] == "two_glob_hoist"]
				v = sorted(r["verdict"] for r in rs)
				assert v == ["ok", "unattributed"], rs
				for r in rs:
				    t = [i["text"] for i in r["instructions"]]
				    if r["verdict"] == "ok":
				        assert t == ["movl (%rip), %eax"], r
				    else:
				        assert t == ["cmpl %eax, (%rip)"], r
				        assert r["why"].endswith("cannot tell (the load is of \x27two_g3\x27, not \x27two_g1\x27)"), r
				PY
			'
			;;
		clang-x86)
			test_expect_success "$b: the site's own load folded into the compare stays ok" '
				python3 - out.json <<-\PY
				import json, sys
				d = json.load(open(sys.argv[1]))
				want = {("two_macro_plain_rev", "TWO_ONCE(a->x)"): "cmpl 0x10(%rdi), %ecx",
				        ("two_macro_both", "TWO_ONCE(b->y)"): "cmpl 0x14(%rsi), %ecx",
				        ("two_acq_both", "TWO_LOAD_ACQ(&b->y)"): "cmpl 0x14(%rsi), %ecx",
				        ("two_glob_rev", "TWO_ONCE(two_g1)"): "cmpl (%rip), %ecx"}
				got = {}
				for r in d["site_instances"]:
				    k = (r["function"], r["site"])
				    if k in want:
				        assert r["verdict"] == "ok", r
				        assert [i["text"] for i in r["instructions"]] == [want[k]], r
				        got[k] = 1
				assert len(got) == len(want), got
				PY
			'
			;;
		esac
		case $name in
		clang-*)
			test_expect_success "$b: the struct read by halves beside a 4-byte plain load: torn" '
				grep -q "TWO_ONCE(\*p) of .struct two_pair. (4 bytes) compiled to 2 loads of 2 bytes: torn" out
			'
			;;
		esac
	done
done <<EOF2
$USER_CONFIGS
EOF2
test_done
