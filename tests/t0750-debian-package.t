#!/bin/sh
# The Debian package (debian/): dpkg-buildpackage -us -uc -b builds it
# from a copy of the tree (in a private folder, so the tree's own build/
# is not touched), and it holds what `apt install ./rwonce_*.deb` must
# give -- the tool and its plugins, the header, the man pages, the
# pkg-config file and the CMake package -- with the shared libraries it
# needs as dependencies; unpacked, its rwonce finds its plugins and
# runs; lintian finds no error or warning (make check-full: lintian is
# in deps/full).  About a minute on 2 cores.
. "$(dirname "$0")/lib/tap.sh"
requires dpkg-buildpackage dpkg-dev
requires dh debhelper
requires pkg-config pkg-config
requires --full lintian lintian
requires clang clang
mentions cmake

need_cmd dpkg-buildpackage dh dpkg-deb tar
cd "$TEST_TMP" || exit 1
mkdir src
tar -C "$RWONCE_ROOT" --exclude=./build --exclude=./.git -cf - . | tar -C src -xf -
VERSION=$(sed -n 's/^VERSION *:= *//p' "$RWONCE_ROOT/mk/10-library.mk")
ARCH=$(dpkg --print-architecture)
DEB=rwonce_${VERSION}_$ARCH.deb

test_expect_success 'debian/changelog is at the version of mk/10-library.mk' '
	head -1 src/debian/changelog | grep -q "^rwonce ($VERSION) "'
(cd src && DEB_BUILD_OPTIONS="parallel=2" dpkg-buildpackage -us -uc -b) >build.log 2>&1; rc=$?
test_expect_success 'dpkg-buildpackage -us -uc -b builds it' '
	test $rc = 0 && test -s "$DEB" || { tail -30 build.log; false; }'
[ -s "$DEB" ] || { test_done; exit; }
dpkg-deb -c "$DEB" | awk '{ print $6 }' >contents
has() { grep -qx "./$1" contents || { echo "not in $DEB: $1"; false; }; }
test_expect_success 'the tool, its plugins and the probe battery' '
	has usr/bin/rwonce && has usr/libexec/rwonce/rwonce-scan.so &&
	has usr/libexec/rwonce/rwonce-trace.so && has usr/libexec/rwonce/rwonce-clang.so &&
	grep -q "^./usr/share/rwonce/probes/.*\\.c$" contents'
test_expect_success 'the header, the pkg-config file and the CMake package' '
	has usr/include/rwonce.h && has usr/share/pkgconfig/rwonce.pc &&
	has usr/share/cmake/rwonce/rwonce-config.cmake &&
	has usr/share/cmake/rwonce/rwonce-config-version.cmake'
test_expect_success 'every man page of doc/' '
	for m in "$RWONCE_ROOT"/doc/*.1 "$RWONCE_ROOT"/doc/*.3; do
		s=${m##*.}; has "usr/share/man/man$s/$(basename "$m").gz" || exit 1
	done'
test_expect_success 'copyright and changelog in /usr/share/doc/rwonce' '
	has usr/share/doc/rwonce/copyright && has usr/share/doc/rwonce/changelog.gz'
test_expect_success 'Depends: the shared libraries the tool and plugins link' '
	d=$(dpkg-deb -f "$DEB" Depends) &&
	for lib in libinih1 libdw1 libelf1 libcapstone4 libnettle8 libclang1; do
		echo "$d" | grep -q "$lib" || { echo "no $lib in: $d"; exit 1; }
	done'

# unpacked: the tool finds its files relative to itself
dpkg-deb -x "$DEB" root
test_exit_msg 0 'the packaged rwonce: version --json, scan and the clang engine built' \
	'"scan": \{ "built": true \},.*|"clang_engine": \{ "built": true \}' root/usr/bin/rwonce version --json
root/usr/bin/rwonce version --json >v.json
test_expect_success '... both of them' '
	grep -q "\"scan\": { \"built\": true }" v.json &&
	grep -q "\"clang_engine\": { \"built\": true }" v.json'
printf '#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))\nint f;\nint g(void) { return ACCESS_ONCE(f); }\n' >t.c
test_exit_msg 1 'the packaged rwonce audits' 't.c:3:.*\[access-once\]' root/usr/bin/rwonce audit t.c
if have_cmd clang; then
	clang -O2 -g -c t.c -o t.o
	test_exit_msg 0 'the packaged rwonce scans (its plugin from usr/libexec/rwonce)' \
		'1 of 1 file checked' root/usr/bin/rwonce scan t.o
else
	test_skip 'the packaged rwonce scans' "$(missing_why clang)"
fi
test_expect_success 'pkg-config finds the packaged rwonce.pc' '
	PKG_CONFIG_SYSROOT_DIR=$PWD/root PKG_CONFIG_LIBDIR=$PWD/root/usr/share/pkgconfig \
		pkg-config --cflags rwonce | grep -q -- "-I$PWD/root/usr/include"'

if have_cmd lintian; then
	lintian --fail-on error,warning "$DEB" >lintian.out 2>&1; lrc=$?
	test_expect_success 'lintian: no error, no warning' '
		cat lintian.out; test $lrc = 0 && ! grep -q "^[EW]: " lintian.out'
else
	test_skip 'lintian: no error, no warning' "$(missing_why lintian)"
fi
test_done
