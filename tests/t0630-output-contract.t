#!/bin/sh
# The output contract of rwonce(1), OUTPUT, as a table checked for every
# command: the shared options are accepted (--format with the command's
# formats, --json, -q, -v[=N], --color[=WHEN]); a format the command has
# not is refused (exit 2) naming those it has; --json is --format=json
# byte for byte; --help ends with the exit status; `rwonce help CMD`
# shows the command's own manual; no path means the current folder for
# the tree commands, and scan says what it needs.  Old spellings still
# work (scan -v 1, verify --json, audit --format json).
. "$(dirname "$0")/lib/tap.sh"
requires man man-db
requires qemu-x86_64 qemu-user

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1

# command   its formats         one it has not
TABLE='verify text,json,html sarif
audit text,json,sarif,html diff
fix diff,json text
scan text,json,sarif,html diff
fuzz text,json sarif'

# Every command of src/commands.def has a row above or is named here with
# the reason: a new command cannot skip the contract by being left out.
# version prints one line and exits (text or json only, no -q, -v,
# --color or exit-status section); t0730 and t0750 test it.
NOT_IN_TABLE='version'
test_expect_success "the table covers every command of src/commands.def" '
	sed -n "s/^COMMAND(\"\([a-z0-9_-]*\)\".*/\1/p" "$RWONCE_ROOT/src/commands.def" | sort >defined &&
	{ printf "%s\n" "$TABLE" | cut -d" " -f1; printf "%s\n" $NOT_IN_TABLE; } | sort >covered &&
	test -s defined && diff defined covered'

while read -r cmd formats bad; do
	test_expect_success "$cmd: --help lists --format ($formats), --json, -q, -v, --color and the exit status" '
		"$RWONCE" '"$cmd"' --help >help 2>&1 &&
		grep -Eq "^ +--format <FMT> " help &&
		for f in $(echo '"$formats"' | tr , " "); do
			grep -E "^ +--format <FMT> " help | grep -qw "$f" ||
				{ echo "no $f"; exit 1; }
		done &&
		grep -Eq "^ +--json +the same as --format=json" help &&
		grep -Eq "^ +-q, --quiet " help &&
		grep -Eq "^ +-v, --verbose\\[=<N>\\] " help &&
		grep -Eq "^ +--color\\[=<WHEN>\\] " help &&
		grep -Eq "^Exit status: 0 .*; 1 .*; 2 " help'
	test_expect_success "$cmd: the shared options are accepted together" '
		"$RWONCE" '"$cmd"' -q -v -vv -v=2 --verbose=1 --color --color=never --json --format=json --help >/dev/null 2>&1'
	test_exit_msg 2 "$cmd: --format=$bad is refused, naming the formats it has" \
		"error: --format: .*$bad" "$RWONCE" "$cmd" --format="$bad"
	test_expect_success "$cmd: rwonce help $cmd shows its own manual" '
		MANPAGER=cat MANWIDTH=80 "$RWONCE" help '"$cmd"' >man.out 2>&1 &&
		if have_cmd man; then
			head -n 3 man.out | grep -q "RWONCE-$(echo '"$cmd"' | tr a-z A-Z)(1)"
		else
			grep -q "^usage: rwonce '"$cmd"' " man.out
		fi'
done <<EOF_TABLE
$TABLE
EOF_TABLE

# ---- --json is --format=json, byte for byte, on a real run of each ----
mkdir tree
printf 'int x;\nint f(void)\n{\n\treturn ACCESS_ONCE(x);\n}\n' >tree/a.c
cat >s.c <<'C'
struct snap { long a, b, c, d, e, f; };
struct snap shared;
struct snap copy(void)
{
	return *(volatile struct snap *)&shared;
}
C
gcc -O2 -g -c s.c -o s.o
mkdir -p fz
cat >fz/results.jsonl <<'J'
{"seed":1,"config":"cc x86_64 -O0","status":"ok","verdict":"reference","checksum":"2A9DA7EF","accesses":156,"detail":""}
{"seed":1,"config":"cc x86_64 -O2","status":"ok","verdict":"torn","checksum":"2A9DA7EF","accesses":157,"detail":"g_2: 8 bytes read as two 4-byte reads"}
J

