#!/bin/sh
# The #include "name" lines fix and audit keep of every file of a tree
# (src/rewrite/includers.h: who includes a header fix converts) are
# found by a search for "include" and a look back to its '#' (issue #35:
# a memchr() stop at every '#' of a file -- each #define of Linux's
# register headers -- was 1.6 % of an audit of linux-source-6.12); the
# lines and their numbers must be the ones a stop at every '#' gives:
# a '#' with only blanks before it on its line, blanks, "include",
# blanks, a quoted name without a newline.  Checked against the old scan
# byte for byte on every file of linux-source-6.12, 6.1, Linux 4.14.5
# and 3.17.0 (82,498 / 69,913 / 47,944 / 35,226 lines) and 300,000
# random buffers, as doc/bench-audit.md says; here, the spellings --
# and the same lines when the caller gives the offsets of "include"
# (include_edges_scan_at(): the pre-pass searches once for discovery's
# local headers and these lines; test-tool says "differ" otherwise).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1
printf '%s\n' '#include "a.h"' '  #  include	"sub/b.h" /* x */' \
	'x #include "no1.h"' '#include <no2.h>' '#include "bad' 'nl.h"' \
	'#define include "no3.h"' '#include""' '#include "c.h"#include "no4.h"' \
	'# define X 1' '#include "a.h"' '#include "include.h"' \
	'/* #include "in-comment.h" */' >f.c
"$TEST_TOOL" cfront includers f.c a.h b.h no1.h no2.h nl.h no3.h c.h \
	no4.h include.h in-comment.h >out 2>err
echo $? >rc
cat >want <<'EOF_W'
1 a.h
11 a.h
2 sub/b.h
9 c.h
12 include.h
EOF_W
test_expect_success 'the quoted includes of a directive line, numbered' '
	cat out err && [ "$(cat rc)" = 0 ] && diff -u want out'

# a register header: 30,000 #defines, then the includes
{
	i=0
	while [ $i -lt 30000 ]; do
		echo "#define REG_$i 0x$i"
		i=$((i + 1))
	done
	echo '#include "late.h"'
	echo '#	include "later.h"'
} >regs.h
"$TEST_TOOL" cfront includers regs.h late.h later.h >out2 2>err2
test_expect_success 'after 30,000 #defines: lines 30001 and 30002' '
	cat err2 && printf "30001 late.h\n30002 later.h\n" >want2 &&
	diff -u want2 out2'
test_done
