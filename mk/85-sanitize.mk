# Sanitizer builds of the tool and the plugins it dlopen()s:
#
#   make SANITIZE=address,undefined   into build-san-address-undefined/
#   make SANITIZE=thread              into build-san-thread/
#   make check-sanitize               both, and the tests on them (below)
#
# SAN_CFLAGS go into ALL_CFLAGS: the tool, rwonce-scan.so and
# rwonce-clang.so (a plugin dlopen()ed into a sanitized tool must be built
# with the same sanitizers: its accesses would be unseen, and under TSan
# its locks unknown), and the test programs (build/test-tool).  Not the
# QEMU plugin (mk/20-trace.mk says why), nor the programs verify and fuzz
# compile: those are built with the compilers and flags they are told.
#
# UBSan aborts on the first report (-fno-sanitize-recover): a test that
# meets undefined behaviour fails there, instead of a line in a log
# nobody reads.
SAN_LIST := $(subst $(comma), ,$(SANITIZE))
ifneq ($(SANITIZE),)
SAN_CFLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
ifneq ($(filter undefined,$(SAN_LIST)),)
SAN_CFLAGS += -fno-sanitize-recover=undefined
endif
# -Werror stays.  One warning is known to be wrong under UBSan: gcc 12 at
# -O3 with -fsanitize=undefined says "null destination pointer
# [-Wformat-truncation=]" for snprintf(out, ...) in src/lib/libexec.c's
# try_path(), whose out is never NULL (its callers pass an array); the
# sanitizer's own null checks make the path it warns about.  Without the
# sanitizer gcc 12 -O3 says nothing.  It stays a warning (printed), not an
# error; compilers that do not know the option (clang 14, 16) get nothing.
ifneq ($(filter undefined,$(SAN_LIST)),)
SAN_CFLAGS += $(shell $(CC) -Werror -Wno-error=format-truncation -x c \
	-c /dev/null -o /dev/null 2>/dev/null && echo -Wno-error=format-truncation)
endif
endif

# make check-sanitize: the suite of `make check` on an ASan+UBSan build,
# then the tests that run threads on a TSan build, each through
# scripts/sanitize-suite (its header: the sanitizer options and why,
# reports to a log, any report a failure).  check-full runs it after its
# own tests.  A make target rather than a test: it builds two trees and
# runs a hundred test files on them, which is a suite, not a case -- prove
# shows each test's result under the sanitizer, and a failing test can be
# rerun alone (scripts/sanitize-suite address,undefined
# build-san-address-undefined tests/tNNNN-*.t).
#
# Under TSan: the tests where rwonce runs more than one thread (-j 2 or
# more, or the default, one per CPU): every scan test (t4*: scan's
# default is one worker per CPU, and files and units are shared among
# them), audit's and fix's -j (the tree walk, t2020, t2304), the clang
# engine's -j2 (t3001), fuzz's -j2 campaign (t5000), and the plugin
# looked up by four threads (t0700, which elsewhere makes this build
# itself).  The other tests run one thread: TSan would find nothing
# there that ASan+UBSan misses.
SAN_TSAN_TESTS := $(filter-out tests/t49%,$(wildcard tests/t4*.t)) \
	$(wildcard tests/t0700-*.t tests/t2020-*.t tests/t2304-*.t \
		tests/t3001-*.t tests/t5000-*.t)

.PHONY: check-sanitize check-sanitize-installed sanitize-suite
check-sanitize: deps
	@$(MAKE) --no-print-directory check-sanitize-installed

check-sanitize-installed:
	@$(MAKE) --no-print-directory SANITIZE=address,undefined sanitize-suite
	@$(MAKE) --no-print-directory SANITIZE=thread sanitize-suite

# In the sub-make: BUILD is the sanitized tree.
sanitize-suite: all $(CHECK_PREREQS)
	@test -n "$(SANITIZE)" || { echo "rwonce: error: sanitize-suite needs SANITIZE=..." >&2; exit 2; }
	@PROVE='$(PROVE)' PROVE_JOBS='$(PROVE_JOBS)' scripts/sanitize-suite \
		$(SANITIZE) $(BUILD) \
		$(if $(filter thread,$(SAN_LIST)),$(SAN_TSAN_TESTS),$(TESTS))
