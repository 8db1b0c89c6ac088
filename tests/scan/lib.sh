# Helpers for the scan tests (tests/t4*-scan-*.t), sourced after tap.sh.

requires clang clang

# The probe controls spell the raw volatile cast through their own macros.
RAW_MACROS="--macro RAW_READ=read-once --macro RAW_WRITE=write-once --macro RAW_ACCESS=access-once"

# Can clang compile C with <stdint.h> for this target triple?
clang_can() {
	have_cmd clang || return 1
	printf '#include <stdint.h>\nuint32_t x;\n' |
		clang --target="$1" -x c -c -o /dev/null - 2>/dev/null
}

# Why clang_can said no: clang missing, or the triple's C library.
clang_why() { # triple
	if have_cmd clang; then
		echo "clang cannot build for $1 (package $(libc_pkg "$1"); see README: make deps)"
	else
		missing_why clang
	fi
}

# The Debian package of a triple's C library headers, for SKIP reasons.
libc_pkg() {
	case $1 in
	x86_64-*) echo libc6-dev ;;
	i686-*) echo libc6-dev-i386 ;;
	aarch64-*) echo libc6-dev-arm64-cross ;;
	arm-*) echo libc6-dev-armhf-cross ;;
	s390x-*) echo libc6-dev-s390x-cross ;;
	powerpc64le-*) echo libc6-dev-ppc64el-cross ;;
	mips64el-*) echo libc6-dev-mips64el-cross ;;
	*) echo "libc6-dev for $1" ;;
	esac
}

# The first line of file that holds the fixed string s.
line_of() {
	grep -nF -e "$2" "$1" | head -n 1 | cut -d: -f1
}

# Does the scan output $1 have a finding of rule $3 at line $2 of a file
# named like $4, followed by note lines with at least $5 instructions?
finding_with_insns() { # out line rule file min-insns
	awk -v line="$2" -v rule="$3" -v file="$4" -v min="$5" '
		$0 ~ "error: .*\\[" rule "\\]$" {
			split($0, p, ":")
			on = (p[2] == line && index(p[1], file))
			if (on) found = 1
			next
		}
		on && / note: [0-9a-f]+ <[^>]*>: / { n++ }
		/ error: / { on = 0 }
		END { exit !(found && n >= min) }' "$1"
}

# clang's two torn reads of tests/scan/kernel-shape.c in scan's output $1
# and summary $2: the ticket lock (2 loads) and the lock word (4), the
# local copy unattributed.
kernel_shape_torn() { # out err
	_ks=$RWONCE_ROOT/tests/scan/kernel-shape.c
	finding_with_insns "$1" "$(line_of "$_ks" "READ_ONCE(*lock)")" scan-torn kernel-shape.c 2 &&
	finding_with_insns "$1" "$(line_of "$_ks" "READ_ONCE(*w)")" scan-torn kernel-shape.c 4 &&
	grep -q "READ_ONCE(\*lock) of .ticket_lock_t. (4 bytes) compiled to 2 loads of 2 bytes: torn" "$1" &&
	grep -q "READ_ONCE(\*w) of .union lock_word. (4 bytes) compiled to 4 loads of 1 byte: torn" "$1" &&
	grep -q "3 site instances: ok 0, torn 2, duplicated 0, widened 0, unattributed 1" "$2"
}

# The lines of scan -v 2 output $1 for the instance whose heading line
# holds the fixed string $2: the heading and its range and access lines.
instance_block() { # err string
	awk -v s="$2" '
		/^[^ ]/ { on = index($0, s) > 0 }
		on { print }' "$1"
}

# probe_main_c FILE: a main() and the sinks the probes' objects
# (probes/*.c, tests/scan/*.c) store to, to link them into a program.
probe_main_c() {
	printf '#include <stdint.h>\nvolatile uint64_t rwonce_sink, rwonce_sink2;\nvoid *volatile rwonce_sink_ptr;\nint main(void) { return 0; }\n' >"$1"
}
