#!/bin/sh
#
# doc/rwonce.3: renders without a single groff or man warning, has the
# sections a library man page needs, and quotes the header's diagnostics
# as the compiler prints them today (each fixture's static assertion text,
# from gcc, must appear in the rendered page).

. "$(dirname "$0")/lib/tap.sh"
requires groff groff-base
requires man man-db
requires lexgrog man-db
need_cmd groff

MAN=$RWONCE_ROOT/doc/rwonce.3
FAIL=$RWONCE_ROOT/tests/library/fail
[ -f "$MAN" ] || skip_all "doc/rwonce.3 missing"

test_expect_success "groff -man -ww renders rwonce.3 without warnings" "
	out=\$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z '$MAN' 2>&1) &&
	[ -z \"\$out\" ] || { echo \"\$out\"; false; }"

if have_cmd man; then
	test_expect_success "man -l renders rwonce.3 without warnings" "
		out=\$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l '$MAN' 2>&1 >/dev/null) &&
		[ -z \"\$out\" ] || { echo \"\$out\"; false; }"
else
	test_skip "man -l renders rwonce.3" "$(missing_why man)"
fi
if have_cmd lexgrog; then
	test_expect_success "the NAME section parses for whatis/apropos" \
		"lexgrog '$MAN' | grep -q 'READ_ONCE.*single-access'"
else
	test_skip "NAME section for whatis" "$(missing_why lexgrog)"
fi

for s in NAME SYNOPSIS DESCRIPTION CONFIGURATION DIAGNOSTICS NOTES BUGS "SEE ALSO"; do
	test_expect_success "section $s" "grep -qx '.SH \"\\{0,1\\}$s\"\\{0,1\\}' '$MAN'"
done
for m in READ_ONCE WRITE_ONCE ASSIGN_ONCE ACCESS_ONCE barrier; do
	test_expect_success "DESCRIPTION has an entry for $m" \
		"sed -n '/^.SH DESCRIPTION/,/^.SH CONFIGURATION/p' '$MAN' | grep -q '^\\.B[I]* $m('"
done
test_expect_success "the ASSIGN_ONCE order trap is explained" \
	"grep -q '^.SS The ASSIGN_ONCE order trap' '$MAN'"
test_expect_success "the C++20 volatile deprecation is noted" \
	"grep -q 'C++20 deprecates' '$MAN'"

# The diagnostics quoted in the page are the header's own texts.
if have_cmd gcc; then
	groff -man -Tascii -P-c -P-b -P-u "$MAN" 2>/dev/null | tr -s ' \n' '  ' >"$TEST_TMP/page.txt"
	for f in read-once-12byte m32-read-once-u64 access-once-struct access-once-array \
		write-once-const check-alignment-packed short-names-defined; do
		flags=$(sed -n 's|^// FLAGS: ||p' "$FAIL/$f.c")
		LC_ALL=C gcc $flags -I"$RWONCE_ROOT/include" -c -o "$TEST_TMP/$f.o" "$FAIL/$f.c" \
			>"$TEST_TMP/$f.err" 2>&1
		msg=$(sed -n 's/.*static assertion failed: "\(.*\)"$/\1/p; s/.*#error "\(.*\)"$/\1/p
			s/.*selector of type .\(struct [^ ]* (\*)\[[0-9]*\]\). is not compatible.*/\1/p' \
			"$TEST_TMP/$f.err" | head -n 1)
		if [ -z "$msg" ]; then
			_tap_result 1 "rwonce.3 quotes the message of $f"
			diag "no message from gcc for $f"
			continue
		fi
		test_expect_success "rwonce.3 quotes the message of $f" "
			grep -qF -- '$msg' '$TEST_TMP/page.txt' || { echo 'not in the page: $msg'; false; }"
	done
else
	test_skip "rwonce.3 quotes the header's messages" "gcc not installed"
fi

test_done
