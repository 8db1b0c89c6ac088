#!/bin/sh
# The same --macro NAME=KIND means the same in every command that takes
# it (src/cfront/once-macros.h, one parser): audit with either engine,
# fix and scan are each given one set of specs -- every kind and every
# alias at once -- and must accept it; one bad kind must be refused by
# each with the one message and exit 2.  fuzz takes no --macro: its
# programs are Csmith's, whose only once-macro is the ACCESS_ONCE Csmith
# defines itself, so a name given there could never occur.
. "$(dirname "$0")/lib/tap.sh"
requires cc gcc

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"

T=$TEST_TMP/tree
mkdir -p "$T"
cat >"$T/a.c" <<'EOF2'
#define KREAD(x) (*(const volatile __typeof__(x) *)&(x))
unsigned u;
unsigned f(void) { return KREAD(u); }
EOF2
printf '[{"directory": "%s", "file": "a.c", "arguments": ["cc", "-c", "a.c"]}]\n' "$T" >"$T/compile_commands.json"
(cd "$T" && cc -g -O2 -c -o a.o a.c) || skip_all "cc cannot build the fixture"

# every kind and every alias, each on a name of its own
KINDS="access-once access read-once read load once write-once write store assign volatile-cast"
set --
n=0
for k in $KINDS; do
	n=$((n + 1))
	set -- "$@" --macro "M$n=$k"
done
set -- "$@" --macro "KREAD=volatile-cast"
SPECS_NR=$n

# "name|argv before the specs|argv after" for each command
has_clang_engine() {
	"$RWONCE" audit --engine=clang -p "$T" "$T/a.c" >/dev/null 2>&1 || [ $? = 1 ]
}
run_cmd() { # name spec-args...
	c=$1
	shift
	case $c in
	audit) "$RWONCE" audit -q "$@" "$T/a.c" ;;
	audit-clang) "$RWONCE" audit -q --engine=clang -p "$T" "$@" "$T/a.c" ;;
	fix) "$RWONCE" fix -q "$@" "$T/a.c" ;;
	scan) "$RWONCE" scan -q --no-progress "$@" "$T/a.o" ;;
	esac
}
CMDS="audit fix scan"
if has_clang_engine; then
	CMDS="audit audit-clang fix scan"
else
	test_skip "audit --engine=clang: the same --macro" "no clang engine in this build (libclang-dev)"
fi

for c in $CMDS; do
	run_cmd "$c" "$@" >"$TEST_TMP/$c.out" 2>"$TEST_TMP/$c.err"
	st=$?
	test_expect_success "$c takes all $SPECS_NR kinds and aliases at once (exit $st)" "
		[ $st -le 1 ] && ! grep -q 'error' '$TEST_TMP/$c.err'
	"
done

want="rwonce: error: --macro 'M=bogus': unknown kind 'bogus' (KIND: access-once, read-once, write-once or volatile-cast)"
for c in $CMDS; do
	run_cmd "$c" "$@" --macro M=bogus >"$TEST_TMP/$c.out" 2>"$TEST_TMP/$c.err"
	st=$?
	test_expect_success "$c: the bad kind among good ones is refused with the one message, exit 2" "
		[ $st = 2 ] && test \"\$(cat '$TEST_TMP/$c.err')\" = \"$want\" &&
		test ! -s '$TEST_TMP/$c.out'
	"
done

want="rwonce: error: --macro 'M': expected NAME=KIND (KIND: access-once, read-once, write-once or volatile-cast)"
for c in $CMDS; do
	run_cmd "$c" --macro M >"$TEST_TMP/$c.out" 2>"$TEST_TMP/$c.err"
	st=$?
	test_expect_success "$c: a spec without a kind, the one message, exit 2" "
		[ $st = 2 ] && test \"\$(cat '$TEST_TMP/$c.err')\" = \"$want\"
	"
done

for c in audit fix scan; do
	test_expect_success "$c --help lists the same kinds" "
		'$RWONCE' $c --help >'$TEST_TMP/h' 2>&1;
		tr -s ' \n' '  ' <'$TEST_TMP/h' | grep -q 'access-once, read-once, write-once or volatile-cast'
	"
done

test_expect_success 'fuzz takes no --macro (its programs spell only ACCESS_ONCE)' '
	"$RWONCE" fuzz --macro M=read >"$TEST_TMP/f.out" 2>&1; st=$?
	test $st != 0 && grep -q "macro" "$TEST_TMP/f.out"
'

test_done
