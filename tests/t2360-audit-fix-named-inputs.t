#!/bin/sh
# The smaller points of issue 33 (point 13) for audit and fix:
#  - a file named on the command line that is not checked (binary,
#    above --max-size, not a regular file) is an error and exit 2 with
#    the reason; the same file found in a folder is a warning, skipped;
#  - --max-size speaks in MiB, the option's unit, not in bytes;
#  - a baseline that is valid JSON of another shape says what shape was
#    expected instead of "not valid JSON";
#  - libclang's own "LIBCLANG TOOLING ERROR" lines do not precede
#    rwonce's message about a broken compile_commands.json: their words
#    are in it;
#  - duplicate compile_commands.json entries (same file, folder and
#    command) are parsed once.
# (scan's "source ... cannot be read", now an error as its exit status
# says, is tested in t4030.)
. "$(dirname "$0")/lib/tap.sh"
# "clang engine" in the names of cases: the engine, not the program
mentions clang

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1

printf 'int a, x;\nvoid f(void) { x = ACCESS_ONCE(a); }\n' >good.c
printf 'int x;\000 binary ACCESS_ONCE\n' >bin.c
{ printf 'int v = *(volatile int *)&x; '; head -c 2200000 /dev/zero | tr '\0' 'x'; printf ';\n'; } >big.c
mkdir tree && cp bin.c big.c good.c tree/

test_exit_msg 2 'audit: a binary file named is an error, not checked, exit 2' \
	'^rwonce: error: bin\.c: binary file \(NUL byte at offset 6\), not checked$' \
	"$RWONCE" audit -q bin.c good.c
test_exit_msg 2 'fix: the same' \
	'^rwonce: error: bin\.c: binary file \(NUL byte at offset 6\), not checked$' \
	"$RWONCE" fix -q bin.c
test_exit_msg 2 'audit: a file above --max-size named: an error in MiB, exit 2' \
	'^rwonce: error: big\.c: 2\.1 MiB, larger than --max-size=1 \(MiB\); not checked$' \
	"$RWONCE" audit -q --max-size=1 big.c good.c
test_exit_msg 1 'audit: both found in a folder: warnings (in MiB), skipped, exit 1 for the finding' \
	'^rwonce: warning: tree/big\.c: 2\.1 MiB, larger than --max-size=1 \(MiB\); skipped$' \
	"$RWONCE" audit -q --max-size=1 tree
test_expect_success 'audit: ... and the binary one is a warning too' "
	'$RWONCE' audit -q --max-size=1 tree 2>err >/dev/null;
	grep -qx 'rwonce: warning: tree/bin.c: binary file (NUL byte at offset 6), skipped' err"
if have_cmd mkfifo; then
	mkfifo pipe.c
	test_exit_msg 2 'audit: a FIFO named: not opened for a blocking read, not checked, exit 2' \
		'^rwonce: error: pipe\.c: not a regular file, not checked$' \
		timeout 20 "$RWONCE" audit -q pipe.c good.c
else
	test_skip 'audit: a FIFO named: not opened for a blocking read, not checked, exit 2' 'mkfifo missing'
fi

echo '[1, 2]' >array.json
echo '{"findings": {"fingerprint": "x"}}' >object.json
echo '{"findings": [' >broken.json
test_exit_msg 2 'a baseline of valid JSON and the wrong shape: says what shape was expected' \
	'--baseline array\.json: valid JSON, but not the shape of a baseline \(at byte 0\): expected .*"findings": \[\{"fingerprint"' \
	"$RWONCE" audit -q --baseline array.json good.c
test_exit_msg 2 '... a findings member that is no array: the same, with the place' \
	'--baseline object\.json: valid JSON, but not the shape of a baseline \(at byte 13\)' \
	"$RWONCE" audit -q --baseline object.json good.c
test_exit_msg 2 '... and a broken document is still "not valid JSON"' \
	'--baseline broken\.json: not valid JSON \(at byte 15\)' \
	"$RWONCE" audit -q --baseline broken.json good.c

# The libclang engine (a plugin; a build without libclang has none).
if [ -f "$RWONCE_BUILD/rwonce-clang.so" ]; then
	mkdir db1 db2
	printf '[{"directory": "/tmp", "file": ' >db1/compile_commands.json
	echo '{"a": 1}' >db2/compile_commands.json
	test_expect_success 'clang engine: a broken database: rwonce'\''s error with libclang'\''s words, no raw LIBCLANG lines' "
		'$RWONCE' audit -q --engine=clang -p db1 >out 2>err; test \$? = 2 &&
		cat err && ! grep -q 'LIBCLANG TOOLING ERROR' err &&
		grep -q '^rwonce: error: db1/compile_commands.json: not a compilation database: Expected string as value (expected a JSON array' err &&
		'$RWONCE' audit -q --engine=clang -p db2 >out 2>err; test \$? = 2 &&
		! grep -q 'LIBCLANG' err &&
		grep -q 'db2/compile_commands.json: not a compilation database: Expected array (expected' err"

	mkdir dup
	printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint a, x;\nvoid f(void) { x = ACCESS_ONCE(a); }\n' >dup/a.c
	awk -v d="$TEST_TMP/dup" 'BEGIN {
		printf "["
		for (i = 0; i < 3000; i++)
			printf "%s{\"directory\": \"%s\", \"file\": \"a.c\", \"arguments\": [\"cc\", \"-c\", \"a.c\"]}", i ? ", " : "", d
		printf ", {\"directory\": \"%s\", \"file\": \"a.c\", \"arguments\": [\"cc\", \"-O2\", \"-c\", \"a.c\"]}]\n", d
	}' >dup/compile_commands.json
	test_expect_success 'clang engine: 3000 copies of one entry are parsed once (another command is its own unit)' "
		(cd dup && timeout 120 '$RWONCE' audit --engine=clang -p . >../dup.out 2>../dup.err; test \$? = 1) &&
		cat dup.err &&
		grep -q '2999 duplicate entries (the same file, folder and command) parsed once' dup.err &&
		grep -q 'in 1 of 2 files' dup.err && test \$(grep -c 'warning:' dup.out) = 1"
else
	test_skip 'clang engine: a broken database: rwonce'\''s error with libclang'\''s words, no raw LIBCLANG lines' 'no libclang engine in this build'
	test_skip 'clang engine: 3000 copies of one entry are parsed once (another command is its own unit)' 'no libclang engine in this build'
fi

test_done
