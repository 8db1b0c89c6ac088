#!/bin/sh
# doc/rwonce-audit.1 and doc/rwonce-fix.1 render without warnings and
# document every option their command's --help lists (so the two cannot
# drift apart), every rule id of `rwonce audit --list-rules`, every
# --macro kind and every --preset name the command accepts.
. "$(dirname "$0")/lib/tap.sh"
need_cmd groff
[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"

for cmd in audit fix; do
	MAN=$RWONCE_ROOT/doc/rwonce-$cmd.1
	test_expect_success "groff -man -ww renders rwonce-$cmd.1 without warnings" "
		out=\$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z '$MAN' 2>&1) &&
		test -z \"\$out\""
	for s in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" "SEE ALSO"; do
		test_expect_success "rwonce-$cmd.1: section $s" "grep -qx '.SH $s' '$MAN'"
	done
	LC_ALL=C.UTF-8 groff -man -Tascii -P-c -P-b -P-u "$MAN" 2>/dev/null |
		sed 's/\xe2\x80\x90/-/g' >"$TEST_TMP/$cmd.page"
	"$RWONCE" $cmd --help >"$TEST_TMP/$cmd.help" 2>&1
	test_expect_success "rwonce-$cmd.1 names every option of '$cmd --help'" "
		opts=\$(grep -Eo '^ +(-[a-zA-Z], )?--?[a-z-]+' '$TEST_TMP/$cmd.help' | sed 's/.* //') &&
		test -n \"\$opts\" &&
		for o in \$opts; do
			grep -q -e \"\$o\" '$TEST_TMP/$cmd.page' || { echo \"missing: \$o\"; exit 1; }
		done"
done

P=$TEST_TMP/audit.page
test_expect_success 'rwonce-audit.1 explains every rule of --list-rules' "
	rules=\$(\"$RWONCE\" audit --list-rules | cut -d' ' -f1) && test -n \"\$rules\" &&
	for r in \$rules; do
		grep -q -e \"\$r\" '$P' || { echo \"missing rule: \$r\"; exit 1; }
	done"
# Every kind the lexical engine's --macro accepts (the error message
# lists them) is in the page, volatile-cast included.
"$RWONCE" audit --macro X=nosuchkind . >/dev/null 2>"$TEST_TMP/kinds"
test_expect_success 'rwonce-audit.1 names every --macro kind' "
	kinds=\$(sed -n 's/.*(KIND: \\(.*\\))\$/\\1/p' '$TEST_TMP/kinds' | sed 's/, / /g; s/ or / /') &&
	test -n \"\$kinds\" && echo \"\$kinds\" | grep -q volatile-cast &&
	for k in \$kinds; do
		grep -q -e \"\$k\" '$P' || { echo \"missing kind: \$k\"; exit 1; }
	done"
"$RWONCE" audit --preset=nosuchpreset . >/dev/null 2>"$TEST_TMP/presets"
test_expect_success 'rwonce-audit.1 names every --preset and what it sets' "
	names=\$(sed -n 's/.*(known: \\(.*\\))\$/\\1/p' '$TEST_TMP/presets' | tr ',' ' ') &&
	test -n \"\$names\" &&
	for n in \$names; do
		grep -q -e \"--preset=\$n\" -e \"^ *\$n\" '$P' || { echo \"missing preset: \$n\"; exit 1; }
	done &&
	grep -q 'READ_ONCE=volatile-cast' '$P' && grep -q '__WRITE_ONCE=volatile-cast' '$P'"
test_expect_success 'rwonce-audit.1 describes the types across a tree' \
	"grep -q '^TYPES ACROSS A TREE' '$P'"

test_done
