#!/bin/sh
# Where READ_ONCE/WRITE_ONCE come from, for each file fix converts, is a
# walk of the headers it includes (src/rewrite/provider.c).  Each header's
# #include lines are resolved once per set of search folders and every
# walk follows those answers (issue #35), where each walk resolved every
# line again: fix -vv counts both.  The walks visit the same headers in
# the same order as before, so the caps -- 512 headers per file, 24
# includes deep -- give the answers they gave: a definition past them is
# not seen, one just before them is.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

# a file converting one read, including $1
conv() { # file header
	printf '%s\n' "#include \"$2\"" 'int flag;' 'int peek(void)' '{' \
		'	return ACCESS_ONCE(flag);' '}' >"$1"
}

# ten files of one folder, each including h01.h -> h02.h -> ... -> h20.h
mkdir -p chain
for n in 01 02 03 04 05 06 07 08 09 10; do conv chain/f$n.c h01.h; done
i=1
while [ $i -le 20 ]; do
	h=$(printf 'h%02d.h' $i)
	if [ $i -lt 20 ]; then
		printf '#include "h%02d.h"\nint v%d;\n' $((i + 1)) $i >chain/$h
	else
		printf 'int v%d;\n' $i >chain/$h
	fi
	i=$((i + 1))
done
"$RWONCE" fix --no-config -j 1 -vv chain >chain.diff 2>chain.err
echo $? >chain.rc

test_expect_success 'each file gets the include (no header defines READ_ONCE)' '
	[ "$(cat chain.rc)" = 1 ] &&
	[ "$(grep -c "^+#include <rwonce.h>\$" chain.diff)" = 10 ]'
test_expect_success 'ten walks, twenty headers each' '
	grep -q "headers: 10 walks of a file.s headers met 200 headers (0 walks at the cap of 512)" chain.err'
test_expect_success 'each header resolved once, not once per walk' '
	grep -q "; 20 headers. 19 #include lines resolved\$" chain.err'
"$RWONCE" fix --no-config -j 2 -vv chain >chain-j2.diff 2>chain-j2.err
test_expect_success 'the same at -j 2' '
	cmp chain.diff chain-j2.diff &&
	grep -q "met 200 headers .*; 20 headers. 19 #include lines resolved\$" chain-j2.err'

# The cap of 512: a.c includes hub.h, which includes w001.h ... w600.h;
# the walk meets hub.h and then w001.h to w511.h (512 headers) and stops.
# $1: the header that defines READ_ONCE
wide() {
	rm -rf wide && mkdir wide && conv wide/a.c hub.h &&
	i=1 && : >wide/hub.h &&
	while [ $i -le 600 ]; do
		h=$(printf 'w%03d.h' $i)
		echo "#include \"$h\"" >>wide/hub.h
		if [ "$h" = "$1" ]; then
			echo '#define READ_ONCE(x) (*(volatile __typeof__(x) *)&(x))' >wide/$h
		else
			echo "int w$i;" >wide/$h
		fi
		i=$((i + 1))
	done
}
wide w511.h
"$RWONCE" fix --no-config -j 1 -vv wide >in.diff 2>in.err
wide w512.h
"$RWONCE" fix --no-config -j 1 -vv wide >out.diff 2>out.err
test_expect_success 'the 512th header is walked: its READ_ONCE is seen, nothing added' '
	grep -q "^+	return READ_ONCE(flag);\$" in.diff &&
	! grep -q "^+#include" in.diff &&
	grep -q "1 walk of a file.s headers met 512 headers (1 walk at the cap of 512)" in.err'
test_expect_success 'the 513th is not: rwonce.h is added, as before' '
	grep -q "^+	return READ_ONCE(flag);\$" out.diff &&
	grep -q "^+#include <rwonce.h>\$" out.diff &&
	grep -q "(1 walk at the cap of 512)" out.err'

# Depth: a.c -> d01.h -> ... -> d30.h; d25.h is 24 includes below d01.h,
# the deepest whose definitions count.
deep() {
	rm -rf deep && mkdir deep && conv deep/a.c d01.h &&
	i=1 &&
	while [ $i -le 30 ]; do
		h=$(printf 'd%02d.h' $i)
		printf '#include "d%02d.h"\n' $((i + 1)) >deep/$h
		[ "$h" = "$1" ] &&
			echo '#define READ_ONCE(x) (*(volatile __typeof__(x) *)&(x))' >>deep/$h
		i=$((i + 1))
	done
}
deep d25.h
"$RWONCE" fix --no-config -j 1 deep >d25.diff 2>d25.err
deep d26.h
"$RWONCE" fix --no-config -j 1 deep >d26.diff 2>d26.err
test_expect_success 'a definition 24 includes deep is seen' '
	grep -q "^+	return READ_ONCE(flag);\$" d25.diff &&
	! grep -q "^+#include" d25.diff'
test_expect_success 'one 25 deep is not: rwonce.h is added, as before' '
	grep -q "^+#include <rwonce.h>\$" d26.diff'
test_done
