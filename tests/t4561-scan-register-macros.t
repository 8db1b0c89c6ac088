#!/bin/sh
# Device registers named by object-like macros -- #define TICK_CTRL_REG
# ( *( ( volatile unsigned int * ) 0xe000e010 ) ), the way
# microcontroller ports of an RTOS name theirs -- are once-accesses at
# every use: TICK_CTRL_REG = 0 writes, PRIO_REG |= v reads and writes,
# any other use reads.  Before, a #define line was no site and a use of
# an object-like name no call, so such a port (32 register uses in the
# Cortex-M4F one's port.c) had no site at all: "nothing checked", exit 2, with a
# message that no once-macro was found.  Now each use is a site, typed by
# the cast, spelled by the name alone; &NAME, (T *)&NAME and sizeof NAME
# access nothing and are no sites; a macro that only makes the pointer
# (TICK_BASE) is none.  An 8-byte register read by 32-bit ARM's ldrd is
# torn, the body named in the note.  register-macros.c, gcc 12 and clang
# 19 for x86-64, and for Thumb-2 (Cortex-M4) where armhf compilers exist.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
requires clang-19 clang-19
requires arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf

SRC=$RWONCE_ROOT/tests/scan/register-macros.c

check_sites() { # json source
	python3 - "$1" "$2" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	src = open(sys.argv[2]).read().split("\n")
	def at(text, nth=0):
	    return [i + 1 for i, t in enumerate(src) if text in t][nth]
	stamp = at("return STAMP_REG;")
	got = sorted((r["line"], r["site"], r["access"], r["size"], r["verdict"])
	             for r in d["site_instances"] if r["line"] != stamp)
	want = [(at("TICK_CTRL_REG = 0;"), "TICK_CTRL_REG", "write", 4, "ok"),
	        (at("TICK_LOAD_REG = reload;"), "TICK_LOAD_REG", "write", 4, "ok"),
	        (at("PRIO_REG |="), "PRIO_REG", "read-write", 4, "ok"),
	        (at("TICK_CTRL_REG = TICK_ENABLE;"), "TICK_CTRL_REG", "write", 4, "ok"),
	        (at("tick_last = TICK_LOAD_REG;"), "TICK_LOAD_REG", "read", 4, "ok")]
	assert got == want, got
	# no site at (T *)&NAME, sizeof(NAME); none for TICK_BASE
	none = (at("&TICK_CTRL_REG"), at("sizeof(TICK_CTRL_REG)"))
	assert not [r for r in d["site_instances"] if r["line"] in none], d["site_instances"]
	PY
}

n=0
while read -r name cc flags; do
	n=$((n + 1))
	mkdir -p "$TEST_TMP/$n" && cd "$TEST_TMP/$n" || exit 1
	if ! have_cmd "$cc" || ! "$cc" $flags -ffreestanding -c -o /dev/null "$SRC" 2>/dev/null; then
		test_skip "$name: register macros" "$cc $flags cannot build the fixture (see README: make deps)"
		test_skip "$name: the 8-byte register" "$cc $flags cannot build the fixture"
		continue
	fi
	# shellcheck disable=SC2086 # the configuration's flags
	"$cc" $flags -O2 -g -ffreestanding -c "$SRC" -o r.o || exit 1
	test_expect_success "$name: each use of a register macro is a site, by its use" '
		"$RWONCE" scan --json r.o >r.json 2>/dev/null; test $? -le 1 &&
		check_sites r.json "$SRC"
	'
	case $name in
	clang-thumb)
		test_expect_success "$name: the 8-byte register read by ldrd is torn, the body named" '
			{ "$RWONCE" scan --no-source r.o >out 2>err; test $? = 1; } &&
			grep -q "register-macros.c:$(line_of "$SRC" "return STAMP_REG;"):9: error: STAMP_REG of .unsigned long long. (8 bytes) compiled to 2 loads of 4 bytes by one pair instruction" out &&
			grep -q "note: .STAMP_REG. is a macro (line $(line_of "$SRC" "define STAMP_REG")) whose body is one volatile access, \* ( ( volatile unsigned long long\* ) 0xe0001008 )" out
		' ;;
	*-x86)
		test_expect_success "$name: the 8-byte register is one load, ok" '
			"$RWONCE" scan --json r.o >r.json 2>/dev/null &&
			grep -q "\"site\": \"STAMP_REG\", \"access\": \"read\", \"type\": \"unsigned long long\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" r.json
		' ;;
	*)
		# gcc gives the ldrd the line of the closing brace: no site's
		test_expect_success "$name: the 8-byte register is not said ok" '
			"$RWONCE" scan --json r.o >r.json 2>/dev/null; test $? -le 1 &&
			! grep -q "\"site\": \"STAMP_REG\", [^{]*\"verdict\": \"ok\"" r.json
		' ;;
	esac
done <<EOF2
gcc-x86 gcc
clang-x86 clang-19 --target=x86_64-linux-gnu
gcc-thumb arm-linux-gnueabihf-gcc -mthumb -mcpu=cortex-m4
clang-thumb clang-19 --target=arm-linux-gnueabihf -mthumb -mcpu=cortex-m4
EOF2
test_done
