#!/bin/sh
# One list of targets (issue 36, point 1): every place that lists the
# targets -- rwonce-verify(1)'s, rwonce-fuzz(1)'s and rwonce-scan(1)'s,
# the README's verify and scan sections, the --target help of verify and
# fuzz -- lists exactly the targets of src/targets/targets.def, by the
# table's names, none missing and none more.
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 2

# The table's names, sorted.
sed -n 's/^TARGET([a-z0-9_]*, *"\([^"]*\)".*/\1/p' src/targets/targets.def |
	sort > "$TEST_TMP/table"

# The names listed after each occurrence of the fixed string $2 in file
# $1 (lines joined, man-page escapes and parenthetical remarks removed,
# up to the end of the sentence), one list per occurrence: "a, b, and c".
lists_after() { # file marker
	tr '\n' ' ' < "$1" | sed 's/\\-/-/g; s/\\f[BIR]//g' |
	awk -v m="$2" '{
		s = $0
		while ((i = index(s, m)) > 0) {
			s = substr(s, i + length(m))
			t = s
			while (gsub(/\([^()]*\)/, "", t)) ;
			sub(/\.( .*)?$/, "", t)
			sub(/\. .*/, "", t)
			print t
		}
	}'
}

# The names of one list, sorted, one a line.
names() {
	tr ',' '\n' | sed 's/^ *//; s/ *$//; s/^and //; s/^or //' |
		grep -v '^$' | sort
}

check_lists() { # what file marker
	lists_after "$2" "$3" > "$TEST_TMP/lists"
	test_expect_success "$1 lists targets" 'test -s "$TEST_TMP/lists"'
	n=0
	while read -r list; do
		n=$((n + 1))
		echo "$list" | names > "$TEST_TMP/listed"
		test_expect_success "$1 (list $n): the targets of targets.def, no other" '
			diff "$TEST_TMP/table" "$TEST_TMP/listed"
		'
	done < "$TEST_TMP/lists"
}

test_expect_success "targets.def has targets" 'test -s "$TEST_TMP/table"'
check_lists "rwonce-verify(1) --target" doc/rwonce-verify.1 '--target " NAME"'
check_lists "rwonce-fuzz(1) --target" doc/rwonce-fuzz.1 'default: this machine):'
check_lists "rwonce-scan(1) machines" doc/rwonce-scan.1 'Machines:'
check_lists "README" README.md 'Targets:'
test_expect_success "README lists the targets twice (verify and scan)" '
	test "$(lists_after README.md "Targets:" | wc -l)" -eq 2
'
for cmd in verify fuzz; do
	"$RWONCE" "$cmd" -h 2>&1 | grep -- '--target <' |
		sed 's/.*targets: //; s/ (default.*//' | tr ' ' ',' > "$TEST_TMP/help-$cmd"
	test_expect_success "rwonce $cmd -h: --target names the targets of targets.def" '
		names < "$TEST_TMP/help-'"$cmd"'" > "$TEST_TMP/listed" &&
		diff "$TEST_TMP/table" "$TEST_TMP/listed"
	'
done
test_done
