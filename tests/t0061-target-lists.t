#!/bin/sh
# One list of targets (issue 36, point 1): every list of the targets in
# the documents -- rwonce-verify(1)'s, rwonce-fuzz(1)'s and
# rwonce-scan(1)'s, the README's verify and scan sections, doc/verify.md,
# src/targets/README.md -- and the targets' Debian packages that make
# deps-full installs (deps/full/cross.txt) are made from src/targets/targets.def by
# scripts/doc-targets (`make doc-targets`), as is the list of scan's isa
# files in src/scan/isa/README.md (each item the file's opening
# comment; t0060 asks for an item per file), and the --target help of
# verify and fuzz is printed from the table.  This test fails while a
# checked-in list differs from what the table makes, when a document
# names every target outside the generated lists (a list typed by hand),
# and unless a line added to the table reaches every list with no other
# edit.
. "$(dirname "$0")/lib/tap.sh"

requires man man-db
# The ninth target written into a copy of the table below is text only.
mentions ninth64-linux-gnu-gcc qemu-ninth64 qemu-user

cd "$RWONCE_ROOT" || exit 2
gen=$RWONCE_ROOT/scripts/doc-targets

test_expect_success "the table's names" '
	"$gen" --list > "$TEST_TMP/table" &&
	test "$(wc -l < "$TEST_TMP/table")" -ge 8 &&
	grep -qx x86_64 "$TEST_TMP/table" && grep -qx mips64el "$TEST_TMP/table"
'

test_expect_success "the checked-in lists are what the table makes (make doc-targets)" '
	"$gen" --check > "$TEST_TMP/check.diff" ||
	{ cat "$TEST_TMP/check.diff"; false; }
'

