# examples/: the seeds' scenarios as runnable programs (`make examples-run`).
EXAMPLE_SRCS := $(wildcard examples/*.c)
EXAMPLES     := $(patsubst examples/%.c,$(BUILD)/examples/%,$(EXAMPLE_SRCS))
EXAMPLE_HDRS := include/rwonce.h $(wildcard examples/*.h)

ALL_TARGETS += $(EXAMPLES)

$(BUILD)/examples/%: examples/%.c $(EXAMPLE_HDRS)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(ALL_CFLAGS) -Iexamples -pthread -o $@ $< $(LDLIBS)

.PHONY: examples examples-run
examples: $(EXAMPLES)

# Each program says what it demonstrates, then shows its result; a wrong
# result is a non-zero exit status, so this target fails.
examples-run: $(EXAMPLES)
	@echo "== ipte-lock: the s390 IPTE lock of the 2014 patch (READ_ONCE + cmpxchg)"
	@echo "   ipte_lock/unlock_simple guard a counter; ipte_lock/unlock_siif share"
	@echo "   the lock among hosts and exclude a guest.  4 threads:"
	@$(BUILD)/examples/ipte-lock 4 20000
	@echo
	@echo "== ring-rptr: the amdgpu rptr read of the 2023 commit (one READ_ONCE,"
	@echo "   used twice: logged, then shifted).  A driver thread feeds an engine thread:"
	@$(BUILD)/examples/ring-rptr 200000
