#!/bin/sh
#
# Every rejection of include/rwonce.h, with its message: each fixture in
# tests/library/fail/ is compiled by every C and C++ compiler at -O0 and
# -O2 and must FAIL with output matching its expectations:
#
#   // EXPECT: regex              every compiler (ERE, grep -E, per line)
#   // EXPECT(gcc c++): regex     only the families/languages listed
#                                 (gcc clang tcc g++ clang++ c c++)
#   // FLAGS: -m32                extra compiler flags
#   // SKIP(tcc): reason          a TAP skip for those compilers
#   // KNOWN-BROKEN(tcc): what    those compilers' results are TAP TODO
#                                 (reported, not hidden; see the report)
#
# C++ compilers get the same file through -x c++ -std=c++11.

. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/library/compilers.sh"

FAIL_DIR=$RWONCE_ROOT/tests/library/fail
JOBS=$TEST_TMP/jobs
mkdir -p "$JOBS"

# Does an annotation's tag list "(gcc c++)" apply to compiler $2?
# $1 is the list without parentheses; empty means every compiler.
tag_applies() {
	[ -z "$1" ] && return 0
	for t in $1; do
		case $t in
		"$fam"|"$lang") return 0 ;;
		esac
	done
	return 1
}

# Lines "// KEY(tags): text" of fixture $1 that apply to the current
# compiler; prints the texts.
annotations() { # file key
	while IFS= read -r line; do
		case $line in
		"// $2: "*) printf '%s\n' "${line#"// $2: "}" ;;
		"// $2("*"): "*)
			rest=${line#"// $2("}
			tags=${rest%%"): "*}
			tag_applies "$tags" && printf '%s\n' "${rest#*"): "}"
			;;
		esac
	done <"$1"
}

n=0
for cc in $RWONCE_CCS $RWONCE_CXXS; do
	have_cmd "$cc" || continue
	fam=$(compiler_family "$cc")
	lang=$(compiler_lang "$cc")
	for f in "$FAIL_DIR"/*.c; do
		[ -n "$(annotations "$f" SKIP)" ] && continue
		flags=$(annotations "$f" FLAGS | tr '\n' ' ')
		can_compile_with "$cc" "$flags" || continue
		[ "$lang" = c++ ] && flags="-x c++ -std=c++11 $flags"
		for opt in -O0 -O2; do
			n=$((n + 1))
			id=$(printf '%04d' $n)
			cat >"$JOBS/$id.sh" <<-JOB
				LC_ALL=C exec $cc $opt $flags -Wall -Wextra -I"$RWONCE_ROOT/include" -c -o "$JOBS/$id.o" "$f"
			JOB
		done
	done
done
run_jobs "$JOBS"

n=0
for cc in $RWONCE_CCS $RWONCE_CXXS; do
	fam=$(compiler_family "$cc")
	lang=$(compiler_lang "$cc")
	for f in "$FAIL_DIR"/*.c; do
		name=$(basename "$f" .c)
		if ! have_cmd "$cc"; then
			test_skip "$name: $cc" "$(missing_why "$cc")"
			continue
		fi
		reason=$(annotations "$f" SKIP)
		if [ -n "$reason" ]; then
			test_skip "$name: $cc" "$reason"
			continue
		fi
		flags=$(annotations "$f" FLAGS | tr '\n' ' ')
		if ! can_compile_with "$cc" "$flags"; then
			test_skip "$name: $cc" "$cc cannot compile with '$flags' here (no multilib headers for it)"
			continue
		fi
		todo=$(annotations "$f" KNOWN-BROKEN | head -n 1)
		expects=$(annotations "$f" EXPECT)
		for opt in -O0 -O2; do
			n=$((n + 1))
			id=$(printf '%04d' $n)
			out=$JOBS/$id.out
			problem=
			if [ "$(cat "$JOBS/$id.rc")" = 0 ]; then
				problem="compiled, but must not"
			elif [ -z "$expects" ]; then
				problem="fixture has no EXPECT line for $fam"
			else
				problem=$(printf '%s\n' "$expects" | while IFS= read -r re; do
					grep -Eq -e "$re" "$out" || printf 'output lacks /%s/; ' "$re"
				done)
			fi
			label="$name: $cc $opt"
			if [ -z "$problem" ]; then
				_tap_result 0 "$label" "${todo:+TODO $todo}"
			elif [ -n "$todo" ]; then
				# A TODO failure is reported by prove but does not fail
				# the run; the report and the fixture say why.
				tap_count=$((tap_count + 1))
				echo "not ok $tap_count - $label # TODO $todo"
			else
				_tap_result 1 "$label"
				diag "$problem"
				sed 's/^/#   /' "$out" | head -n 20
			fi
		done
	done
done

test_done
