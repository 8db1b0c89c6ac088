#!/bin/sh
#
# Header hygiene of include/rwonce.h:
#   - it compiles alone, as C (every compiler, gnu99 c11 c17 c2x, -pedantic
#     outside GNU modes) and as C++ (c++11 to c++20), -Wall -Wextra -Werror;
#   - in C it needs no other header at all (-nostdinc);
#   - including it twice is harmless, with and without the short names;
#   - -fsanitize=thread selects RWONCE_BACKEND_ATOMIC, and
#     RWONCE_BACKEND_VOLATILE overrides that;
#   - a use of every macro stays clean under the extra warnings projects
#     turn on (the list below; each compiler gets the ones it knows);
#   - every macro in the SYNOPSIS of doc/rwonce.3 exists, and every public
#     macro the header defines is in the man page.
#
# -Wshadow used to fail: nested READ_ONCE(READ_ONCE(p)->f) declared
# rwonce__p inside rwonce__p's own initializer.  The header now names each
# expansion's locals with __COUNTER__; this test keeps it that way.
# GCC's -Wcast-qual used to fail on ACCESS_ONCE of a pointer (a cast adding
# volatile under a pointer-typed object); the header now converts instead.
#
# Warnings deliberately not in the list, and why:
#   -Wpadded        about the user's own structs, not the header
#   -Weverything    (clang) includes -Wpre-c11-compat for _Generic and
#                   -Wreserved-macro-identifier: ISO C++ reserves every name
#                   with a double underscore, and the header's private
#                   names are RWONCE__*.  Reported in rwonce.3 BUGS.

. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/library/compilers.sh"

INC=$RWONCE_ROOT/include
JOBS=$TEST_TMP/jobs
mkdir -p "$JOBS"

C_WARNINGS="-Wshadow -Wcast-qual -Wcast-align=strict -Wconversion
-Wsign-conversion -Wundef -Wredundant-decls -Wmissing-prototypes
-Wstrict-prototypes -Wmissing-declarations -Wunused-macros
-Wdeclaration-after-statement -Wbad-function-cast -Wc++-compat
-Wnested-externs -Wjump-misses-init -Wlogical-op -Wduplicated-cond
-Wnull-dereference -Wdouble-promotion -Wvla -Wwrite-strings -Wformat=2
-Wstrict-overflow=5 -Wfloat-equal -Wswitch-enum -Wgnu-statement-expression"
CXX_WARNINGS="-Wshadow -Wcast-qual -Wcast-align=strict -Wconversion
-Wsign-conversion -Wundef -Wredundant-decls -Wmissing-declarations
-Wunused-macros -Wold-style-cast -Wuseless-cast
-Wzero-as-null-pointer-constant -Wlogical-op -Wduplicated-cond
-Wnull-dereference -Wdouble-promotion -Wvla -Wnon-virtual-dtor
-Weffc++ -Wextra-semi -Wcomma -Wdeprecated -Wfloat-equal"

printf '#include "rwonce.h"\n' >"$TEST_TMP/alone.c"
printf '#include "rwonce.h"\n#include "rwonce.h"\nint f(int *p);\nint f(int *p) { return READ_ONCE(*p); }\n' >"$TEST_TMP/twice.c"
printf '#define RWONCE_NO_SHORT_NAMES\n#include "rwonce.h"\n#include "rwonce.h"\nint f(int *p);\nint f(int *p) { return RWONCE_READ(*p); }\n#ifdef READ_ONCE\n#error short name defined\n#endif\n' >"$TEST_TMP/twice-ns.c"

printf '#include "rwonce.h"\n#ifndef RWONCE_BACKEND_ATOMIC\n#error "TSan did not select the atomic backend"\n#endif\nint f(int *p);\nint f(int *p) { return READ_ONCE(*p); }\n' >"$TEST_TMP/tsan-atomic.c"
printf '#include "rwonce.h"\n#ifdef RWONCE_BACKEND_ATOMIC\n#error "RWONCE_BACKEND_VOLATILE did not win over TSan"\n#endif\nint f(int *p);\nint f(int *p) { return READ_ONCE(*p); }\n' >"$TEST_TMP/tsan-volatile.c"

