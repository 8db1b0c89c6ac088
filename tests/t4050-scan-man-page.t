#!/bin/sh
# doc/rwonce-scan.1 renders without warnings, has the sections a command's
# page needs, and documents every option `rwonce scan --help` lists (so
# the two cannot drift apart) and every verdict.
. "$(dirname "$0")/lib/tap.sh"
requires groff groff-base
need_cmd groff

MAN=$RWONCE_ROOT/doc/rwonce-scan.1

test_expect_success 'groff -man -ww renders rwonce-scan.1 without warnings' '
	out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$MAN" 2>&1) &&
	test -z "$out"
'

for s in NAME SYNOPSIS DESCRIPTION VERDICTS OPTIONS "EXIT STATUS" ENVIRONMENT \
	 DIAGNOSTICS BUGS EXAMPLES "SEE ALSO"; do
	test_expect_success "section $s" "grep -qx '.SH $s' '$MAN'"
done

LC_ALL=C.UTF-8 groff -man -Tascii -P-c -P-b -P-u "$MAN" 2>/dev/null >"$TEST_TMP/page"
"$RWONCE" scan --help >"$TEST_TMP/help" 2>&1
test_expect_success 'every option of --help is in the page' '
	opts=$(grep -Eo "^ +(-[a-z], )?--?[a-z-]+" "$TEST_TMP/help" | sed "s/.* //") &&
	test -n "$opts" &&
	for o in $opts; do
		grep -q -e "$o" "$TEST_TMP/page" || { echo "missing: $o"; exit 1; }
	done
'
test_expect_success 'every verdict and rule id is explained' '
	for w in ok torn duplicated widened unattributed scan-torn scan-duplicated scan-widened; do
		grep -q -e "$w" "$TEST_TMP/page" || { echo "missing: $w"; exit 1; }
	done
'
test_expect_success 'the RISC-V limit is documented' 'grep -q "RISC-V" "$TEST_TMP/page"'

test_done