same_json() { # what command...
	"$@" --json >j1 2>/dev/null; rc1=$?
	"$@" --format=json >j2 2>/dev/null; rc2=$?
	"$@" --format json >j3 2>/dev/null; rc3=$?
	# verify's JSON has the seconds each configuration took
	sed -i 's/"\(compile\|trace\)_seconds": [0-9.]*/"\1_seconds": T/g' j1 j2 j3
	[ $rc1 = $rc2 ] && [ $rc2 = $rc3 ] && [ -s j1 ] && cmp j1 j2 && cmp j2 j3 &&
		head -c 1 j1 | grep -q "{"
}
test_expect_success 'audit: --json = --format=json = --format json' \
	'same_json "$RWONCE" audit tree'
test_expect_success 'fix: --json = --format=json' \
	'same_json "$RWONCE" fix tree && grep -q "\"tool\": \"rwonce fix\"" j1'
test_expect_success 'scan: --json = --format=json' \
	'same_json "$RWONCE" scan --macro X=read-once s.o && grep -q "\"scan-torn\"" j1'
test_expect_success 'fuzz --merge: --json = --format=json' \
	'same_json "$RWONCE" fuzz --merge fz && grep -q "\"bugs\": 1" j1'
if have_cmd qemu-x86_64 && [ "$(uname -m)" = x86_64 ]; then
	test_expect_success 'verify: --json = --format=json (one level, one probe file)' \
		'same_json "$RWONCE" verify --opt 2 --backend volatile --only "read_u*" --no-progress &&
		 grep -q "\"status\": \"ok\"" j1'
	test_expect_success 'verify -q: the verdict line only; -v: the tables too (as --details)' '
		"$RWONCE" verify -q --opt 2 --backend volatile --only read_u8 >q.out 2>q.err &&
		test "$(cat q.out)" = "verdict: ok" && test ! -s q.err &&
		"$RWONCE" verify -v --opt 2 --backend volatile --only read_u8 --no-progress >v.out &&
		grep -q "^  read_u8 *ok" v.out && ! grep -q "^  read_u8 *ok" q.out'
else
	test_skip 'verify: --json = --format=json' "$(missing_why qemu-x86_64) or not x86_64"
	test_skip 'verify -q and -v' "$(missing_why qemu-x86_64) or not x86_64"
fi

# ---- -q and -v mean less and more ----
test_expect_success 'fuzz -q: only the bug lines; -q is quieter than the default' '
	"$RWONCE" fuzz --merge fz >full; test $? = 1 &&
	"$RWONCE" fuzz --merge -q fz >quiet; test $? = 1 &&
	grep -q "^rwonce fuzz: 1 programs" full && ! grep -q "^rwonce fuzz:" quiet &&
	grep -q "seed 1  cc x86_64 -O2  torn: g_2" quiet && test $(wc -l <quiet) = 1'
test_expect_success 'fix -v: a line per file with its counts; -q: no summary' '
	"$RWONCE" fix -v tree >/dev/null 2>err; test $? = 1 &&
	grep -q "^rwonce fix: tree/a.c: 1 converted, 0 left" err &&
	"$RWONCE" fix -q tree >/dev/null 2>err; test $? = 1 && test ! -s err'
test_expect_success 'fix --color=always colours the diff; never (and piped) does not' '
	"$RWONCE" fix --color=always tree 2>/dev/null | grep -q "$(printf "\\033")\\[32m+" &&
	! "$RWONCE" fix tree 2>/dev/null | grep -q "$(printf "\\033")"'

# ---- no path ----
test_expect_success 'audit and fix with no path walk the current folder' '
	(cd tree && "$RWONCE" audit -q >../a.out 2>/dev/null; test $? = 1) &&
	grep -q "^./a.c:4:9:\\|^a.c:4:9:" a.out &&
	(cd tree && "$RWONCE" fix -q >../f.out 2>/dev/null; test $? = 1) &&
	grep -q "^+++ b/a.c" f.out'
test_exit_msg 2 'scan with no file and no -p says what it needs' \
	'error: nothing to scan: name object files, archives or ELF files, or -p BUILD_DIR' \
	"$RWONCE" scan

# ---- old spellings ----
test_expect_success 'scan -v 1 FILE (the level as its own argument) and scan -v FILE' '
	"$RWONCE" scan --macro X=read-once -v 1 s.o >/dev/null 2>&1; test $? = 1 &&
	"$RWONCE" scan --macro X=read-once -v s.o >/dev/null 2>&1; test $? = 1'
test_done
