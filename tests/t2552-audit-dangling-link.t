#!/bin/sh
# audit -L (follow symbolic links) over a folder holding a .c link whose
# target is missing: the link was dropped without a word, though every
# input the walk does not check is named.  Now a warning names it, the
# JSON report lists it under "unchecked", and the exit status is that of
# the findings (the rest of the tree is checked).  Without -L links are
# not followed (as documented), and a link that is not a C name is not
# named either way.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
mkdir -p "$TEST_TMP/t" && cd "$TEST_TMP/t" || exit 1
printf 'int x;\nint f(void) { return *(volatile int *)&x; }\n' >a.c
ln -s gone.c dangling.c
ln -s gone.txt notes.txt

test_expect_success 'audit -L: the link to nothing is named, the rest checked' "
	'$RWONCE' audit -q --no-progress -L . >out.txt 2>err.txt; test \$? = 1 &&
	grep -q '^./a.c:2:22: note: hand-written volatile read' out.txt &&
	grep -qx 'rwonce: warning: ./dangling.c: symbolic link to nothing there (No such file or directory), skipped' err.txt &&
	! grep -q notes.txt err.txt"

test_expect_success 'audit -L --format=json: listed under unchecked' "
	'$RWONCE' audit --no-progress -L --format=json . >out.json 2>/dev/null; test \$? = 1 &&
	python3 -c 'import json,sys; u = json.load(open(\"out.json\"))[\"unchecked\"]; sys.exit(0 if [(e[\"path\"], e[\"level\"]) for e in u] == [(\"./dangling.c\", \"warning\")] else 1)'"

test_expect_success 'audit without -L: links are not followed, nothing said' "
	'$RWONCE' audit -q --no-progress . >out2.txt 2>err2.txt; test \$? = 1 &&
	! grep -q dangling err2.txt"

test_done
