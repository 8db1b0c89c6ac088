#include "commands.h"
#include "lib/json.h"
#include "lib/parse-options.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "rwonce.h"

#include <stdio.h>
#include <string.h>

static const char *const version_usage[] = {
	"rwonce version [--json]",
	NULL
};

/* What the build left out, from mk/70-scan.mk and mk/60-clang-engine.mk
 * (empty: it is in). */
#ifndef RWONCE_SCAN_OFF_WHY
#define RWONCE_SCAN_OFF_WHY ""
#endif
#ifndef RWONCE_CLANG_ENGINE_BUILT
#define RWONCE_CLANG_ENGINE_BUILT 0
#endif

/* The commands, from the same table main.c dispatches with. */
static const char *const command_names[] = {
#define COMMAND(name, fn, help) name,
#include "commands.def"
#undef COMMAND
};

static void print_json(void)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "{\n  \"tool\": \"rwonce\",\n  \"version\": ");
	json_add_string(&sb, RWONCE_TOOL_VERSION);
	strbuf_addf(&sb, ",\n  \"header\": \"%d.%d.%d\",\n  \"commands\": [",
		    RWONCE_VERSION_MAJOR, RWONCE_VERSION_MINOR,
		    RWONCE_VERSION_PATCH);
	for (size_t i = 0; i < ARRAY_SIZE(command_names); i++) {
		strbuf_addstr(&sb, i ? ", " : "");
		json_add_string(&sb, command_names[i]);
	}
	strbuf_addf(&sb, "],\n  \"scan\": { \"built\": %s",
		    *RWONCE_SCAN_OFF_WHY ? "false" : "true");
	if (*RWONCE_SCAN_OFF_WHY) {
		strbuf_addstr(&sb, ", \"why\": ");
		json_add_string(&sb, RWONCE_SCAN_OFF_WHY);
	}
	strbuf_addf(&sb, " },\n  \"clang_engine\": { \"built\": %s }\n}\n",
		    RWONCE_CLANG_ENGINE_BUILT ? "true" : "false");
	fputs(sb.buf, stdout);
	strbuf_release(&sb);
}

int cmd_version(int argc, const char **argv)
{
	const char *format = "text";
	struct option opts[] = {
		OPT_FORMAT(&format, "text (default) or json"),
		OPT_JSON(&format),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, version_usage);
	if (argc > 0) {
		error("version takes no arguments ('%s')", argv[0]);
		usage_with_options(version_usage, opts);
	}
	if (!strcmp(format, "json")) {
		print_json();
		return 0;
	}
	if (strcmp(format, "text")) {
		error("--format: '%s' is not a format of version (text or "
		      "json)", format);
		usage_with_options(version_usage, opts);
	}
	printf("rwonce %s (header %d.%d.%d)\n", RWONCE_TOOL_VERSION,
	       RWONCE_VERSION_MAJOR, RWONCE_VERSION_MINOR, RWONCE_VERSION_PATCH);
	return 0;
}
