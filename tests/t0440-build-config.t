#!/bin/sh
#
# The build tracks its configuration, is quiet, and the installed tool is
# relocatable (issue 11, item 1; issue 21).  Real builds in private build
# folders:
#
#   1. `make` prints nothing but warnings and errors (V=1 shows the
#      commands); built for PREFIX=/opt/first, then `make install
#      PREFIX=/opt/second DESTDIR=<stage>` rebuilds nothing -- no path
#      of PREFIX is compiled in -- and after it `make -n run-installed`
#      (what `make run` does) compiles nothing; a changed CFLAGS still
#      rebuilds;
#   2. the staged tool -- whose prefix does not exist on this machine --
#      finds its probes, header and plugins relative to its own
#      executable: `verify` on aarch64 under QEMU and `audit
#      --engine=clang`, run from another folder;
#   3. built with RWONCE_NO_LIBCLANG=1 (what a build before `apt-get
#      install libclang-dev` gets), then a plain `make`: the clang engine
#      is there, not the stub.
. "$(dirname "$0")/lib/tap.sh"
requires qemu-aarch64 qemu-user
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
need_cmd make cc

B=$TEST_TMP/build
STAGE=$TEST_TMP/stage
AWAY=$TEST_TMP/elsewhere
mkdir -p "$AWAY"
have_libclang=$(make -s -C "$RWONCE_ROOT" BUILD="$B" clang-engine-info)
case $have_libclang in *libclang*) have_libclang=1 ;; *) have_libclang= ;; esac

mk() { make -s -j2 -C "$RWONCE_ROOT" BUILD="$B" "$@" >>"$TEST_TMP/make.log" 2>&1; }
# The objects of the build made after $TEST_TMP/mark.
objects() { find "$B" -name "*.o" -newer "$TEST_TMP/mark" | sort; }

test_expect_success 'make PREFIX=/opt/first builds everything and prints nothing' '
	make -j2 -C "$RWONCE_ROOT" --no-print-directory BUILD="$B" PREFIX=/opt/first \
		all >"$TEST_TMP/build.out" 2>&1; rc=$?; head -n 5 "$TEST_TMP/build.out";
	test $rc = 0 && test -x "$B/rwonce" && ! test -s "$TEST_TMP/build.out"'
test_expect_success 'V=1 shows the compiler command lines' '
	rm "$B/src/version.o" &&
	make -C "$RWONCE_ROOT" --no-print-directory BUILD="$B" V=1 PREFIX=/opt/first \
		"$B/rwonce" >"$TEST_TMP/v1.out" 2>&1 &&
	grep -q -- "-Wall .*-c -o $B/src/version.o src/version.c" "$TEST_TMP/v1.out"'
test_expect_success 'no path of PREFIX is compiled in' '
	! grep -aq /opt/first "$B/rwonce" && ! grep -q /opt/first "$B/RWONCE-CONFIG"'
test_expect_success 'make again with the same configuration rebuilds nothing' '
	before=$(stat -c %Y "$B/rwonce" "$B/RWONCE-CONFIG"); sleep 1;
	mk PREFIX=/opt/first all &&
	[ "$before" = "$(stat -c %Y "$B/rwonce" "$B/RWONCE-CONFIG")" ]'
sleep 1
touch "$TEST_TMP/mark"
test_expect_success 'make install PREFIX=/opt/second DESTDIR=stage rebuilds nothing' '
	make -j2 -C "$RWONCE_ROOT" BUILD="$B" V=1 PREFIX=/opt/second DESTDIR="$STAGE" \
		install >"$TEST_TMP/install.log" 2>&1; rc=$?; tail -n 3 "$TEST_TMP/install.log";
	test $rc = 0 && test -x "$STAGE/opt/second/bin/rwonce" &&
	! grep -- "-c -o" "$TEST_TMP/install.log" && test -z "$(objects)" &&
	! grep -aq /opt/second "$STAGE/opt/second/bin/rwonce"'
