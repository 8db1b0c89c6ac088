#!/bin/sh
# A once-access in an argument of a macro whose body names that
# argument more than once (bdwgc's FINAL_MARK_BIT(AO_load(&hhdr->hb_sz)),
# gc_priv.h) is accessed as many times as the expansion evaluates it:
# the repetition is the source's, and scan names it -- the macro and how
# many times, over its definitions (a header's two under an #if give "2
# to 3").  A name under sizeof is not evaluated: one load, ok.  In a
# loop, two identical loads were taken for two iterations unrolled and
# passed as ok; where the source asks for two in one iteration, they are
# what it wrote.  On the four builds (clang 19 and gcc 12, x86-64 and
# aarch64).  The header's macro with a branch in it is
# t4533-scan-duplicate-paths.t's.  A macro that evaluates its argument
# before and after a call (the kernel's sk_wait_event()) has its own
# loads of another member on the use's rows: not the object's.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan
DUP='compiled to an 8-byte load and an 8-byte load of the same bytes: duplicated, as the source asks'

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "a once-access in a repeated macro argument" "$S/macro-repeat.c" || continue
	test_expect_success "$name: the macro that repeats it is named" "
		python3 '$S/site-verdicts.py' j <<-EOF
		READ_ONCE(h->sz) | duplicated | uint64_t | 8 | $DUP: TWICE names its argument 2 times | 2
		READ_ONCE(h->n) | ok | uint64_t | 8 | compiled to one 8-byte load | 1
		EOF
	"
	test_expect_success "$name: in a loop, two loads of one iteration are duplicated" "
		python3 '$S/site-verdicts.py' j <<-EOF
		READ_ONCE(h[i].n) | duplicated | uint64_t | 8 | $DUP: TWICE names its argument 2 times | 2
		EOF
	"
	# the body's own loads of h->gen (offset 0) are on the use's rows
	# too: the two of h->err (offset 4) are what the verdict rests on
	# -- duplicated, or where the registers are not shown to hold one
	# address (gcc, aarch64), cannot tell; never ok
	python3 - j >w <<-\EOF
	import json, re, sys
	for r in json.load(open(sys.argv[1]))["site_instances"]:
	    if r["function"] == "wait_like":
	        print(r["verdict"], *[("err" if re.search(r"(^|[^0-9a-fx])(0x)?4\(%|#(0x)?4\]", i["text"]) else "other")
	                              for i in r["instructions"]])
	EOF
	test_expect_success "$name: read before and after a call, as the source asks: the object's two loads" '
		grep -Eqx "(duplicated|unattributed) err err" w
	'
	"$RWONCE" scan o.o >t 2>/dev/null
	test_expect_success "$name: the text report says it" '
		grep -q "^.*macro-repeat.c:[0-9]*:[0-9]*: error: READ_ONCE(h->sz) .* duplicated, as the source asks: TWICE names its argument 2 times \[scan-duplicated\]$" t
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