# The lists the documents must have: file and how many.
count_lists() { # file
	grep -c -e '^\.\\" targets: ' -e '^<!-- isa files' "$1" | {
		read -r roff
		echo $((roff + $(grep -o '<!-- targets -->' "$1" | wc -l)))
	}
}
for want in doc/rwonce-verify.1:1 doc/rwonce-fuzz.1:1 doc/rwonce-scan.1:1 \
	    README.md:2 doc/verify.md:1 src/targets/README.md:1 \
	    src/scan/isa/README.md:1; do
	f=${want%:*} n=${want#*:}
	test_expect_success "$f has $n generated list(s)" '
		test "$(count_lists '"$f"')" = '"$n"'
	'
done

# A list typed by hand: a paragraph that names every target of the
# table outside the generated lists (Markdown table rows are records of
# what was measured, per target, not lists).
hand_lists() {
	for f in doc/*.1 *.md doc/*.md src/*/README.md src/*/*/README.md; do
		awk -v file="$f" -v names="$(tr '\n' ' ' < "$TEST_TMP/table")" '
		BEGIN { n = split(names, name, " ") }
		function flush() {
			all = 1
			for (i = 1; i <= n; i++)
				if (index(para, name[i]) == 0) all = 0
			if (all && para != "") print file ":" start ": " substr(para, 1, 70)
			para = ""
		}
		/^\.\\" targets: / { skip = 1; next }
		/^\.\\" end of targets/ { skip = 0; next }
		skip || /^\|/ { next }
		/^[ \t]*$/ || /^\.(PP|TP|SH|SS|IP)/ { flush(); next }
		{
			line = $0
			gsub(/<!-- targets -->.*<!-- \/targets -->/, "", line)
			if (para == "") start = NR
			para = para " " line
		}
		END { flush() }' "$f"
	done
}
test_expect_success "no document lists the targets by hand" '
	hand_lists > "$TEST_TMP/hand" &&
	{ ! test -s "$TEST_TMP/hand" || { cat "$TEST_TMP/hand"; false; }; }
'

# A ninth target is its line in the table: every list has it after
# `doc-targets`, none before (--check says which differ).
mkdir "$TEST_TMP/ninth" "$TEST_TMP/ninth/doc" "$TEST_TMP/ninth/src"
cp src/targets/targets.def "$TEST_TMP/ninth/targets.def"
# (a name no real target will take; the table's last one comes before it)
cat >> "$TEST_TMP/ninth/targets.def" <<'EOF'
TARGET(ninth64, "ninth64", "",
       "ninth64-linux-gnu", "ninth64-linux-gnu-gcc",
       NOFLAGS, FLAGS("--target=ninth64-linux-gnu"),
       "qemu-ninth64", NULL, "gcc-ninth64-linux-gnu qemu-user", 0, 8,
       "__ninth64__", EM_NONE, ninth)
EOF
new="$(tail -n 1 "$TEST_TMP/table"), ninth64"
docs="doc/rwonce-verify.1 doc/rwonce-fuzz.1 doc/rwonce-scan.1 README.md doc/verify.md"
for f in $docs; do cp "$f" "$TEST_TMP/ninth/$(echo "$f" | tr / _)"; done
ninth() { RWONCE_TARGETS_DEF="$TEST_TMP/ninth/targets.def" "$gen" "$@"; }
test_expect_success "a ninth target: --check finds every list out of date" '
	(cd "$TEST_TMP/ninth" && ninth --check doc_rwonce-verify.1 doc_rwonce-fuzz.1 \
		doc_rwonce-scan.1 README.md doc_verify.md) > "$TEST_TMP/ninth.diff"
	test $? = 1 &&
	test "$(grep -c "^+.*$new" "$TEST_TMP/ninth.diff")" = 6
'
test_expect_success "a ninth target: doc-targets writes it into every list" '
	(cd "$TEST_TMP/ninth" && ninth doc_rwonce-verify.1 doc_rwonce-fuzz.1 \
		doc_rwonce-scan.1 README.md doc_verify.md) &&
	for f in $docs; do
		diff "$f" "$TEST_TMP/ninth/$(echo "$f" | tr / _)" |
			grep -c "^> .*$new" || :
	done > "$TEST_TMP/ninth.count" &&
	test "$(tr "\n" " " < "$TEST_TMP/ninth.count")" = "1 1 1 2 1 " &&
	(cd "$TEST_TMP/ninth" && ninth --check doc_rwonce-verify.1 doc_rwonce-fuzz.1 \
		doc_rwonce-scan.1 README.md doc_verify.md)
'
# The packages of the targets: deps/full/cross.txt (what make deps-full
# installs for verify's all-target run) is the table's package column,
# written by doc-targets; a package the table gains reaches it, and
# install-deps reads it as any list (comments dropped).
test_expect_success "deps/full/cross.txt holds the packages of the table" '
	grep -qx "# packages of the targets: .*" deps/full/cross.txt &&
	sed -n "/^# packages of the targets: /,/^# end of packages/p" deps/full/cross.txt |
		grep -v "^#" > "$TEST_TMP/cross" &&
	grep -qx libc6-dev-mips64el-cross "$TEST_TMP/cross" &&
	grep -qx gcc-arm-linux-gnueabihf "$TEST_TMP/cross" &&
	test "$(sort -u "$TEST_TMP/cross" | wc -l)" = "$(wc -l < "$TEST_TMP/cross")"
'
cp deps/full/cross.txt "$TEST_TMP/ninth/cross.txt"
test_expect_success "a ninth target: its packages are missing from cross.txt, then written" '
	(cd "$TEST_TMP/ninth" && ninth --check cross.txt) > "$TEST_TMP/ninth-cross.diff"
	test $? = 1 &&
	test "$(grep "^[-+][^-+]" "$TEST_TMP/ninth-cross.diff")" = "+gcc-ninth64-linux-gnu" &&
	(cd "$TEST_TMP/ninth" && ninth cross.txt) &&
	diff deps/full/cross.txt "$TEST_TMP/ninth/cross.txt" | grep "^[<>]" > "$TEST_TMP/ninth-cross" ;
	test "$(cat "$TEST_TMP/ninth-cross")" = "> gcc-ninth64-linux-gnu" &&
	(cd "$TEST_TMP/ninth" && ninth --check cross.txt)
'
test_expect_success "a package dropped from cross.txt by hand: --check fails naming it" '
	grep -vx libc6-dev-riscv64-cross deps/full/cross.txt > "$TEST_TMP/cross-hand.txt" &&
	"$gen" --check "$TEST_TMP/cross-hand.txt" > "$TEST_TMP/hand.diff"
	test $? = 1 && grep -qx "+libc6-dev-riscv64-cross" "$TEST_TMP/hand.diff"
'

if have_cmd man; then
	test_expect_success "rwonce-verify(1) renders the new list as one sentence" '
		MANWIDTH=200 man -l "$TEST_TMP/ninth/doc_rwonce-verify.1" 2>/dev/null |
			tr -s " " | grep -q "$new (or their GNU triples)"
	'
else
	test_skip "rwonce-verify(1) renders the new list" "$(missing_why man)"
fi

# Trouble is loud: a document without a list, a list left open.
printf 'no list here\n' > "$TEST_TMP/none.md"
printf '.TH X 1\n.\\" targets: made by make doc-targets\nx86_64\n' > "$TEST_TMP/open.1"
for bad in none.md open.1; do
	test_expect_success "doc-targets on $bad: exit 2 and the file named" '
		"$gen" --check "$TEST_TMP/'"$bad"'" 2> "$TEST_TMP/err"
		test $? = 2 && grep -q "'"$bad"'" "$TEST_TMP/err"
	'
done

for cmd in verify fuzz; do
	"$RWONCE" "$cmd" -h 2>&1 | grep -- '--target <' |
		sed 's/.*targets: //; s/ (default.*//' | tr ' ' '\n' > "$TEST_TMP/help-$cmd"
	test_expect_success "rwonce $cmd -h: --target names the targets of targets.def, in order" '
		diff "$TEST_TMP/table" "$TEST_TMP/help-'"$cmd"'"
	'
done
test_done
