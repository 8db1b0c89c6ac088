#!/bin/sh
# Control bytes in file names never reach the terminal as they are: not
# in error()/warning() (t-tests of issue 33), and not in scan's -v/-vv
# diagnostics, verify's report and --list, nor fuzz --check-one's notes
# either.  Each goes through the same escaping (strbuf_add_visible): ESC
# is shown as \x1b and a newline as \n, so a name cannot recolour the
# terminal or start a line of its own.  Before, these printed the bytes.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires s390x-linux-gnu-gcc gcc-s390x-linux-gnu
requires qemu-s390x qemu-user
requires qemu-x86_64 qemu-user
requires csmith csmith
need_cmd gcc

esc=$(printf '\033')
nl='
'
odd="a${esc}[31mred${nl}line"
shown='a\\x1b\[31mred\\nline'
cd "$TEST_TMP" || exit 1

# No ESC byte, and no line starting with what followed the newline.
clean() { # file
	! grep -q "$esc" "$1" && ! grep -q "^line" "$1"
}

mkdir -p "src$odd"
cp "$RWONCE_ROOT/tests/scan/kernel-shape.c" "src$odd/k$odd.c"
(cd "src$odd" && gcc -O2 -g -c "k$odd.c" -o ../k.o)

test_expect_success 'scan -vv: the source file name made visible' '
	"$RWONCE" scan -vv k.o >out 2>err &&
	grep -q "k$shown\.c:[0-9]*:[0-9]*: .*object" err && clean err
'

s390_mvc="$RWONCE_ROOT/tests/verify/mvc-copy-s390x.s"
cp "$s390_mvc" "p$odd.s"
test_expect_success 'verify --list: the probe file name made visible' '
	"$RWONCE" verify --list --no-builtin --probes "p$odd.s" >out 2>err &&
	grep -q "^mvc_copy .* p$shown\.s:8" out && clean out && clean err
'

if have_cmd s390x-linux-gnu-gcc && have_cmd qemu-s390x; then
	test_expect_success 'verify report: the file of a probe that was not ok made visible' '
		"$RWONCE" verify --target s390x --no-builtin --probes "p$odd.s" \
			--probes "$RWONCE_ROOT/probes/library.c" --only "mvc_copy,read_u32" \
			--opt 0 --backend volatile >out 2>err &&
		grep -q "^mvc_copy  cc s390x -O0: unobservable (expected r0:8)  p$shown\.s:8" out &&
		clean out && clean err
	'
else
	test_skip 'verify report: the probe file made visible' "$(missing_why s390x-linux-gnu-gcc qemu-s390x)"
fi

if have_cmd qemu-x86_64 && [ "$(uname -m)" = x86_64 ] &&
   [ -r /usr/include/csmith/csmith.h ]; then
	cp "$RWONCE_ROOT/tests/fuzz/oracle/neighbour.c" "f$odd.c"
	test_expect_success 'fuzz --check-one: the program file name made visible' '
		"$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 --bad gcc:x86_64:-O2 \
			--expect same "f$odd.c" >out 2>err;
		grep -q "^rwonce fuzz --check-one: f$shown\.c: same" err && clean err
	'
else
	test_skip 'fuzz --check-one: the program file name made visible' "$(missing_why qemu-x86_64 csmith)"
fi

test_done
