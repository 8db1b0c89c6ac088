#!/bin/sh
# scan's discovery lexed every file whose bytes hold "##" for its
# generator macros (a #define whose body pastes a function's name:
# NAME ## x ( ... ) {), even when the file holds no accessor's mark (no
# "volatile", asm or __atomic_): on Debian's vmlinux 249 files, 40% of
# the bytes discovery lexed (issue 35).  A generator's body needs a '{'
# after its "##" in the same directive, so such a file is now lexed only
# when one of its "##" has a '{' after it -- across line splices and
# block comments, which keep a directive going, and whatever the scan
# cannot follow (a raw string) taken as a yes.  The test hook
# RWONCE_TEST_SCAN_DISCOVER_STATS counts the files lexed and not.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
# name, whether it is lexed (1) or not (0), the text before a function
while IFS='|' read -r name lexed text; do
	printf '%b\nint %s_fn(int *p)\n{\n\treturn p[0] + 1;\n}\n' "$text" "$name" >"$name.c"
	gcc -O2 -g -c "$name.c" -o "$name.o" || exit 1
	if [ "$lexed" = 1 ]; then want="1 lexed for generator macros, 0 not"
	else want="0 lexed for generator macros, 1 not"; fi
	test_expect_success "$name: $([ "$lexed" = 1 ] && echo lexed || echo not lexed)" '
		RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan --no-source "$name.o" >out 2>err
		grep -q "discovery statistics: files that paste names and hold no accessor.s mark: $want " err
	'
done <<'EOF2'
cat_only|0|#define CAT(a, b) a ## b
brace_next_line|0|#define CAT(a, b) a ## b\nstruct s { int x; };
paste_in_comment|0|/* a ## b */\nstruct s { int x; };
generator|1|#define GEN(n) static int get_##n(int *p) { return *p; }
generator_spliced|1|#define GEN(n) static int get_##n(int *p) \\\n{ return *p; }
generator_blank_splice|1|#define GEN(n) static int get_##n(int *p) \\  \n{ return *p; }
generator_comment|1|#define GEN(n) static int get_##n(int *p) /* the\nbody */ { return *p; }
raw_string|1|#define S(n) n ## R"x(a)x"
EOF2

test_expect_success 'a file with an accessor mark is lexed as before, not counted here' '
	printf "#define CAT(a, b) a ## b\nint v(volatile int *p)\n{\n\treturn *p;\n}\n" >marked.c &&
	gcc -O2 -g -c marked.c -o marked.o &&
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan --no-source marked.o >out 2>err
	grep -q "discovery statistics: 1 files lexed for once-accessors" err &&
	grep -q "hold no accessor.s mark: 0 lexed for generator macros, 0 not " err
'
test_done
