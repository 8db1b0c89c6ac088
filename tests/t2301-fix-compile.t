#!/bin/sh
# rwonce fix writes code that compiles: every fixture under tests/fix
# compiles as it is (with its own includes, -Wall -Werror), and again after
# `rwonce fix --in-place` over the whole folder with the default options --
# which add #include <rwonce.h> where nothing the file includes defines
# READ_ONCE/WRITE_ONCE, and deal with the file's own once-macros -- under
# gcc and clang, at -O0 and -O2.  The include path is rwonce's include/
# and the include/ folders above each file (where fix looks for <x.h>).
# A header is compiled on its own only when no fixture includes it: one
# that is included is compiled where it is used.
# Then the five conversion fixtures fixed with --add-include of a
# kernel-style header (WRITE_ONCE a do { } while (0) statement) compile
# too.  Control: the 2017 semantic patch's READ_ONCE(x)++ is rejected.
. "$(dirname "$0")/lib/tap.sh"
requires clang clang

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"

# -fno-strict-aliasing as the kernel builds: the fixtures pun types on purpose.
WARN="-std=gnu11 -fno-strict-aliasing -Wall -Werror -Wno-unused-variable -Wno-unused-but-set-variable -Wno-unused-function"

cp -r "$FIX" "$TEST_TMP/orig"
cp -r "$FIX" "$TEST_TMP/fixed"
cp -r "$FIX" "$TEST_TMP/kstyle"
test_expect_success 'rwonce fix --in-place over the fixtures' "
	(cd '$TEST_TMP/fixed' && '$RWONCE' fix -q --in-place .); test \$? -le 1"
test_expect_success 'the same with a kernel-style header named by --add-include' "
	(cd '$TEST_TMP/kstyle' && '$RWONCE' fix -q --in-place \
		--add-include='\"kernel-rw-once.h\"' access-once.c volatile-cast.c \
		no-newline.c nonscalar.c macro-body.c); test \$? -le 1"

# -I for the include/ folders above a file, inside the copy ($1: copy, $2: file)
incdirs() {
	d=$(dirname "$2")
	while :; do
		[ -d "$d/include" ] && printf ' -I%s/include' "$d"
		[ "$d" = "$1" ] && break
		d=$(dirname "$d")
	done
}

files=$(cd "$FIX" && find . \( -name '*.c' -o -name '*.h' \) | sed 's|^\./||' | sort)
test_expect_success 'there are fixtures to compile' "test -n '$files'"
for cc in gcc clang; do
	if ! have_cmd $cc; then
		test_skip "$cc: fixtures compile before and after fix" "$(missing_why $cc)"
		continue
	fi
	for f in $files; do
		x=; case $f in *.h) x="-x c" ;; esac
		# a header that other fixtures include is compiled through
		# them, where it is used (it may rely on what they define)
		case $f in *.h)
			grep -rqF "#include \"$(basename "$f")\"" "$FIX" --include='*.c' && continue ;;
		esac
		o="$TEST_TMP/orig/$f"; n="$TEST_TMP/fixed/$f"
		test_expect_success "$cc: $f compiles as it is" "
			$cc $WARN -O2 -I'$RWONCE_ROOT/include'$(incdirs "$TEST_TMP/orig" "$o") -c -o /dev/null $x '$o'"
		# unchanged files too: a header they include may have changed
		cmp -s "$o" "$n" && what="(unchanged)" || what="(fixed)"
		for lvl in -O0 -O2; do
			test_expect_success "$cc $lvl: $f compiles after rwonce fix $what" "
				$cc $WARN $lvl -I'$RWONCE_ROOT/include'$(incdirs "$TEST_TMP/fixed" "$n") -c -o /dev/null $x '$n'"
		done
	done
	for c in access-once volatile-cast no-newline nonscalar macro-body; do
		test_expect_success "$cc: $c.c fixed for kernel-style macros (WRITE_ONCE a statement) compiles" "
			$cc $WARN -O2 -I'$TEST_TMP/kstyle' -c -o /dev/null '$TEST_TMP/kstyle/$c.c'"
	done
	test_expect_failure_msg "$cc: control: the nonscalar fixture's ACCESS_ONCE is refused by rwonce.h" \
		'scalar' "
		printf '#include <rwonce.h>\n' | cat - '$FIX/nonscalar.c' | grep -v kernel-access-once.h >'$TEST_TMP/ns.c' &&
		$cc $WARN -I'$RWONCE_ROOT/include' -c -o /dev/null '$TEST_TMP/ns.c'"
	test_expect_failure_msg "$cc: control: READ_ONCE(x)++ (the 2017 conversion) does not compile" \
		'lvalue|assignable|increment' "
		printf 'int c;\nvoid f(void) { READ_ONCE(c)++; }\n' >'$TEST_TMP/ctl.c' &&
		$cc $WARN -I'$RWONCE_ROOT/include' -include rwonce.h -c -o /dev/null '$TEST_TMP/ctl.c'"
done
test_done
