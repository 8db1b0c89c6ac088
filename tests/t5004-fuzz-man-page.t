#!/bin/sh
# doc/rwonce-fuzz.1 renders without warnings, has the sections a command's
# page needs, and documents every option `rwonce fuzz --help` lists.
. "$(dirname "$0")/lib/tap.sh"
requires groff groff-base
need_cmd groff
MAN=$RWONCE_ROOT/doc/rwonce-fuzz.1

test_expect_success 'groff -man -ww renders it without warnings' '
	out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$MAN" 2>&1) && [ -z "$out" ] || { echo "$out"; false; }'
for s in NAME SYNOPSIS DESCRIPTION OPTIONS FILES "EXIT STATUS" ENVIRONMENT DIAGNOSTICS EXAMPLES "SEE ALSO"; do
	test_expect_success "section $s" "grep -qx '.SH \"\\{0,1\\}$s\"\\{0,1\\}' '$MAN'"
done
"$RWONCE" fuzz --help >"$TEST_TMP/help"
LC_ALL=C groff -man -Tascii -P-c -P-b -P-u "$MAN" 2>/dev/null >"$TEST_TMP/page"
for o in $(grep -o -- '--[a-z][a-z-]*' "$TEST_TMP/help" | sort -u); do
	test_expect_success "the page documents $o" "grep -q -- '$o' '$TEST_TMP/page'"
done
for v in same count order torn widened checksum aggregate unobservable; do
	test_expect_success "the page explains the verdict $v" "grep -Eq '^ +$v( |\$)' '$TEST_TMP/page'"
done
test_done
