#!/bin/sh
# The mechanism behind t4413, checked without depending on timing: does
# reading a file through scan's reader (src/elf/dwarf-lines.c,
# elf_images_each) close a descriptor that is not its own?
# tests/scan/fd-guard.c, built here against build/librwonce.a, defines
# close() (libdw's calls bind to it too) and, after each close that
# frees a descriptor, opens a stand-in at once -- what another -j worker
# does when it opens a source at that moment; a later close of a
# stand-in is a close of another thread's file.  libdwfl 0.188, given an
# archive by its path, closes the archive's descriptor once per member
# and once more (libdwfl/offline.c: process_elf, process_archive): all
# but the first close someone else's file.  The reader gives libdwfl an
# archive's bytes instead (struct archive_image); an object and a linked
# program it still gives by path, and libdwfl closes those once.
. "$(dirname "$0")/lib/tap.sh"
requires gcc gcc
need_cmd ar

LIB=$RWONCE_BUILD/librwonce.a
if ! nm "$LIB" 2>/dev/null | grep -q " T elf_images_each$"; then
	skip_all "scan's reader is not built here ($LIB has no elf_images_each)"
fi
# A sanitizer's runtime intercepts close() itself: the guard's own
# definition would take the place of its interceptor.
if nm "$LIB" 2>/dev/null | grep -q "U __[at]san_"; then
	skip_all "$LIB is built with a sanitizer, whose runtime intercepts close()"
fi

MEMBERS=24
mkdir -p "$TEST_TMP/b" && cd "$TEST_TMP/b" || exit 1
i=0
while [ $i -lt $MEMBERS ]; do
	printf 'int v%d;\nint f%d(void) { return *(volatile int *)&v%d; }\n' \
		$i $i $i >m$i.c
	gcc -O2 -g -c m$i.c -o m$i.o || exit 1
	i=$((i + 1))
done
ar rcs libm.a m*.o || exit 1
printf 'int f0(void);\nint main(void) { return f0(); }\n' >main.c
gcc -O2 -g -o prog main.c m0.o || exit 1

test_expect_success 'the guard builds against librwonce.a and libdw' '
	gcc -O1 -std=gnu11 -I"$RWONCE_ROOT/src" -o fd-guard \
		"$RWONCE_ROOT/tests/scan/fd-guard.c" "$LIB" -ldw -lelf -lpthread
'

test_expect_success "libdw's closes reach the guard (an object: libdwfl's one close of its own)" '
	./fd-guard --libdwfl m0.o >ctl.out &&
	grep -qx "m0.o: 1 modules, 1 closes, 0 closes of another'"'"'s descriptor" ctl.out
'

test_expect_success "libdwfl alone, given the archive by its path, closes another's descriptor (why the reader does not)" '
	./fd-guard --libdwfl libm.a >lib.out &&
	grep -qx "libm.a: $MEMBERS modules, $((MEMBERS + 1)) closes, $MEMBERS closes of another'"'"'s descriptor" lib.out
'

test_expect_success "the reader: every member of the archive read, no descriptor of another's closed" '
	./fd-guard libm.a >r.out &&
	grep -qx "libm.a: $MEMBERS images, $MEMBERS units, 0 closes of another'"'"'s descriptor" r.out
'

test_expect_success "the reader: an object and a linked program, none either" '
	./fd-guard m0.o prog >e.out &&
	grep -qx "m0.o: 1 images, 1 units, 0 closes of another'"'"'s descriptor" e.out &&
	grep -qx "prog: 1 images, [2-9] units, 0 closes of another'"'"'s descriptor" e.out
'

test_done
