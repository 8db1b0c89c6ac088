#!/bin/sh
# doc/ARCHITECTURE.md is the map (issue 36, point 5), so two more of its
# facts are checked against the tree, as t0010 checks the folder READMEs:
#   - the "Shared parts" table's "used by" column names exactly the src/
#     folders whose files include that folder's headers (the include
#     graph; words in parentheses and `code` explain and are not read;
#     "everything": every other folder);
#   - the tests `make check` runs are exactly tests/t*.t (mk/90-check.mk
#     asks make, not a list typed by hand), and every test a fragment of
#     mk/ names by number (the TSan list of mk/85-sanitize.mk) exists.
# On the tree before this test the column had drifted twice: findings/
# includes cfront/ (triage's comments and function spans) and audit/
# includes rewrite/ (fix's decision per site); neither was named.
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 2
ARCH=${ARCH:-doc/ARCHITECTURE.md}

folders=$(for d in src/*/; do basename "$d"; done)

# The src/ folders whose files include a header of folder $1 (sorted).
includers() {
	grep -rlE "^[[:space:]]*#[[:space:]]*include[[:space:]]+\"$1/" src \
		--include='*.c' --include='*.h' |
		sed -n 's|^src/\([^/]*\)/.*|\1|p' | grep -vx "$1" | sort -u
}

rows=$(awk '/^## Shared parts/ { on = 1; next } /^## / { on = 0 }
	on && /^\| `src\/[a-z0-9_-]+\/` \|/' "$ARCH")
test_expect_success "$ARCH has a Shared parts table" "test -n \"\$rows\""

printf '%s\n' "$rows" >"$TEST_TMP/rows"
while IFS= read -r row; do
	f=$(printf '%s' "$row" | sed 's/^| `src\/\([a-z0-9_-]*\)\/`.*/\1/')
	col=$(printf '%s' "$row" | awk -F'|' '{ print $(NF - 1) }' |
		sed 's/([^()]*)//g; s/`[^`]*`//g')
	if printf '%s' "$col" | grep -qw everything; then
		said=$(for g in $folders; do [ "$g" = "$f" ] || echo "$g"; done | sort -u)
	else
		said=$(for w in $(printf '%s' "$col" | tr -c 'a-z0-9_-' ' '); do
			printf '%s\n' $folders | grep -x -- "$w"; done | sort -u)
	fi
	graph=$(includers "$f")
	test_expect_success "$ARCH: src/$f/ is used by what its row says" "
		[ '$(echo $said)' = '$(echo $graph)' ] ||
		{ echo 'the row says: $(echo $said)'; echo 'the includes say: $(echo $graph)'; false; }"
done <"$TEST_TMP/rows"

# What make check runs: make's own TESTS, against the files.
make -s --no-print-directory --eval 'print-tests: ; @printf "%s\n" $(TESTS)' \
	print-tests 2>"$TEST_TMP/make.err" | sort >"$TEST_TMP/make-tests"
ls tests/t[0-9]*.t | sort >"$TEST_TMP/files"
test_expect_success 'make check runs exactly tests/t*.t (mk/90-check.mk)' "
	test -s '$TEST_TMP/make-tests' && diff -u '$TEST_TMP/files' '$TEST_TMP/make-tests'"

missing=
for n in $(grep -v '^[[:space:]]*#' mk/*.mk | grep -oE 'tests/t[0-9]{4}' | sed 's|tests/||' | sort -u); do
	ls tests/$n-*.t >/dev/null 2>&1 || missing="$missing $n"
done
test_expect_success 'every test mk/ names by number exists' "
	[ -z '$missing' ] || { echo 'no such test:$missing'; false; }"
test_done