# The warnings of list $2 that compiler $1 knows (clang and gcc refuse an
# unknown one under -Werror).
known_warnings() { # cc list lang
	for w in $2; do
		if printf 'int rwonce_x;\n' | $1 -x "$3" -Werror "$w" -c \
			-o "$TEST_TMP/known.o" - >/dev/null 2>&1; then
			printf '%s ' "$w"
		fi
	done
}

n=0
job() { # label command...
	n=$((n + 1))
	id=$(printf '%04d' $n)
	label=$1
	shift
	printf '%s\n' "$label" >"$JOBS/$id.label"
	# Never "-o /dev/null": tcc unlinks its output path first, and as root
	# that replaces the device with a regular file.
	printf 'LC_ALL=C exec %s\n' "$*" |
		sed "s|-o /dev/null|-o $JOBS/$id.o|g" >"$JOBS/$id.sh"
}

for cc in $RWONCE_CCS $RWONCE_CXXS; do
	if ! have_cmd "$cc"; then
		printf '%s\n' "$cc" >>"$TEST_TMP/missing"
		continue
	fi
	base="$cc -Wall -Wextra -Werror -I$INC"
	if [ "$(compiler_lang "$cc")" = c ]; then
		for std in gnu99 c11 c17 c2x; do
			case $std in gnu*) ped= ;; *) ped=-pedantic ;; esac
			job "$cc -std=$std: the header alone" \
				"$base -std=$std $ped -c -o /dev/null $TEST_TMP/alone.c"
		done
		job "$cc: the header alone with -nostdinc (needs no other header)" \
			"$base -std=c11 -nostdinc -c -o /dev/null $TEST_TMP/alone.c"
		x="-x c"
		std=-std=c11
		warnings=$C_WARNINGS
	else
		for std in c++11 c++14 c++17 c++20; do
			job "$cc -std=$std: the header alone" \
				"$base -x c++ -std=$std -pedantic -c -o /dev/null $TEST_TMP/alone.c"
		done
		x="-x c++"
		std=-std=c++17
		warnings=$CXX_WARNINGS
	fi
	job "$cc: included twice" "$base $x $std -c -o /dev/null $TEST_TMP/twice.c"
	job "$cc: included twice, RWONCE_NO_SHORT_NAMES" \
		"$base $x $std -c -o /dev/null $TEST_TMP/twice-ns.c"
	[ "$(compiler_family "$cc")" = tcc ] && continue # no TSan, no such warnings
	# ThreadSanitizer selects the atomic backend, unless told otherwise.
	job "$cc: -fsanitize=thread selects RWONCE_BACKEND_ATOMIC" \
		"$base $x $std -fsanitize=thread -c -o /dev/null $TEST_TMP/tsan-atomic.c"
	job "$cc: -fsanitize=thread with RWONCE_BACKEND_VOLATILE keeps volatile" \
		"$base $x $std -fsanitize=thread -DRWONCE_BACKEND_VOLATILE -c -o /dev/null $TEST_TMP/tsan-volatile.c"
	w=$(known_warnings "$cc" "$warnings" "${x#-x }")
	job "$cc: every macro, extra warnings: $w" \
		"$base $x $std -pedantic -O2 $w -c -o /dev/null $RWONCE_ROOT/tests/library/hygiene-use.c"
	# The other code paths of the header, under the same warnings.
	configs="-DRWONCE_BACKEND_ATOMIC"
	if can_compile_with "$cc" -m32; then
		configs="$configs|-m32 -DRWONCE_ATOMIC64|-m32 -DRWONCE_ALLOW_TEARING"
	fi
	old_ifs=$IFS
	IFS='|'
	for cfg in $configs; do
		IFS=$old_ifs
		job "$cc $cfg: every macro, the same extra warnings" \
			"$base $x $std -pedantic -O2 $w $cfg -c -o /dev/null $RWONCE_ROOT/tests/library/hygiene-use.c"
	done
	IFS=$old_ifs
