#!/bin/sh
# rwonce fuzz and bad input: csmith missing, a compiler that crashes or
# hangs (recorded, the campaign goes on), an unwritable --out (an error
# before any work), a corrupt or cut-off shard in --merge, bad options.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/fuzz.sh"
need_cmd gcc
fuzz_need_x86
fuzz_need_csmith

fuzz_private_tmpdir

fails2() { # name regex command...
	test_exit_msg 2 "$@"
}

# csmith missing: a PATH that has gcc but not csmith.
mkdir "$TEST_TMP/bin"
ln -s "$(command -v gcc)" "$TEST_TMP/bin/gcc"
fails2 'csmith missing: the message names the Debian package' \
	'^rwonce: error: csmith not found in PATH: .*apt-get install csmith' \
	env PATH="$TEST_TMP/bin" "$RWONCE" fuzz --cc gcc --count 1 --out "$TEST_TMP/o0"
test_expect_success 'csmith missing: nothing written' 'test ! -e "$TEST_TMP/o0/results.jsonl"'

: >"$TEST_TMP/afile"
fails2 'an --out that cannot be created' \
	"^rwonce: error: --out $TEST_TMP/afile/out: cannot create it: Not a directory" \
	"$RWONCE" fuzz --count 1 --out "$TEST_TMP/afile/out"
if [ -w /dev/full ]; then
	# A full disk: --out's write test goes to /dev/full through a link.
	mkdir "$TEST_TMP/full" && ln -s /dev/full "$TEST_TMP/full/.rwonce-write-test"
	fails2 'a full disk under --out: error before work starts' \
		"^rwonce: error: --out $TEST_TMP/full: cannot write there: No space left on device" \
		"$RWONCE" fuzz --count 1 --out "$TEST_TMP/full"
fi
fails2 'bad --seeds' "^rwonce: error: --seeds: '9-3' is not a range" \
	"$RWONCE" fuzz --seeds 9-3 --out "$TEST_TMP/o1"
fails2 'bad --shard' "^rwonce: error: --shard: '3/2' is not K/N" \
	"$RWONCE" fuzz --shard 3/2 --out "$TEST_TMP/o1"
# --cc, --target, --opt are read as verify reads them (src/compilers/grid.c).
fails2 'an unknown target: the known ones, as verify says them' \
	"^rwonce: error: unsupported target 'vax' \\(known: x86_64 i386 aarch64" \
	"$RWONCE" fuzz --target vax --out "$TEST_TMP/o1"
fails2 'a bad --opt, as verify says it' "^rwonce: error: --opt: '7' is not an optimisation level" \
	"$RWONCE" fuzz --opt 7 --out "$TEST_TMP/o1"
fails2 'a bad --check-one configuration' "^rwonce: error: 'gcc:x86_64' is not CC:TARGET:OPT" \
	"$RWONCE" fuzz --check-one --ref gcc:x86_64 --bad gcc:x86_64:2 --expect count "$TEST_TMP/afile"

# A crashing and a hanging compiler: recorded as such; gcc goes on.  The
# hang is a sleep of a length no other process on the machine has.
RWONCE_TEST_HANG_SECONDS=$((600000 + $$))
export RWONCE_TEST_HANG_SECONDS
"$RWONCE" fuzz --cc gcc --cc "$RWONCE_ROOT/tests/fuzz/cc-crash" --cc "$RWONCE_ROOT/tests/fuzz/cc-hang" \
	--opt 0 --seeds 1-2 --max-funcs 1 --compile-timeout 3 --out "$TEST_TMP/c" \
	>"$TEST_TMP/c.summary" 2>"$TEST_TMP/c.err"
rc=$?
test_expect_success 'crash and hang: the campaign finishes (no bug: exit 0)' 'cat "$TEST_TMP/c.err"; test $rc = 0'
test_expect_success 'the crash is recorded per program' '
	test "$(grep -c "cc-crash x86_64 -O0\",\"status\":\"compiler-crashed\"" "$TEST_TMP/c/results.jsonl")" = 2 &&
	grep -q "killed by signal 11" "$TEST_TMP/c/results.jsonl"'
test_expect_success 'a driver whose linker crashed (exit 1) is a crash too' '
	"$RWONCE" fuzz --cc gcc --cc "$RWONCE_ROOT/tests/fuzz/cc-subcrash" --opt 0 --seeds 1 \
		--max-funcs 1 --out "$TEST_TMP/sc" >/dev/null 2>&1
	grep -q "cc-subcrash x86_64 -O0\",\"status\":\"compiler-crashed\".*unable to execute command: Segmentation fault" "$TEST_TMP/sc/results.jsonl"'
test_expect_success 'the hang is recorded per program' '
	test "$(grep -c "cc-hang x86_64 -O0\",\"status\":\"compiler-timeout\"" "$TEST_TMP/c/results.jsonl")" = 2'
test_expect_success 'gcc still ran every program' '
	test "$(grep -c "\"gcc x86_64 -O0\",\"status\":\"ok\",\"verdict\":\"reference\"" "$TEST_TMP/c/results.jsonl")" = 2'
test_expect_success 'the summary lists them as trouble' '
	grep -Eq "cc-crash x86_64 -O0 +0( +0)+ +2 +0$" "$TEST_TMP/c.summary"'
test_expect_success 'no hung compiler left behind' '
	! ps -eo args | grep -q "^sleep $RWONCE_TEST_HANG_SECONDS$" ||
		{ ps -eo pid,args | grep "sleep $RWONCE_TEST_HANG_SECONDS"; false; }'

# --merge: a corrupt shard is named with its line, never left out.
mkdir "$TEST_TMP/m1" "$TEST_TMP/m2" "$TEST_TMP/m3"
cp "$TEST_TMP/c/results.jsonl" "$TEST_TMP/m1/"
{ head -n 2 "$TEST_TMP/c/results.jsonl"; echo '{"seed":3,"config":"gcc x86_64 -O0","status":"ok"'; } >"$TEST_TMP/m2/results.jsonl"
head -c 50 "$TEST_TMP/c/results.jsonl" >"$TEST_TMP/m3/results.jsonl"
fails2 'merge: a corrupt line' \
	"^rwonce: error: $TEST_TMP/m2/results.jsonl:3: not a fuzz result line" \
	"$RWONCE" fuzz --merge "$TEST_TMP/m1" "$TEST_TMP/m2"
fails2 'merge: a cut-off file' \
	"^rwonce: error: $TEST_TMP/m3/results.jsonl:1: the last line is cut off" \
	"$RWONCE" fuzz --merge "$TEST_TMP/m1" "$TEST_TMP/m3"
fails2 'merge: a folder without results' \
	"^rwonce: error: cannot read $TEST_TMP/nowhere/results.jsonl: No such file" \
	"$RWONCE" fuzz --merge "$TEST_TMP/m1" "$TEST_TMP/nowhere"
test_expect_success 'merge: one good folder gives the run'"'"'s summary' '
	"$RWONCE" fuzz --merge "$TEST_TMP/m1" >"$TEST_TMP/m1.summary"; cmp "$TEST_TMP/c.summary" "$TEST_TMP/m1.summary"'
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'
test_done
