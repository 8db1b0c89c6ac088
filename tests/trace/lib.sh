# Helpers for the tracer tests (tests/t11xx-*.t), sourced after tap.sh.
#
#   build_demo NAME COMPILER [FLAGS...]   compile trace-demo.c statically
#                                         into $TEST_TMP/NAME
#   watched EXE                           set LO and HI to the watched
#                                         object's address range
#   symbol_range EXE SYM                  print "LO HI" of a function
#   dump [trace-dump options]             run trace-dump on $LO $HI
#   accesses                              filter: drop "blind" lines

trace_dump() { "$TEST_TOOL" trace-dump "$@"; }
TRACE_DUMP=trace_dump
DEMO_SRC=$RWONCE_ROOT/tests/trace/trace-demo.c
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL is not built (run make)"
[ -r "$RWONCE_BUILD/tracer/rwonce-trace.so" ] ||
	skip_all "build/tracer/rwonce-trace.so is not built (run make)"

build_demo() { # name compiler flags...
	_name=$1
	_cc=$2
	shift 2
	"$_cc" -O2 -static "$@" -o "$TEST_TMP/$_name" "$DEMO_SRC"
}

# nm reads the symbol table of every ELF target, so no cross nm is needed.
watched() { # exe
	set -- $(nm -S "$1" | awk '$4 == "watched" { print $1, $2 }')
	[ -n "$1" ] || return 1
	LO=$1
	HI=$(printf '%x' $((0x$1 + 0x$2)))
}

symbol_range() { # exe symbol
	set -- $(nm -S "$1" | awk -v s="$2" '$4 == s { print $1, $2 }')
	[ -n "$1" ] || return 1
	printf '%s %x\n' "$1" $((0x$1 + 0x$2))
}

accesses() {
	grep -v ' blind'
}