test_expect_success 'after the install, make run would build nothing (make -n run-installed)' '
	make -n -C "$RWONCE_ROOT" --no-print-directory BUILD="$B" run-installed \
		>"$TEST_TMP/run.n" 2>&1; cat "$TEST_TMP/run.n";
	! grep -- "-c -o" "$TEST_TMP/run.n" && grep -q "rwonce verify" "$TEST_TMP/run.n" &&
	test "$(grep -c . "$TEST_TMP/run.n")" = 1'
test_expect_success 'a changed CFLAGS still rebuilds (make -n lists the compiles, changes nothing)' '
	make -n -C "$RWONCE_ROOT" --no-print-directory BUILD="$B" CFLAGS="-O1 -g" \
		"$B/rwonce" >"$TEST_TMP/cflags.n" 2>&1 &&
	grep -q -- "-O1 -g .*-c -o $B/src/main.o src/main.c" "$TEST_TMP/cflags.n" &&
	! grep -q -- "-O1" "$B/RWONCE-CONFIG"'

INST=$STAGE/opt/second/bin/rwonce
if have_cmd qemu-aarch64 && have_cmd aarch64-linux-gnu-gcc; then
	test_expect_success 'the staged tool verifies aarch64 under QEMU from another folder' '
		(cd "$AWAY" && "$INST" verify --target aarch64 --opt 2 \
			--only "read_u32*") >"$TEST_TMP/out" 2>&1; rc=$?;
		cat "$TEST_TMP/out"; test $rc = 0 && grep -q "aarch64" "$TEST_TMP/out" &&
		grep -q "ok" "$TEST_TMP/out"'
else
	test_skip 'the staged tool verifies aarch64 under QEMU' \
		"$(missing_why qemu-aarch64 aarch64-linux-gnu-gcc)"
fi

# A unit with the seed's hazard, and its compilation database.
mkdir "$TEST_TMP/db"
cat >"$TEST_TMP/db/pte.c" <<'SRC'
typedef struct { unsigned long pte; } pte_t;
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
unsigned long get(pte_t *p) { pte_t v = ACCESS_ONCE(*p); return v.pte; }
SRC
printf '[{"directory": "%s", "file": "pte.c", "command": "cc -c pte.c"}]\n' \
	"$TEST_TMP/db" >"$TEST_TMP/db/compile_commands.json"
ENGINE_FINDING="pte.c:3:41: error: ACCESS_ONCE on struct type 'pte_t'"

if [ -n "$have_libclang" ]; then
	test_expect_success 'the staged tool loads its clang engine plugin' '
		(cd "$TEST_TMP/db" && "$INST" audit --no-progress --engine=clang -p .) \
			>"$TEST_TMP/out" 2>&1; rc=$?; cat "$TEST_TMP/out";
		test $rc = 1 && grep -qF "$ENGINE_FINDING" "$TEST_TMP/out"'

	B=$TEST_TMP/build-stale
	test_expect_success 'a build without libclang has the stub engine' '
		mk RWONCE_NO_LIBCLANG=1 "$B/rwonce" &&
		(cd "$TEST_TMP/db" && "$B/rwonce" audit --engine=clang -p .) \
			>"$TEST_TMP/out" 2>&1; rc=$?; cat "$TEST_TMP/out";
		test $rc = 2 && grep -q "built without libclang" "$TEST_TMP/out"'
	test_expect_success 'then a plain make (libclang present) gives the engine' '
		mk "$B/rwonce" "$B/rwonce-clang.so" &&
		(cd "$TEST_TMP/db" && "$B/rwonce" audit --engine=clang -p .) \
			>"$TEST_TMP/out" 2>&1; rc=$?; cat "$TEST_TMP/out";
		test $rc = 1 && grep -qF "$ENGINE_FINDING" "$TEST_TMP/out"'
else
	test_skip 'the clang engine across installs and rebuilds' \
		'libclang not installed (apt-get install libclang-dev)'
fi
test_done
