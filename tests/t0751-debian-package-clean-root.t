#!/bin/sh
# make check-full: the Debian package installed in a fresh Debian 12 root
# (scripts/check-clean-root --run --copy) with `apt-get install
# ./rwonce_*.deb`, which brings its dependencies from the mirror, and the
# README's examples run with the installed /usr/bin/rwonce
# (tests/t0480-readme-commands.t with RWONCE=/usr/bin/rwonce, the tools
# its examples name installed beside it); the header through pkg-config
# and CMake as a consumer would.  The .deb is built here first
# (dpkg-buildpackage).  Slow: packages are downloaded.
. "$(dirname "$0")/lib/tap.sh"
requires --full mmdebstrap mmdebstrap
requires dpkg-buildpackage dpkg-dev
requires dh debhelper
requires git git
# run inside the clean root, installed there by the script, not here
mentions cmake pkg-config clang-19 csmith cvise qemu-user python3 gcc-aarch64-linux-gnu gcc-s390x-linux-gnu

need_cmd mmdebstrap dpkg-buildpackage dh git
[ "$(id -u)" = 0 ] || skip_all "needs root (scripts/check-clean-root)"
git -C "$RWONCE_ROOT" rev-parse --verify -q HEAD >/dev/null ||
	skip_all "$RWONCE_ROOT is not a git checkout (check-clean-root clones its HEAD)"
cd "$TEST_TMP" || exit 1
mkdir src
tar -C "$RWONCE_ROOT" --exclude=./build --exclude=./.git -cf - . | tar -C src -xf -
(cd src && DEB_BUILD_OPTIONS="parallel=2" dpkg-buildpackage -us -uc -b) >build.log 2>&1
DEB=$(ls "$TEST_TMP"/rwonce_*.deb 2>/dev/null | head -1)
test_expect_success 'the package is built' 'test -s "$DEB" || { tail -20 build.log; false; }'
[ -s "$DEB" ] || { test_done; exit; }

cat >run.sh <<'SH'
set -u
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q /root/rwonce_*.deb >/tmp/apt-deb.log 2>&1
echo "== apt install .deb: exit status $?"
dpkg -s rwonce | grep '^Status'
command -v rwonce; rwonce version --json
# what the README's examples name (t0480), and prove to run it
apt-get install -y -q gcc clang-19 qemu-user csmith libcsmith-dev cvise perl make python3 \
	pkg-config cmake gcc-aarch64-linux-gnu gcc-s390x-linux-gnu \
	libc6-dev-arm64-cross libc6-dev-s390x-cross >/tmp/apt-tools.log 2>&1
echo "== apt install tools: exit status $?"
RWONCE=/usr/bin/rwonce prove -v tests/t0480-readme-commands.t >/tmp/t0480.log 2>&1
echo "== t0480 with /usr/bin/rwonce: exit status $?"
grep -E "^(ok|not ok)" /tmp/t0480.log | sed 's/^/t0480: /'
# the header as a consumer builds with it
printf '#include <rwonce.h>\nint x;\nint main(void) { WRITE_ONCE(x, 1); return READ_ONCE(x) - 1; }\n' >/tmp/c.c
cc $(pkg-config --cflags rwonce) -o /tmp/c /tmp/c.c && /tmp/c
echo "== pkg-config consumer: exit status $?"
mkdir -p /tmp/cm && printf 'cmake_minimum_required(VERSION 3.13)\nproject(c C)\nfind_package(rwonce REQUIRED)\nadd_executable(c /tmp/c.c)\ntarget_link_libraries(c rwonce::rwonce)\n' >/tmp/cm/CMakeLists.txt
(cd /tmp/cm && cmake -S . -B b >/dev/null && cmake --build b >/dev/null && ./b/c)
echo "== cmake consumer: exit status $?"
ls /usr/share/man/man1/rwonce.1.gz /usr/libexec/rwonce/rwonce-scan.so
SH
"$RWONCE_ROOT/scripts/check-clean-root" --run run.sh --copy "$DEB" >ccr.out 2>&1
logs=$(sed -n 's/^check-clean-root: logs: //p' ccr.out | tail -1)
L=$logs/run.log
test_expect_success 'apt-get install ./rwonce_*.deb in a clean root' '
	grep -q "^== apt install .deb: exit status 0" "$L" &&
	grep -q "^Status: install ok installed" "$L" || { cat ccr.out; tail -30 "$L"; false; }'
test_expect_success 'the installed rwonce: /usr/bin/rwonce with scan built' '
	grep -qx "/usr/bin/rwonce" "$L" && grep -q "\"scan\": { \"built\": true }" "$L" &&
	grep -q "/usr/libexec/rwonce/rwonce-scan.so" "$L"'
test_expect_success 'the README'"'"'s examples pass with it (t0480, none failing)' '
	grep -q "^== t0480 with /usr/bin/rwonce: exit status 0" "$L" &&
	grep -q "^t0480: ok" "$L" && ! grep -q "^t0480: not ok" "$L" || { grep "t0480\\|== " "$L"; false; }'
test_expect_success 'the header through pkg-config and CMake' '
	grep -q "^== pkg-config consumer: exit status 0" "$L" &&
	grep -q "^== cmake consumer: exit status 0" "$L"'
test_done
