# The rwonce executable: src/main.c dispatches to one file per command.
TOOL_SRCS += $(wildcard src/*.c src/lib/*.c src/verify/*.c src/audit/*.c)
TOOL_OBJS  = $(patsubst %.c,$(BUILD)/%.o,$(TOOL_SRCS))
TOOL       = $(BUILD)/rwonce
TOOL_LDLIBS += -lpthread
TOOL_CPPFLAGS += -DRWONCE_TOOL_VERSION='"$(VERSION)"'

ALL_TARGETS += $(TOOL)

$(TOOL): $(TOOL_OBJS)
	$(CC) $(ALL_CFLAGS) -o $@ $(TOOL_OBJS) $(TOOL_LDLIBS) $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TOOL_CPPFLAGS) -MMD -MP -c -o $@ $<

-include $(TOOL_OBJS:.o=.d)

install: install-tool
install-tool: $(TOOL)
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/rwonce
