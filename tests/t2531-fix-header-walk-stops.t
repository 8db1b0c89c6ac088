#!/bin/sh
# The walk of a converted file's headers (src/rewrite/provider.c) asks
# whether READ_ONCE/WRITE_ONCE -- those the file's conversions need -- are
# defined there; it stops once all of them are found (issue #35: on Linux
# 4.14.5 the 177 walks met 60,489 headers, most after <linux/compiler.h>,
# and read and lexed 5,730 of them; now 1,228 and 300).  A walk that
# stops is the beginning of the whole walk, so the answer is the one the
# whole walk gave; fix -vv counts the headers met.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

# a.c includes hub.h, which includes w001.h ... w600.h.
# $1: the header defining READ_ONCE, $2: WRITE_ONCE's (or none);
# $3: the body of a.c's function
wide() {
	rm -rf wide && mkdir wide &&
	printf '%s\n' '#include "hub.h"' 'int flag;' 'void f(void)' '{' \
		"	$3" '}' >wide/a.c &&
	i=1 && : >wide/hub.h &&
	while [ $i -le 600 ]; do
		h=$(printf 'w%03d.h' $i)
		echo "#include \"$h\"" >>wide/hub.h
		if [ "$h" = "$1" ]; then
			echo '#define READ_ONCE(x) (*(volatile __typeof__(x) *)&(x))' >wide/$h
		elif [ "$h" = "$2" ]; then
			echo '#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))' >wide/$h
		else
			echo "int w$i;" >wide/$h
		fi
		i=$((i + 1))
	done
}

wide w001.h none 'int v = ACCESS_ONCE(flag); (void)v;'
"$RWONCE" fix --no-config -j 1 -vv wide >read.diff 2>read.err
test_expect_success 'a read: READ_ONCE seen in the first header, nothing added' '
	grep -q "^+	int v = READ_ONCE(flag); (void)v;\$" read.diff &&
	! grep -q "^+#include" read.diff'
test_expect_success 'the walk stopped there: 2 headers met, not 512' '
	grep -q "1 walk of a file.s headers met 2 headers (0 walks at the cap of 512)" read.err'

wide w001.h w300.h 'ACCESS_ONCE(flag) = ACCESS_ONCE(flag) + 1;'
"$RWONCE" fix --no-config -j 1 -vv wide >rw.diff 2>rw.err
test_expect_success 'a read and a write: both seen, nothing added' '
	grep -q "^+	WRITE_ONCE(flag, READ_ONCE(flag) + 1);\$" rw.diff &&
	! grep -q "^+#include" rw.diff'
test_expect_success 'the walk went on to WRITE_ONCE: 301 headers met' '
	grep -q "1 walk of a file.s headers met 301 headers (0 walks at the cap of 512)" rw.err'

wide w001.h w550.h 'ACCESS_ONCE(flag) = ACCESS_ONCE(flag) + 1;'
"$RWONCE" fix --no-config -j 1 -vv wide >far.diff 2>far.err
test_expect_success 'WRITE_ONCE past the cap: not seen, rwonce.h added as before' '
	grep -q "^+#include" far.diff &&
	grep -q "(1 walk at the cap of 512)" far.err'
test_done
