#!/bin/sh
# The layout the docs describe is the layout of the tree (in the spirit of
# git's check-docs):
#   - each folder README's "Uses:" and "Used by:" lines name exactly the
#     src/ folders its files include and that include it (the include
#     graph, from the #include "folder/..." lines); other places a
#     "Used by:" line names (tests/cfront/, libfuzzer/) must include it;
#   - a command folder (src/commands.def) includes no other command
#     folder's header: commands share through the shared folders only;
#   - each folder README names every source file of its folder (`name`,
#     `name.c`, `name.h` or `name.def`), and every file a "- `name`"
#     item names exists;
#   - every src/ folder is in doc/ARCHITECTURE.md, and every test series
#     (t0, t1, ... by file name) in its "Tests" section.
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 2

folders=$(for d in src/*/; do basename "$d"; done)
commands=$(sed -n 's/^COMMAND("\([a-z0-9_-]*\)".*/\1/p' src/commands.def)

# The src/ folders whose files include a header of folder $1 (sorted).
includers() {
	grep -rlE "^[[:space:]]*#[[:space:]]*include[[:space:]]+\"$1/" src \
		--include='*.c' --include='*.h' |
		sed -n 's|^src/\([^/]*\)/.*|\1|p' | grep -vx "$1" | sort -u
}

# The src/ folders whose headers folder $1 includes (sorted).
included_by() {
	grep -rhoE "^[[:space:]]*#[[:space:]]*include[[:space:]]+\"[a-z0-9_-]+/" "src/$1" \
		--include='*.c' --include='*.h' |
		sed 's|.*"\([^/]*\)/|\1|' | grep -vx "$1" | sort -u
}

# The text of a README's "$2:" line, up to the next "Used by:" or the end
# of its paragraph, on one line.
readme_field() { # README FIELD
	awk -v field="$2:" '
		!on && index($0, field) { on = 1; $0 = substr($0, index($0, field) + length(field)) }
		on && /^[[:space:]]*$/ { exit }
		on && field == "Uses:" && index($0, "Used by:") { print substr($0, 1, index($0, "Used by:") - 1); exit }
		on { print }' "$1" | tr '\n' ' '
}

# The src/ folders a README field names (sorted).
named_folders() {
	printf '%s\n' "$1" | grep -oE 'src/[a-z0-9_-]+/' | sed 's|src/||; s|/||' | sort -u
}

compare_sets() { # what-is-said what-is-true
	if [ "$1" = "$2" ]; then
		return 0
	fi
	echo "the README says: $(echo $1)"
	echo "the includes say: $(echo $2)"
	return 1
}

for f in $folders; do
	readme=src/$f/README.md
	if ! [ -f "$readme" ]; then
		test_expect_success "src/$f/ has a README.md" false
		continue
	fi
	uses=$(readme_field "$readme" "Uses")
	used_by=$(readme_field "$readme" "Used by")
	said=$(named_folders "$uses")
	graph=$(included_by "$f")
	test_expect_success "$readme: 'Uses:' names the folders src/$f/ includes" \
		'compare_sets "$said" "$graph"'
	if printf '%s' "$used_by" | grep -q 'everything'; then
		# "everything": every other folder includes it.
		said=$(for g in $folders; do [ "$g" = "$f" ] || echo "$g"; done | sort -u)
	else
		said=$(named_folders "$used_by")
	fi
	graph=$(includers "$f")
	test_expect_success "$readme: 'Used by:' names the folders that include src/$f/" \
		'compare_sets "$said" "$graph"'
	# Places outside src/ that the line names must include the folder.
	for place in $(printf '%s\n' "$used_by" | grep -oE '`(tests|libfuzzer|bench|tracer)/[a-z0-9_./-]*`' | tr -d '`'); do
		test_expect_success "$readme: $place includes src/$f/" \
			"grep -rqE '#[[:space:]]*include[[:space:]]+\"$f/' '$place'"
	done
done

# ---- commands share through the shared folders only ----

for c in $commands; do
	[ -d "src/$c" ] || continue
	bad=
	for d in $(included_by "$c"); do
		if printf '%s\n' $commands | grep -qx "$d"; then
			bad="$bad $d"
		fi
	done
	test_expect_success "src/$c/ includes no other command's header" \
		"[ -z '$bad' ] || { echo 'src/$c/ includes the headers of:$bad'; grep -rnE '#[[:space:]]*include[[:space:]]+\"($(echo $bad | tr ' ' '|'))/' src/$c; false; }"
done

# ---- each folder README lists the folder's files, and only those ----

for f in $folders; do
	readme=src/$f/README.md
	[ -f "$readme" ] || continue
	unnamed=
	for stem in $(cd "src/$f" && ls | grep -E '\.(c|h|def)$' | sed 's/\.[ch]$//' | sort -u); do
		grep -qE "\`$stem(\.[a-z]+)?\`" "$readme" || unnamed="$unnamed $stem"
	done
	test_expect_success "$readme names every source file of src/$f/" \
		"[ -z '$unnamed' ] || { echo 'not in the README:$unnamed'; false; }"
	stale=
	for name in $(grep -oE '^- `[A-Za-z0-9_./-]+`' "$readme" | sed 's/^- `//; s/`$//'); do
		[ -e "src/$f/$name" ] || [ -e "src/$f/$name.c" ] ||
			[ -e "src/$f/$name.h" ] || stale="$stale $name"
	done
	test_expect_success "$readme lists no file src/$f/ does not have" \
		"[ -z '$stale' ] || { echo 'no such file:$stale'; false; }"
done

# ---- every folder and every test series is in ARCHITECTURE.md ----

for f in $folders; do
	test_expect_success "doc/ARCHITECTURE.md names src/$f/" \
		"grep -qF '\`src/$f/\`' doc/ARCHITECTURE.md"
done

tests_section=$(awk '/^## /{on = ($0 == "## Tests")} on' doc/ARCHITECTURE.md)
for s in $(ls tests/t[0-9]*.t | sed 's|tests/t\([0-9]\).*|\1|' | sort -u); do
	test_expect_success "doc/ARCHITECTURE.md's Tests section names the t$s series" \
		"printf '%s\n' \"\$tests_section\" | grep -qE '(^|[^a-z0-9])t$s([^0-9]|\$)'"
done

test_done
