#!/bin/sh
# The recipes of doc/ci.md run: every `rwonce` line of each recipe (GitHub
# Actions, GitLab CI, a Linux kernel) is taken from the document and run
# as written, through sh, on a small project -- a base branch with one
# finding of each command, a head with a line inserted above it and one
# new finding -- and must do what the recipe says: the report steps exit
# 0 and write what the next step reads (SARIF that parses, HTML pages,
# JSON baselines); the gates exit 1 and name only the new findings; with
# nothing new they exit 0.  Not run: the YAML around the lines
# (installing rwonce, the upload action) and the kernel build itself;
# the "kernel" here is three C files linked into a vmlinux and a module.
. "$(dirname "$0")/lib/tap.sh"
requires python3 python3

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
DOC=$RWONCE_ROOT/doc/ci.md
mkdir -p "$TEST_TMP/bin"
ln -s "$RWONCE" "$TEST_TMP/bin/rwonce"
PATH=$TEST_TMP/bin:$PATH
export NO_PROGRESS=1

# The rwonce lines of the section titled $1, one per line.
recipe() {
	awk -v want="$1" '
		/^## / { on = (substr($0, 4) == want); next }
		/^```/ { code = !code; next }
		on && code {
			sub(/^[ \t]*(- )?/, "")
			if ($0 ~ /^rwonce / || $0 ~ /^\(cd "\$BASE" && rwonce /)
				print
		}' "$DOC"
}
# Run the lines of $1 (a file) in the current folder: the gates (with
# --baseline) to gates.out/gates.err with their statuses in gates.rc,
# the others must exit 0.
run_lines() {
	: >gates.out; : >gates.err; : >gates.rc
	while IFS= read -r line; do
		case $line in
		*--baseline*)
			sh -c "$line" >>gates.out 2>>gates.err; echo $? >>gates.rc ;;
		*)
			sh -c "$line" >/dev/null 2>>steps.err ||
				{ echo "failed: $line"; return 1; } ;;
		esac
	done <"$1"
}

# ---- the project: src/ built into build/ with its database ----
make_project() { # dir
	mkdir -p "$1/src" "$1/build"
	cat >"$1/src/a.c" <<'C'
struct snap { long a, b, c, d, e, f; };
struct snap shared;
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct snap copy(void)
{
	return READ_ONCE(shared);
}
C
	printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint flag;\nint get(void)\n{\n\treturn ACCESS_ONCE(flag);\n}\n' >"$1/src/b.c"
}
build() { # dir: objects and compile_commands.json
	( cd "$1" && sep= && printf '[' >build/compile_commands.json &&
	for f in a b; do
		gcc -O2 -g -c "src/$f.c" -o "build/$f.o" || exit 1
		printf '%s{"directory": "%s", "file": "src/%s.c", "arguments": ["gcc", "-O2", "-g", "-c", "src/%s.c", "-o", "build/%s.o"]}' \
			"$sep" "$PWD" "$f" "$f" "$f" >>build/compile_commands.json
		sep=,
	done && printf ']\n' >>build/compile_commands.json )
}
valid_json() { python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1"; }

for r in 'GitHub Actions' 'GitLab CI'; do
	W=$TEST_TMP/$(echo "$r" | tr -dc 'a-zA-Z')
	export BASE=$W/base
	make_project "$BASE" && build "$BASE"
	make_project "$W/head"
	# the head: a line above the old findings, and a new one of each
	{ echo '/* a line put above */'; cat "$W/head/src/a.c"
	  printf 'struct snap spare;\nstruct snap copy2(void)\n{\n\treturn READ_ONCE(spare);\n}\n'; } >"$W/a.c"
	mv "$W/a.c" "$W/head/src/a.c"
	printf 'int other;\nvoid put(int v)\n{\n\tACCESS_ONCE(other) = v;\n}\n' >>"$W/head/src/b.c"
	build "$W/head"
	recipe "$r" >"$W/lines"
	cd "$W/head" || exit 1
	test_expect_success "$r: the recipe has its report steps and both gates" '
		test "$(grep -c -- --baseline "$W/lines")" = 2 &&
		test "$(grep -vc -- --baseline "$W/lines")" -ge 4'
	run_lines "$W/lines"; ran=$?
	cp gates.out first.out; cp gates.err first.err; cp gates.rc first.rc
	test_expect_success "$r: every report step exits 0 and writes its file" '
		test $ran = 0 &&
		for f in $(grep -o "> *[a-z-]*\\.[a-z]*" "$W/lines" | sed "s/> *//") \
			 $(grep -o -- "--output [a-z]*=[a-z.-]*" "$W/lines" | sed "s/.*=//" | grep -vx -- -); do
			test -s "$f" || { echo "no $f"; exit 1; }
			case $f in *.json|*.sarif) valid_json "$f" || exit 1 ;; esac
		done'
	test_expect_success "$r: the gates exit 1 with only the new findings" '
		test "$(cat first.rc | tr "\\n" " ")" = "1 1 " &&
		test "$(grep -Ec ": (error|warning|note): .*\\[[a-z-]*\\]\$" first.out)" = 2 &&
		grep -q "^src/b.c:10:2: warning: .*\\[access-once\\]" first.out &&
		grep -q "^src/a.c:12:9: error: READ_ONCE(spare) .*\\[scan-torn\\]" first.out &&
		grep -q "^rwonce audit: 1 finding in 1 of 2 files: access-once 1, 1 in the baseline (of its 1)" first.err &&
		grep -q "^rwonce scan: 1 finding, 1 in the baseline (of its 1);" first.err'
	case $r in GitHub*)
		test_expect_success "$r: the SARIF has the findings for code scanning" '
			grep -q "\"ruleId\": \"access-once\"" rwonce-audit.sarif &&
			test "$(grep -c "\"ruleId\": \"scan-torn\"" rwonce-scan.sarif)" = 2 &&
			grep -q "partialFingerprints" rwonce-scan.sarif' ;;
	*)
		test_expect_success "$r: the HTML reports are pages with the findings" '
			grep -q "^<!DOCTYPE html>" rwonce-audit.html &&
			grep -q "ACCESS_ONCE(other)" rwonce-audit.html &&
			grep -q "movdqa\\|mov" rwonce-scan.html' ;;
	esac
	# the default branch itself: the baseline is the same commit
	rm -rf "$BASE"; cp -r "$W/head" "$BASE"; build "$BASE"
	run_lines "$W/lines" >/dev/null
	test_expect_success "$r: on the default branch the gates exit 0" '
		test "$(cat gates.rc | tr "\\n" " ")" = "0 0 "'
	cd "$TEST_TMP" || exit 1
done

# ---- the kernel recipe on a small "kernel" ----
K=$TEST_TMP/kernel
export KSRC=$K/linux KBUILD=$K/build
mkdir -p "$KSRC/kernel" "$KSRC/drivers/xen" "$KBUILD/kernel" "$KBUILD/drivers/xen"
# the copy re-read until two reads agree, as in Debian's xen/time.c
cp "$RWONCE_ROOT/tests/scan/retry-copy.c" "$KSRC/drivers/xen/time.c"
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint jiffies;\nint kernel_get(void)\n{\n\treturn ACCESS_ONCE(jiffies);\n}\nvoid _start(void) { }\n' >"$KSRC/kernel/k.c"
kbuild() {
	( cd "$KSRC" && sep= && printf '[' >"$KBUILD/compile_commands.json" &&
	for f in kernel/k drivers/xen/time; do
		gcc -O2 -g -fno-pic -c "$f.c" -o "$KBUILD/$f.o" || exit 1
		printf '%s{"directory": "%s", "file": "%s.c", "command": "gcc -O2 -g -c %s.c -o %s/%s.o"}' \
			"$sep" "$KSRC" "$f" "$f" "$KBUILD" "$f" >>"$KBUILD/compile_commands.json"
		sep=,
	done && printf ']\n' >>"$KBUILD/compile_commands.json" &&
	gcc -nostdlib -static -no-pie -o "$KBUILD/vmlinux" "$KBUILD/kernel/k.o" &&
	ld -r -o "$KBUILD/drivers/xen/xen-time.ko" "$KBUILD/drivers/xen/time.o" )
}
kbuild
recipe 'A Linux kernel' >"$K/lines"
cd "$K" || exit 1
test_expect_success 'kernel: audit, scan -p, scan vmlinux and modules with --sources, the baseline' '
	test "$(wc -l <lines)" = 5 && test "$(grep -c -- --baseline lines)" = 1'
run_lines lines; ran=$?
test_expect_success 'kernel: the report steps exit 0; the deliberate copy is a finding of each scan' '
	test $ran = 0 && valid_json audit.sarif && valid_json scan.sarif &&
	valid_json scan.json && valid_json known-scan.json &&
	grep -q "drivers/xen/time.c" scan.sarif &&
	grep -q "\"path\": \"linux/drivers/xen/time.c\", \"line\": 11," known-scan.json &&
	grep -q "\"ruleId\": \"access-once\"" audit.sarif'
test_expect_success 'kernel: the baseline accepts the known finding (exit 0)' '
	test "$(cat gates.rc)" = 0 && ! grep -Eq ": (error|warning|note): " gates.out'
printf 'struct vcpu_time xen_time_copy(void)\n{\n\treturn READ_ONCE(shared_time);\n}\n' >>"$KSRC/drivers/xen/time.c"
kbuild
grep -- --baseline lines >gate-only
run_lines gate-only
test_expect_success 'kernel: a new torn copy fails the gate, the known one does not' '
	test "$(cat gates.rc)" = 1 && test "$(grep -c "error:" gates.out)" = 1 &&
	grep -q "^linux/drivers/xen/time.c:17:9: error: READ_ONCE(shared_time)" gates.out'
test_done
