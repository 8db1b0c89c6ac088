#!/bin/sh
#
# The library's part of `make install` (the install-library and
# install-man targets, which `install` depends on; the tool's part needs
# the tool built and is not this test's business), with PREFIX=/usr
# DESTDIR=<stage>, installs the header, the man page, rwonce.pc and the
# CMake package; a consumer program then builds and runs against the
# staged tree both ways:
#   pkg-config, with PKG_CONFIG_SYSROOT_DIR=<stage> and
#              PKG_CONFIG_LIBDIR=<stage>/usr/lib/pkgconfig (only the
#              staged .pc files, none of the machine's)
#   CMake,     find_package(rwonce) with CMAKE_PREFIX_PATH=<stage>/usr and
#              target_link_libraries(... rwonce::rwonce), C and C++

. "$(dirname "$0")/lib/tap.sh"
requires pkg-config pkg-config
requires cmake cmake
need_cmd make

STAGE=$TEST_TMP/stage
CONSUMER=$RWONCE_ROOT/tests/library/consumer
VERSION=$(sed -n 's/^VERSION *:= *//p' "$RWONCE_ROOT/mk/10-library.mk")
CC=${CC:-cc}

test_expect_success "make install depends on install-library and install-man" "
	make -C '$RWONCE_ROOT' --no-print-directory -p -n install 2>/dev/null |
		grep -E '^install:.*install-library' | grep -q install-man"
test_expect_success "make install-library install-man PREFIX=/usr DESTDIR=stage" \
	"make -C '$RWONCE_ROOT' --no-print-directory install-library install-man PREFIX=/usr DESTDIR='$STAGE'"

for f in usr/include/rwonce.h usr/lib/pkgconfig/rwonce.pc \
	usr/lib/cmake/rwonce/rwonce-config.cmake \
	usr/lib/cmake/rwonce/rwonce-config-version.cmake \
	usr/share/man/man3/rwonce.3; do
	test_expect_success "installed $f" "test -f '$STAGE/$f'"
done
test_expect_success "installed header is the source header" \
	"cmp '$RWONCE_ROOT/include/rwonce.h' '$STAGE/usr/include/rwonce.h'"
test_expect_success "header version = package version ($VERSION)" "
	v=\$(printf '#include <rwonce.h>\nRWONCE_VERSION_MAJOR.RWONCE_VERSION_MINOR.RWONCE_VERSION_PATCH\n' |
		$CC -E -P -I'$RWONCE_ROOT/include' -x c - | tr -d ' ' | tail -n 1) &&
	echo \"header \$v, package $VERSION\" && [ \"\$v\" = '$VERSION' ]"

# ---- pkg-config -----------------------------------------------------------
if have_cmd pkg-config; then
	pc() {
		PKG_CONFIG_SYSROOT_DIR=$STAGE PKG_CONFIG_LIBDIR=$STAGE/usr/lib/pkgconfig \
			pkg-config "$@"
	}
	test_expect_success "pkg-config: rwonce.pc is valid, version $VERSION" \
		"pc --validate rwonce && [ \"\$(pc --modversion rwonce)\" = '$VERSION' ]"
	test_expect_success "pkg-config: Cflags point into the staged tree, no Libs" "
		pc --cflags rwonce | grep -q -- '-I$STAGE/usr/include' &&
		[ -z \"\$(pc --libs rwonce | tr -d ' ')\" ]"
	test_expect_success "pkg-config: C consumer builds and runs" "
		$CC \$(pc --cflags rwonce) -Wall -Wextra -Werror -o '$TEST_TMP/pc-c' '$CONSUMER/main.c' &&
		'$TEST_TMP/pc-c' | grep -qx 'rwonce $VERSION'"
	if have_cmd c++; then
		test_expect_success "pkg-config: C++ consumer builds and runs" "
			c++ \$(pc --cflags rwonce) -Wall -Wextra -Werror -o '$TEST_TMP/pc-cxx' '$CONSUMER/main.cpp' &&
			'$TEST_TMP/pc-cxx' | grep -qx 'rwonce $VERSION'"
	else
		test_skip "pkg-config: C++ consumer" "no c++ compiler"
	fi
else
	test_skip "pkg-config consumer" "$(missing_why pkg-config)"
fi

# ---- CMake ----------------------------------------------------------------
if have_cmd cmake; then
	B=$TEST_TMP/cmake-build
	test_expect_success "cmake: find_package(rwonce 0.1) configures" \
		"cmake -S '$CONSUMER' -B '$B' -DCMAKE_PREFIX_PATH='$STAGE/usr' \
			-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_C_FLAGS='-Wall -Wextra -Werror' \
			-DCMAKE_CXX_FLAGS='-Wall -Wextra -Werror'"
	test_expect_success "cmake: rwonce::rwonce include directory is the staged one" \
		"grep -rq -- '$STAGE/usr/include' '$B/CMakeFiles'"
	test_expect_success "cmake: consumers build" "cmake --build '$B'"
	test_expect_success "cmake: C consumer runs" "'$B/consumer_c' | grep -qx 'rwonce $VERSION'"
	test_expect_success "cmake: C++ consumer runs" "'$B/consumer_cxx' | grep -qx 'rwonce $VERSION'"
	# Debian's multiarch libdir is one level deeper than lib/: the package
	# config must still find <prefix>/include.
	STAGE2=$TEST_TMP/stage-multiarch
	CMDIR=$STAGE2/usr/lib/x86_64-linux-gnu/cmake/rwonce
	test_expect_success "cmake: LIBDIR=/usr/lib/x86_64-linux-gnu install, consumer builds and runs" "
		make -C '$RWONCE_ROOT' --no-print-directory install-library PREFIX=/usr \
			LIBDIR=/usr/lib/x86_64-linux-gnu DESTDIR='$STAGE2' &&
		cmake -S '$CONSUMER' -B '$TEST_TMP/cb-multiarch' -Drwonce_DIR='$CMDIR' &&
		cmake --build '$TEST_TMP/cb-multiarch' &&
		'$TEST_TMP/cb-multiarch/consumer_c' | grep -qx 'rwonce $VERSION'"
	sed 's/find_package(rwonce 0.1 REQUIRED)/find_package(rwonce 99 REQUIRED)/' \
		"$CONSUMER/CMakeLists.txt" >"$TEST_TMP/CMakeLists.txt"
	mkdir -p "$TEST_TMP/v99"
	cp "$TEST_TMP/CMakeLists.txt" "$CONSUMER/main.c" "$CONSUMER/main.cpp" "$TEST_TMP/v99/"
	test_expect_failure_msg "cmake: find_package(rwonce 99) is refused" \
		'rwonce|version' \
		"cmake -S '$TEST_TMP/v99' -B '$TEST_TMP/v99/build' -DCMAKE_PREFIX_PATH='$STAGE/usr'"
else
	test_skip "cmake consumer" "$(missing_why cmake)"
fi

test_done