done
run_jobs "$JOBS"

if [ -f "$TEST_TMP/missing" ]; then
	while read -r cc; do
		test_skip "$cc" "$(missing_why "$cc")"
	done <"$TEST_TMP/missing"
fi
for f in "$JOBS"/*.sh; do
	id=${f%.sh}
	if [ "$(cat "$id.rc")" = 0 ] && [ ! -s "$id.out" ]; then
		_tap_result 0 "$(cat "$id.label")"
	else
		_tap_result 1 "$(cat "$id.label")"
		sed 's/^/#   /' "$id.out" | head -n 20
	fi
done

# ---- the man page and the header name the same macros ------------------

MAN=$RWONCE_ROOT/doc/rwonce.3
if [ ! -f "$MAN" ]; then
	test_skip "macros of rwonce.3" "doc/rwonce.3 missing"
	test_done
	exit
fi
synopsis=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$MAN" |
	grep -oE '\b(RWONCE_[A-Z0-9_]+|[A-Z]+_ONCE|barrier)\b' | sort -u)
CC_MACROS=${CC:-gcc}
{
	echo '#include "rwonce.h"'
	for m in $synopsis; do
		case $m in
		RWONCE_NO_SHORT_NAMES|RWONCE_BACKEND_*|RWONCE_ATOMIC64|RWONCE_ALLOW_TEARING|RWONCE_CHECK_ALIGNMENT)
			;; # configuration: the user defines these
		*) printf '#ifndef %s\n#error "%s is in rwonce.3 but not defined"\n#endif\n' "$m" "$m" ;;
		esac
	done
} >"$TEST_TMP/synopsis.c"
test_expect_success "every macro in the rwonce.3 SYNOPSIS is defined" \
	"$CC_MACROS -I$INC -c -o $TEST_TMP/synopsis.o $TEST_TMP/synopsis.c"

missing=
for m in RWONCE_NO_SHORT_NAMES RWONCE_BACKEND_ATOMIC RWONCE_BACKEND_VOLATILE \
	RWONCE_ATOMIC64 RWONCE_ALLOW_TEARING RWONCE_CHECK_ALIGNMENT; do
	echo "$synopsis" | grep -qx "$m" || missing="$missing $m(not in rwonce.3)"
	grep -qw "$m" "$INC/rwonce.h" || missing="$missing $m(not read by rwonce.h)"
done
test_expect_success "configuration macros: in rwonce.3 and read by the header" \
	"[ -z '$missing' ] || { echo 'missing:$missing'; false; }"

# Public macros the header defines: everything new after the include,
# minus the include guard and the private RWONCE__ names.
echo | $CC_MACROS -dM -E -x c - | sort >"$TEST_TMP/builtin.macros"
echo '#include "rwonce.h"' | $CC_MACROS -I"$INC" -dM -E -x c - | sort >"$TEST_TMP/all.macros"
public=$(comm -13 "$TEST_TMP/builtin.macros" "$TEST_TMP/all.macros" |
	awk '{ sub(/\(.*/, "", $2); print $2 }' | grep -v -e '^RWONCE_H$' -e '^RWONCE__' | sort -u)
undocumented=
for m in $public; do
	grep -qw -- "$m" "$MAN" || undocumented="$undocumented $m"
done
test_expect_success "every public macro of rwonce.h is documented in rwonce.3 ($(echo $public | wc -w) macros)" \
	"[ -z '$undocumented' ] || { echo 'undocumented:$undocumented'; false; }"
outside=$(echo "$public" | grep -v -e '^RWONCE_' -e '^READ_ONCE$' -e '^WRITE_ONCE$' \
	-e '^ASSIGN_ONCE$' -e '^ACCESS_ONCE$' -e '^barrier$' | tr '\n' ' ')
test_expect_success "rwonce.h defines no macro outside its names" \
	"[ -z '$outside' ] || { echo 'also defines: $outside'; false; }"

test_done
